import { z } from 'zod';
import { formatMoney } from '../format/number.js';
import { toCents } from '../money/cents.js';
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
    return toCents(value.replace(/,/g, ''));
  } catch {
    return undefined;
  }
};

/** Pay amount: digits and one dot, at most 2 decimals, at least $1.00, at most the unscheduled balance. Parses to cents. */
export const payAmountSchema = (unscheduledBalanceCents: number) =>
  z.string({ error: PAYMENT_FORM_MESSAGES.amountRequired }).transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: PAYMENT_FORM_MESSAGES.amountRequired });
      return z.NEVER;
    }
    const cents = parseCents(value.trim());
    if (cents === undefined || cents < 0) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_FORM_MESSAGES.amountInvalid });
      return z.NEVER;
    }
    if (cents < MIN_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_FORM_MESSAGES.amountMin });
      return z.NEVER;
    }
    if (cents > unscheduledBalanceCents) {
      const balance = formatMoney(unscheduledBalanceCents);
      ctx.addIssue({ code: 'custom', message: PAYMENT_FORM_MESSAGES.amountAboveBalance(balance) });
      return z.NEVER;
    }
    return cents;
  });

/**
 * Partial payment of an invoice: a number, at least $1.00, at most the due, and either the full due
 * or leaving at least $1 unpaid. Parses to cents.
 */
export const partialPaymentAmountSchema = (dueCents: number) =>
  z.string({ error: PAYMENT_FORM_MESSAGES.amountInvalid }).transform((value, ctx) => {
    const cents = parseCents(value.trim());
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (cents === undefined) return fail(PAYMENT_FORM_MESSAGES.amountInvalid);
    if (cents < MIN_AMOUNT_CENTS) return fail(PAYMENT_FORM_MESSAGES.partialMin);
    if (cents > dueCents) return fail(PAYMENT_FORM_MESSAGES.partialMax(formatMoney(dueCents)));
    if (cents !== dueCents && dueCents - cents < MIN_AMOUNT_CENTS)
      return fail(PAYMENT_FORM_MESSAGES.partialBalance);
    return cents;
  });

/** Mark-as-paid other amount: at least $1 and not above the due. Parses to cents. */
export const markAsPaidAmountSchema = (dueCents: number) =>
  z.string({ error: PAYMENT_FORM_MESSAGES.amountInvalid }).transform((value, ctx) => {
    const cents = parseCents(value.trim());
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (cents === undefined) return fail(PAYMENT_FORM_MESSAGES.amountInvalid);
    if (cents < MIN_AMOUNT_CENTS) return fail(PAYMENT_FORM_MESSAGES.markPaidMin);
    if (cents > dueCents) return fail(PAYMENT_FORM_MESSAGES.markPaidMax(formatMoney(dueCents)));
    return cents;
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
