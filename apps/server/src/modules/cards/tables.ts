import type { CardBrand, CardOnboardingStatus } from '@ferry/domain/catalogues';
import type { CardFunding } from '@ferry/domain/fees';
import type { CardBillingAddress, SaqAttestationKey } from '@ferry/domain/schemas';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, timestampColumn, updatedAt } from '../../platform/db/columns.js';
import { chartAccounts } from '../accounting/tables.js';
import { businesses } from '../businesses/tables.js';
import { users } from '../users/tables.js';

/**
 * A business's cards for paying (spec 002 "Card"). The card number never reaches Ferry: the row keeps
 * the vault's token, its fingerprint (duplicate detection), brand, last 4, expiry and funding. Removing
 * a card keeps the row (deleted_at) for the payments made with it; the vault token is detached.
 */
export const cards = pgTable(
  'cards',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Which vault holds the card (sandbox or stripe) and its token there (`tok_…` / `pm_…`). */
    vaultProvider: text('vault_provider').notNull(),
    vaultTokenId: text('vault_token_id').notNull(),
    fingerprint: text('fingerprint').notNull(),
    brand: text('brand').$type<CardBrand>().notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    funding: text('funding').$type<CardFunding>().notNull(),
    nameOnCard: text('name_on_card').notNull(),
    billingAddress: jsonb('billing_address').$type<CardBillingAddress>().notNull(),
    /** Saved for later payments (listed); an unsaved card serves only the payment it was added for. */
    isSaved: boolean('is_saved').notNull().default(true),
    isPrimary: boolean('is_primary').notNull().default(false),
    chartAccountId: refColumn('chart_account_id').references(() => chartAccounts.id, {
      onDelete: 'set null',
    }),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestampColumn('deleted_at'),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('cards_business_idx').on(table.businessId, table.createdAt),
    uniqueIndex('cards_fingerprint_unique')
      .on(table.businessId, table.fingerprint)
      .where(sql`${table.deletedAt} is null`),
    uniqueIndex('cards_vault_token_unique').on(table.vaultProvider, table.vaultTokenId),
  ],
);
export type CardRow = typeof cards.$inferSelect;

/** The vault's customer of each business (one per vault provider), made on the first card. */
export const cardVaultCustomers = pgTable(
  'card_vault_customers',
  {
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    vaultProvider: text('vault_provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.vaultProvider] })],
);

/**
 * Card acceptance (merchant onboarding) of a business, one row per business: the application as last
 * submitted, the processor's decision and the SAQ (spec 002 §4 "Card-payment onboarding").
 */
export const merchantAccounts = pgTable('merchant_accounts', {
  businessId: refColumn('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  status: text('status').$type<CardOnboardingStatus>().notNull(),
  incorporationDate: text('incorporation_date').notNull(),
  businessCategory: text('business_category').notNull(),
  businessWebsite: text('business_website').notNull(),
  businessType: text('business_type').notNull(),
  /** The business bank account payouts go to (business_bank_accounts.id). */
  payoutBankAccountId: refColumn('payout_bank_account_id').notNull(),
  expectedAnnualCardVolume: integer('expected_annual_card_volume').notNull(),
  termsAgreedAt: timestampColumn('terms_agreed_at').notNull(),
  submittedAt: timestampColumn('submitted_at').notNull(),
  submittedBy: refColumn('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  /** A fresh id per submission: the processor decides each submission once. */
  submissionId: text('submission_id').notNull(),
  decidedAt: timestampColumn('decided_at'),
  rejectionReason: text('rejection_reason'),
  /** The processor's merchant id once approved. */
  processorMerchantId: text('processor_merchant_id'),
  saqType: text('saq_type'),
  saqSignerName: text('saq_signer_name'),
  saqSignerTitle: text('saq_signer_title'),
  saqAttestations: jsonb('saq_attestations').$type<Record<SaqAttestationKey, true>>(),
  saqCompletedAt: timestampColumn('saq_completed_at'),
  saqExpiresAt: timestampColumn('saq_expires_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type MerchantAccountRow = typeof merchantAccounts.$inferSelect;

/** A merchant's card surcharge: made (off) when the processor approves; its rate is fixed then. */
export const cardSurcharges = pgTable(
  'card_surcharges',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** min(3%, processing cost) in basis points. */
    rateBps: integer('rate_bps').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('card_surcharges_business_unique').on(table.businessId)],
);
export type CardSurchargeRow = typeof cardSurcharges.$inferSelect;
