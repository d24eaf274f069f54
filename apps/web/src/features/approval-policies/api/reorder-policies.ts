import { type PolicyView, policyViewSchema } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sortPolicies } from './get-policies';
import { approvalPolicyKeys, policyOrderPath } from './keys';
import { useAfterPolicyWrite } from './save-policy';

/**
 * `PATCH /business/{id}/approvals/policies/order` {policyIds}: every non-default policy, highest priority
 * first → the policies in their new order.
 */
export const reorderPolicies = (businessId: string, policyIds: string[]) =>
  api.patch(policyOrderPath(businessId), { policyIds }, { schema: z.array(policyViewSchema) });

/**
 * The new order shows at once; a refusal puts the list back as it was. The answer (every policy with its
 * new priority) replaces the list.
 */
export const useReorderPolicies = (businessId: string) => {
  const queryClient = useQueryClient();
  const afterWrite = useAfterPolicyWrite(businessId);
  const listKey = approvalPolicyKeys.list(businessId);
  return useMutation({
    mutationFn: (policyIds: string[]) => reorderPolicies(businessId, policyIds),
    onMutate: async (policyIds) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<PolicyView[]>(listKey);
      if (previous) {
        const position = new Map(policyIds.map((id, index) => [id, index + 1]));
        queryClient.setQueryData<PolicyView[]>(
          listKey,
          sortPolicies(
            previous.map((p) => (position.has(p.id) ? { ...p, order: position.get(p.id) ?? p.order } : p)),
          ),
        );
      }
      return { previous };
    },
    onError: (_error, _policyIds, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    onSuccess: (policies) => {
      queryClient.setQueryData(listKey, sortPolicies(policies));
      afterWrite();
    },
  });
};
