import { EditBillPage } from '@/features/bills/components/edit-bill-page';

/** Route module for React Router `lazy`: `/b/{businessId}/bills/{billId}/edit` (an unpaid bill). */
export const Component = () => <EditBillPage />;
