import { businessUserSchema, pagedSchema } from '@ferry/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalGroupKeys, usersPath } from './keys';

const memberPageSchema = pagedSchema(businessUserSchema);

/** The most members the picker lists (spec 001 §7: one page of the users call). */
export const MEMBER_OPTIONS_PAGE_SIZE = 100;

/**
 * `GET /business/{id}/users?billApprovalPermissions=true&pageSize=100`: the active members whose role
 * may approve bills, the only ones a group may hold (spec 001 §2).
 */
export const getMemberOptions = (businessId: string, signal?: AbortSignal) =>
  api.get(usersPath(businessId), {
    query: {
      billApprovalPermissions: true,
      pageNumber: 1,
      pageSize: MEMBER_OPTIONS_PAGE_SIZE,
      sortBy: 'name',
      sortOrder: 'asc',
    },
    schema: memberPageSchema,
    ...(signal ? { signal } : {}),
  });

export const memberOptionsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: approvalGroupKeys.memberOptions(businessId),
    queryFn: ({ signal }) => getMemberOptions(businessId, signal),
    // Rights change on the Users and Roles pages: ask again whenever the form opens.
    refetchOnMount: 'always',
    select: (page) => page.items.filter((member) => member.userId !== null && member.status === 'ACTIVE'),
  });

export const useMemberOptions = (businessId: string, options: { enabled?: boolean } = {}) =>
  useQuery({
    ...memberOptionsQueryOptions(businessId),
    enabled: (options.enabled ?? true) && businessId !== '',
  });
