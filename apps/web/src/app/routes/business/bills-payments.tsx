import { PaymentsPage } from '@/features/payments/components/payments-page';

/** Route module for React Router `lazy`: `/b/{businessId}/bills/payment/list` (the Payments tab's content). */
export const Component = () => <PaymentsPage />;
