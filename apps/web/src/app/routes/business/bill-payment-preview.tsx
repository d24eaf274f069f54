import { PaymentPreviewPage } from '@/features/payment-preview/components/payment-preview-page';

/**
 * Route module for React Router `lazy`: `/b/{businessId}/bills/payment/{paymentId}` (+ `?paymentRequestId=`),
 * where `paymentId` is a payment's id, or a bill's to preview it before paying.
 */
export const Component = () => <PaymentPreviewPage />;
