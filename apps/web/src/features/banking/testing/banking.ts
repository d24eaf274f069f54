import { makeTestBank, TEST_BANK_ID } from '@/testing/banks';
import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';
import type { BankAccountView } from '../api/schemas';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const BANK_ID = TEST_BANK_ID;

export const CONNECTION_API = `/business/${BUSINESS_ID}/banking/connection`;
export const BANK_LIST_API = `/business/${BUSINESS_ID}/bank/accounts`;
export const CHART_API = `/business/${BUSINESS_ID}/accounting/accounts`;

/** May see payment methods but change nothing. */
export const VIEWER_PERMISSIONS = ['SETTINGS_PAYMENT_METHODS.view'];

export const makeBusiness = makeTestBusiness;

/** A verified instant (bank-link) checking account; override what a test is about. */
export const makeBankAccount = makeTestBank;

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
