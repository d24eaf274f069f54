import { PaymentDetailPage } from '@/features/payments/components/payment-detail-page';

/** Route module for React Router `lazy`: `/b/{businessId}/bills/payment/{paymentId}/detail`. */
export const Component = () => <PaymentDetailPage />;
