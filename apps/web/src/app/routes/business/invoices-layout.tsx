import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { InvoicesArea } from '@/features/invoices/components/invoices-area';

/** Route module for React Router `lazy`: `/b/{businessId}/invoices`, the tabs around each invoices tab. */
export const Component = () => (
  <InvoicesArea>
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  </InvoicesArea>
);
