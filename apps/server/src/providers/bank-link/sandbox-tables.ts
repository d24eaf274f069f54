import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampColumn, updatedAt } from '../../platform/db/columns.js';

/**
 * The sandbox bank-link provider's own store. It stands in for the vendor's systems (link tokens,
 * link sessions, items), so it keeps them apart from Ferry's bank records (modules/banking) and
 * answers only through the BankLinkProvider interface and its sandbox routes. Every token is kept as a
 * SHA-256 hash; the only token kept readable is an update-mode link token's access token, sealed with
 * the data key, so that completing update mode can hand the same access token back.
 */
export const sandboxBankLinkTokens = pgTable('sandbox_bank_link_tokens', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  businessId: text('business_id').notNull(),
  userId: text('user_id').notNull(),
  clientName: text('client_name').notNull(),
  /** Update mode: the item being repaired. */
  itemId: text('item_id'),
  /** Update mode: the item's access token, sealed (secret box, bound to this row's id). */
  accessTokenSealed: text('access_token_sealed'),
  expiresAt: timestampColumn('expires_at').notNull(),
  createdAt: createdAt(),
});

export const sandboxBankLinkSessions = pgTable(
  'sandbox_bank_link_sessions',
  {
    id: text('id').primaryKey(),
    linkTokenId: text('link_token_id').notNull(),
    institutionId: text('institution_id').notNull(),
    /** What the password asked the sandbox to reproduce later (at /auth/get), or null. */
    scenario: text('scenario'),
    /** The accounts chosen when the session was completed. */
    accountIds: jsonb('account_ids').$type<string[]>(),
    completedAt: timestampColumn('completed_at'),
    publicTokenHash: text('public_token_hash').unique(),
    publicTokenExpiresAt: timestampColumn('public_token_expires_at'),
    publicTokenUsedAt: timestampColumn('public_token_used_at'),
    expiresAt: timestampColumn('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_bank_link_sessions_link_token_idx').on(table.linkTokenId)],
);

export const sandboxBankLinkItems = pgTable('sandbox_bank_link_items', {
  id: text('id').primaryKey(),
  accessTokenHash: text('access_token_hash').notNull().unique(),
  businessId: text('business_id').notNull(),
  institutionId: text('institution_id').notNull(),
  accountIds: jsonb('account_ids').$type<string[]>().notNull(),
  /** OK, LOGIN_REQUIRED or REVOKED. */
  status: text('status').notNull(),
  errorCode: text('error_code'),
  scenario: text('scenario'),
  removedAt: timestampColumn('removed_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
