import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { SyncButton } from '@/features/accounting/components/sync-button';
import { InvoicesArea } from '@/features/invoices/components/invoices-area';

/** Route module for React Router `lazy`: `/b/{businessId}/invoices`, the tabs around each invoices tab. */
export const Component = () => {
  const { businessId = '' } = useParams();
  return (
    <InvoicesArea headerActions={<SyncButton businessId={businessId} />}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </InvoicesArea>
  );
};
