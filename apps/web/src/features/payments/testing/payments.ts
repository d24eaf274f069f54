import type { PaymentDetail, PaymentsSummary, PaymentView } from '@ferry/domain';
import type { Business } from '@/lib/businesses';
import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';
import { type MockHandler, mockApi, ok } from '@/testing/mock-api';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const API = `/business/${BUSINESS_ID}`;
export const PAYMENTS_API = `${API}/payments`;
export const SUMMARY_API = `${API}/bills/summary/payments`;
export const PAYMENT_ID = 'ffffffffffffffffffffff01';

export const makePayment = (overrides: Partial<PaymentView> = {}): PaymentView => ({
  id: PAYMENT_ID,
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

export const makeDetail = (
  overrides: Partial<PaymentDetail> = {},
  timeline: PaymentDetail['timeline'] = [
    {
      id: 't1',
      action: 'CREATED',
      label: 'Created',
      status: 'PENDING',
      at: '2026-11-05T14:05:00.000Z',
      actor: { type: 'USER', name: 'Ada Lovelace' },
      remarks: null,
    },
    {
      id: 't2',
      action: 'SCHEDULED',
      label: 'Scheduled',
      status: 'SCHEDULED',
      at: '2026-11-05T14:06:00.000Z',
      actor: { type: 'SYSTEM', name: 'Ferry' },
      remarks: 'Process date Nov 10, 2026',
    },
  ],
): PaymentDetail => ({ ...makePayment(), timeline, ...overrides });

export const SUMMARY: PaymentsSummary = {
  attentionRequired: { amount: 300, total: 2 },
  processing: { amount: 1200, total: 1 },
  scheduled: { amount: 4500.25, total: 3 },
};

export const paymentPage = (items: PaymentView[], total = items.length) =>
  ok({ items, total, pageNumber: 1, pageSize: 10 });

/** A fake server that knows the business (Admin unless given) and the handlers of the test. */
export const mockPaymentsApi = (
  business: Business = makeTestBusiness(),
  handlers: Record<string, MockHandler> = {},
) => mockApi({ [`GET ${API}`]: ok(business), ...handlers });

/** The query string of the calls to `path`, in order. */
export const queriesOf = (api: ReturnType<typeof mockApi>, path: string): URLSearchParams[] =>
  api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api${path}`)
    .map((url) => url.searchParams);

/** The request headers of the calls to `path`, in order. */
export const headersOf = (api: ReturnType<typeof mockApi>, path: string): Headers[] =>
  api.fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/api${path}`)
    .map(([, init]) => new Headers(init?.headers));
