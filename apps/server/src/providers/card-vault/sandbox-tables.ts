import type { CardBillingAddress } from '@ferry/domain/schemas';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampColumn } from '../../platform/db/columns.js';

/**
 * The sandbox card vault's own store: it stands in for the vendor's systems, apart from Ferry's
 * records (modules/cards). It never keeps the card number or the security code: only a keyed
 * fingerprint of the number (HMAC under a key derived from the data key), brand, last 4, expiry and
 * funding, as a vault answers them.
 */
export const sandboxCardVaultTokens = pgTable(
  'sandbox_card_vault_tokens',
  {
    /** `tok_` + 24 random characters. */
    id: text('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    funding: text('funding').notNull(),
    name: text('name'),
    billingAddress: jsonb('billing_address').$type<CardBillingAddress>(),
    /** The sandbox customer it is attached to (tokens are single use). */
    customerId: text('customer_id'),
    attachedAt: timestampColumn('attached_at'),
    detachedAt: timestampColumn('detached_at'),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_card_vault_tokens_customer_idx').on(table.customerId)],
);
export type SandboxCardVaultTokenRow = typeof sandboxCardVaultTokens.$inferSelect;
