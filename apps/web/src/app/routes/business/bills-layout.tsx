import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { BillsArea } from '@/features/bills/components/bills-area';

/** Route module for React Router `lazy`: `/b/{businessId}/bills`, the tabs around each bills tab. */
export const Component = () => (
  <BillsArea>
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  </BillsArea>
);
