import type { PaymentView } from '@ferry/domain';

/** The payment of the feature tests. */
export const TEST_PAYMENT_ID = 'ffffffffffffffffffffff01';

/**
 * A payment as the payments API describes it: a scheduled standard bank payment of $1,250.50 to Blue
 * Bottle Supply for bill BILL-0001. A test overrides what it is about.
 */
export const makeTestPayment = (overrides: Partial<PaymentView> = {}): PaymentView => ({
  id: TEST_PAYMENT_ID,
  status: 'SCHEDULED',
  isMarkedAsPaid: false,
  isAuto: false,
  amount: 1250.5,
  feeAmount: 0,
  totalAmount: 1250.5,
  deliverySpeed: 'STANDARD',
  processDate: '2026-11-10',
  expectedDelivery: { earliest: '2026-11-13', latest: '2026-11-17' },
  date: '2026-11-10',
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
    id: 'bank-1',
    bankName: 'Chase',
    accountType: 'BUSINESS_CHECKING',
    accountMask: '6789',
  },
  vendor: { id: 'vendor-1', name: 'Blue Bottle Supply', email: 'billing@bluebottle.test' },
  bill: {
    id: 'bill-1',
    refNo: 'BILL-0001',
    billDate: '2026-11-02',
    dueDate: '2026-11-09',
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
  createdBy: { id: 'user-1', name: 'Ada Lovelace' },
  createdAt: '2026-11-05T14:05:00.000Z',
  updatedAt: '2026-11-05T14:05:00.000Z',
  ...overrides,
});
