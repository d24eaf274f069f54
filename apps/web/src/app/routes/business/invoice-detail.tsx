import { AutoPayInvoiceHint } from '@/features/auto-payments/components/auto-pay-invoice-hint';
import { InvoiceDetailPage } from '@/features/invoices/components/invoice-detail-page';

/** Route module for React Router `lazy`: `/b/{businessId}/invoices/{invoiceId}/detail`, with the auto-pay hint. */
export const Component = () => <InvoiceDetailPage autoPayHint={AutoPayInvoiceHint} />;
