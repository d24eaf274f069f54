import { ReceivedPaymentDetailPage } from '@/features/invoices/components/received-payment-detail-page';

/** Route module for React Router `lazy`: `/b/{businessId}/invoices/payment/{paymentId}/detail`. */
export const Component = () => <ReceivedPaymentDetailPage />;
