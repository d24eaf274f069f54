import { approvalGroupViewSchema } from '@ferry/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalGroupKeys, approvalGroupPath } from './keys';

/** `GET /business/{id}/approval-group/{groupId}`: one group with its members and the policies using it. */
export const getApprovalGroup = (businessId: string, groupId: string, signal?: AbortSignal) =>
  api.get(approvalGroupPath(businessId, groupId), {
    schema: approvalGroupViewSchema,
    ...(signal ? { signal } : {}),
  });

export const approvalGroupQueryOptions = (businessId: string, groupId: string) =>
  queryOptions({
    queryKey: approvalGroupKeys.detail(businessId, groupId),
    queryFn: ({ signal }) => getApprovalGroup(businessId, groupId, signal),
    // The form starts from the group as it is now.
    refetchOnMount: 'always',
  });

export const useApprovalGroup = (businessId: string, groupId: string, options: { enabled?: boolean } = {}) =>
  useQuery({
    ...approvalGroupQueryOptions(businessId, groupId),
    enabled: (options.enabled ?? true) && groupId !== '',
  });
