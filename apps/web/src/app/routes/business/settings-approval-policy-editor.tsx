import { PolicyEditorPage } from '@/features/approval-policies/components/policy-editor-page';

/**
 * Route module for React Router `lazy`: the policy editor at `/b/{businessId}/settings/approval-policies/create`
 * and `.../{policyId}/create` (edit).
 */
export const Component = () => <PolicyEditorPage />;
