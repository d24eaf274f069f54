import type { BusinessUser, Role } from '@ferry/domain';
import type { Business } from '@/lib/businesses';
import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';
import { type MockHandler, mockApi, ok } from '@/testing/mock-api';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const USERS_API = `/business/${BUSINESS_ID}/users`;
export const ROLES_API = `/business/${BUSINESS_ID}/roles`;
export const USERS_PAGE = `/b/${BUSINESS_ID}/settings/users`;

export const ADMIN_ROLE_ID = 'a00000000000000000000001';
export const VIEWER_ROLE_ID = 'a00000000000000000000002';
export const CLERK_ROLE_ID = 'a00000000000000000000003';

export const makeRole = (overrides: Partial<Role> = {}): Role => ({
  id: ADMIN_ROLE_ID,
  name: 'Admin',
  description: 'Full access to everything in the business.',
  isBuiltIn: true,
  permissions: ['PAY_FULL_ACCESS.manage', 'GET_PAID_FULL_ACCESS.manage', 'SETTINGS_FULL_ACCESS.manage'],
  userCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

export const ROLES: Role[] = [
  makeRole(),
  makeRole({
    id: CLERK_ROLE_ID,
    name: 'Bills clerk',
    description: 'Enters bills and vendors; cannot pay.',
    isBuiltIn: false,
    permissions: ['PAY_DUE_BILLS.manage'],
  }),
  makeRole({
    id: VIEWER_ROLE_ID,
    name: 'Read-only',
    description: 'Sees everything, changes nothing.',
    permissions: ['PAY_FULL_ACCESS.view'],
  }),
];

const roleSummary = (role: Role) => ({
  id: role.id,
  name: role.name,
  description: role.description,
  isBuiltIn: role.isBuiltIn,
});

/** An active member (the signed-in user is someone else unless `isCurrentUser`). */
export const makeMember = (overrides: Partial<BusinessUser> = {}): BusinessUser => {
  const role = ROLES.find((r) => r.id === (overrides.roleId ?? CLERK_ROLE_ID)) ?? (ROLES[1] as Role);
  return {
    id: 'b00000000000000000000001',
    userId: 'b00000000000000000000001',
    mappingId: null,
    user: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.test' },
    roleId: role.id,
    roleDetails: roleSummary(role),
    userType: 'SME_OWNER',
    activeStatus: 'ACTIVE',
    status: 'ACTIVE',
    isCurrentUser: false,
    isPracticeMember: false,
    invitedAt: '2026-10-01T09:00:00.000Z',
    invitationExpiresAt: null,
    joinedAt: '2026-10-02T14:05:00.000Z',
    ...overrides,
  };
};

/** A pending invitation to join (its id is the invitation's). */
export const makeInvitation = (overrides: Partial<BusinessUser> = {}): BusinessUser =>
  makeMember({
    id: 'c00000000000000000000001',
    userId: null,
    mappingId: 'c00000000000000000000001',
    user: { firstName: 'Alan', lastName: 'Turing', email: 'alan@acme.test' },
    userType: null,
    activeStatus: 'PENDING',
    status: 'PENDING',
    joinedAt: null,
    invitationExpiresAt: '2026-12-01T09:00:00.000Z',
    ...overrides,
  });

export const ME = makeMember({
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  userId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test' },
  roleId: ADMIN_ROLE_ID,
  isCurrentUser: true,
});

export const usersPage = (items: BusinessUser[], total = items.length, pageNumber = 1, pageSize = 10) =>
  ok({ items, total, pageNumber, pageSize });

export const rolesPage = (items: Role[] = ROLES) =>
  ok({ items, total: items.length, pageNumber: 1, pageSize: 10 });

/** May see users but change nothing. */
export const makeViewerBusiness = (overrides: Partial<Business> = {}): Business =>
  makeTestBusiness({ role: 'Read-only', permissions: ['SETTINGS_USERS_AND_ROLES.view'], ...overrides });

/** A fake server with the business (Admin unless given), its roles and the test's handlers. */
export const mockUsersApi = (
  business: Business = makeTestBusiness(),
  handlers: Record<string, MockHandler> = {},
) =>
  mockApi({
    [`GET /business/${BUSINESS_ID}`]: ok(business),
    [`GET ${ROLES_API}`]: rolesPage(),
    ...handlers,
  });
