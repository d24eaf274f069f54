import { CreateInvoicePage } from '@/features/invoices/components/create-invoice-page';
import { renderInlineCustomer } from './invoice-inline-customer';

/** Route module for React Router `lazy`: `/b/{businessId}/invoices/create` (`?draftId=` resumes a draft). */
export const Component = () => <CreateInvoicePage renderInlineAdd={renderInlineCustomer} />;
