import type { BillListItem, BillsDueSummary } from '@ferry/domain';
import { TEST_BUSINESS_ID } from '@/testing/businesses';
import { TEST_VENDOR_ID } from '@/testing/contacts';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const API = `/business/${BUSINESS_ID}`;
export const VENDOR_ID = TEST_VENDOR_ID;
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
