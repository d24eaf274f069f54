import { AddUserPage } from '@/features/users/components/add-user-page';

/** Route module for React Router `lazy`: `/b/{businessId}/settings/users/add`. */
export const Component = AddUserPage;
