import { userApprovalAssignmentsSchema } from '@ferry/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, userPath } from './keys';

/** `GET /business/{id}/users/{userId}/user-approval-assignments`: the policies and groups where they approve. */
export const getApprovalAssignments = (businessId: string, userId: string, signal?: AbortSignal) =>
  api.get(`${userPath(businessId, userId)}/user-approval-assignments`, {
    schema: userApprovalAssignmentsSchema,
    ...(signal ? { signal } : {}),
  });

/** Always asked afresh: it is read right before a role change. */
export const approvalAssignmentsQueryOptions = (businessId: string, userId: string) =>
  queryOptions({
    queryKey: userKeys.approvalAssignments(businessId, userId),
    queryFn: ({ signal }) => getApprovalAssignments(businessId, userId, signal),
    staleTime: 0,
  });
