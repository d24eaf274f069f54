import { PaymentApprovalPanel } from '@/features/approvals/components/payment-approval-panel';
import { PaymentDetailPage } from '@/features/payments/components/payment-detail-page';

/**
 * Route module for React Router `lazy`: `/b/{businessId}/bills/payment/{paymentId}/detail`, with the
 * approval panel of a payment in approval.
 */
export const Component = () => <PaymentDetailPage approvalPanel={PaymentApprovalPanel} />;
