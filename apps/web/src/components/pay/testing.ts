import type {
  BankAccountView,
  BillView,
  CardView,
  ContactView,
  PaymentView,
  TransferSpeedView,
  VendorBankList,
} from '@ferry/domain';
import { TEST_BUSINESS_ID } from '@/testing/businesses';
import { ok } from '@/testing/mock-api';

/** Fixtures of the payment screens' tests (make-payment page, mark-as-paid and bulk-schedule dialogs). */

export const PAY_BUSINESS_ID = TEST_BUSINESS_ID;
export const PAY_API = `/business/${PAY_BUSINESS_ID}`;
export const BILL_ID = 'eeeeeeeeeeeeeeeeeeeeee01';
export const VENDOR_ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';
export const PAYEE_BUSINESS_ID = 'ffffffffffffffffffffff01';
export const VERIFIED_BANK_ID = 'bbbbbbbbbbbbbbbbbbbbbbb1';
export const PENDING_BANK_ID = 'bbbbbbbbbbbbbbbbbbbbbbb2';
export const EXPIRED_BANK_ID = 'bbbbbbbbbbbbbbbbbbbbbbb3';
export const CARD_ID = 'cccccccccccccccccccccc01';

export const makePayBank = (overrides: Partial<BankAccountView> = {}): BankAccountView => {
  const id = overrides.id ?? VERIFIED_BANK_ID;
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
    isPrimary: true,
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

/** A manual bank still waiting for its micro-deposits: listed, cannot pay. */
export const PENDING_BANK = makePayBank({
  id: PENDING_BANK_ID,
  paymentInstrumentId: PENDING_BANK_ID,
  bankName: 'Harbor Credit Union',
  accountMask: '6789',
  isPrimary: false,
  accountProvider: 'USER',
  verificationStatus: 'PENDING',
  accountStatus: 'NOT_VERIFIED',
  status: 'NOT_CONNECTED',
  isMicroDepositBank: true,
});

/** A verified instant bank whose login expired: may still pay. */
export const EXPIRED_BANK = makePayBank({
  id: EXPIRED_BANK_ID,
  paymentInstrumentId: EXPIRED_BANK_ID,
  bankName: 'Wells Fargo',
  accountMask: '5555',
  accountType: 'BUSINESS_SAVINGS',
  isPrimary: false,
  accountStatus: 'EXPIRED',
  status: 'EXPIRED',
});

export const makePayCard = (overrides: Partial<CardView> = {}): CardView => ({
  id: CARD_ID,
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

export const makePayBill = (overrides: Partial<BillView> = {}): BillView => ({
  id: BILL_ID,
  refNo: 'BILL-0001',
  vendorName: 'Blue Bottle Supply',
  contact: { id: VENDOR_ID, name: 'Blue Bottle Supply', email: 'billing@bluebottle.test' },
  billDate: '2026-11-02',
  dueDate: '2026-11-30',
  paymentTerm: 'NET_7',
  amount: 1250.5,
  balance: 1250.5,
  scheduledAmount: 250.5,
  unScheduledBalance: 1000,
  status: 'scheduled',
  source: 'FERRY',
  createdAt: '2026-11-02T10:00:00.000Z',
  lines: [],
  subtotal: 1250.5,
  discount: null,
  taxAmount: 0,
  memo: null,
  attachments: [],
  pdfUrl: `/api${PAY_API}/download-bill-pdf/${BILL_ID}`,
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

export const makeVendorContact = (overrides: Partial<ContactView> = {}): ContactView => ({
  id: VENDOR_ID,
  type: 'VENDOR',
  name: 'Blue Bottle Supply',
  email: 'billing@bluebottle.test',
  secondaryEmails: [],
  phones: { default: null },
  addresses: { billing: null },
  taxId: null,
  fbnBusiness: null,
  needsFinalize: false,
  documentsCount: 0,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  ...overrides,
});

/** A vendor on the network (the card fee's payee). */
export const NETWORK_VENDOR = makeVendorContact({
  fbnBusiness: {
    businessId: PAYEE_BUSINESS_ID,
    businessName: 'Blue Bottle Supply Inc.',
    addresses: { billing: null },
    website: null,
  },
});

export const VENDOR_WITH_BANK: VendorBankList = {
  managedByVendor: false,
  items: [
    {
      id: 'vvvvvvvvvvvvvvvvvvvvvv01',
      vendorId: VENDOR_ID,
      bankName: 'Bank of America',
      accountType: 'BUSINESS_CHECKING',
      subtype: 'BUSINESS_CHECKING',
      accountHolderName: 'Blue Bottle Supply',
      routingNumber: '026009593',
      accountMask: '4321',
      isPrimary: true,
      verificationStatus: 'VERIFIED',
      accountStatus: 'VERIFIED',
      badge: 'Verified',
      createdAt: '2026-01-02T10:00:00.000Z',
    },
  ],
};

const window = (earliest: string, latest = earliest) => ({ earliest, latest });

/** Every speed allowed unless listed in `notAllowed`. */
export const makeSpeedView = (
  notAllowed: Array<keyof TransferSpeedView['speeds']> = [],
  method: 'BANK' | 'CARD' = 'BANK',
): TransferSpeedView => {
  const option = (speed: keyof TransferSpeedView['speeds'], delivery: ReturnType<typeof window>) => ({
    allowed: !notAllowed.includes(speed),
    message: notAllowed.includes(speed) ? 'This payment isn’t eligible for this delivery speed.' : null,
    processOn: '2026-11-05',
    expectedDelivery: delivery,
  });
  return {
    method,
    speeds: {
      INSTANT: option('INSTANT', window('2026-11-05')),
      SAME_DAY: option('SAME_DAY', window('2026-11-05')),
      NEXT_DAY: option('NEXT_DAY', window('2026-11-06')),
      STANDARD: option('STANDARD', window('2026-11-10', '2026-11-12')),
    },
  };
};

export const makePaymentView = (overrides: Partial<PaymentView> = {}): PaymentView => ({
  id: 'pppppppppppppppppppppp01',
  status: 'SCHEDULED',
  isMarkedAsPaid: false,
  isAuto: false,
  amount: 1000,
  feeAmount: 0,
  totalAmount: 1000,
  deliverySpeed: 'STANDARD',
  processDate: '2026-11-05',
  expectedDelivery: { earliest: '2026-11-10', latest: '2026-11-12' },
  date: '2026-11-05',
  deliveredAt: null,
  failedAt: null,
  cancelledAt: null,
  declinedAt: null,
  reversedAt: null,
  failureReason: null,
  failureMessage: null,
  returnCode: null,
  reattempts: 0,
  paymentMethod: {
    type: 'BANK',
    id: VERIFIED_BANK_ID,
    bankName: 'Chase',
    accountType: 'Checking',
    accountMask: '1234',
  },
  vendor: { id: VENDOR_ID, name: 'Blue Bottle Supply', email: 'billing@bluebottle.test' },
  bill: {
    id: BILL_ID,
    refNo: 'BILL-0001',
    billDate: '2026-11-02',
    dueDate: '2026-11-30',
    amount: 1250.5,
    balance: 1250.5,
  },
  paymentRequestId: null,
  remarks: null,
  awaitingPayeeDetails: false,
  acceptReminderSentAt: null,
  holdUntil: null,
  actionRequired: null,
  canCancel: true,
  canReschedule: true,
  canReattempt: false,
  createdBy: { id: 'user-1', name: 'Dana Whitfield' },
  createdAt: '2026-11-05T15:00:00.000Z',
  updatedAt: '2026-11-05T15:00:00.000Z',
  ...overrides,
});

/** The bank-holiday answer (none in the range unless given). */
export const holidaysReply = (dates: string[] = []) =>
  ok({ holidays: dates.map((date) => ({ date, observedDate: date, name: 'Holiday' })) });
