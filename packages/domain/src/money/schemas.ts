import { z } from 'zod';
import { toAmountCents } from './cents.js';

/** The smallest payment or paid amount: $1.00 (spec 002 §9). */
export const MIN_AMOUNT_CENTS = 100;

export const AMOUNT_MESSAGES = {
  invalid: 'Please enter a valid amount.',
} as const;

/** Integer cents within the safe range. */
export const centsSchema = z
  .number({ error: AMOUNT_MESSAGES.invalid })
  .int({ error: AMOUNT_MESSAGES.invalid })
  .refine(Number.isSafeInteger, { error: AMOUNT_MESSAGES.invalid });
export type Cents = z.infer<typeof centsSchema>;

const isDecimalAmount = (value: string | number): boolean => {
  try {
    toAmountCents(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * An API decimal amount (number or string) with at most two places, parsed into integer cents:
 * `12.3` → `1230`. Rejects more decimals, non-numeric text and unsafe magnitudes.
 */
export const amountSchema = z
  .union([z.number(), z.string()], { error: AMOUNT_MESSAGES.invalid })
  .refine(isDecimalAmount, { error: AMOUNT_MESSAGES.invalid })
  .transform((value) => toAmountCents(value));
export type Amount = z.input<typeof amountSchema>;

/** An amount of at least $1.00, parsed into cents. */
export const positiveAmountSchema = amountSchema.refine((cents) => cents >= MIN_AMOUNT_CENTS, {
  error: 'Payment amount must be at least $1.00',
});
