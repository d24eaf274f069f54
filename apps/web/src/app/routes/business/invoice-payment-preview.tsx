import { PaymentPreviewPage } from '@/features/payment-preview/components/payment-preview-page';

/**
 * Route module for React Router `lazy`: `/b/{businessId}/invoices/payment/{paymentId}` (+ `?paymentRequestId=`),
 * the payment preview in Get Paid mode (the path does not contain 'bill').
 */
export const Component = () => <PaymentPreviewPage />;
