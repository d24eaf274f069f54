import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, timestampColumn, updatedAt } from '../../platform/db/columns.js';

/**
 * Sandbox Books: the accounting system Ferry's sandbox provider stands in with (for QuickBooks Online,
 * Xero, FreshBooks and Zoho Books alike). It is the "outside" system: Ferry's accounting module never
 * reads these tables, only the AccountingProvider interface does. A company belongs to the Ferry user
 * who made it at the consent page (a sandbox has no accounts of its own).
 */
export const sandboxBooksCompanies = pgTable(
  'sandbox_books_companies',
  {
    id: idColumn(),
    /** The Ferry user who made the company (not a foreign key: the sandbox is another system). */
    ownerUserId: refColumn('owner_user_id').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull().default('USD'),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_books_companies_owner_idx').on(table.ownerUserId)],
);
export type SandboxBooksCompanyRow = typeof sandboxBooksCompanies.$inferSelect;

/**
 * The company's records, one row each: kind ACCOUNT, ITEM, VENDOR, CUSTOMER, BILL, INVOICE,
 * BILL_PAYMENT or INVOICE_PAYMENT, with the fields of the provider interface's Remote* shapes in `data`.
 * `id` is the record's id in the books. A record made by an API call with an idempotency key keeps it,
 * so the same key never makes a second record.
 */
export const sandboxBooksRecords = pgTable(
  'sandbox_books_records',
  {
    id: idColumn(),
    companyId: refColumn('company_id')
      .notNull()
      .references(() => sandboxBooksCompanies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    active: boolean('active').notNull().default(true),
    idempotencyKey: text('idempotency_key'),
    /** Change order (the list cursor: updated_at can tie). */
    version: bigint('version', { mode: 'number' }).notNull().default(sql`0`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('sandbox_books_records_company_kind_idx').on(
      table.companyId,
      table.kind,
      table.updatedAt,
      table.id,
    ),
    uniqueIndex('sandbox_books_records_idempotency_unique')
      .on(table.companyId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
  ],
);
export type SandboxBooksRecordRow = typeof sandboxBooksRecords.$inferSelect;

/**
 * OAuth grants of Sandbox Books: an authorisation code (once), then an access token (1 hour) and a
 * refresh token (100 days, rotated on each refresh), all kept as SHA-256 hashes. `expiredAt` is set by
 * the "Expire token" control: every token of the grant is then refused, as when a real grant lapses.
 */
export const sandboxBooksGrants = pgTable('sandbox_books_grants', {
  id: idColumn(),
  providerType: text('provider_type').notNull(),
  ownerUserId: refColumn('owner_user_id'),
  companyIds: jsonb('company_ids').$type<string[]>().notNull(),
  /** Who consented (for sign-in with the provider): email and names. */
  identity: jsonb('identity').$type<{
    email: string;
    firstName: string | null;
    lastName: string | null;
  } | null>(),
  redirectUri: text('redirect_uri').notNull(),
  codeHash: text('code_hash').unique(),
  codeExpiresAt: timestampColumn('code_expires_at'),
  codeUsedAt: timestampColumn('code_used_at'),
  accessTokenHash: text('access_token_hash').unique(),
  accessExpiresAt: timestampColumn('access_expires_at'),
  refreshTokenHash: text('refresh_token_hash').unique(),
  refreshExpiresAt: timestampColumn('refresh_expires_at'),
  expiredAt: timestampColumn('expired_at'),
  revokedAt: timestampColumn('revoked_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type SandboxBooksGrantRow = typeof sandboxBooksGrants.$inferSelect;
