/** The sort columns `GET .../approval-groups` takes (approvalGroupsQuerySchema). */
export type ApprovalGroupSortBy = 'name' | 'createdAt' | 'updatedAt';

export type ApprovalGroupListParams = {
  pageNumber: number;
  pageSize: number;
  sortBy: ApprovalGroupSortBy;
  sortOrder: 'asc' | 'desc';
  searchBy: string;
};

const enc = encodeURIComponent;

/**
 * Query keys of the approval groups area, per business. The policies area reads the groups under
 * `['approval-groups', businessId, 'list', …]` too, so a group write refreshes its pickers.
 */
export const approvalGroupKeys = {
  all: (businessId: string) => ['approval-groups', businessId] as const,
  lists: (businessId: string) => [...approvalGroupKeys.all(businessId), 'list'] as const,
  list: (businessId: string, params: ApprovalGroupListParams) =>
    [...approvalGroupKeys.lists(businessId), params] as const,
  detail: (businessId: string, groupId: string) =>
    [...approvalGroupKeys.all(businessId), 'detail', groupId] as const,
  activity: (businessId: string) => [...approvalGroupKeys.all(businessId), 'activity'] as const,
  activityPage: (businessId: string, page: { pageNumber: number; pageSize: number }) =>
    [...approvalGroupKeys.activity(businessId), page] as const,
  /**
   * The member picker: under the users area's list key (`['business-users', businessId, 'list']`), so a
   * member added or a role changed there refreshes it.
   */
  memberOptions: (businessId: string) =>
    ['business-users', businessId, 'list', 'approval-group-members'] as const,
};

/**
 * Other areas whose answers name groups: the policies (approver labels) and a user's approval
 * assignments (the users area). A group write refreshes them.
 */
export const groupDependentKeys = (businessId: string) =>
  [['approval-policies', businessId] as const, ['business-users', businessId, 'detail'] as const] as const;

/** `/business/{id}/approval-groups` (spec 001 §7): the paged list. */
export const approvalGroupsPath = (businessId: string): string =>
  `/business/${enc(businessId)}/approval-groups`;

/** `/business/{id}/approval-group` (create) and `/business/{id}/approval-group/{groupId}`. */
export const approvalGroupPath = (businessId: string, groupId?: string): string =>
  `/business/${enc(businessId)}/approval-group${groupId === undefined ? '' : `/${enc(groupId)}`}`;

/** `/business/{id}/user-activity-logs` (entity=approval_groups for the groups' log). */
export const activityLogsPath = (businessId: string): string =>
  `/business/${enc(businessId)}/user-activity-logs`;

/** `/business/{id}/users` (the member picker). */
export const usersPath = (businessId: string): string => `/business/${enc(businessId)}/users`;
