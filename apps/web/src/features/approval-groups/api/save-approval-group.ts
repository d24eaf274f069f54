import { type ApprovalGroup, type ApprovalGroupView, approvalGroupWriteResultSchema } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalGroupKeys, approvalGroupPath, groupDependentKeys } from './keys';

/** `POST /business/{id}/approval-group` {name, description, userIds} → `{ message, group }`. */
export const createApprovalGroup = (businessId: string, body: ApprovalGroup) =>
  api.post(approvalGroupPath(businessId), body, { schema: approvalGroupWriteResultSchema });

/** `PATCH /business/{id}/approval-group/{groupId}` {name, description, userIds} → `{ message, group }`. */
export const updateApprovalGroup = (businessId: string, groupId: string, body: ApprovalGroup) =>
  api.patch(approvalGroupPath(businessId, groupId), body, { schema: approvalGroupWriteResultSchema });

/**
 * After a write: the group as answered, and every list that shows groups read again (the lists, the
 * activity log, the policies naming groups, the users' approval assignments), even when no page shows
 * them now (lists do not refetch on mount by default).
 */
export const useAfterGroupWrite = (businessId: string) => {
  const queryClient = useQueryClient();
  return (group?: ApprovalGroupView) => {
    if (group) queryClient.setQueryData(approvalGroupKeys.detail(businessId, group.id), group);
    void queryClient.invalidateQueries({ queryKey: approvalGroupKeys.lists(businessId), refetchType: 'all' });
    void queryClient.invalidateQueries({
      queryKey: approvalGroupKeys.activity(businessId),
      refetchType: 'all',
    });
    for (const queryKey of groupDependentKeys(businessId)) {
      void queryClient.invalidateQueries({ queryKey, refetchType: 'all' });
    }
  };
};

export const useCreateApprovalGroup = (businessId: string) => {
  const afterWrite = useAfterGroupWrite(businessId);
  return useMutation({
    mutationFn: (body: ApprovalGroup) => createApprovalGroup(businessId, body),
    onSuccess: (result) => afterWrite(result.group),
  });
};

export const useUpdateApprovalGroup = (businessId: string, groupId: string) => {
  const afterWrite = useAfterGroupWrite(businessId);
  return useMutation({
    mutationFn: (body: ApprovalGroup) => updateApprovalGroup(businessId, groupId, body),
    onSuccess: (result) => afterWrite(result.group),
  });
};
