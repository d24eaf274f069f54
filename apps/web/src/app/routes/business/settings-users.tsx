import { UsersListPage } from '@/features/users/components/users-list-page';

/** Route module for React Router `lazy`: `/b/{businessId}/settings/users` (also `?roleId=`). */
export const Component = UsersListPage;
