import { z } from 'zod';

export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 90;
export const TRUSTED_DEVICE_DAYS = 30;

export const OTP_MESSAGE = 'Please enter a 6-digit verification code';

/** A six-digit one-time code. */
export const otpCodeSchema = z.string({ error: OTP_MESSAGE }).regex(/^\d{6}$/, { error: OTP_MESSAGE });
export type OtpCode = z.infer<typeof otpCodeSchema>;

/** Keeps the digits of pasted text, at most 6. */
export const sanitiseOtpInput = (text: string): string => text.replace(/\D/g, '').slice(0, OTP_LENGTH);

export const MICRO_DEPOSIT_MESSAGES = {
  first: 'Amount #1 is required',
  second: 'Amount #2 is required',
  digits: 'Must be 1-2 digits',
} as const;

const depositField = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .regex(/^\d{1,2}$/, { error: MICRO_DEPOSIT_MESSAGES.digits });

/** Two micro-deposit amounts in cents (each 1–2 digits, sent as 0.xx). */
export const microDepositsSchema = z.object({
  firstMicroDeposit: depositField(MICRO_DEPOSIT_MESSAGES.first),
  secondMicroDeposit: depositField(MICRO_DEPOSIT_MESSAGES.second),
});
export type MicroDeposits = z.infer<typeof microDepositsSchema>;

/** A micro-deposit entry ('7' or '07') as the decimal amount sent to the API ('0.07'). */
export const toMicroDepositAmount = (digits: string): string => `0.${digits.padStart(2, '0')}`;
