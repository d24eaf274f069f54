import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import {
  DEFAULT_CURRENCY,
  type LedgerAccountKind,
  type LedgerTransactionKind,
  SYSTEM_ACCOUNT_KINDS,
  SYSTEM_REFERENCE,
  type SystemAccountKind,
} from './accounts.js';
import {
  type LedgerAccountRow,
  type LedgerEntryRow,
  type LedgerTransactionRow,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
} from './tables.js';

/**
 * The ledger: balanced, append-only, idempotent postings in integer cents.
 *
 * Every write runs inside the caller's database transaction (pass the `tx` of the status change it
 * records); given the database itself, a write opens its own transaction. Use READ COMMITTED (the
 * default): a concurrent post with the same idempotency key waits for the first one and then returns
 * it. Sign convention: positive amounts are debits, negative amounts credits; an account's balance is
 * the sum of its entries.
 */

export type LedgerErrorCode =
  /** A leg amount that is zero, not an integer, or outside the safe-integer range. */
  | 'INVALID_AMOUNT'
  /** Fewer than two legs, a malformed account or currency, or a missing idempotency key. */
  | 'INVALID_LEGS'
  /** The legs do not sum to zero in every currency. */
  | 'UNBALANCED'
  /** The idempotency key was used before for a different posting. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** The transaction has already been reversed (by another key). */
  | 'ALREADY_REVERSED'
  | 'TRANSACTION_NOT_FOUND'
  /** An account exists for that (kind, reference, currency) but belongs to another business. */
  | 'ACCOUNT_MISMATCH'
  /** A sum read back from the database is beyond the safe-integer range. */
  | 'AMOUNT_OUT_OF_RANGE'
  /** `assertLedgerBalanced`: the stored ledger breaks an invariant. */
  | 'LEDGER_CORRUPT';

/** SQLSTATE of the database's refusal to update, delete or truncate ledger rows (migration 0009). */
export const LEDGER_APPEND_ONLY_SQLSTATE = '23001';
/** SQLSTATE of the commit-time refusal of an unbalanced (or empty) ledger transaction (migration 0009). */
export const LEDGER_UNBALANCED_SQLSTATE = '23514';

/** A refused ledger operation: a programming or data error, never a user's input error. */
export class LedgerError extends Error {
  readonly code: LedgerErrorCode;
  readonly details: unknown;

  constructor(code: LedgerErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'LedgerError';
    this.code = code;
    this.details = details;
  }
}

/** What a leg needs of its account (a `LedgerAccountRow` will do). */
export type LedgerAccountRef = Pick<LedgerAccountRow, 'id' | 'currency'>;

export interface LedgerLeg {
  account: LedgerAccountRef;
  /** Integer cents: positive debits the account, negative credits it; never zero. */
  amountCents: number;
}

export interface PostTransactionInput {
  businessId: string;
  kind: LedgerTransactionKind;
  paymentId?: string | null;
  /** Unique across the whole ledger, e.g. `payment:{paymentId}:submit`. */
  idempotencyKey: string;
  legs: readonly LedgerLeg[];
  memo?: string | null;
  /** When it happened (pass `context.clock.now()`); the database's now() otherwise. */
  at?: Date;
}

export interface ReverseTransactionInput {
  transactionId: string;
  idempotencyKey: string;
  kind?: LedgerTransactionKind;
  memo?: string | null;
  at?: Date;
}

export interface PostedTransaction {
  transaction: LedgerTransactionRow;
  /** The entries, in leg order for a new posting and in stored order for a replay. */
  entries: LedgerEntryRow[];
  /** False when the idempotency key had already been posted: nothing was written this time. */
  created: boolean;
}

export interface LedgerAccountBalance {
  account: LedgerAccountRow;
  balanceCents: number;
}

const CURRENCY_PATTERN = /^[A-Z]{3}$/;
const MAX_KEY_LENGTH = 200;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function withTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return work(db as Tx);
  return (db as Db).transaction(work);
}

/** A SUM read back as text (numeric in PostgreSQL), as a safe-integer number of cents. */
function toSafeCents(value: string | number | null | undefined, what: string): number {
  const big = BigInt(value ?? 0);
  if (big > MAX_SAFE || big < -MAX_SAFE) {
    throw new LedgerError('AMOUNT_OUT_OF_RANGE', `${what} (${big} cents) is beyond the safe-integer range.`);
  }
  return Number(big);
}

