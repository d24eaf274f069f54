import type {
  InvoiceListItem,
  InvoicesSummary,
  InvoiceView,
  ReceivedPaymentDetail,
  ReceivedPaymentsSummary,
} from '@ferry/domain';
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

export const RECEIVED_PAYMENT_ID = 'ffffffffffffffffffffff07';
export const RECEIVED_PAYMENTS_API = `${API}/payments`;
export const RECEIVED_SUMMARY_API = `${API}/invoices/summary/payments`;
export const RECEIVED_SUMMARY: ReceivedPaymentsSummary = {
  processing: { amount: 300, total: 2 },
  receivedThisMonth: { amount: 1250.5, total: 1 },
  attentionRequired: { amount: 80, total: 1 },
};

/** A $1,250.50 payment received from Northwind Traders for INV-0007, delivered on Nov 12. */
export const makeReceivedPayment = (
  overrides: Partial<ReceivedPaymentDetail> = {},
): ReceivedPaymentDetail => ({
  id: RECEIVED_PAYMENT_ID,
  status: 'DELIVERED',
  statusLabel: 'Received',
  dateLabel: 'Received Date',
  date: '2026-11-12',
  amount: 1250.5,
  isAuto: false,
  deliverySpeed: 'STANDARD',
  processDate: '2026-11-09',
  expectedDelivery: { earliest: '2026-11-10', latest: '2026-11-12' },
  deliveredAt: '2026-11-12T15:00:00.000Z',
  customer: { id: CUSTOMER_ID, name: 'Northwind Traders' },
  invoice: { id: INVOICE_ID, refNo: 'INV-0007', dueDate: '2026-11-20' },
  paymentRequestId: REQUEST_ID,
  receivingBank: { bankName: 'Chase', accountMask: '4321' },
  message: null,
  createdAt: '2026-11-09T12:00:00.000Z',
  updatedAt: '2026-11-12T15:00:00.000Z',
  timeline: [],
  ...overrides,
});
