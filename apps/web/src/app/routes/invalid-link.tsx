import { InvalidLinkPage } from '@/features/invitations/components/invalid-link-page';

/** Route module for React Router `lazy`: `/invalid-link` (public). */
export const Component = InvalidLinkPage;
