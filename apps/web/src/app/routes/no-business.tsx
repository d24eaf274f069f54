import { NoBusinessPage } from '@/features/invitations/components/no-business-page';

/** Route module for React Router `lazy`: `/no-business` (mounted under the route guard). */
export const Component = NoBusinessPage;
