import {
  ACCESS_DENIED_MESSAGE,
  type CreatePaymentRequest,
  type DeliverySpeed,
  formatAmountInput,
  PAYMENT_FORM_MESSAGES,
  PAYMENT_LIMITS,
  parseTypedAmount,
  payAmountSchema,
  sanitizePayAmountInput,
} from '@ferry/domain';
import { type PayFromOption, payFromMessage } from '@/components/pay/pay-from';
import { type ProcessDateRules, processDateMessage } from '@/components/pay/process-date';

/** The make-payment form (spec 002 §3 "Payment form"). The amount is the text in the input. */
export type PaymentFormValues = {
  paymentInstrumentId: string | null;
  deliverySpeed: DeliverySpeed;
  processDate: string;
  amount: string;
  remarks: string;
};

export type PaymentFormField = 'paymentInstrumentId' | 'deliverySpeed' | 'processDate' | 'amount' | 'remarks';
export type PaymentFormErrors = Partial<Record<PaymentFormField, string>>;

export type PaymentFormContext = {
  unscheduledBalanceCents: number;
  rules: ProcessDateRules;
  selected: PayFromOption | undefined;
  /** Manage on approve-and-pay (spec 002 §6). */
  canPay: boolean;
};

/** The amount's §5 message, or null: required, a valid amount, at least $1.00, at most the unscheduled balance. */
export const payAmountMessage = (amount: string, unscheduledBalanceCents: number): string | null => {
  const parsed = payAmountSchema(unscheduledBalanceCents).safeParse(amount);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? PAYMENT_FORM_MESSAGES.amountInvalid);
};

export const remarksMessage = (remarks: string): string | null =>
  remarks.length > PAYMENT_LIMITS.remarksMax ? PAYMENT_FORM_MESSAGES.remarksTooLong : null;

/** Every field message of the form (shown inline). */
export const validatePaymentForm = (
  values: PaymentFormValues,
  context: PaymentFormContext,
): PaymentFormErrors => {
  const errors: PaymentFormErrors = {};
  const method = values.paymentInstrumentId ? payFromMessage(context.selected) : null;
  if (method) errors.paymentInstrumentId = method;
  const amount = payAmountMessage(values.amount, context.unscheduledBalanceCents);
  if (amount) errors.amount = amount;
  const date = processDateMessage(values.processDate, context.rules);
  if (date) errors.processDate = date;
  const remarks = remarksMessage(values.remarks);
  if (remarks) errors.remarks = remarks;
  return errors;
};

/**
 * The message next to the action button (spec 002 §5 "Action buttons"), or null: no permission, no
 * method ('Please select a payment method.'), an unverified bank ('Please select a verified bank account.').
 */
export const actionBlocker = (values: PaymentFormValues, context: PaymentFormContext): string | null => {
  if (!context.canPay) return ACCESS_DENIED_MESSAGE;
  return payFromMessage(values.paymentInstrumentId ? context.selected : undefined);
};

/** Whether the action button is disabled: loading, no method, no amount, a message, or an invalid field. */
export const isActionDisabled = (
  values: PaymentFormValues,
  context: PaymentFormContext,
  state: { loading: boolean },
): boolean =>
  state.loading ||
  values.paymentInstrumentId === null ||
  values.amount.trim() === '' ||
  actionBlocker(values, context) !== null ||
  Object.keys(validatePaymentForm(values, context)).length > 0;

/** 'Pay' when the payment goes out today, 'Schedule payment' for a later process date. */
export const actionLabel = (processDate: string, today: string): string =>
  processDate === '' || processDate <= today ? 'Pay' : 'Schedule payment';

/** What the amount input shows on a keystroke: digits and one dot, at most 2 decimals. */
export const typedPayAmount = (raw: string): string => sanitizePayAmountInput(raw);

/** Cents of the typed amount (commas allowed), or undefined. */
export const amountCents = (amount: string): number | undefined => parseTypedAmount(amount);

/** The input's first value: the unscheduled balance ('1,234.50'). */
export const initialAmount = (unscheduledBalanceCents: number): string =>
  formatAmountInput(unscheduledBalanceCents);

/** The body of `POST payments`. */
export const toCreatePaymentBody = (
  values: PaymentFormValues,
  ids: { billId: string; paymentRequestId?: string | null },
): CreatePaymentRequest => {
  const cents = amountCents(values.amount) ?? 0;
  const remarks = values.remarks.trim();
  return {
    billId: ids.billId,
    paymentInstrumentId: values.paymentInstrumentId ?? '',
    amount: (cents / 100).toFixed(2),
    deliverySpeed: values.deliverySpeed,
    processDate: values.processDate,
    ...(remarks ? { remarks } : {}),
    ...(ids.paymentRequestId ? { paymentRequestId: ids.paymentRequestId } : {}),
  };
};

/** The server's field for an error code of the payments routes (contract error table). */
export const fieldOfErrorCode = (errorCode: string | undefined): PaymentFormField | null => {
  switch (errorCode) {
    case 'AMOUNT_ABOVE_BALANCE':
      return 'amount';
    case 'SPEED_NOT_ALLOWED':
      return 'deliverySpeed';
    case 'UNVERIFIED_BANK':
      return 'paymentInstrumentId';
    case 'INVALID_PROCESS_DATE':
      return 'processDate';
    default:
      return null;
  }
};

const FIELDS: readonly PaymentFormField[] = [
  'paymentInstrumentId',
  'deliverySpeed',
  'processDate',
  'amount',
  'remarks',
];

/** A 400's field name ('amount', 'body.amount', 'processDate'…) as a form field. */
export const fieldOfServerField = (field: string | undefined): PaymentFormField | null => {
  const last = field?.split('.').at(-1) ?? '';
  return (FIELDS as readonly string[]).includes(last) ? (last as PaymentFormField) : null;
};
