import { UnauthorizedPage } from '@/features/invitations/components/unauthorized-page';

/** Route module for React Router `lazy`: `/unauthorized` (public). */
export const Component = UnauthorizedPage;
