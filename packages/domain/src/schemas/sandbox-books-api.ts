import { z } from 'zod';
import { ACCOUNTING_PROVIDER_TYPES, accountingProviderTypeSchema } from './accounting-api.js';
import { paginationQuerySchema } from './envelope.js';

/*
 * Sandbox Books (issue 21): the accounting system Ferry's sandbox accounting provider stands in with, for
 * every provider type, when no real adapter is configured. It has its own consent page and a page to
 * browse and edit its companies' records, so a newcomer can connect, sync, change something in the books
 * and see it arrive, all offline. Mounted only where sandbox providers are allowed (never in production
 * by default).
 *
 * Routes (base /api; a Ferry sign-in is needed except for the consent of purpose SIGN_IN):
 *   GET    /sandbox/books/consent?providerType&state&redirectUri&purpose → SandboxConsent
 *   POST   /sandbox/books/consent  SandboxConsentRequest                → { redirectUrl } (the browser goes there)
 *   GET    /sandbox/books/companies                                     → SandboxCompany[] (the signed-in user's)
 *   POST   /sandbox/books/companies {name, sample}                      → SandboxCompany (201)
 *   GET    /sandbox/books/companies/{companyId}/records?kind&search&pageNumber&pageSize → paged SandboxRecord[]
 *   POST   /sandbox/books/companies/{companyId}/records {kind, data}    → SandboxRecord (201)
 *   PATCH  /sandbox/books/companies/{companyId}/records/{recordId} {data} → SandboxRecord
 *   DELETE /sandbox/books/companies/{companyId}/records/{recordId}      → SandboxRecord (inactive)
 *   GET    /sandbox/books/companies/{companyId}/grants                  → SandboxGrant[]
 *   POST   /sandbox/books/companies/{companyId}/expire-tokens           → { expired } (every grant's tokens refused)
 * Another user's company answers 404.
 */

export const SANDBOX_BOOKS_KINDS = [
  'ACCOUNT',
  'ITEM',
  'VENDOR',
  'CUSTOMER',
  'BILL',
  'INVOICE',
  'BILL_PAYMENT',
  'INVOICE_PAYMENT',
] as const;
export type SandboxBooksKind = (typeof SANDBOX_BOOKS_KINDS)[number];

/** The kinds a person may add or edit on the browse page (payments come only from the API). */
export const SANDBOX_BOOKS_EDITABLE_KINDS = [
  'VENDOR',
  'CUSTOMER',
  'BILL',
  'INVOICE',
  'ACCOUNT',
  'ITEM',
] as const;

const name = z
  .string({ error: 'Please enter a name.' })
  .trim()
  .min(1, { error: 'Please enter a name.' })
  .max(100, { error: 'The name can be at most 100 characters.' });
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const cents = z
  .number({ error: 'Please enter an amount.' })
  .int({ error: 'Amounts are in whole cents.' })
  .min(0, { error: 'The amount cannot be negative.' })
  .max(99_999_999_999, { error: 'The amount is too large.' });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates are YYYY-MM-DD.' });

/** The fields of each kind a person edits (the provider interface's Remote* shapes, minus the ids). */
export const sandboxContactDataSchema = z.object({
  name,
  email: z.email({ error: 'Please enter a valid email.' }).max(254).nullable().optional(),
  phone: optionalText(30),
});
export const sandboxAccountDataSchema = z.object({
  name,
  number: optionalText(20),
  type: z.enum(['BANK', 'CREDIT_CARD', 'EXPENSE', 'INCOME', 'COST_OF_GOODS_SOLD']).nullable(),
});
export const sandboxItemDataSchema = z.object({
  name,
  description: optionalText(500),
  unitPriceCents: cents.nullable().optional(),
  isSold: z.boolean().default(true),
  isPurchased: z.boolean().default(false),
});
export const sandboxDocumentDataSchema = z.object({
  contactRemoteId: z.string().min(1).max(100),
  number: optionalText(50),
  date: isoDate,
  dueDate: isoDate.nullable().optional(),
  totalCents: cents,
  balanceCents: cents,
  memo: optionalText(500),
  status: z.enum(['OPEN', 'PAID', 'VOID']).default('OPEN'),
  lines: z
    .array(
      z.object({
        description: optionalText(500),
        amountCents: cents,
        quantity: z.number().nullable().optional(),
        accountRemoteId: z.string().max(100).nullable().optional(),
        itemRemoteId: z.string().max(100).nullable().optional(),
      }),
    )
    .max(100)
    .default([]),
});

