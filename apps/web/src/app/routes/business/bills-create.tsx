import { useParams } from 'react-router';
import { SyncButton } from '@/features/accounting/components/sync-button';
import { CreateBillPage } from '@/features/bills/components/create-bill-page';

/** Route module for React Router `lazy`: `/b/{businessId}/bills/create`, with the accounting sync button. */
export const Component = () => {
  const { businessId = '' } = useParams();
  return <CreateBillPage headerActions={<SyncButton businessId={businessId} />} />;
};
