import {
  type ApprovalDelegation,
  type approvalDelegationRequestSchema,
  approvalDelegationSchema,
  businessUserSchema,
  pagedSchema,
} from '@ferry/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const enc = encodeURIComponent;

export type ApprovalDelegationRequest = z.infer<typeof approvalDelegationRequestSchema>;

/** The most members the delegate picker lists (one page of the users call). */
export const DELEGATE_OPTIONS_PAGE_SIZE = 100;

export const delegationKeys = {
  /** The signed-in approver's own delegation. */
  mine: (businessId: string) => ['approval-delegation', businessId] as const,
  /**
   * The delegate picker: under the users area's list key (`['business-users', businessId, 'list']`), so a
   * member added or a role changed there refreshes it.
   */
  delegateOptions: (businessId: string) =>
    ['business-users', businessId, 'list', 'approval-delegates'] as const,
};

const delegationPath = (businessId: string) => `/business/${enc(businessId)}/approval-delegation`;

/** `GET /business/{id}/approval-delegation` → the signed-in approver's delegation, or null. */
export const useApprovalDelegation = (businessId: string, enabled = true) =>
  useQuery({
    queryKey: delegationKeys.mine(businessId),
    queryFn: ({ signal }) =>
      api.get(delegationPath(businessId), { schema: approvalDelegationSchema.nullable(), signal }),
    enabled: enabled && businessId !== '',
  });

/**
 * `PUT /business/{id}/approval-delegation { delegateUserId, startsOn, endsOn }` → the delegation (names or
 * replaces the delegate; 422 on `delegateUserId` for oneself or a member who cannot approve bills).
 */
export const useSaveDelegation = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalDelegationRequest) =>
      api.put(delegationPath(businessId), body, { schema: approvalDelegationSchema }),
    onSuccess: (delegation: ApprovalDelegation) =>
      queryClient.setQueryData(delegationKeys.mine(businessId), delegation),
  });
};

/** `DELETE /business/{id}/approval-delegation` → null: the approver is back. */
export const useEndDelegation = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(delegationPath(businessId), { schema: z.null() }),
    onSuccess: () => queryClient.setQueryData(delegationKeys.mine(businessId), null),
  });
};

const memberPageSchema = pagedSchema(businessUserSchema);

/**
 * `GET /business/{id}/users?billApprovalPermissions=true&pageSize=100`: the members who may approve bills,
 * without the signed-in member (nobody delegates to themselves), invitations or inactive accounts.
 */
export const delegateOptionsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: delegationKeys.delegateOptions(businessId),
    queryFn: ({ signal }) =>
      api.get(`/business/${enc(businessId)}/users`, {
        query: {
          billApprovalPermissions: true,
          pageNumber: 1,
          pageSize: DELEGATE_OPTIONS_PAGE_SIZE,
          sortBy: 'name',
          sortOrder: 'asc',
        },
        schema: memberPageSchema,
        signal,
      }),
    // Rights change on the Users and Roles pages: ask again whenever the dialog opens.
    refetchOnMount: 'always',
    select: (page) =>
      page.items.filter(
        (member) => member.userId !== null && member.status === 'ACTIVE' && !member.isCurrentUser,
      ),
  });

export const useDelegateOptions = (businessId: string) =>
  useQuery({ ...delegateOptionsQueryOptions(businessId), enabled: businessId !== '' });
