import type { CardView, MerchantStatus } from '@ferry/domain';
import type { Business } from '@/lib/businesses';
import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const CARDS_API = `/business/${BUSINESS_ID}/card-payment`;
export const VAULT_API = '/sandbox/card-vault/tokens';

/** A fully verified business as `GET /business/{id}` answers for its Admin. */
export const makeBusiness = (overrides: Partial<Business> = {}): Business =>
  makeTestBusiness({ verificationStep: 'OWNERS', status: 'FULL_VERIFIED', ...overrides });

/** May see payment methods but change nothing. */
export const makeViewerBusiness = (): Business =>
  makeBusiness({ role: 'Viewer', permissions: ['SETTINGS_PAYMENT_METHODS.view', 'PAY_MANAGE_VENDORS.view'] });

export const makeCard = (overrides: Partial<CardView> = {}): CardView => ({
  id: 'card-visa',
  brand: 'VISA',
  cardMask: '4242',
  funding: 'credit',
  expirationMonth: 12,
  expirationYear: 2030,
  nameOnCard: 'Dana Whitfield',
  isPrimaryCard: true,
  billingAddress: {
    addressLine1: '1 Pike St',
    addressLine2: null,
    city: 'Seattle',
    state: 'WA',
    zipCode: '98101',
    country: 'US',
  },
  platformChartOfAccountId: null,
  chartAccountName: null,
  createdAt: '2025-01-02T10:00:00.000Z',
  ...overrides,
});

export const makeMerchantStatus = (overrides: Partial<MerchantStatus> = {}): MerchantStatus => ({
  status: 'NOT_INITIATED',
  application: null,
  rejectionReason: null,
  saq: null,
  surcharge: null,
  eligiblePayoutBanks: [
    { id: 'bank-1', bankName: 'Chase', accountMask: '6789', chartAccountName: 'Operating Account' },
  ],
  ...overrides,
});
