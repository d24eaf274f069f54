import { ApprovalsPage } from '@/features/approvals/components/approvals-page';

/** Route module for React Router `lazy`: `/b/{businessId}/bills/approvals` (the Approvals tab's content). */
export const Component = () => <ApprovalsPage />;
