import {
  BILL_MESSAGES,
  type BillAttachmentView,
  type BillDraftPayload,
  type BillTotals,
  type BillView,
  billRequestSchema,
  computeBillTotals,
  DEFAULT_PAYMENT_TERM,
  type DiscountType,
  dueDateForTerm,
  type PaymentTerm,
  parseQuantity,
  toCents,
} from '@ferry/domain';
import type { CreateBillBody } from '../api/bills-api';

/** One line of the form; `target` is 'item:{id}' or 'account:{id}' (a line is booked to one of them). */
export type BillLineForm = {
  key: string;
  target: string | null;
  description: string;
  quantity: string;
  unitPrice: string;
};

export type BillFormValues = {
  vendorId: string | null;
  refNo: string;
  billDate: string;
  dueDate: string;
  paymentTerm: PaymentTerm;
  lines: BillLineForm[];
  discountType: DiscountType;
  discountValue: string;
  taxAmount: string;
  memo: string;
  attachments: BillAttachmentView[];
};

/** Field errors keyed by the API's dotted paths ('refNo', 'lines.0.quantity', 'discount.value'). */
export type BillFormErrors = Record<string, string>;

let lineCounter = 0;
export const newLine = (): BillLineForm => {
  lineCounter += 1;
  return { key: `line-${lineCounter}`, target: null, description: '', quantity: '1', unitPrice: '' };
};

/** Today's date in the browser's time zone, 'YYYY-MM-DD'. */
export const localToday = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export const initialBillForm = (today: string): BillFormValues => ({
  vendorId: null,
  refNo: '',
  billDate: today,
  dueDate: dueDateForTerm(today, DEFAULT_PAYMENT_TERM) ?? today,
  paymentTerm: DEFAULT_PAYMENT_TERM,
  lines: [newLine()],
  discountType: 'AMOUNT',
  discountValue: '',
  taxAmount: '',
  memo: '',
  attachments: [],
});

/** The form of a saved bill, for editing it (amounts as typed: '1250.50', quantities as '2'). */
export const billToForm = (bill: BillView): BillFormValues => ({
  vendorId: bill.contact.id,
  refNo: bill.refNo,
  billDate: bill.billDate,
  dueDate: bill.dueDate,
  paymentTerm: bill.paymentTerm,
  lines: bill.lines.map((line) => ({
    ...newLine(),
    target: line.itemId
      ? `item:${line.itemId}`
      : line.chartAccountId
        ? `account:${line.chartAccountId}`
        : null,
    description: line.description ?? '',
    quantity: String(line.quantity),
    unitPrice: line.unitPrice.toFixed(2),
  })),
  discountType: bill.discount?.type ?? 'AMOUNT',
  discountValue: bill.discount ? String(bill.discount.value) : '',
  taxAmount: bill.taxAmount ? bill.taxAmount.toFixed(2) : '',
  memo: bill.memo ?? '',
  attachments: bill.attachments,
});

/** Whether a bill may still be edited: nothing paid, scheduled or cancelled (the server's rule). */
export const isBillEditable = (bill: Pick<BillView, 'status' | 'amount' | 'balance' | 'scheduledAmount'>) =>
  bill.status !== 'cancelled' && bill.scheduledAmount === 0 && bill.balance === bill.amount;

/** The due date a term gives, or the date already entered (custom terms, or no valid bill date yet). */
export const recomputeDueDate = (billDate: string, term: PaymentTerm, current: string): string => {
  try {
    return dueDateForTerm(billDate, term) ?? current;
  } catch {
    return current;
  }
};

const safeCents = (value: string): number => {
  const text = value.trim().replace(/,/g, '');
  if (text === '') return 0;
  try {
    const cents = toCents(text);
    return Math.max(cents, 0);
  } catch {
    return 0;
  }
};

/** The running totals, with the server's rounding (`computeBillTotals`); unreadable fields count as 0. */
export const formTotals = (values: BillFormValues): BillTotals =>
  computeBillTotals({
    lines: values.lines.map((line) => {
      const quantity = parseQuantity(line.quantity);
      return { quantityE4: 'e4' in quantity ? quantity.e4 : 0, unitPriceCents: safeCents(line.unitPrice) };
    }),
    discount:
      values.discountValue.trim() === ''
        ? null
        : { type: values.discountType, value: safeCents(values.discountValue) },
    taxCents: safeCents(values.taxAmount),
  });

const splitTarget = (target: string | null) => ({
  itemId: target?.startsWith('item:') ? target.slice(5) : null,
  chartAccountId: target?.startsWith('account:') ? target.slice(8) : null,
});

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The `POST bills` body of the form. */
export const toBillBody = (values: BillFormValues, draftId: string | null): CreateBillBody => ({
  vendorId: values.vendorId ?? '',
  refNo: values.refNo,
  billDate: values.billDate,
  dueDate: orNull(values.dueDate),
  paymentTerm: values.paymentTerm,
  lines: values.lines.map((line) => ({
    ...splitTarget(line.target),
    description: orNull(line.description),
    quantity: line.quantity.trim(),
    unitPrice: line.unitPrice.trim().replace(/,/g, ''),
  })),
  discount:
    values.discountValue.trim() === ''
      ? null
      : { type: values.discountType, value: values.discountValue.trim().replace(/,/g, '') },
  taxAmount: orNull(values.taxAmount.replace(/,/g, '')),
  memo: orNull(values.memo),
  attachmentIds: values.attachments.map((a) => a.id),
  draftId,
});

/** Checks the form with the server's own schema; the first message of each field. */
export const validateBillForm = (values: BillFormValues): BillFormErrors => {
  const result = billRequestSchema.safeParse(toBillBody(values, null));
  const errors: BillFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  // A line's item-or-account rule is only checked once its numbers parse: say it up front as well.
  values.lines.forEach((line, index) => {
    const key = `lines.${index}.itemId`;
    if (!line.target && !(key in errors)) errors[key] = BILL_MESSAGES.lineTarget;
  });
  return errors;
};

/** The field a server error belongs to (the duplicate bill number comes without one). */
export const fieldOfServerMessage = (field: string, message: string): string =>
  field === '' && message === BILL_MESSAGES.referenceTaken ? 'refNo' : field;

/** What a draft keeps of the form (nothing is checked but shape and size). */
export const toDraftPayload = (values: BillFormValues): BillDraftPayload => {
  const body = toBillBody(values, null);
  return {
    vendorId: values.vendorId,
    refNo: values.refNo,
    billDate: values.billDate || null,
    dueDate: body.dueDate,
    paymentTerm: values.paymentTerm,
    lines: body.lines,
    discount: body.discount,
    taxAmount: body.taxAmount,
    memo: body.memo,
    attachmentIds: body.attachmentIds,
  };
};
