import type { BillView } from '@ferry/domain';
import { TEST_BUSINESS_ID } from './businesses';
import { TEST_VENDOR_ID } from './contacts';

/** The bill of the feature tests. */
export const TEST_BILL_ID = 'eeeeeeeeeeeeeeeeeeeeee01';

/**
 * A bill as `GET bills/{id}` answers: BILL-0001 from Blue Bottle Supply, $1,250.50 of which $250.50 is
 * scheduled, due Nov 30, 2026. A test overrides what it is about.
 */
export const makeTestBill = (overrides: Partial<BillView> = {}): BillView => ({
  id: TEST_BILL_ID,
  refNo: 'BILL-0001',
  vendorName: 'Blue Bottle Supply',
  contact: { id: TEST_VENDOR_ID, name: 'Blue Bottle Supply', email: 'billing@bluebottle.test' },
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
  pdfUrl: `/api/business/${TEST_BUSINESS_ID}/download-bill-pdf/${TEST_BILL_ID}`,
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});
