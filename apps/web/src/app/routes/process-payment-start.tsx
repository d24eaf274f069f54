import { GuestStartPage } from '@/features/guest-payment/components/guest-start-page';

/** Route module for React Router `lazy`: `/process/payment/start?token=…` (public, the guest emails' link). */
export const Component = GuestStartPage;
