import type { InvoiceListItem, InvoicesSummary, InvoiceView } from '@ferry/domain';
import { TEST_BUSINESS_ID } from '@/testing/businesses';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const API = `/business/${BUSINESS_ID}`;
export const CUSTOMER_ID = 'aaaaaaaaaaaaaaaaaaaaaa07';
export const INVOICE_ID = 'eeeeeeeeeeeeeeeeeeeeee07';
export const REQUEST_ID = 'dddddddddddddddddddddd07';
export const ITEM_ID = 'cccccccccccccccccccccc07';
export const ACCOUNT_ID = 'dddddddddddddddddddddd08';
export const PDF_URL = `/api${API}/invoices/${INVOICE_ID}/pdf`;

/** Invoice INV-7 of $1,250.50 to Sunrise Bakery (on Ferry), $1,000 still due. */
export const makeInvoice = (overrides: Partial<InvoiceListItem> = {}): InvoiceListItem => ({
  id: INVOICE_ID,
  refNo: 'INV-7',
  customerName: 'Sunrise Bakery',
  contact: { id: CUSTOMER_ID, name: 'Sunrise Bakery', email: 'ap@sunrise.test', onNetwork: true },
  invoiceDate: '2026-11-02',
  dueDate: '2026-11-09',
  paymentTerm: 'NET_7',
  amount: 1250.5,
  balance: 1000,
  status: 'partial_paid',
  paymentRequest: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

export const makeInvoiceView = (overrides: Partial<InvoiceView> = {}): InvoiceView => ({
  ...makeInvoice(),
  lines: [],
  subtotal: 1250.5,
  discount: null,
  taxAmount: 0,
  memo: null,
  attachments: [],
  pdfUrl: PDF_URL,
  payments: [
    {
      id: 'ffffffffffffffffffffff07',
      kind: 'MARKED_AS_PAID',
      amount: 250.5,
      date: '2026-11-03',
      status: 'COMPLETED',
      bankName: 'Chase',
      accountMask: '1234',
      remarks: null,
    },
  ],
  updatedAt: '2026-11-03T10:00:00.000Z',
  ...overrides,
});

export const SUMMARY: InvoicesSummary = {
  totalOutstanding: { amount: 4200, total: 3 },
  dueInNext7Days: { amount: 1000, total: 1 },
  overdue: { amount: 3200, total: 2 },
  today: '2026-11-05',
};
