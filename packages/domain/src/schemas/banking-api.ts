import { z } from 'zod';
import {
  BANK_ACCOUNT_PROVIDERS,
  BANK_ACCOUNT_STATUSES,
  BANK_CONNECTION_STATUSES,
  BANK_VERIFICATION_STATUSES,
  MICRO_DEPOSIT_STATES,
} from '../catalogues/banking.js';
import { toDayNumber } from '../dates/calendar-date.js';
import { BANK_ACCOUNT_MESSAGES, bankAccountSchema, hasValidRoutingChecksum } from './bank-account.js';
import { type MicroDeposits, microDepositsSchema } from './codes.js';

/** The business bank routes of spec 002 §7 "Banks and cards" (contract of issue 6). */

const idSchema = z.string().trim().min(1).max(64);

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

export const microDepositViewSchema = z.object({
  state: z.enum(MICRO_DEPOSIT_STATES),
  /** The business day the deposits are expected to reach the bank ('YYYY-MM-DD'). */
  expectedBy: z.string(),
  /** When the deposits reached the bank (then they can be entered). */
  sentAt: z.string().nullable(),
  /** The deposits can be entered until then (14 days after they arrived). */
  expiresAt: z.string().nullable(),
});
export type MicroDepositView = z.infer<typeof microDepositViewSchema>;

/** A business bank account as every bank route answers it: the account number only as its last 4 digits. */
export const bankAccountViewSchema = z
  .object({
    id: z.string(),
    paymentInstrumentId: z.string(),
    bankName: z.string(),
    accountName: z.string(),
    accountHolderName: z.string().nullable(),
    accountType: z.enum(['BUSINESS_CHECKING', 'BUSINESS_SAVINGS']),
    subtype: z.string(),
    accountMask: z.string(),
    routingNumber: z.string(),
    isPrimary: z.boolean(),
    accountProvider: z.enum(BANK_ACCOUNT_PROVIDERS),
    bankDetails: z.object({
      name: z.string(),
      logo: z.string().nullable(),
      institutionId: z.string().nullable(),
    }),
    verificationStatus: z.enum(BANK_VERIFICATION_STATUSES),
    verifyAttemptRemains: z.number().int().nullable(),
    accountStatus: z.enum(BANK_ACCOUNT_STATUSES),
    status: z.enum(BANK_CONNECTION_STATUSES),
    isMicroDepositBank: z.boolean(),
    shouldVerifyWithCode: z.boolean(),
    microDeposit: microDepositViewSchema.nullable(),
    reconnectFailed: z.boolean(),
    platformChartOfAccountId: z.string().nullable(),
    chartAccountName: z.string().nullable(),
    /** Payments to this bank wait until then after a change by a network vendor (see bankChangeHoldUntil). */
    holdUntil: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'BankAccount' });
export type BankAccountView = z.infer<typeof bankAccountViewSchema>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

export const bankAccountListQuerySchema = z.object({
  /** Include banks whose access is blocked or expired. */
  blocked: booleanQuery,
  /** Include rejected and unusable banks. */
  unusable: booleanQuery,
});
export type BankAccountListQuery = z.infer<typeof bankAccountListQuerySchema>;

/** A business's own bank entered by hand (spec 002 §5): the bank form plus the ABA routing checksum. */
export const addBankAccountRequestSchema = bankAccountSchema.superRefine((v, ctx) => {
  if (/^\d{9}$/.test(v.routingNumber) && !hasValidRoutingChecksum(v.routingNumber)) {
    ctx.addIssue({ code: 'custom', message: BANK_ACCOUNT_MESSAGES.routingChecksum, path: ['routingNumber'] });
  }
});
export type AddBankAccountRequest = z.infer<typeof addBankAccountRequestSchema>;

/** 'Enter Deposited Amounts' (spec 002 §5): the two amounts of codes.ts (1–2 digits each, the cents of 0.xx). */
export const microDepositSchema = microDepositsSchema;
export type MicroDepositForm = MicroDeposits;

export const verifyMicroDepositRequestSchema = microDepositSchema.extend({ paymentInstrumentId: idSchema });
export type VerifyMicroDepositRequest = z.infer<typeof verifyMicroDepositRequestSchema>;

export const bankInstrumentRequestSchema = z.object({ paymentInstrumentId: idSchema });
export type BankInstrumentRequest = z.infer<typeof bankInstrumentRequestSchema>;

export const linkChartAccountRequestSchema = z.object({
  paymentInstrumentId: idSchema,
  businessAccountId: idSchema,
});
export type LinkChartAccountRequest = z.infer<typeof linkChartAccountRequestSchema>;

export const linkTokenViewSchema = z.object({
  linkToken: z.string(),
  expiration: z.string(),
  provider: z.enum(['sandbox', 'plaid']),
});
export type LinkTokenView = z.infer<typeof linkTokenViewSchema>;

export const bankLinkExchangeQuerySchema = z.object({
  tokenId: z.string().trim().min(1).max(500),
  bankInstituteId: z.string().trim().min(1).max(100),
});
export type BankLinkExchangeQuery = z.infer<typeof bankLinkExchangeQuerySchema>;

export const bankLinkResultSchema = z.object({
  bankAccounts: z.array(bankAccountViewSchema),
  bankDenied: z.boolean(),
  reason: z.enum(['BLOCKED_INSTITUTE']).nullable(),
});
export type BankLinkResult = z.infer<typeof bankLinkResultSchema>;

