import { approvalGroupViewSchema, businessUserSchema, pagedSchema } from '@ferry/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalGroupsPath, approvalPolicyKeys, usersPath } from './keys';

/** One page of each list the approver picker offers (spec 001 §7: one page of 100). */
export const APPROVER_OPTIONS_PAGE_SIZE = 100;

export type ApproverUserOption = { id: string; name: string; email: string; role: string };
export type ApproverGroupOption = { id: string; name: string; memberNames: string[] };

const fullName = (user: { firstName: string; lastName: string; email: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;

/** `GET /business/{id}/users?billApprovalPermissions=true&pageSize=100`: who may approve bills. */
export const approverUsersQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: approvalPolicyKeys.userOptions(businessId),
    queryFn: ({ signal }) =>
      api.get(usersPath(businessId), {
        query: {
          billApprovalPermissions: true,
          pageNumber: 1,
          pageSize: APPROVER_OPTIONS_PAGE_SIZE,
          sortBy: 'name',
          sortOrder: 'asc',
        },
        schema: pagedSchema(businessUserSchema),
        signal,
      }),
    refetchOnMount: 'always',
    select: (page): ApproverUserOption[] =>
      page.items.flatMap((member) =>
        member.userId !== null && member.status === 'ACTIVE'
          ? [
              {
                id: member.userId,
                name: fullName(member.user),
                email: member.user.email,
                role: member.roleDetails.name,
              },
            ]
          : [],
      ),
  });

/** `GET /business/{id}/approval-groups?pageSize=100&sortBy=name`: the groups a stage may name. */
export const approverGroupsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: approvalPolicyKeys.groupOptions(businessId),
    queryFn: ({ signal }) =>
      api.get(approvalGroupsPath(businessId), {
        query: { pageNumber: 1, pageSize: APPROVER_OPTIONS_PAGE_SIZE, sortBy: 'name', sortOrder: 'asc' },
        schema: pagedSchema(approvalGroupViewSchema),
        signal,
      }),
    refetchOnMount: 'always',
    select: (page): ApproverGroupOption[] =>
      page.items.map((group) => ({
        id: group.id,
        name: group.name,
        memberNames: group.members.map((member) => fullName(member.user)),
      })),
  });

export const useApproverUsers = (businessId: string) => useQuery(approverUsersQueryOptions(businessId));
export const useApproverGroups = (businessId: string) => useQuery(approverGroupsQueryOptions(businessId));
