import type { Business } from '@/lib/businesses';
import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const OTHER_BUSINESS_ID = 'fedcba9876543210fedcba98';

/** A business as `GET /business/{id}` answers for its Admin: new, not yet verified, in the US. */
export const makeBusiness = (overrides: Partial<Business> = {}): Business =>
  makeTestBusiness({
    businessId: overrides.id ?? BUSINESS_ID,
    permissions: ['SETTINGS_FULL_ACCESS.manage'],
    detailsLocked: overrides.verificationStep !== undefined && overrides.verificationStep !== 'NOT_INITIATED',
    ...overrides,
  });