/** Refuses malformed or unbalanced legs before anything is written. */
export function validateLegs(legs: readonly LedgerLeg[]): void {
  if (!Array.isArray(legs) || legs.length < 2) {
    throw new LedgerError('INVALID_LEGS', 'A ledger transaction needs at least two legs.');
  }
  const totals = new Map<string, bigint>();
  for (const [index, leg] of legs.entries()) {
    const { account, amountCents } = leg;
    if (!account || typeof account.id !== 'string' || account.id.length === 0) {
      throw new LedgerError('INVALID_LEGS', `Leg ${index + 1} has no account.`);
    }
    if (typeof account.currency !== 'string' || !CURRENCY_PATTERN.test(account.currency)) {
      throw new LedgerError('INVALID_LEGS', `Leg ${index + 1} has an invalid currency.`);
    }
    if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents)) {
      throw new LedgerError(
        'INVALID_AMOUNT',
        `Leg ${index + 1}: amounts are whole cents within the safe-integer range (got ${amountCents}).`,
      );
    }
    if (amountCents === 0) {
      throw new LedgerError('INVALID_AMOUNT', `Leg ${index + 1}: an amount of zero is not a leg.`);
    }
    totals.set(account.currency, (totals.get(account.currency) ?? 0n) + BigInt(amountCents));
  }
  const unbalanced = [...totals].filter(([, total]) => total !== 0n);
  if (unbalanced.length > 0) {
    const detail = unbalanced.map(([currency, total]) => `${currency} ${total}`).join(', ');
    throw new LedgerError('UNBALANCED', `The legs do not sum to zero (${detail} cents).`, {
      totals: Object.fromEntries(unbalanced.map(([c, t]) => [c, t.toString()])),
    });
  }
}

function validateKey(idempotencyKey: string): void {
  if (typeof idempotencyKey !== 'string' || idempotencyKey.length === 0) {
    throw new LedgerError('INVALID_LEGS', 'A ledger transaction needs an idempotency key.');
  }
  if (idempotencyKey.length > MAX_KEY_LENGTH) {
    throw new LedgerError('INVALID_LEGS', `An idempotency key has at most ${MAX_KEY_LENGTH} characters.`);
  }
}

const legSignature = (legs: readonly { accountId: string; currency: string; amountCents: number }[]) =>
  legs
    .map((leg) => `${leg.accountId}|${leg.currency}|${leg.amountCents}`)
    .sort()
    .join(';');

// ---------------------------------------------------------------------------------------------
// Accounts

export interface EnsureLedgerAccountInput {
  /** Null for Ferry's system accounts (CLEARING, FEES, EXTERNAL). */
  businessId: string | null;
  kind: LedgerAccountKind;
  /** The bank account, card or contact id; omitted (or `ferry`) for system accounts. */
  referenceId?: string;
  currency?: string;
}

/** The account for (kind, reference, currency), created on first use. */
export async function ensureLedgerAccount(
  db: DbOrTx,
  input: EnsureLedgerAccountInput,
): Promise<LedgerAccountRow> {
  const currency = input.currency ?? DEFAULT_CURRENCY;
  const isSystem = (SYSTEM_ACCOUNT_KINDS as readonly string[]).includes(input.kind);
  const referenceId = input.referenceId ?? (isSystem ? SYSTEM_REFERENCE : undefined);
  if (!CURRENCY_PATTERN.test(currency)) {
    throw new LedgerError('INVALID_LEGS', `Invalid currency ${JSON.stringify(currency)}.`);
  }
  if (!referenceId) {
    throw new LedgerError('INVALID_LEGS', `A ${input.kind} ledger account needs a reference id.`);
  }
  if (isSystem !== (input.businessId === null)) {
    throw new LedgerError(
      'INVALID_LEGS',
      isSystem
        ? `${input.kind} is one of Ferry's system accounts: it has no business.`
        : `A ${input.kind} ledger account belongs to a business.`,
    );
  }
  const where = and(
    eq(ledgerAccounts.kind, input.kind),
    eq(ledgerAccounts.referenceId, referenceId),
    eq(ledgerAccounts.currency, currency),
  );
  let [account] = await db.select().from(ledgerAccounts).where(where).limit(1);
  if (!account) {
    [account] = await db
      .insert(ledgerAccounts)
      .values({ id: newId(), businessId: input.businessId, kind: input.kind, referenceId, currency })
      .onConflictDoNothing()
      .returning();
    // Created at the same moment by someone else: read theirs.
    if (!account) [account] = await db.select().from(ledgerAccounts).where(where).limit(1);
  }
  if (!account) throw new Error('ledger account vanished after a unique conflict');
  if (account.businessId !== input.businessId) {
    throw new LedgerError(
      'ACCOUNT_MISMATCH',
      `The ${input.kind} ledger account for ${referenceId} belongs to another business.`,
    );
  }
  return account;
}

