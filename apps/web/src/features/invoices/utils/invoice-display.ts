import {
  formatMoney,
  getPaymentStatusDisplay,
  INVOICE_STATUSES,
  type InvoiceListItem,
  toCents,
} from '@ferry/domain';

/** An invoice's status as the receiving side reads it (spec 002 §4: delivered → 'Received'). */
export const invoiceStatusDisplay = (status: string) => getPaymentStatusDisplay(status, { side: 'receive' });

/** The Invoices tab's status filter: every status an invoice takes. */
export const INVOICE_STATUS_FILTER_OPTIONS = INVOICE_STATUSES.map((status) => ({
  value: status,
  label: invoiceStatusDisplay(status).label,
}));

export const money = (amount: number) => formatMoney(toCents(amount.toFixed(2)));

type RequestRef = InvoiceListItem['paymentRequest'];

/** A request still out with the customer (not paid, canceled or voided). */
export const isRequestOut = (request: RequestRef): request is NonNullable<RequestRef> =>
  request !== null && !['COMPLETED', 'CANCELLED', 'VOID'].includes(request.state);

/** A reminder or a cancel is refused while the customer's payment is on its way. */
export const canFollowUpRequest = (request: RequestRef): request is NonNullable<RequestRef> =>
  isRequestOut(request) && request.state !== 'PROCESSING';

/** A request can be sent for an open invoice with nothing received on it and none out. */
export const canSendRequest = (
  invoice: Pick<InvoiceListItem, 'status' | 'paymentRequest' | 'amount' | 'balance'>,
) =>
  invoice.status === 'unpaid' && invoice.balance === invoice.amount && !isRequestOut(invoice.paymentRequest);
