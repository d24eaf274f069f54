import type { MemberStatus } from '@ferry/domain';

export type UsersSortBy = 'name' | 'email' | 'role' | 'status' | 'createdAt';

export type UsersListParams = {
  pageNumber: number;
  pageSize: number;
  sortBy: UsersSortBy;
  sortOrder: 'asc' | 'desc';
  status: MemberStatus | null;
  roleId: string | null;
  searchBy: string;
};

const enc = encodeURIComponent;

/** Query keys of the users area, per business: the lists, each user, the role options, the team picker. */
export const userKeys = {
  all: (businessId: string) => ['business-users', businessId] as const,
  lists: (businessId: string) => [...userKeys.all(businessId), 'list'] as const,
  list: (businessId: string, params: UsersListParams) => [...userKeys.lists(businessId), params] as const,
  detail: (businessId: string, userId: string) => [...userKeys.all(businessId), 'detail', userId] as const,
  approvalAssignments: (businessId: string, userId: string) =>
    [...userKeys.detail(businessId, userId), 'approval-assignments'] as const,
  /**
   * A list of the business's roles, under the roles area's list key (`['roles', businessId, 'list']`): a
   * role created, renamed or deleted there refreshes the selector too.
   */
  roleOptions: (businessId: string) => ['roles', businessId, 'list', 'user-form-options'] as const,
  practiceTeam: (businessId: string) => [...userKeys.all(businessId), 'practice-team'] as const,
};

/** `/business/{id}/users` (spec 001 §7). */
export const usersPath = (businessId: string): string => `/business/${enc(businessId)}/users`;

export const userPath = (businessId: string, userId: string): string =>
  `${usersPath(businessId)}/${enc(userId)}`;
