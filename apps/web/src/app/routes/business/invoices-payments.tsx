import { ReceivedPaymentsPage } from '@/features/invoices/components/received-payments-page';

/** Route module for React Router `lazy`: `/b/{businessId}/invoices/payment/list` (the Payments tab's content). */
export const Component = () => <ReceivedPaymentsPage />;
