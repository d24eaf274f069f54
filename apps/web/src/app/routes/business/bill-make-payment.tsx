import { MakePaymentPage } from '@/features/pay-bill/components/make-payment-page';

/** Route module for React Router `lazy`: `/b/{businessId}/bills/payment-request/{billId}/make-payment`. */
export const Component = () => <MakePaymentPage />;
