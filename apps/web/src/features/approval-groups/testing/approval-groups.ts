import type { ApprovalGroupView, BusinessUser } from '@ferry/domain';
import { makeTestBusiness, mockBusinessApi, TEST_BUSINESS_ID } from '@/testing/businesses';
import { type MockHandler, ok } from '@/testing/mock-api';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const GROUPS_API = `/business/${BUSINESS_ID}/approval-groups`;
export const CREATE_GROUP_API = `/business/${BUSINESS_ID}/approval-group`;
export const groupApi = (groupId: string) => `/business/${BUSINESS_ID}/approval-group/${groupId}`;
export const USERS_API = `/business/${BUSINESS_ID}/users`;
export const ACTIVITY_API = `/business/${BUSINESS_ID}/user-activity-logs`;

export const GROUPS_PAGE = `/b/${BUSINESS_ID}/settings/approval-groups`;

export const GROUP_ID = 'd00000000000000000000001';
export const ADA_ID = 'e00000000000000000000001';
export const GRACE_ID = 'e00000000000000000000002';
export const ALAN_ID = 'e00000000000000000000003';
export const POLICY_ID = 'f00000000000000000000001';

const member = (userId: string, firstName: string, lastName: string, role = 'Admin') => ({
  userId,
  user: { firstName, lastName, email: `${firstName.toLowerCase()}@harbor.test` },
  roleDetails: { name: role },
});

export const ADA = member(ADA_ID, 'Ada', 'Lovelace');
export const GRACE = member(GRACE_ID, 'Grace', 'Hopper', 'Accounts Payable');
export const ALAN = member(ALAN_ID, 'Alan', 'Turing', 'Accounts Payable');

/** 'Finance approvers' with Ada and Grace, used by no policy; override what a test is about. */
export const makeGroup = (overrides: Partial<ApprovalGroupView> = {}): ApprovalGroupView => {
  const members = overrides.members ?? [ADA, GRACE];
  return {
    id: GROUP_ID,
    name: 'Finance approvers',
    description: 'Approves every bill over the monthly budget.',
    userIds: members.map((m) => m.userId),
    members,
    policies: [],
    createdBy: { id: ADA_ID, name: 'Ada Lovelace' },
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-20T14:05:00.000Z',
    ...overrides,
  };
};

/** A page of groups as `GET .../approval-groups` answers. */
export const groupPage = (items: ApprovalGroupView[], total = items.length, pageNumber = 1, pageSize = 10) =>
  ok({ items, total, pageNumber, pageSize });

/** An active member who may approve bills, as the users call lists them. */
export const makeEligibleUser = (m: typeof ADA): BusinessUser => ({
  id: m.userId,
  userId: m.userId,
  mappingId: null,
  user: m.user,
  roleId: 'a00000000000000000000001',
  roleDetails: {
    id: 'a00000000000000000000001',
    name: m.roleDetails.name,
    description: '',
    isBuiltIn: false,
  },
  userType: 'SME_OWNER',
  activeStatus: 'ACTIVE',
  status: 'ACTIVE',
  isCurrentUser: false,
  isPracticeMember: false,
  invitedAt: null,
  invitationExpiresAt: null,
  joinedAt: '2026-10-02T14:05:00.000Z',
});

export const usersPage = (items: BusinessUser[]) =>
  ok({ items, total: items.length, pageNumber: 1, pageSize: 100 });

/** A member who may see approval settings but change nothing. */
export const VIEWER_PERMISSIONS = ['SETTINGS_PAYMENT_APPROVALS.view'];

/** A fake server with the business (Admin unless given) and the test's handlers. */
export const mockGroupsApi = (permissions?: string[], handlers: Record<string, MockHandler> = {}) =>
  mockBusinessApi(makeTestBusiness(permissions ? { permissions, role: 'Custom' } : {}), handlers);
