import { z } from 'zod';
import { formatMoney } from '../format/number.js';
import { toAmountCents } from '../money/cents.js';
import { MIN_AMOUNT_CENTS } from '../money/schemas.js';
import { textField } from './text-field.js';

export const PAYMENT_FORM_MESSAGES = {
  amountRequired: 'Amount is required',
  amountMin: 'Payment amount must be at least $1.00',
  amountInvalid: 'Please enter a valid amount.',
  partialMin: 'Amount entered cannot be less than $1.00',
  partialMax: (due: string) => `Amount entered must not exceed the invoice due of ${due}`,
  partialBalance: "Balance left can't be less than $1. Pay in full or leave at least $1 unpaid.",
  markPaidMin: 'Amount must be greater than $1.',
  markPaidMax: (due: string) => `Amount cannot be greater than the due amount of ${due}.`,
  amountAboveBalance: (balance: string) => `Amount cannot exceed the unscheduled balance of ${balance}.`,
  remarksTooLong: 'Remarks cannot exceed 200 characters.',
  referenceTooLong: 'Reference number cannot exceed 21 characters.',
  referenceInvalid: 'Reference number can only contain letters, numbers, spaces and & - _ .',
} as const;

const parseCents = (value: string): number | undefined => {
  try {
    return toAmountCents(value.replace(/,/g, ''));
  } catch {
    return undefined;
  }
};

/**
 * A decimal amount typed by a person, parsed to cents. An empty entry gives `emptyMessage`, text that is
 * not an amount gives the invalid-amount message, and `check` returns the first broken rule, if any.
 */
const amountInCentsSchema = (emptyMessage: string, check: (cents: number) => string | undefined) =>
  z.string({ error: emptyMessage }).transform((value, ctx) => {
    const text = value.trim();
    const cents = text === '' ? undefined : parseCents(text);
    const message =
      text === '' ? emptyMessage : cents === undefined ? PAYMENT_FORM_MESSAGES.amountInvalid : check(cents);
    if (message !== undefined || cents === undefined) {
      ctx.addIssue({ code: 'custom', message: message ?? PAYMENT_FORM_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    return cents;
  });

/** Pay amount: digits and one dot, at most 2 decimals, at least $1.00, at most the unscheduled balance. Parses to cents. */
export const payAmountSchema = (unscheduledBalanceCents: number) =>
  amountInCentsSchema(PAYMENT_FORM_MESSAGES.amountRequired, (cents) => {
    if (cents < 0) return PAYMENT_FORM_MESSAGES.amountInvalid;
    if (cents < MIN_AMOUNT_CENTS) return PAYMENT_FORM_MESSAGES.amountMin;
    if (cents > unscheduledBalanceCents) {
      return PAYMENT_FORM_MESSAGES.amountAboveBalance(formatMoney(unscheduledBalanceCents));
    }
    return undefined;
  });

/**
 * Partial payment of an invoice: a number, at least $1.00, at most the due, and either the full due
 * or leaving at least $1 unpaid. Parses to cents.
 */
export const partialPaymentAmountSchema = (dueCents: number) =>
  amountInCentsSchema(PAYMENT_FORM_MESSAGES.amountInvalid, (cents) => {
    if (cents < MIN_AMOUNT_CENTS) return PAYMENT_FORM_MESSAGES.partialMin;
    if (cents > dueCents) return PAYMENT_FORM_MESSAGES.partialMax(formatMoney(dueCents));
    if (cents !== dueCents && dueCents - cents < MIN_AMOUNT_CENTS)
      return PAYMENT_FORM_MESSAGES.partialBalance;
    return undefined;
  });

/** Mark-as-paid other amount: at least $1 and not above the due. Parses to cents. */
export const markAsPaidAmountSchema = (dueCents: number) =>
  amountInCentsSchema(PAYMENT_FORM_MESSAGES.amountInvalid, (cents) => {
    if (cents < MIN_AMOUNT_CENTS) return PAYMENT_FORM_MESSAGES.markPaidMin;
    if (cents > dueCents) return PAYMENT_FORM_MESSAGES.markPaidMax(formatMoney(dueCents));
    return undefined;
  });

/** Internal remarks: optional, at most 200 characters. */
export const remarksSchema = z.string().max(200, { error: PAYMENT_FORM_MESSAGES.remarksTooLong });

/** Bill or invoice reference: at most 21 characters of letters, digits, & - _ . and space. */
export const referenceNumberSchema = textField({
  max: { length: 21, message: PAYMENT_FORM_MESSAGES.referenceTooLong },
  pattern: { regex: /^[A-Za-z0-9&\-_. ]+$/, message: PAYMENT_FORM_MESSAGES.referenceInvalid },
});

export const MERCHANT_MESSAGES = {
  volume: 'Expected annual card volume must be a whole number between 1,000 and 10,000,000.',
} as const;

/** Expected annual card volume: whole US dollars from 1,000 to 10,000,000. */
export const annualCardVolumeSchema = z.coerce
  .number({ error: MERCHANT_MESSAGES.volume })
  .int({ error: MERCHANT_MESSAGES.volume })
  .min(1000, { error: MERCHANT_MESSAGES.volume })
  .max(10_000_000, { error: MERCHANT_MESSAGES.volume });
