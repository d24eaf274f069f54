import { MakePaymentPage } from '@/features/pay-bill/components/make-payment-page';
import { PaymentRequestActivity } from '@/features/payment-requests/components/payment-request-activity';

/**
 * Route module for React Router `lazy`: `/b/{businessId}/bills/payment-request/{billId}/make-payment`;
 * with `?paymentRequestId=`, the request's invoice and timeline below the form.
 */
export const Component = () => <MakePaymentPage aside={<PaymentRequestActivity />} />;
