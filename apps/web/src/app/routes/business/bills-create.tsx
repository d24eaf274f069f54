import { CreateBillPage } from '@/features/bills/components/create-bill-page';

/** Route module for React Router `lazy`: `/b/{businessId}/bills/create`. */
export const Component = () => <CreateBillPage />;
