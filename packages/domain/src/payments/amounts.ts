import { formatThousands } from '../format/number.js';
import { fromCents } from '../money/cents.js';

/**
 * Typing and blur rules of the amount inputs (spec 002 §5). The validation messages and limits live in
 * schemas/payment-form.ts (payAmountSchema, partialPaymentAmountSchema, markAsPaidAmountSchema); these
 * helpers shape what the person types.
 */

const keepDecimal = (raw: string, maxDecimals: number): string => {
  const text = raw.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot === -1) return text;
  const fraction = text
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, maxDecimals);
  return `${text.slice(0, dot)}.${fraction}`;
};

/**
 * Pay amount as typed: digits and one dot, at most 2 decimals; anything else (commas, letters, a second
 * dot, a minus sign) is dropped. '1,234.567' → '1234.56'.
 */
export const sanitizePayAmountInput = (raw: string): string => keepDecimal(raw, 2);

/**
 * Mark-as-paid other amount as typed: digits with an optional decimal part of up to 6 digits, commas
 * stripped. It is rounded to 2 decimals on blur (`roundMarkAsPaidAmount`).
 */
export const sanitizeMarkAsPaidAmountInput = (raw: string): string => keepDecimal(raw, 6);

const PLAIN = /^(\d*)(?:\.(\d*))?$/;

/**
 * Integer cents of a typed decimal ('1,234.5', '.5', '12.') rounded half up to 2 decimals, or undefined
 * when it is empty or not a plain non-negative decimal.
 */
export const parseTypedAmount = (text: string): number | undefined => {
  const match = PLAIN.exec(text.replace(/[,\s]/g, ''));
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  const padded = fraction.padEnd(3, '0');
  const cents = BigInt(whole || '0') * 100n + BigInt(padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1n : 0n);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(cents);
};

/** Cents as the input shows them after blur: thousands separators and 2 decimals, no currency sign. */
export const formatAmountInput = (cents: number): string => formatThousands(fromCents(cents));

/**
 * Pay amount on blur: formatted with thousands separators and 2 decimals ('1234.5' → '1,234.50'), capped
 * at `maxCents` (the unscheduled balance) when given. Empty text stays empty and text that is not an
 * amount is left as typed, for the schema to report.
 */
export const formatPayAmountOnBlur = (text: string, options: { maxCents?: number } = {}): string => {
  if (text.trim() === '') return '';
  const cents = parseTypedAmount(text);
  if (cents === undefined) return text;
  const capped = options.maxCents === undefined ? cents : Math.min(cents, Math.max(0, options.maxCents));
  return formatAmountInput(capped);
};

/**
 * Mark-as-paid other amount on blur: rounded half up to 2 decimals ('10.005' → '10.01'), without
 * separators so it can be typed on. Text that is not an amount is left as typed.
 */
export const roundMarkAsPaidAmount = (text: string): string => {
  const cents = parseTypedAmount(text);
  return cents === undefined ? text : fromCents(cents);
};

export interface PayAmountSplit {
  /** What stays unscheduled on the bill after this payment. */
  remainingCents: number;
  /** A payment of less than the unscheduled balance leaves the bill open (partial payment). */
  isPartial: boolean;
}

/**
 * What a payment leaves on the bill. Throws RangeError when the amount is not a positive safe integer or
 * exceeds the unscheduled balance (the schema rejects those first).
 */
export const splitPayAmount = (input: {
  amountCents: number;
  unscheduledBalanceCents: number;
}): PayAmountSplit => {
  const { amountCents, unscheduledBalanceCents } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents < 1) {
    throw new RangeError(`Invalid amount: ${amountCents} cents`);
  }
  if (!Number.isSafeInteger(unscheduledBalanceCents) || amountCents > unscheduledBalanceCents) {
    throw new RangeError(`Amount ${amountCents} exceeds the unscheduled balance ${unscheduledBalanceCents}`);
  }
  const remainingCents = unscheduledBalanceCents - amountCents;
  return { remainingCents, isPartial: remainingCents > 0 };
};
