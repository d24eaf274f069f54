import {
  computeBillTotals,
  DEFAULT_PAYMENT_TERM,
  type DiscountType,
  dueDateForTerm,
  type PaymentTerm,
  parseQuantity,
  toCents,
} from '@ferry/domain';

/**
 * The create/edit form of a bill or an invoice (spec 002 §2 "Create bill/invoice"): the same fields on
 * both sides, named generically here (`contactId` is the vendor or the customer, `date` the bill or
 * invoice date). Each kind maps them to its request fields (`vendorId`/`billDate`,
 * `customerId`/`invoiceDate`) with `DocumentFields`.
 */

/** One line of the form; `target` is 'item:{id}' or 'account:{id}' (a line is booked to one of them). */
export type DocumentLineForm = {
  key: string;
  target: string | null;
  description: string;
  quantity: string;
  unitPrice: string;
};

/** An uploaded attachment, as the form keeps it. */
export type DocumentAttachment = { id: string; fileName: string };

export type DocumentFormValues<A extends DocumentAttachment = DocumentAttachment> = {
  contactId: string | null;
  refNo: string;
  date: string;
  dueDate: string;
  paymentTerm: PaymentTerm;
  lines: DocumentLineForm[];
  discountType: DiscountType;
  discountValue: string;
  taxAmount: string;
  memo: string;
  attachments: A[];
};

/** Field errors keyed by the form's dotted paths ('refNo', 'contactId', 'lines.0.quantity'). */
export type DocumentFormErrors = Record<string, string>;

/** The request's names for the contact and the date of this kind of document. */
export type DocumentFields<C extends string = string, D extends string = string> = {
  contact: C;
  date: D;
};

let lineCounter = 0;
export const newLine = (): DocumentLineForm => {
  lineCounter += 1;
  return { key: `line-${lineCounter}`, target: null, description: '', quantity: '1', unitPrice: '' };
};

/** Today's date in the browser's time zone, 'YYYY-MM-DD'. */
export const localToday = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export const initialDocumentForm = <A extends DocumentAttachment>(today: string): DocumentFormValues<A> => ({
  contactId: null,
  refNo: '',
  date: today,
  dueDate: dueDateForTerm(today, DEFAULT_PAYMENT_TERM) ?? today,
  paymentTerm: DEFAULT_PAYMENT_TERM,
  lines: [newLine()],
  discountType: 'AMOUNT',
  discountValue: '',
  taxAmount: '',
  memo: '',
  attachments: [],
});

/** What a saved document's view holds that the form shows again. */
export type SavedDocument<A extends DocumentAttachment> = {
  contact: { id: string };
  refNo: string;
  dueDate: string;
  paymentTerm: PaymentTerm;
  lines: {
    itemId: string | null;
    chartAccountId: string | null;
    description: string | null;
    quantity: number;
    unitPrice: number;
  }[];
  discount: { type: DiscountType; value: number } | null;
  taxAmount: number;
  memo: string | null;
  attachments: A[];
};

