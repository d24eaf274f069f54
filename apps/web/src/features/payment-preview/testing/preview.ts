import type {
  BillView,
  InvoiceView,
  PaymentDetail,
  PaymentRequestDetail,
  ReceivedPaymentDetail,
} from '@ferry/domain';
import { makeTestBill, TEST_BILL_ID } from '@/testing/bills';
import { TEST_BUSINESS_ID } from '@/testing/businesses';
import { makeTestPayment, TEST_PAYMENT_ID } from '@/testing/payments';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const API = `/business/${BUSINESS_ID}`;
export const PAYMENT_ID = TEST_PAYMENT_ID;
export const BILL_ID = TEST_BILL_ID;
export const REQUEST_ID = 'dddddddddddddddddddddd01';
/** What `GET download-bill-pdf/{billId}` answers. */
export const PDF_URL = `/api${API}/bills/${BILL_ID}/pdf`;

/** A $500 payment of bill BILL-0042, without activity. */
export const makePaymentDetail = (overrides: Partial<PaymentDetail> = {}): PaymentDetail => {
  const payment = makeTestPayment();
  return {
    ...payment,
    amount: 500,
    totalAmount: 500,
    bill: { ...payment.bill, id: BILL_ID, refNo: 'BILL-0042' },
    timeline: [],
    approval: null,
    ...overrides,
  };
};

/** Bill BILL-0042, partly paid: $980.25 still due. */
export const makeBillView = (overrides: Partial<BillView> = {}): BillView =>
  makeTestBill({
    refNo: 'BILL-0042',
    contact: { id: 'vendor-1', name: 'Blue Bottle Supply', email: 'billing@bluebottle.test' },
    dueDate: '2026-11-09',
    balance: 980.25,
    scheduledAmount: 0,
    unScheduledBalance: 980.25,
    status: 'partial_paid',
    pdfUrl: PDF_URL,
    ...overrides,
  });

export const makeRequestDetail = (overrides: Partial<PaymentRequestDetail> = {}): PaymentRequestDetail => ({
  id: REQUEST_ID,
  paymentType: 'SEND_PAYMENT',
  refNo: 'NW-10401',
  invoiceDate: '2026-11-02',
  dueDate: '2026-11-16',
  amount: 1250.5,
  balance: 1250.5,
  status: 'LINK_BILL',
  sender: {
    businessId: 'cccccccccccccccccccccc01',
    businessName: 'Northwind Supply Co.',
    email: 'accounts@northwind-supply.example',
    website: 'northwind-supply.example',
    addresses: { billing: null },
  },
  vendor: { id: 'vendor-1', name: 'Northwind (vendor)', email: 'accounts@northwind-supply.example' },
  isMapped: true,
  billId: BILL_ID,
  bill: { id: BILL_ID, refNo: 'BILL-0042', status: 'unpaid', balance: 1250.5, unScheduledBalance: 1250.5 },
  createdAt: '2026-11-02T15:00:00.000Z',
  updatedAt: '2026-11-02T15:00:00.000Z',
  subtotal: 1250.5,
  discountAmount: 0,
  taxAmount: 0,
  memo: null,
  lines: [],
  events: [],
  ...overrides,
});

// Get Paid mode: a payment received for an invoice.
export const RECEIVED_ID = 'ffffffffffffffffffffff21';
export const INVOICE_ID = 'eeeeeeeeeeeeeeeeeeeeee21';
export const INVOICE_PDF_URL = `/api${API}/invoices/${INVOICE_ID}/pdf`;

/** Invoice INV-2101 to Sunrise Bakery, dated Nov 3, due Nov 17, $640.00 still due. */
export const makeInvoicePreview = (): InvoiceView => ({
  id: INVOICE_ID,
  refNo: 'INV-2101',
  customerName: 'Sunrise Bakery (books)',
  contact: { id: 'customer-21', name: 'Sunrise Bakery (books)', email: 'ap@sunrise.test', onNetwork: true },
  invoiceDate: '2026-11-03',
  dueDate: '2026-11-17',
  paymentTerm: 'NET_15',
  amount: 900,
  balance: 640,
  status: 'partial_paid',
  paymentRequest: null,
  createdAt: '2026-11-03T09:00:00.000Z',
  lines: [],
  subtotal: 900,
  discount: null,
  taxAmount: 0,
  memo: null,
  attachments: [],
  pdfUrl: INVOICE_PDF_URL,
  payments: [],
  updatedAt: '2026-11-04T09:00:00.000Z',
});

/** The received payment of $260 from Sunrise Bakery for INV-2101. */
export const makeReceivedPreview = (): ReceivedPaymentDetail => ({
  id: RECEIVED_ID,
  status: 'DELIVERED',
  statusLabel: 'Received',
  dateLabel: 'Received Date',
  date: '2026-11-06',
  amount: 260,
  isAuto: false,
  deliverySpeed: 'STANDARD',
  processDate: '2026-11-04',
  expectedDelivery: null,
  deliveredAt: '2026-11-06T15:00:00.000Z',
  customer: { id: 'customer-21', name: 'Sunrise Bakery' },
  invoice: { id: INVOICE_ID, refNo: 'INV-2101', dueDate: '2026-11-17' },
  paymentRequestId: REQUEST_ID,
  receivingBank: null,
  message: null,
  createdAt: '2026-11-04T09:00:00.000Z',
  updatedAt: '2026-11-06T15:00:00.000Z',
  timeline: [],
});
