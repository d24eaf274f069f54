import { InvoicesListPage } from '@/features/invoices/components/invoices-list-page';

/** Route module for React Router `lazy`: `/b/{businessId}/invoices` (the Invoices tab). */
export const Component = () => <InvoicesListPage />;
