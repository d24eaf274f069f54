import { ADMIN_PERMISSIONS as ALL_KEYS, READ_ONLY_PERMISSIONS, type Role } from '@ferry/domain';
import { makeTestBusiness, mockBusinessApi, TEST_BUSINESS_ID } from '@/testing/businesses';
import type { MockHandler } from '@/testing/mock-api';
import { ok } from '@/testing/mock-api';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const ROLES_API = `/business/${BUSINESS_ID}/roles`;
export const CREATE_ROLE_API = `/business/${BUSINESS_ID}/role`;
export const roleApi = (roleId: string) => `/business/${BUSINESS_ID}/role/${roleId}`;

export const ADMIN_ROLE_ID = 'a00000000000000000000001';
export const READ_ONLY_ROLE_ID = 'a00000000000000000000002';
export const CUSTOM_ROLE_ID = 'c00000000000000000000001';

/** A custom role 'Bookkeeper' that two users hold; override what a test is about. */
export const makeRole = (overrides: Partial<Role> = {}): Role => ({
  id: CUSTOM_ROLE_ID,
  name: 'Bookkeeper',
  description: 'Enters bills and keeps vendors up to date.',
  isBuiltIn: false,
  permissions: ['PAY_DUE_BILLS.manage', 'PAY_DUE_BILLS.view', 'PAY_MANAGE_VENDORS.view'],
  userCount: 2,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-20T14:05:00.000Z',
  ...overrides,
});

export const ADMIN_ROLE = makeRole({
  id: ADMIN_ROLE_ID,
  name: 'Admin',
  description: 'Full access to every area of the business.',
  isBuiltIn: true,
  permissions: [...ALL_KEYS],
  userCount: 1,
});

export const READ_ONLY_ROLE = makeRole({
  id: READ_ONLY_ROLE_ID,
  name: 'Read-only',
  description: 'Can view every area of the business but change nothing.',
  isBuiltIn: true,
  permissions: [...READ_ONLY_PERMISSIONS],
  userCount: 0,
});

/** A page of roles as `GET .../roles` answers. */
export const rolePage = (items: Role[], total = items.length, pageNumber = 1, pageSize = 10) =>
  ok({ items, total, pageNumber, pageSize });

/** The permissions of a member who may see roles but not change them. */
export const VIEWER_PERMISSIONS = ['SETTINGS_USERS_AND_ROLES.view', 'PAY_DUE_BILLS.view'];

/** The business as its Admin sees it (manage on Roles), or with the given permission keys. */
export const makeBusiness = (permissions?: string[]) =>
  makeTestBusiness(permissions ? { permissions, role: 'Custom' } : {});

/** A fake server knowing the business (Admin unless given) and the handlers of the test. */
export const mockRolesApi = (permissions?: string[], handlers: Record<string, MockHandler> = {}) =>
  mockBusinessApi(makeBusiness(permissions), handlers);
