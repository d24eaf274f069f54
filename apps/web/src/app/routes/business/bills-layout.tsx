import { Outlet } from 'react-router';
import { BillsArea } from '@/features/bills/components/bills-area';

/** Route module for React Router `lazy`: `/b/{businessId}/bills`, the tabs around each bills tab. */
export const Component = () => (
  <BillsArea>
    <Outlet />
  </BillsArea>
);
