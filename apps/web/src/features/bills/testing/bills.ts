import type { BillListItem, BillsDueSummary } from '@ferry/domain';
import type { Business } from '@/lib/businesses';
import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';
import { type MockHandler, mockApi, ok } from '@/testing/mock-api';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const API = `/business/${BUSINESS_ID}`;
export const VENDOR_ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';
export const ITEM_ID = 'cccccccccccccccccccccc01';
export const ACCOUNT_ID = 'dddddddddddddddddddddd01';

export const makeBill = (overrides: Partial<BillListItem> = {}): BillListItem => ({
  id: 'eeeeeeeeeeeeeeeeeeeeee01',
  refNo: 'BILL-0001',
  vendorName: 'Blue Bottle Supply',
  contact: { id: VENDOR_ID, name: 'Blue Bottle Supply', email: 'billing@bluebottle.test' },
  billDate: '2026-11-02',
  dueDate: '2026-11-09',
  paymentTerm: 'NET_7',
  amount: 1250.5,
  balance: 1000,
  scheduledAmount: 0,
  unScheduledBalance: 1000,
  status: 'partial_paid',
  source: 'FERRY',
  createdAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

export const SUMMARY: BillsDueSummary = {
  totalOutstanding: { amount: 4200, total: 3 },
  dueInNext7Days: { amount: 1000, total: 1 },
  overdue: { amount: 3200, total: 2 },
  today: '2026-11-05',
};

export const billPage = (items: BillListItem[], total = items.length) =>
  ok({ items, total, pageNumber: 1, pageSize: 10 });

/** A fake server that knows the business (Admin unless given) and the handlers of the test. */
export const mockBillsApi = (
  business: Business = makeTestBusiness(),
  handlers: Record<string, MockHandler> = {},
) => mockApi({ [`GET ${API}`]: ok(business), ...handlers });

/** The query string of the calls to `path`, in order. */
export const queriesOf = (api: ReturnType<typeof mockApi>, path: string): URLSearchParams[] =>
  api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api${path}`)
    .map((url) => url.searchParams);
