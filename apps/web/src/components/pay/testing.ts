import type {
  BankAccountView,
  CardView,
  PaymentView,
  TransferSpeedView,
  VendorBankList,
} from '@ferry/domain';
import { makeTestBank, TEST_BANK_ID } from '@/testing/banks';
import { TEST_BILL_ID } from '@/testing/bills';
import { TEST_BUSINESS_ID } from '@/testing/businesses';
import { makeTestCard } from '@/testing/cards';
import { makeTestVendor, TEST_VENDOR_ID } from '@/testing/contacts';
import { ok } from '@/testing/mock-api';
import { makeTestPayment } from '@/testing/payments';

/** Fixtures of the payment screens' tests (make-payment page, mark-as-paid and bulk-schedule dialogs). */

export const PAY_BUSINESS_ID = TEST_BUSINESS_ID;
export const PAY_API = `/business/${PAY_BUSINESS_ID}`;
export const BILL_ID = TEST_BILL_ID;
export const VENDOR_ID = TEST_VENDOR_ID;
export const PAYEE_BUSINESS_ID = 'ffffffffffffffffffffff01';
export const VERIFIED_BANK_ID = TEST_BANK_ID;
export const PENDING_BANK_ID = 'bbbbbbbbbbbbbbbbbbbbbbb2';
export const EXPIRED_BANK_ID = 'bbbbbbbbbbbbbbbbbbbbbbb3';
export const CARD_ID = 'cccccccccccccccccccccc01';

/** The primary bank: verified, instant. */
export const makePayBank = (overrides: Partial<BankAccountView> = {}): BankAccountView =>
  makeTestBank({ isPrimary: true, ...overrides });

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

export const makePayCard = (overrides: Partial<CardView> = {}): CardView =>
  makeTestCard({ id: CARD_ID, ...overrides });

/** A vendor on the network (the card fee's payee). */
export const NETWORK_VENDOR = makeTestVendor({
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

/** The payment the make-payment screens create: $1,000 of BILL_ID from the verified bank, processed today. */
export const makePaymentView = (overrides: Partial<PaymentView> = {}): PaymentView => {
  const payment = makeTestPayment();
  return {
    ...payment,
    id: 'pppppppppppppppppppppp01',
    amount: 1000,
    totalAmount: 1000,
    processDate: '2026-11-05',
    expectedDelivery: { earliest: '2026-11-10', latest: '2026-11-12' },
    date: '2026-11-05',
    paymentMethod: {
      type: 'BANK',
      id: VERIFIED_BANK_ID,
      bankName: 'Chase',
      accountType: 'Checking',
      accountMask: '1234',
    },
    vendor: { ...payment.vendor, id: VENDOR_ID },
    bill: { ...payment.bill, id: BILL_ID, dueDate: '2026-11-30' },
    ...overrides,
  };
};

/** The bank-holiday answer (none in the range unless given). */
export const holidaysReply = (dates: string[] = []) =>
  ok({ holidays: dates.map((date) => ({ date, observedDate: date, name: 'Holiday' })) });
