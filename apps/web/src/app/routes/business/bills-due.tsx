import { BillsDuePage } from '@/features/bills/components/bills-due-page';

/** Route module for React Router `lazy`: `/b/{businessId}/bills/due`. */
export const Component = () => <BillsDuePage />;
