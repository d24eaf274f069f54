import { useParams } from 'react-router';
import { SyncButton } from '@/features/accounting/components/sync-button';
import { CreateInvoicePage } from '@/features/invoices/components/create-invoice-page';
import { renderInlineCustomer } from './invoice-inline-customer';

/**
 * Route module for React Router `lazy`: `/b/{businessId}/invoices/create` (`?draftId=` resumes a draft),
 * with the accounting sync button.
 */
export const Component = () => {
  const { businessId = '' } = useParams();
  return (
    <CreateInvoicePage
      renderInlineAdd={renderInlineCustomer}
      headerActions={<SyncButton businessId={businessId} />}
    />
  );
};
