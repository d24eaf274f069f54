import { GoPage } from '@/features/invitations/components/go-page';

/** Route module for React Router `lazy`: `/go?code=` (public). */
export const Component = GoPage;
