import { pagedSchema, roleSchema } from '@ferry/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type RoleListParams, roleKeys, rolesPath } from './keys';

const rolePageSchema = pagedSchema(roleSchema);

/** `GET /business/{id}/roles?pageNumber&pageSize&sortBy&sortOrder` → `{ items, total, pageNumber, pageSize }`. */
export const getRoles = (businessId: string, params: RoleListParams, signal?: AbortSignal) =>
  api.get(rolesPath(businessId), {
    query: {
      pageNumber: params.pageNumber,
      pageSize: params.pageSize,
      sortBy: params.sortBy,
      sortOrder: params.sortOrder,
    },
    schema: rolePageSchema,
    ...(signal ? { signal } : {}),
  });

export const rolesQueryOptions = (businessId: string, params: RoleListParams) =>
  queryOptions({
    queryKey: roleKeys.list(businessId, params),
    queryFn: ({ signal }) => getRoles(businessId, params, signal),
    // The page before stays on screen while the next loads (sorting, paging).
    placeholderData: keepPreviousData,
  });

export const useRoles = (businessId: string, params: RoleListParams, options: { enabled?: boolean } = {}) =>
  useQuery({ ...rolesQueryOptions(businessId, params), enabled: options.enabled ?? true });
