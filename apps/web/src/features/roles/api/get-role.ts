import { roleSchema } from '@ferry/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys, rolePath } from './keys';

/** `GET /business/{id}/role/{roleId}`: one role with its permission keys and number of users. */
export const getRole = (businessId: string, roleId: string, signal?: AbortSignal) =>
  api.get(rolePath(businessId, roleId), { schema: roleSchema, ...(signal ? { signal } : {}) });

export const roleQueryOptions = (businessId: string, roleId: string) =>
  queryOptions({
    queryKey: roleKeys.detail(businessId, roleId),
    queryFn: ({ signal }) => getRole(businessId, roleId, signal),
  });

export const useRole = (businessId: string, roleId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...roleQueryOptions(businessId, roleId), enabled: (options.enabled ?? true) && roleId !== '' });
