import { EditInvoicePage } from '@/features/invoices/components/edit-invoice-page';
import { renderInlineCustomer } from './invoice-inline-customer';

/** Route module for React Router `lazy`: `/b/{businessId}/invoices/{invoiceId}/edit`. */
export const Component = () => <EditInvoicePage renderInlineAdd={renderInlineCustomer} />;
