import type {
  BusinessesToMap,
  PaymentRequestDetail,
  PaymentRequestListItem,
  PaymentRequestsReviewSummary,
} from '@ferry/domain';
import type { Business } from '@/lib/businesses';
import { makeTestBusiness, mockBusinessApi, TEST_BUSINESS_ID } from '@/testing/businesses';
import { type MockHandler, ok, pageReply } from '@/testing/mock-api';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const API = `/business/${BUSINESS_ID}`;
export const REQUEST_ID = 'ffffffffffffffffffffff01';
export const SENDER_ID = 'bbbbbbbbbbbbbbbbbbbbbb01';
export const VENDOR_ID = 'aaaaaaaaaaaaaaaaaaaaaa01';
export const BILL_ID = 'eeeeeeeeeeeeeeeeeeeeee01';

export const makeRequest = (overrides: Partial<PaymentRequestListItem> = {}): PaymentRequestListItem => ({
  id: REQUEST_ID,
  paymentType: 'SEND_PAYMENT',
  refNo: 'NW-10401',
  invoiceDate: '2026-11-02',
  dueDate: '2026-11-16',
  amount: 513.96,
  balance: 513.96,
  status: 'CREATED',
  sender: {
    businessId: SENDER_ID,
    businessName: 'Northwind Supply Co.',
    email: 'accounts@northwind-supply.example',
    website: 'northwind-supply.example',
    addresses: { billing: null },
  },
  vendor: { id: VENDOR_ID, name: 'Northwind Supply Co.', email: 'accounts@northwind-supply.example' },
  isMapped: true,
  billId: null,
  bill: null,
  createdAt: '2026-11-02T15:00:00.000Z',
  updatedAt: '2026-11-02T15:00:00.000Z',
  ...overrides,
});

export const makeDetail = (overrides: Partial<PaymentRequestListItem> = {}): PaymentRequestDetail => ({
  ...makeRequest(overrides),
  subtotal: 513.96,
  discountAmount: 0,
  taxAmount: 0,
  memo: null,
  lines: [],
  events: [],
});

export const REVIEW_SUMMARY: PaymentRequestsReviewSummary = {
  totalOutstanding: { amount: 1513.96, total: 2 },
  dueInNext7Days: { amount: 0, total: 0 },
  overdue: { amount: 1000, total: 1 },
  totalPaymentRequests: 3,
  today: '2026-11-02',
};

export const EMPTY_SUMMARY: PaymentRequestsReviewSummary = {
  totalOutstanding: { amount: 0, total: 0 },
  dueInNext7Days: { amount: 0, total: 0 },
  overdue: { amount: 0, total: 0 },
  totalPaymentRequests: 0,
  today: '2026-11-02',
};

export const TO_MAP: BusinessesToMap = {
  sender: makeRequest().sender,
  mappedContactId: null,
  candidates: [
    {
      id: 'aaaaaaaaaaaaaaaaaaaaaa02',
      name: 'Northwind Supplies',
      email: 'ap@northwind.example',
      networkBusinessId: null,
      match: 'NAME',
    },
    {
      id: 'aaaaaaaaaaaaaaaaaaaaaa03',
      name: 'Acme Tools',
      email: 'billing@acme.example',
      networkBusinessId: null,
      match: 'OTHER',
    },
  ],
};

export const LIST_API = `${API}/payment-requests`;
export const SUMMARY_API = `${API}/bills/summary/review`;

/** A fake server that knows the business (Admin unless given), the For Review calls and the test's handlers. */
export const mockPaymentRequestsApi = (
  business: Business = makeTestBusiness(),
  handlers: Record<string, MockHandler> = {},
) =>
  mockBusinessApi(business, {
    [`GET ${SUMMARY_API}`]: ok(REVIEW_SUMMARY),
    [`GET ${LIST_API}`]: pageReply([makeRequest()]),
    ...handlers,
  });
