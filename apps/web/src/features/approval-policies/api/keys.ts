const enc = encodeURIComponent;

/**
 * Query keys of the approval policies area, per business. The pickers of the policy editor sit under the
 * keys of the areas they list (groups, users, vendors), so a change made there refreshes them.
 */
export const approvalPolicyKeys = {
  all: (businessId: string) => ['approval-policies', businessId] as const,
  list: (businessId: string) => [...approvalPolicyKeys.all(businessId), 'list'] as const,
  detail: (businessId: string, policyId: string) =>
    [...approvalPolicyKeys.all(businessId), 'detail', policyId] as const,
  audit: (businessId: string) => [...approvalPolicyKeys.all(businessId), 'audit'] as const,
  auditPage: (businessId: string, pageNumber: number) =>
    [...approvalPolicyKeys.audit(businessId), pageNumber] as const,
  /** Under the groups area's list key (`['approval-groups', businessId, 'list']`). */
  groupOptions: (businessId: string) => ['approval-groups', businessId, 'list', 'policy-approvers'] as const,
  /** Under the users area's list key (`['business-users', businessId, 'list']`). */
  userOptions: (businessId: string) => ['business-users', businessId, 'list', 'policy-approvers'] as const,
  /** Under the vendors' list key (`['contacts', businessId, 'vendor', 'list']`). */
  vendorOptions: (businessId: string, searchTerm: string) =>
    ['contacts', businessId, 'vendor', 'list', 'policy-vendors', searchTerm] as const,
};

/**
 * Other areas whose answers name policies: the groups list ('Used in policies') and a user's approval
 * assignments. A policy write refreshes them.
 */
export const policyDependentKeys = (businessId: string) =>
  [['approval-groups', businessId] as const, ['business-users', businessId, 'detail'] as const] as const;

const business = (businessId: string) => `/business/${enc(businessId)}`;

/** `/business/{id}/approvals/policies` (spec 001 §7): list, create (POST) and edit (PATCH). */
export const policiesPath = (businessId: string): string => `${business(businessId)}/approvals/policies`;

export const policyPath = (businessId: string, policyId: string): string =>
  `${policiesPath(businessId)}/${enc(policyId)}`;

export const policyDeletePath = (businessId: string, policyId: string): string =>
  `${policyPath(businessId, policyId)}/delete`;

export const policyOrderPath = (businessId: string): string => `${policiesPath(businessId)}/order`;

export const policyNameExistsPath = (businessId: string): string => `${policiesPath(businessId)}/name/exists`;

export const approvalGroupsPath = (businessId: string): string => `${business(businessId)}/approval-groups`;

export const usersPath = (businessId: string): string => `${business(businessId)}/users`;

export const billVendorsPath = (businessId: string): string =>
  `${business(businessId)}/accounting/contacts/bill-vendors`;

export const activityLogsPath = (businessId: string): string => `${business(businessId)}/user-activity-logs`;
