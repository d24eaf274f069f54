import { pagedSchema, type Role, roleSchema } from '@ferry/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

const rolesPageSchema = pagedSchema(roleSchema);

/** The role selector asks for the first page as the spec does (size 10, ascending), then any further pages. */
export const ROLE_OPTIONS_PAGE_SIZE = 10;
/** A business with more roles than this is not expected; the selector stops there rather than loop. */
const MAX_ROLE_PAGES = 20;

/**
 * `GET /business/{id}/roles?pageNumber=1&pageSize=10&sortOrder=asc` (spec 001 §7, the user screen's
 * role list), followed by the next pages while the business has more roles: every role can be chosen.
 */
export const getRoleOptions = async (businessId: string, signal?: AbortSignal): Promise<Role[]> => {
  const roles: Role[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_ROLE_PAGES; pageNumber += 1) {
    const page = await api.get(`/business/${encodeURIComponent(businessId)}/roles`, {
      query: { pageNumber, pageSize: ROLE_OPTIONS_PAGE_SIZE, sortOrder: 'asc' },
      schema: rolesPageSchema,
      ...(signal ? { signal } : {}),
    });
    roles.push(...page.items);
    if (page.items.length === 0 || roles.length >= page.total) break;
  }
  return roles;
};

export const roleOptionsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: userKeys.roleOptions(businessId),
    queryFn: ({ signal }) => getRoleOptions(businessId, signal),
    refetchOnMount: true,
  });

export const useRoleOptions = (businessId: string, enabled = true) =>
  useQuery({ ...roleOptionsQueryOptions(businessId), enabled: enabled && businessId !== '' });
