import { RolesListPage } from '@/features/roles/components/roles-list-page';

/** Route module for React Router `lazy`: `/b/{businessId}/settings/roles`, the role list. */
export const Component = () => <RolesListPage />;