/** One of Ferry's own accounts (CLEARING, FEES, EXTERNAL). */
export function ensureSystemAccount(
  db: DbOrTx,
  kind: SystemAccountKind,
  currency: string = DEFAULT_CURRENCY,
): Promise<LedgerAccountRow> {
  return ensureLedgerAccount(db, { businessId: null, kind, currency });
}

// ---------------------------------------------------------------------------------------------
// Posting

async function entriesOf(db: DbOrTx, transactionIds: string[]): Promise<LedgerEntryRow[]> {
  if (transactionIds.length === 0) return [];
  return db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.transactionId, transactionIds))
    .orderBy(asc(ledgerEntries.transactionId), asc(ledgerEntries.amountCents), asc(ledgerEntries.id));
}

async function insertPosting(
  tx: Tx,
  input: PostTransactionInput & { reversesTransactionId?: string },
): Promise<PostedTransaction> {
  const [inserted] = await tx
    .insert(ledgerTransactions)
    .values({
      id: newId(),
      businessId: input.businessId,
      kind: input.kind,
      paymentId: input.paymentId ?? null,
      idempotencyKey: input.idempotencyKey,
      reversesTransactionId: input.reversesTransactionId ?? null,
      memo: input.memo ?? null,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    // Any unique conflict (the key, or a second reversal of one transaction) writes nothing.
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    const entries = await tx
      .insert(ledgerEntries)
      .values(
        input.legs.map((leg) => ({
          id: newId(),
          transactionId: inserted.id,
          accountId: leg.account.id,
          amountCents: leg.amountCents,
          currency: leg.account.currency,
          ...(input.at ? { createdAt: input.at } : {}),
        })),
      )
      .returning();
    return { transaction: inserted, entries, created: true };
  }

  const [existing] = await tx
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey))
    .limit(1);
  if (!existing) {
    if (input.reversesTransactionId) {
      throw new LedgerError(
        'ALREADY_REVERSED',
        `Ledger transaction ${input.reversesTransactionId} has already been reversed.`,
      );
    }
    throw new Error('ledger transaction insert conflicted on neither its key nor its reversal');
  }
  const entries = await entriesOf(tx, [existing.id]);
  const same =
    existing.businessId === input.businessId &&
    existing.kind === input.kind &&
    existing.paymentId === (input.paymentId ?? null) &&
    existing.reversesTransactionId === (input.reversesTransactionId ?? null) &&
    legSignature(entries) ===
      legSignature(
        input.legs.map((leg) => ({
          accountId: leg.account.id,
          currency: leg.account.currency,
          amountCents: leg.amountCents,
        })),
      );
  if (!same) {
    throw new LedgerError(
      'IDEMPOTENCY_KEY_REUSED',
      `Idempotency key ${JSON.stringify(input.idempotencyKey)} was already used for a different ledger transaction (${existing.id}).`,
      { transactionId: existing.id },
    );
  }
  return { transaction: existing, entries, created: false };
}

/**
 * Posts one balanced transaction, or returns the one already posted under the same idempotency key
 * (then nothing is written; a different posting under that key is refused).
 */
export async function postTransaction(db: DbOrTx, input: PostTransactionInput): Promise<PostedTransaction> {
  validateKey(input.idempotencyKey);
  validateLegs(input.legs);
  return withTransaction(db, (tx) => insertPosting(tx, input));
}

/**
 * Posts the exact opposite of a transaction (every entry negated), linked to it. A transaction is
 * reversed at most once: the same key again returns the reversal, another key is refused.
 */
