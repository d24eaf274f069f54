import type {
  BankAccountProvider,
  BankAccountStatus,
  BankAccountType,
  BankConnectionStatus,
  BankVerificationStatus,
  MicroDepositState,
} from '@ferry/domain/catalogues';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, timestampColumn, updatedAt } from '../../platform/db/columns.js';
import { chartAccounts } from '../accounting/tables.js';
import { businesses } from '../businesses/tables.js';
import { users } from '../users/tables.js';

/**
 * A business's own bank accounts (spec 002 "Bank account (general)"): linked instantly through the
 * bank-link provider (PLAID) or entered by hand and verified by micro-deposits (USER). The account
 * number and the provider's access token are kept only encrypted (platform/crypto/secret-box); answers
 * carry the last 4 digits. Removing a bank keeps the row (deleted_at) for the payments made from it.
 */
export const businessBankAccounts = pgTable(
  'business_bank_accounts',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountHolderName: text('account_holder_name'),
    accountType: text('account_type').$type<BankAccountType>().notNull(),
    subtype: text('subtype').notNull(),
    routingNumber: text('routing_number').notNull(),
    /** AES-256-GCM of the account number, bound to the row id. */
    accountNumberCiphertext: text('account_number_ciphertext').notNull(),
    accountMask: text('account_mask').notNull(),
    /** Keyed digest of routing + account number: finds the same account added twice. */
    accountDigest: text('account_digest').notNull(),
    provider: text('provider').$type<BankAccountProvider>().notNull(),
    /** PLAID: the provider's item (one login at one institution) and its encrypted access token. */
    itemId: text('item_id'),
    accessTokenCiphertext: text('access_token_ciphertext'),
    providerAccountId: text('provider_account_id'),
    institutionId: text('institution_id'),
    institutionName: text('institution_name'),
    institutionLogo: text('institution_logo'),
    verificationStatus: text('verification_status').$type<BankVerificationStatus>().notNull(),
    accountStatus: text('account_status').$type<BankAccountStatus>().notNull(),
    status: text('status').$type<BankConnectionStatus>().notNull(),
    /** An instant bank whose reconnect failed: treated as a manual bank until reconnected. */
    reconnectFailed: boolean('reconnect_failed').notNull().default(false),
    isPrimary: boolean('is_primary').notNull().default(false),
    chartAccountId: refColumn('chart_account_id').references(() => chartAccounts.id, {
      onDelete: 'set null',
    }),
    /** USER banks: where the micro-deposits stand. */
    microDepositState: text('micro_deposit_state').$type<MicroDepositState>(),
    /** Keyed digest of the two amounts (never the amounts themselves). */
    microDepositDigest: text('micro_deposit_digest'),
    verifyAttemptsRemaining: integer('verify_attempts_remaining'),
    /** The business day the deposits should arrive ('YYYY-MM-DD'). */
    microDepositExpectedBy: text('micro_deposit_expected_by'),
    microDepositSentAt: timestampColumn('micro_deposit_sent_at'),
    microDepositExpiresAt: timestampColumn('micro_deposit_expires_at'),
    microDepositRemindedAt: timestampColumn('micro_deposit_reminded_at'),
    /** `busy:…` while a verify runs, `done:<digest of the amounts>` after it answered (see VERIFY_IN_PROGRESS_MS). */
    verifyClaim: text('verify_claim'),
    verifyClaimedAt: timestampColumn('verify_claimed_at'),
    /** Payments to this bank wait until then (a network vendor changed its banks; see bankChangeHoldUntil). */
    holdUntil: timestampColumn('hold_until'),
    /** When the provider last said the item needs a new login (mail 'reconnect needed' once per expiry). */
    expiredAt: timestampColumn('expired_at'),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestampColumn('deleted_at'),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('business_bank_accounts_business_idx').on(table.businessId, table.createdAt),
    uniqueIndex('business_bank_accounts_digest_unique')
      .on(table.businessId, table.accountDigest)
      .where(sql`${table.deletedAt} is null`),
    uniqueIndex('business_bank_accounts_chart_unique')
      .on(table.chartAccountId)
      .where(sql`${table.deletedAt} is null and ${table.chartAccountId} is not null`),
    index('business_bank_accounts_item_idx').on(table.itemId),
  ],
);
export type BusinessBankAccountRow = typeof businessBankAccounts.$inferSelect;
