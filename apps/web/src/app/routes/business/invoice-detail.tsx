import { InvoiceDetailPage } from '@/features/invoices/components/invoice-detail-page';

/** Route module for React Router `lazy`: `/b/{businessId}/invoices/{invoiceId}/detail`. */
export const Component = () => <InvoiceDetailPage />;