export async function reverseTransaction(
  db: DbOrTx,
  input: ReverseTransactionInput,
): Promise<PostedTransaction> {
  validateKey(input.idempotencyKey);
  return withTransaction(db, async (tx) => {
    const [original] = await tx
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, input.transactionId))
      .limit(1);
    if (!original) {
      throw new LedgerError('TRANSACTION_NOT_FOUND', `No ledger transaction ${input.transactionId}.`);
    }
    const entries = await entriesOf(tx, [original.id]);
    const legs = entries.map((entry) => ({
      account: { id: entry.accountId, currency: entry.currency },
      amountCents: -entry.amountCents,
    }));
    validateLegs(legs);
    return insertPosting(tx, {
      businessId: original.businessId,
      kind: input.kind ?? 'REVERSAL',
      paymentId: original.paymentId,
      idempotencyKey: input.idempotencyKey,
      legs,
      memo: input.memo ?? `Reversal of ${original.id}`,
      at: input.at,
      reversesTransactionId: original.id,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface LedgerTransactionWithEntries {
  transaction: LedgerTransactionRow;
  entries: LedgerEntryRow[];
}

export async function getLedgerTransaction(
  db: DbOrTx,
  transactionId: string,
): Promise<LedgerTransactionWithEntries | null> {
  const [transaction] = await db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.id, transactionId))
    .limit(1);
  if (!transaction) return null;
  return { transaction, entries: await entriesOf(db, [transaction.id]) };
}

/** A payment's ledger transactions in posting order, with their entries. */
export async function listLedgerTransactions(
  db: DbOrTx,
  filter: { paymentId: string } | { businessId: string },
): Promise<LedgerTransactionWithEntries[]> {
  const transactions = await db
    .select()
    .from(ledgerTransactions)
    .where(
      'paymentId' in filter
        ? eq(ledgerTransactions.paymentId, filter.paymentId)
        : eq(ledgerTransactions.businessId, filter.businessId),
    )
    .orderBy(asc(ledgerTransactions.sequence));
  const entries = await entriesOf(
    db,
    transactions.map((t) => t.id),
  );
  return transactions.map((transaction) => ({
    transaction,
    entries: entries.filter((entry) => entry.transactionId === transaction.id),
  }));
}

/** An account's balance: the sum of its entries (debits positive). */
export async function accountBalance(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return toSafeCents(row?.total, `The balance of ledger account ${accountId}`);
}

/** Every account of a business (or, with `businessId: null`, Ferry's system accounts) with its balance. */
export async function balancesOf(
  db: DbOrTx,
  filter: { businessId: string | null },
): Promise<LedgerAccountBalance[]> {
  const rows = await db
    .select({
      account: ledgerAccounts,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(
      filter.businessId === null
        ? isNull(ledgerAccounts.businessId)
        : eq(ledgerAccounts.businessId, filter.businessId),
    )
    .groupBy(ledgerAccounts.id)
    .orderBy(asc(ledgerAccounts.kind), asc(ledgerAccounts.referenceId), asc(ledgerAccounts.currency));
  return rows.map((row) => ({
    account: row.account,
    balanceCents: toSafeCents(row.total, `The balance of ledger account ${row.account.id}`),
  }));
}

/**
 * Checks the whole ledger: every transaction has entries and sums to zero per currency. Throws a
 * LEDGER_CORRUPT LedgerError naming the first offenders; answers the counts checked.
 */
export async function assertLedgerBalanced(db: DbOrTx): Promise<{ transactions: number; entries: number }> {
  const unbalanced = await db
    .select({
      transactionId: ledgerEntries.transactionId,
      currency: ledgerEntries.currency,
      total: sql<string>`sum(${ledgerEntries.amountCents})::text`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.transactionId, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amountCents}) <> 0`)
    .limit(10);
  if (unbalanced.length > 0) {
    throw new LedgerError(
      'LEDGER_CORRUPT',
      `Unbalanced ledger transactions: ${unbalanced
        .map((row) => `${row.transactionId} (${row.currency} ${row.total})`)
        .join(', ')}.`,
      { unbalanced },
    );
  }
  const empty = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(
      sql`not exists (select 1 from ${ledgerEntries} where ${ledgerEntries.transactionId} = ${ledgerTransactions.id})`,
    )
    .limit(10);
  if (empty.length > 0) {
    throw new LedgerError(
      'LEDGER_CORRUPT',
      `Ledger transactions without entries: ${empty.map((row) => row.id).join(', ')}.`,
      { empty },
    );
  }
  return { transactions: await db.$count(ledgerTransactions), entries: await db.$count(ledgerEntries) };
}