export const sandboxCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  createdAt: z.string(),
  counts: z.partialRecord(z.enum(SANDBOX_BOOKS_KINDS), z.number().int()),
});
export type SandboxCompany = z.infer<typeof sandboxCompanySchema>;

export const sandboxCompanyRequestSchema = z.object({
  name,
  /** Fill it with sample data: 50 vendors, 20 customers, 20 open bills, 10 invoices, a chart and items. */
  sample: z.boolean().default(true),
});

export const sandboxRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(SANDBOX_BOOKS_KINDS),
  active: z.boolean(),
  updatedAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type SandboxRecord = z.infer<typeof sandboxRecordSchema>;

export const sandboxRecordsQuerySchema = paginationQuerySchema
  .pick({ pageNumber: true, pageSize: true })
  .extend({
    kind: z.enum(SANDBOX_BOOKS_KINDS),
    search: z.string().trim().max(100).optional(),
  });

export const sandboxRecordCreateSchema = z.object({
  kind: z.enum(SANDBOX_BOOKS_EDITABLE_KINDS),
  data: z.record(z.string(), z.unknown()),
});
export const sandboxRecordPatchSchema = z.object({ data: z.record(z.string(), z.unknown()) });

export const SANDBOX_PURPOSES = ['CONNECT', 'SIGN_IN'] as const;

export const sandboxConsentQuerySchema = z.object({
  providerType: accountingProviderTypeSchema,
  state: z.string().min(1).max(2000),
  redirectUri: z.string().min(1).max(2000),
  purpose: z.enum(SANDBOX_PURPOSES).default('CONNECT'),
});

export const sandboxConsentSchema = z.object({
  providerType: z.enum(ACCOUNTING_PROVIDER_TYPES),
  /** The provider Sandbox Books stands in for ('QuickBooks Online'...). */
  providerName: z.string(),
  purpose: z.enum(SANDBOX_PURPOSES),
  /** The signed-in user's companies (CONNECT); empty for SIGN_IN. */
  companies: z.array(sandboxCompanySchema),
});
export type SandboxConsent = z.infer<typeof sandboxConsentSchema>;

export const sandboxConsentRequestSchema = z.object({
  providerType: accountingProviderTypeSchema,
  state: z.string().min(1).max(2000),
  redirectUri: z.string().min(1).max(2000),
  purpose: z.enum(SANDBOX_PURPOSES).default('CONNECT'),
  decision: z.enum(['ALLOW', 'DENY']),
  /** The companies shared (CONNECT, at least one when allowing). */
  companyIds: z.array(z.string().min(1).max(100)).max(20).default([]),
  /** Who signs in (SIGN_IN, required when allowing). */
  email: z.email({ error: 'Please enter a valid email.' }).max(254).optional(),
});
export type SandboxConsentRequest = z.infer<typeof sandboxConsentRequestSchema>;

export const sandboxGrantSchema = z.object({
  id: z.string(),
  providerType: z.enum(ACCOUNTING_PROVIDER_TYPES),
  createdAt: z.string(),
  accessExpiresAt: z.string().nullable(),
  status: z.enum(['ACTIVE', 'EXPIRED', 'REVOKED']),
});
export type SandboxGrant = z.infer<typeof sandboxGrantSchema>;
