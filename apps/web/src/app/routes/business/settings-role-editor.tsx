import { RoleEditorPage } from '@/features/roles/components/role-editor-page';

/**
 * Route module for React Router `lazy`: the role editor at `/b/{businessId}/settings/roles/create`,
 * `/settings/roles/{roleId}` (view) and `/settings/roles/{roleId}/edit`.
 */
export const Component = () => <RoleEditorPage />;
