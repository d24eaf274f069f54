import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalGroupKeys, approvalGroupPath } from './keys';
import { useAfterGroupWrite } from './save-approval-group';

/** `DELETE /business/{id}/approval-group/{groupId}`: refused (409 APPROVAL_GROUP_IN_POLICY) while a policy uses it. */
export const deleteApprovalGroup = (businessId: string, groupId: string) =>
  api.delete<unknown>(approvalGroupPath(businessId, groupId));

export const useDeleteApprovalGroup = (businessId: string) => {
  const queryClient = useQueryClient();
  const afterWrite = useAfterGroupWrite(businessId);
  return useMutation({
    mutationFn: (groupId: string) => deleteApprovalGroup(businessId, groupId),
    onSuccess: (_data, groupId) => {
      queryClient.removeQueries({ queryKey: approvalGroupKeys.detail(businessId, groupId) });
      afterWrite();
    },
  });
};
