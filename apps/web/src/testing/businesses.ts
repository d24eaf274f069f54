import type { Business } from '@/lib/businesses';
import { type MockHandler, mockApi, ok } from './mock-api';

/** The business of the feature tests. */
export const TEST_BUSINESS_ID = '0123456789abcdef01234567';

/** Full access to paying, getting paid and settings, as an Admin. */
export const ADMIN_PERMISSIONS = [
  'PAY_FULL_ACCESS.manage',
  'GET_PAID_FULL_ACCESS.manage',
  'SETTINGS_FULL_ACCESS.manage',
];

/**
 * A business as `GET /business/{id}` answers for its Admin with full access: new, not yet verified, in
 * the US. A test overrides what it is about (verification, role, permissions).
 */
export const makeTestBusiness = (overrides: Partial<Business> = {}): Business => ({
  id: TEST_BUSINESS_ID,
  businessId: TEST_BUSINESS_ID,
  businessName: 'Harbor Coffee Roasters',
  businessType: 'LLC',
  category: 'NONE',
  country: 'US',
  verificationStep: 'NOT_INITIATED',
  status: null,
  role: 'Admin',
  permissions: ADMIN_PERMISSIONS,
  ...overrides,
});

/** A fake server that knows the test business (Admin unless given) and the handlers of the test. */
export const mockBusinessApi = (
  business: Business = makeTestBusiness(),
  handlers: Record<string, MockHandler> = {},
) => mockApi({ [`GET /business/${TEST_BUSINESS_ID}`]: ok(business), ...handlers });
