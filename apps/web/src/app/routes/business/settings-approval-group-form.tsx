import { ApprovalGroupFormPage } from '@/features/approval-groups/components/approval-group-form-page';

/**
 * Route module for React Router `lazy`: Create a New Approval Group at
 * `/b/{businessId}/settings/approval-groups/create`, Modify Approval Group at `.../{groupId}/edit`.
 */
export const Component = () => <ApprovalGroupFormPage />;