/** The form of a saved document, for editing it (amounts as typed: '1250.50', quantities as '2'). */
export const documentToForm = <A extends DocumentAttachment>(
  saved: SavedDocument<A>,
  date: string,
): DocumentFormValues<A> => ({
  contactId: saved.contact.id,
  refNo: saved.refNo,
  date,
  dueDate: saved.dueDate,
  paymentTerm: saved.paymentTerm,
  lines: saved.lines.map((line) => ({
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
  discountType: saved.discount?.type ?? 'AMOUNT',
  discountValue: saved.discount ? String(saved.discount.value) : '',
  taxAmount: saved.taxAmount ? saved.taxAmount.toFixed(2) : '',
  memo: saved.memo ?? '',
  attachments: saved.attachments,
});

/** The due date a term gives, or the date already entered (custom terms, or no valid date yet). */
export const recomputeDueDate = (date: string, term: PaymentTerm, current: string): string => {
  try {
    return dueDateForTerm(date, term) ?? current;
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
export const formTotals = (values: DocumentFormValues) =>
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

/** The fields every document request has (besides its contact and date). */
export type DocumentBodyCommon = {
  refNo: string;
  dueDate: string | null;
  paymentTerm: PaymentTerm;
  lines: {
    itemId: string | null;
    chartAccountId: string | null;
    description: string | null;
    quantity: string;
    unitPrice: string;
  }[];
  discount: { type: DiscountType; value: string } | null;
  taxAmount: string | null;
  memo: string | null;
  attachmentIds: string[];
  draftId: string | null;
};

/** A request body: the common fields with the kind's contact and date fields. */
export type DocumentBody<C extends string, D extends string> = DocumentBodyCommon &
  Record<C, string> &
  Record<D, string>;

/** The `POST` body of the form, with the kind's field names. */
export const toDocumentBody = <C extends string, D extends string>(
  values: DocumentFormValues,
  draftId: string | null,
  fields: DocumentFields<C, D>,
): DocumentBody<C, D> => {
  const common: DocumentBodyCommon = {
    refNo: values.refNo,
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
  };
  return {
    [fields.contact]: values.contactId ?? '',
    [fields.date]: values.date,
    ...common,
  } as DocumentBody<C, D>;
};

/** The form's key of a request path ('vendorId' → 'contactId', 'invoiceDate' → 'date'). */
export const formKeyOf = (path: string, fields: DocumentFields): string =>
  path === fields.contact ? 'contactId' : path === fields.date ? 'date' : path;

type SafeParser = {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/**
 * Checks the form with the server's own request schema; the first message of each field. A line's
 * item-or-account rule is only checked once its numbers parse, so it is said up front as well.
 */
export const validateDocumentForm = (
  values: DocumentFormValues,
  schema: SafeParser,
  fields: DocumentFields,
  lineTargetMessage: string,
): DocumentFormErrors => {
  const result = schema.safeParse(toDocumentBody(values, null, fields));
  const errors: DocumentFormErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = formKeyOf(issue.path.map(String).join('.'), fields);
      if (!(key in errors)) errors[key] = issue.message;
    }
  }
  values.lines.forEach((line, index) => {
    const key = `lines.${index}.itemId`;
    if (!line.target && !(key in errors)) errors[key] = lineTargetMessage;
  });
  return errors;
};

/** What a draft keeps of the form (nothing is checked but shape and size), with the kind's names. */
export const toDocumentDraft = <C extends string, D extends string>(
  values: DocumentFormValues,
  fields: DocumentFields<C, D>,
) => {
  const { draftId: _none, ...body } = toDocumentBody(values, null, fields);
  return {
    ...body,
    [fields.contact]: values.contactId,
    [fields.date]: values.date || null,
  } as Omit<DocumentBodyCommon, 'draftId'> & Record<C, string | null> & Record<D, string | null>;
};

/** A saved draft's payload back into the form (what it lacks stays as a new form has it). */
export const draftToForm = <A extends DocumentAttachment>(
  payload: Record<string, unknown>,
  fields: DocumentFields,
  today: string,
  attachments: A[] = [],
): DocumentFormValues<A> => {
  const base = initialDocumentForm<A>(today);
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  const lines = Array.isArray(payload.lines) ? (payload.lines as Record<string, unknown>[]) : [];
  const discount = payload.discount as { type?: DiscountType; value?: unknown } | null | undefined;
  return {
    ...base,
    contactId: text(payload[fields.contact]),
    refNo: text(payload.refNo) ?? '',
    date: text(payload[fields.date]) ?? base.date,
    dueDate: text(payload.dueDate) ?? base.dueDate,
    paymentTerm: (text(payload.paymentTerm) as PaymentTerm | null) ?? base.paymentTerm,
    lines:
      lines.length > 0
        ? lines.map((line) => ({
            ...newLine(),
            target: text(line.itemId)
              ? `item:${line.itemId}`
              : text(line.chartAccountId)
                ? `account:${line.chartAccountId}`
                : null,
            description: text(line.description) ?? '',
            quantity: line.quantity === undefined || line.quantity === null ? '1' : String(line.quantity),
            unitPrice: line.unitPrice === undefined || line.unitPrice === null ? '' : String(line.unitPrice),
          }))
        : base.lines,
    discountType: discount?.type ?? 'AMOUNT',
    discountValue: discount?.value === undefined || discount?.value === null ? '' : String(discount.value),
    taxAmount: payload.taxAmount === undefined || payload.taxAmount === null ? '' : String(payload.taxAmount),
    memo: text(payload.memo) ?? '',
    attachments,
  };
};
