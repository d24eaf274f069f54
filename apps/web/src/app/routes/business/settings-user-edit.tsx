import { ChangeRolePage } from '@/features/users/components/change-role-page';

/** Route module for React Router `lazy`: `/b/{businessId}/settings/users/{userId}/edit` (change role). */
export const Component = ChangeRolePage;
