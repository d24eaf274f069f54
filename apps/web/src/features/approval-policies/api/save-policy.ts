import {
  type PolicyRequest,
  type PolicyUpdateRequest,
  type PolicyView,
  policyNameExistsSchema,
  policyWriteResultSchema,
} from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalPolicyKeys, policiesPath, policyDependentKeys, policyNameExistsPath } from './keys';

/** `POST /business/{id}/approvals/policies` (policyRequestSchema) → `{ message, policy }`. */
export const createPolicy = (businessId: string, body: PolicyRequest) =>
  api.post(policiesPath(businessId), body, { schema: policyWriteResultSchema });

/** `PATCH /business/{id}/approvals/policies` ({ policyId, … }) → `{ message, policy }`. */
export const updatePolicy = (businessId: string, body: PolicyUpdateRequest) =>
  api.patch(policiesPath(businessId), body, { schema: policyWriteResultSchema });

/** `POST /business/{id}/approvals/policies/name/exists` {name, policyId?} → `{ exists }`. */
export const policyNameExists = (businessId: string, body: { name: string; policyId?: string }) =>
  api.post(policyNameExistsPath(businessId), body, { schema: policyNameExistsSchema });

/**
 * After a write: the policy as answered, and every list that shows policies read again (the policies,
 * the audit trail, the groups' 'Used in policies', the users' approval assignments), even when no page
 * shows them now.
 */
export const useAfterPolicyWrite = (businessId: string) => {
  const queryClient = useQueryClient();
  return (policy?: PolicyView) => {
    if (policy) queryClient.setQueryData(approvalPolicyKeys.detail(businessId, policy.id), policy);
    void queryClient.invalidateQueries({ queryKey: approvalPolicyKeys.list(businessId), refetchType: 'all' });
    void queryClient.invalidateQueries({
      queryKey: approvalPolicyKeys.audit(businessId),
      refetchType: 'all',
    });
    for (const queryKey of policyDependentKeys(businessId)) {
      void queryClient.invalidateQueries({ queryKey, refetchType: 'all' });
    }
  };
};

export const useCreatePolicy = (businessId: string) => {
  const afterWrite = useAfterPolicyWrite(businessId);
  return useMutation({
    mutationFn: (body: PolicyRequest) => createPolicy(businessId, body),
    onSuccess: (result) => afterWrite(result.policy),
  });
};

export const useUpdatePolicy = (businessId: string) => {
  const afterWrite = useAfterPolicyWrite(businessId);
  return useMutation({
    mutationFn: (body: PolicyUpdateRequest) => updatePolicy(businessId, body),
    onSuccess: (result) => afterWrite(result.policy),
  });
};
