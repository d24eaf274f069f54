/** The sort columns `GET .../roles` takes (rolesQuerySchema). */
export type RoleSortBy = 'name' | 'createdAt' | 'updatedAt';

export type RoleListParams = {
  pageNumber: number;
  pageSize: number;
  sortBy: RoleSortBy;
  sortOrder: 'asc' | 'desc';
};

/** Query keys of the roles area: per business, the lists and each role. */
export const roleKeys = {
  all: (businessId: string) => ['roles', businessId] as const,
  lists: (businessId: string) => [...roleKeys.all(businessId), 'list'] as const,
  list: (businessId: string, params: RoleListParams) => [...roleKeys.lists(businessId), params] as const,
  detail: (businessId: string, roleId: string) => [...roleKeys.all(businessId), 'detail', roleId] as const,
};

/** `/business/{id}/roles` (spec 001 §7): the paged list. */
export const rolesPath = (businessId: string): string => `/business/${encodeURIComponent(businessId)}/roles`;

/** `/business/{id}/role` (create) and `/business/{id}/role/{roleId}` (read, update, delete). */
export const rolePath = (businessId: string, roleId?: string): string =>
  `/business/${encodeURIComponent(businessId)}/role${roleId === undefined ? '' : `/${encodeURIComponent(roleId)}`}`;