export const reconnectRequestSchema = z.object({
  accountId: idSchema,
  publicToken: z.string().trim().min(1).max(500).optional(),
});
export type ReconnectRequest = z.infer<typeof reconnectRequestSchema>;

export const reconnectResultSchema = z.object({
  status: z.enum(['VERIFIED', 'FAILED']),
  bankAccount: bankAccountViewSchema,
});
export type ReconnectResult = z.infer<typeof reconnectResultSchema>;

export const reconnectUrlQuerySchema = z.object({
  accountId: idSchema,
  isMicroDeposit: z.enum(['true', 'false']).optional(),
});

// ---------------------------------------------------------------------------------------------
// Chart of accounts (Ferry's default chart until accounting software is connected)
// ---------------------------------------------------------------------------------------------

export const CHART_ACCOUNT_TYPES = [
  'BANK',
  'CREDIT_CARD',
  'EXPENSE',
  'INCOME',
  'COST_OF_GOODS_SOLD',
] as const;
export type ChartAccountType = (typeof CHART_ACCOUNT_TYPES)[number];

export const chartAccountViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  accountType: z.enum(CHART_ACCOUNT_TYPES),
  number: z.string().nullable(),
  source: z.enum(['FERRY', 'BOOKS']),
});
export type ChartAccountView = z.infer<typeof chartAccountViewSchema>;

export const chartAccountsQuerySchema = z.object({
  /** BANK, CREDIT_CARD or EXPENSE; EXPENSE also lists cost of goods sold. */
  parentAccountType: z.enum(['BANK', 'CREDIT_CARD', 'EXPENSE', 'INCOME']).optional(),
  /** Accounts a bill line may be booked to (expenses and cost of goods sold). */
  isForCreateBill: booleanQuery,
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
});
export type ChartAccountsQuery = z.infer<typeof chartAccountsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Bank calendar
// ---------------------------------------------------------------------------------------------

export const BANK_HOLIDAY_MESSAGES = {
  invalidDate: 'Dates must be valid calendar dates (YYYY-MM-DD).',
  order: 'The start date must not be after the end date.',
  span: 'The range cannot be longer than 3 years.',
} as const;

/** The day number of a 'YYYY-MM-DD' date, or null when it is not a real date. */
const dayOf = (value: string): number | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  try {
    return toDayNumber(value);
  } catch {
    return null;
  }
};

const calendarDate = z
  .string()
  .refine((v) => dayOf(v) !== null, { error: BANK_HOLIDAY_MESSAGES.invalidDate });

export const bankHolidaysQuerySchema = z
  .object({ from: calendarDate, to: calendarDate })
  .refine((v) => (dayOf(v.from) ?? 0) <= (dayOf(v.to) ?? Number.POSITIVE_INFINITY), {
    error: BANK_HOLIDAY_MESSAGES.order,
    path: ['to'],
  })
  .refine((v) => (dayOf(v.to) ?? 0) - (dayOf(v.from) ?? 0) <= 3 * 366, {
    error: BANK_HOLIDAY_MESSAGES.span,
    path: ['to'],
  });
export type BankHolidaysQuery = z.infer<typeof bankHolidaysQuerySchema>;

export const bankHolidaysViewSchema = z.object({
  holidays: z.array(z.object({ date: z.string(), observedDate: z.string().nullable(), name: z.string() })),
});
export type BankHolidaysView = z.infer<typeof bankHolidaysViewSchema>;

// ---------------------------------------------------------------------------------------------
// Sandbox rails and bank (only with the sandbox rails provider)
// ---------------------------------------------------------------------------------------------

export const sandboxClockViewSchema = z.object({
  now: z.string(),
  offsetMs: z.number().int(),
  /** The sandbox bank's business date: `now` in New York (the rails' time zone), 'YYYY-MM-DD'. */
  date: z.string(),
});
export type SandboxClockView = z.infer<typeof sandboxClockViewSchema>;

export const sandboxClockAdvanceRequestSchema = z
  .object({
    businessDays: z.number().int().min(1).max(30).optional(),
    hours: z.number().int().min(1).max(720).optional(),
  })
  .refine((v) => v.businessDays !== undefined || v.hours !== undefined, {
    error: 'Give businessDays or hours to advance the sandbox clock.',
    path: ['businessDays'],
  });
export type SandboxClockAdvanceRequest = z.infer<typeof sandboxClockAdvanceRequestSchema>;

export const sandboxClockAdvanceViewSchema = sandboxClockViewSchema.extend({ settled: z.number().int() });
export type SandboxClockAdvanceView = z.infer<typeof sandboxClockAdvanceViewSchema>;

export const sandboxStatementViewSchema = z.object({
  bankName: z.string(),
  accountMask: z.string(),
  now: z.string(),
  transactions: z.array(
    z.object({
      id: z.string(),
      postedAt: z.string().nullable(),
      description: z.string(),
      /** Dollars: positive for a credit (0.07), negative for a debit (-0.39). */
      amount: z.number(),
      /** The same in cents (7, -39). */
      amountCents: z.number().int(),
      status: z.enum(['PENDING', 'POSTED']),
    }),
  ),
});
export type SandboxStatementView = z.infer<typeof sandboxStatementViewSchema>;
