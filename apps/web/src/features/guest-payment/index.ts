export { GuestOnboardPage } from './components/guest-onboard-page';
export { GuestPaymentPage } from './components/guest-payment-page';
export type { GuestPaymentSlots } from './components/guest-slots';
export { GuestStartPage } from './components/guest-start-page';
export { GuestUnauthorizedPage } from './components/guest-unauthorized-page';
