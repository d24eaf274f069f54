import { GuestUnauthorizedPage } from '@/features/guest-payment/components/guest-unauthorized-page';

/** Route module for React Router `lazy`: `/process/payment/unauthorized` (public). */
export const Component = GuestUnauthorizedPage;
