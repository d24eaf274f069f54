import { businessUserSchema, pagedSchema } from '@ferry/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type UsersListParams, userKeys, usersPath } from './keys';

const businessUsersPageSchema = pagedSchema(businessUserSchema);

/**
 * `GET /business/{id}/users?sortBy&sortOrder&invitations=true&pageNumber&pageSize&status&roleId&searchBy`:
 * the members of the business and its pending (or expired) invitations, paged on the server.
 */
export const getBusinessUsers = (businessId: string, params: UsersListParams, signal?: AbortSignal) =>
  api.get(usersPath(businessId), {
    query: {
      pageNumber: params.pageNumber,
      pageSize: params.pageSize,
      sortBy: params.sortBy,
      sortOrder: params.sortOrder,
      invitations: true,
      status: params.status ?? undefined,
      roleId: params.roleId ?? undefined,
      searchBy: params.searchBy.trim() || undefined,
    },
    schema: businessUsersPageSchema,
    ...(signal ? { signal } : {}),
  });

export const businessUsersQueryOptions = (businessId: string, params: UsersListParams) =>
  queryOptions({
    queryKey: userKeys.list(businessId, params),
    queryFn: ({ signal }) => getBusinessUsers(businessId, params, signal),
    // The previous page stays on screen while the next loads (search, filters, sort, paging).
    placeholderData: keepPreviousData,
    // Back on the list after adding a user or changing a role (the mutation invalidated it): ask again.
    refetchOnMount: true,
  });

export const useBusinessUsers = (businessId: string, params: UsersListParams, enabled = true) =>
  useQuery({ ...businessUsersQueryOptions(businessId, params), enabled: enabled && businessId !== '' });
