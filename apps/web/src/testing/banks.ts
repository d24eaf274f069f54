import type { BankAccountView } from '@ferry/domain';

/** The bank account of the feature tests. */
export const TEST_BANK_ID = 'bbbbbbbbbbbbbbbbbbbbbbb1';

/** A verified instant (bank-link) checking account, not primary; override what a test is about. */
export const makeTestBank = (overrides: Partial<BankAccountView> = {}): BankAccountView => {
  const id = overrides.id ?? TEST_BANK_ID;
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
