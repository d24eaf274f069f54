import type { MerchantStatus } from '@ferry/domain';
import type { Business } from '@/lib/businesses';
import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';
import { makeTestCard } from '@/testing/cards';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const CARDS_API = `/business/${BUSINESS_ID}/card-payment`;
export const VAULT_API = '/sandbox/card-vault/tokens';

/** A fully verified business as `GET /business/{id}` answers for its Admin. */
export const makeBusiness = (overrides: Partial<Business> = {}): Business =>
  makeTestBusiness({ verificationStep: 'OWNERS', status: 'FULL_VERIFIED', ...overrides });

/** May see payment methods but change nothing. */
export const makeViewerBusiness = (): Business =>
  makeBusiness({ role: 'Viewer', permissions: ['SETTINGS_PAYMENT_METHODS.view', 'PAY_MANAGE_VENDORS.view'] });

export const makeCard = makeTestCard;

export const makeMerchantStatus = (overrides: Partial<MerchantStatus> = {}): MerchantStatus => ({
  status: 'NOT_INITIATED',
  application: null,
  rejectionReason: null,
  saq: null,
  surcharge: null,
  eligiblePayoutBanks: [
    { id: 'bank-1', bankName: 'Chase', accountMask: '6789', chartAccountName: 'Operating Account' },
  ],
  knownDetails: {
    legalBusinessName: null,
    taxIdMasked: null,
    address: null,
    businessWebsite: null,
    businessType: null,
  },
  ...overrides,
});
