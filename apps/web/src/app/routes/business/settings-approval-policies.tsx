import { ApprovalPoliciesPage } from '@/features/approval-policies/components/approval-policies-page';

/** Route module for React Router `lazy`: `/b/{businessId}/settings/approval-policies`, the policies list. */
export const Component = () => <ApprovalPoliciesPage />;
