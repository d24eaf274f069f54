import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';
import type { BankAccountView } from '../api/schemas';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const BANK_ID = 'bbbbbbbbbbbbbbbbbbbbbbb1';

export const CONNECTION_API = `/business/${BUSINESS_ID}/banking/connection`;
export const BANK_LIST_API = `/business/${BUSINESS_ID}/bank/accounts`;
export const CHART_API = `/business/${BUSINESS_ID}/accounting/accounts`;

/** May see payment methods but change nothing. */
export const VIEWER_PERMISSIONS = ['SETTINGS_PAYMENT_METHODS.view'];

export const makeBusiness = makeTestBusiness;

/** A verified instant (bank-link) checking account; override what a test is about. */
export const makeBankAccount = (overrides: Partial<BankAccountView> = {}): BankAccountView => {
  const id = overrides.id ?? BANK_ID;
  return {
    id,
    paymentInstrumentId: id,
    bankName: 'Chase',
    accountName: 'Business Checking',
    accountHolderName: 'Harbor Coffee Roasters',
    accountType: 'BUSINESS_CHECKING',
    subtype: 'business checking',
    accountMask: '1234',
    routingNumber: '021000021',
    isPrimary: false,
    accountProvider: 'PLAID',
    bankDetails: { name: 'Chase', logo: null, institutionId: 'ins_56' },
    verificationStatus: 'VERIFIED',
    verifyAttemptRemains: null,
    accountStatus: 'VERIFIED',
    status: 'CONNECTED',
    isMicroDepositBank: false,
    shouldVerifyWithCode: false,
    microDeposit: null,
    reconnectFailed: false,
    platformChartOfAccountId: null,
    chartAccountName: null,
    holdUntil: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
};

/** A manual bank whose micro-deposits have arrived and can be entered. */
export const makeManualBank = (overrides: Partial<BankAccountView> = {}): BankAccountView =>
  makeBankAccount({
    id: 'bbbbbbbbbbbbbbbbbbbbbbb2',
    paymentInstrumentId: 'bbbbbbbbbbbbbbbbbbbbbbb2',
    bankName: 'Harbor Credit Union',
    accountName: 'Harbor Credit Union',
    accountMask: '6789',
    accountProvider: 'USER',
    bankDetails: { name: 'Harbor Credit Union', logo: null, institutionId: null },
    verificationStatus: 'PENDING',
    verifyAttemptRemains: 3,
    accountStatus: 'NOT_VERIFIED',
    status: 'NOT_CONNECTED',
    isMicroDepositBank: true,
    shouldVerifyWithCode: true,
    microDeposit: {
      state: 'SENT',
      expectedBy: '2026-03-04',
      sentAt: '2026-03-04T14:00:00.000Z',
      expiresAt: '2026-03-18T14:00:00.000Z',
    },
    ...overrides,
  });

export const CHART_ACCOUNTS = {
  items: [
    { id: 'chart-1', name: 'Operating Account', accountType: 'BANK', number: '1010', source: 'FERRY' },
    { id: 'chart-2', name: 'Savings Account', accountType: 'BANK', number: '1020', source: 'FERRY' },
  ],
  total: 2,
  pageNumber: 1,
  pageSize: 1000,
};
