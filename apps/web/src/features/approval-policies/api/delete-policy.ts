import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalPolicyKeys, policyDeletePath } from './keys';
import { useAfterPolicyWrite } from './save-policy';

/** `PATCH /business/{id}/approvals/policies/{policyId}/delete`: the policy leaves the list (the Default Policy stays). */
export const deletePolicy = (businessId: string, policyId: string) =>
  api.patch<unknown>(policyDeletePath(businessId, policyId));

export const useDeletePolicy = (businessId: string) => {
  const queryClient = useQueryClient();
  const afterWrite = useAfterPolicyWrite(businessId);
  return useMutation({
    mutationFn: (policyId: string) => deletePolicy(businessId, policyId),
    onSuccess: (_data, policyId) => {
      queryClient.removeQueries({ queryKey: approvalPolicyKeys.detail(businessId, policyId) });
      afterWrite();
    },
  });
};
