import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { ConnectAccountingBanner } from '@/features/accounting/components/connect-accounting-banner';
import { SyncButton } from '@/features/accounting/components/sync-button';
import { BillsArea } from '@/features/bills/components/bills-area';

/**
 * Route module for React Router `lazy`: `/b/{businessId}/bills`, the tabs around each bills tab, with the
 * accounting sync button in the header and 'Connect Now' while no accounting software is connected.
 */
export const Component = () => {
  const { businessId = '' } = useParams();
  return (
    <BillsArea
      headerActions={<SyncButton businessId={businessId} />}
      banner={<ConnectAccountingBanner businessId={businessId} />}
    >
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </BillsArea>
  );
};
