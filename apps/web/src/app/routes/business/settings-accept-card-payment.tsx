import { AcceptCardPaymentPage } from '@/features/cards';

/** Route module for React Router `lazy`: `/b/:businessId/settings/accept-card-payment`. */
export const Component = AcceptCardPaymentPage;
