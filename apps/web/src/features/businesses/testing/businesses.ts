import type { Business } from '@/lib/businesses';

export const BUSINESS_ID = '0123456789abcdef01234567';
export const OTHER_BUSINESS_ID = 'fedcba9876543210fedcba98';

/** A business as `GET /business/{id}` answers for its Admin: new, not yet verified, in the US. */
export const makeBusiness = (overrides: Partial<Business> = {}): Business => ({
  id: BUSINESS_ID,
  businessId: overrides.id ?? BUSINESS_ID,
  businessName: 'Harbor Coffee Roasters',
  businessType: 'LLC',
  category: 'NONE',
  country: 'US',
  verificationStep: 'NOT_INITIATED',
  status: null,
  role: 'Admin',
  permissions: ['SETTINGS_FULL_ACCESS.manage'],
  detailsLocked: overrides.verificationStep !== undefined && overrides.verificationStep !== 'NOT_INITIATED',
  ...overrides,
});
