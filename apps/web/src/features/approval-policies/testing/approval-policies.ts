import type { ApprovalGroupView, BusinessUser, PolicyView } from '@ferry/domain';
import { makeTestBusiness, mockBusinessApi, TEST_BUSINESS_ID } from '@/testing/businesses';
import { type MockHandler, ok } from '@/testing/mock-api';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const POLICIES_API = `/business/${BUSINESS_ID}/approvals/policies`;
export const policyApi = (policyId: string) => `${POLICIES_API}/${policyId}`;
export const ORDER_API = `${POLICIES_API}/order`;
export const NAME_EXISTS_API = `${POLICIES_API}/name/exists`;
export const deletePolicyApi = (policyId: string) => `${POLICIES_API}/${policyId}/delete`;
export const ACTIVITY_API = `/business/${BUSINESS_ID}/user-activity-logs`;
export const USERS_API = `/business/${BUSINESS_ID}/users`;
export const GROUPS_API = `/business/${BUSINESS_ID}/approval-groups`;
export const VENDORS_API = `/business/${BUSINESS_ID}/accounting/contacts/bill-vendors`;

export const POLICIES_PAGE = `/b/${BUSINESS_ID}/settings/approval-policies`;

export const DEFAULT_ID = 'f00000000000000000000000';
export const BIG_BILLS_ID = 'f00000000000000000000001';
export const HARBOR_ID = 'f00000000000000000000002';
export const SMALL_ID = 'f00000000000000000000003';
export const ADA_ID = 'e00000000000000000000001';
export const GRACE_ID = 'e00000000000000000000002';
export const GROUP_ID = 'd00000000000000000000001';
export const VENDOR_HARBOR = 'c10000000000000000000001';
export const VENDOR_ACME = 'c10000000000000000000002';

const ada = { userId: ADA_ID, label: 'Ada Lovelace', email: 'ada@harbor.test', isGroup: false as const };
const grace = {
  userId: GRACE_ID,
  label: 'Grace Hopper',
  email: 'grace@harbor.test',
  isGroup: false as const,
};
const finance = {
  groupId: GROUP_ID,
  label: 'Finance approvers',
  isGroup: true as const,
  userNames: ['Ada Lovelace', 'Grace Hopper'],
};

/** 'Big bills': over $1,000.00, Anyone of Ada then All of the Finance group (which may bypass). */
export const makePolicy = (overrides: Partial<PolicyView> = {}): PolicyView => ({
  id: BIG_BILLS_ID,
  name: 'Big bills',
  description: 'Bills over a thousand dollars.',
  order: 1,
  isDefault: false,
  conditions: { amount: { operator: 'greaterThan', min_value: 1000, max_value: null }, vendorIds: null },
  stages: [
    {
      order: 1,
      approvalRequiredFrom: 'ANYONE',
      minApprovals: null,
      bypassLowerLevelApprovals: false,
      approvers: { users: [ada], approvalGroups: [] },
    },
    {
      order: 2,
      approvalRequiredFrom: 'ALL',
      minApprovals: null,
      bypassLowerLevelApprovals: true,
      approvers: { users: [grace], approvalGroups: [finance] },
    },
  ],
  createdBy: { id: ADA_ID, name: 'Ada Lovelace' },
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-20T14:05:00.000Z',
  ...overrides,
});

export const HARBOR_POLICY = makePolicy({
  id: HARBOR_ID,
  name: 'Harbor vendors',
  description: '',
  order: 2,
  conditions: {
    amount: { operator: 'inBetween', min_value: 250, max_value: 5000.5 },
    vendorIds: [
      { label: 'Harbor Supplies', value: VENDOR_HARBOR },
      { label: 'Acme Paper', value: VENDOR_ACME },
    ],
  },
  stages: [
    {
      order: 1,
      approvalRequiredFrom: 'QUORUM',
      minApprovals: 2,
      bypassLowerLevelApprovals: false,
      approvers: { users: [ada, grace], approvalGroups: [] },
    },
  ],
});

export const SMALL_POLICY = makePolicy({
  id: SMALL_ID,
  name: 'Small bills',
  order: 3,
  conditions: { amount: { operator: 'lessThan', min_value: null, max_value: 100 }, vendorIds: null },
});

export const DEFAULT_POLICY = makePolicy({
  id: DEFAULT_ID,
  name: 'Default Policy',
  description: 'Bills no other policy covers.',
  order: 4,
  isDefault: true,
  conditions: { amount: null, vendorIds: null },
  stages: [],
});

const member = (userId: string, firstName: string, lastName: string): BusinessUser => ({
  id: userId,
  userId,
  mappingId: null,
  user: { firstName, lastName, email: `${firstName.toLowerCase()}@harbor.test` },
  roleId: 'a00000000000000000000001',
  roleDetails: { id: 'a00000000000000000000001', name: 'Admin', description: '', isBuiltIn: true },
  userType: 'SME_OWNER',
  activeStatus: 'ACTIVE',
  status: 'ACTIVE',
  isCurrentUser: false,
  isPracticeMember: false,
  invitedAt: null,
  invitationExpiresAt: null,
  joinedAt: '2026-10-02T14:05:00.000Z',
});

export const ELIGIBLE_USERS = ok({
  items: [member(ADA_ID, 'Ada', 'Lovelace'), member(GRACE_ID, 'Grace', 'Hopper')],
  total: 2,
  pageNumber: 1,
  pageSize: 100,
});

const group: ApprovalGroupView = {
  id: GROUP_ID,
  name: 'Finance approvers',
  description: 'The finance team.',
  userIds: [ADA_ID, GRACE_ID],
  members: [
    {
      userId: ADA_ID,
      user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@harbor.test' },
      roleDetails: { name: 'Admin' },
    },
    {
      userId: GRACE_ID,
      user: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@harbor.test' },
      roleDetails: { name: 'Admin' },
    },
  ],
  policies: [],
  createdBy: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

export const GROUPS = ok({ items: [group], total: 1, pageNumber: 1, pageSize: 100 });

const vendor = (id: string, name: string) => ({
  id,
  type: 'VENDOR',
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@vendor.test`,
  secondaryEmails: [],
  phones: { default: null },
  addresses: { billing: null },
  taxId: null,
  fbnBusiness: null,
  needsFinalize: false,
  documentsCount: 0,
  createdAt: '2026-10-01T09:00:00.000Z',
  updatedAt: '2026-10-01T09:00:00.000Z',
});

export const VENDORS = ok({
  items: [vendor(VENDOR_HARBOR, 'Harbor Supplies'), vendor(VENDOR_ACME, 'Acme Paper')],
  total: 2,
  pageNumber: 1,
  pageSize: 100,
});

/** A member who may see approval settings but change nothing. */
export const VIEWER_PERMISSIONS = ['SETTINGS_PAYMENT_APPROVALS.view'];

/** A fake server with the business (Admin unless given), the pickers' lists and the test's handlers. */
export const mockPoliciesApi = (permissions?: string[], handlers: Record<string, MockHandler> = {}) =>
  mockBusinessApi(makeTestBusiness(permissions ? { permissions, role: 'Custom' } : {}), {
    [`GET ${USERS_API}`]: ELIGIBLE_USERS,
    [`GET ${GROUPS_API}`]: GROUPS,
    [`GET ${VENDORS_API}`]: VENDORS,
    [`POST ${NAME_EXISTS_API}`]: ok({ exists: false }),
    ...handlers,
  });
