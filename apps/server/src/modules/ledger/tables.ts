import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  foreignKey,
  index,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn } from '../../platform/db/columns.js';
import { businesses } from '../businesses/tables.js';
import type { LedgerAccountKind, LedgerTransactionKind } from './accounts.js';

/**
 * The double-entry ledger (ARCHITECTURE §2). Money is integer cents. Rows are append-only: the
 * migration `0009_ledger_balance` adds triggers that reject UPDATE, DELETE and TRUNCATE on
 * `ledger_transactions` and `ledger_entries`, and a deferred constraint trigger that refuses, at
 * commit, any transaction whose entries do not sum to zero per currency.
 */

/**
 * One account per (kind, reference, currency): a business's funding bank account or card, a vendor,
 * or one of Ferry's own system accounts (business_id null, e.g. CLEARING).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: idColumn(),
    /** Null for Ferry's own system accounts (CLEARING, FEES, EXTERNAL). */
    businessId: refColumn('business_id').references(() => businesses.id),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** What the account stands for: a bank account, card or contact id; `ferry` for system accounts. */
    referenceId: text('reference_id').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('USD'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_reference_unique').on(table.kind, table.referenceId, table.currency),
    // Target of the entries' (account_id, currency) foreign key: an entry's currency is its account's.
    unique('ledger_accounts_id_currency_unique').on(table.id, table.currency),
    index('ledger_accounts_business_idx').on(table.businessId),
    check('ledger_accounts_currency_format', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

/** The header of one balanced money movement. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id),
    kind: text('kind').$type<LedgerTransactionKind>().notNull(),
    /** The payment this movement belongs to (no foreign key: payments live in their own module). */
    paymentId: refColumn('payment_id'),
    /** Posting the same key again returns this transaction and posts nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** A correction: this transaction is the exact opposite of that one (at most one per transaction). */
    reversesTransactionId: refColumn('reverses_transaction_id'),
    memo: text('memo'),
    /** Posting order (timestamps tie within a database transaction or under a test clock). */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_idempotency_key_unique').on(table.idempotencyKey),
    uniqueIndex('ledger_transactions_reverses_unique').on(table.reversesTransactionId),
    foreignKey({
      name: 'ledger_transactions_reverses_fk',
      columns: [table.reversesTransactionId],
      foreignColumns: [table.id],
    }),
    index('ledger_transactions_payment_idx').on(table.paymentId),
    index('ledger_transactions_business_idx').on(table.businessId, table.sequence),
    check('ledger_transactions_key_not_empty', sql`length(${table.idempotencyKey}) > 0`),
  ],
);
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;

/** One leg: positive is a debit, negative a credit; never zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: idColumn(),
    transactionId: refColumn('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: refColumn('account_id').notNull(),
    /** Read as a JS number: every stored leg is checked to be a safe integer before it is written. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({
      name: 'ledger_entries_account_currency_fk',
      columns: [table.accountId, table.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_account_idx').on(table.accountId),
    check('ledger_entries_amount_not_zero', sql`${table.amountCents} <> 0`),
  ],
);
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
