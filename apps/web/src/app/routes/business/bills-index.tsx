import { BillsAreaIndex } from '@/features/bills/components/bills-area';

/** Route module for React Router `lazy`: `/b/{businessId}/bills` opens the first tab the member may read. */
export const Component = () => <BillsAreaIndex />;
