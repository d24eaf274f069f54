import { GuestOnboardPage } from '@/features/guest-payment/components/guest-onboard-page';

/** Route module for React Router `lazy`: `/process/payment/onboard` (guest users: Continue onboarding). */
export const Component = GuestOnboardPage;
