import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
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
import { chunked, insertRows, newIds } from './bulk.js';
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

/** Runs `work` in the caller's transaction, or in a new one when given the database itself. */
export function withTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return work(db as Tx);
  return (db as Db).transaction(work);
}

/** The only answer of a batch of one. */
function single<T>(items: readonly T[]): T {
  const [item] = items;
  if (item === undefined || items.length !== 1) throw new Error('a batch of one answered none or several');
  return item;
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

interface WantedAccount {
  businessId: string | null;
  kind: LedgerAccountKind;
  referenceId: string;
  currency: string;
  key: string;
}

const accountKey = (account: Pick<WantedAccount, 'kind' | 'referenceId' | 'currency'>) =>
  `${account.kind}|${account.referenceId}|${account.currency}`;

function wantedAccount(input: EnsureLedgerAccountInput): WantedAccount {
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
  const wanted = { businessId: input.businessId, kind: input.kind, referenceId, currency };
  return { ...wanted, key: accountKey(wanted) };
}

/** The account for (kind, reference, currency), created on first use. */
export async function ensureLedgerAccount(
  db: DbOrTx,
  input: EnsureLedgerAccountInput,
): Promise<LedgerAccountRow> {
  return single(await ensureLedgerAccounts(db, [input]));
}

/**
 * The accounts for many (kind, reference, currency), in input order, created on first use: one SELECT
 * of them all, one INSERT of the missing ones (a concurrent creation wins, its row is read back).
 */
export async function ensureLedgerAccounts(
  db: DbOrTx,
  inputs: readonly EnsureLedgerAccountInput[],
): Promise<LedgerAccountRow[]> {
  const wanted = inputs.map(wantedAccount);
  const distinct = [...new Map(wanted.map((account) => [account.key, account])).values()];
  const found = new Map<string, LedgerAccountRow>();
  const read = async (accounts: WantedAccount[]) => {
    if (accounts.length === 0) return;
    const rows = await db
      .select()
      .from(ledgerAccounts)
      .where(
        or(
          ...accounts.map((account) =>
            and(
              eq(ledgerAccounts.kind, account.kind),
              eq(ledgerAccounts.referenceId, account.referenceId),
              eq(ledgerAccounts.currency, account.currency),
            ),
          ),
        ),
      );
    for (const row of rows) found.set(accountKey(row), row);
  };
  for (const chunk of chunked(distinct)) await read(chunk);
  const missing = distinct.filter((account) => !found.has(account.key));
  for (const chunk of chunked(missing)) {
    const inserted = await db
      .insert(ledgerAccounts)
      .values(
        chunk.map((account) => ({
          id: newId(),
          businessId: account.businessId,
          kind: account.kind,
          referenceId: account.referenceId,
          currency: account.currency,
        })),
      )
      .onConflictDoNothing()
      .returning();
    for (const row of inserted) found.set(accountKey(row), row);
  }
  // Created at the same moment by someone else: read theirs.
  await read(missing.filter((account) => !found.has(account.key)));
  return wanted.map((account) => {
    const row = found.get(account.key);
    if (!row) throw new Error('ledger account vanished after a unique conflict');
    if (row.businessId !== account.businessId) {
      throw new LedgerError(
        'ACCOUNT_MISMATCH',
        `The ${account.kind} ledger account for ${account.referenceId} belongs to another business.`,
      );
    }
    return row;
  });
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

type PostingInput = PostTransactionInput & { reversesTransactionId?: string };

/** Is a replayed posting the same as the one stored under its key? */
function samePosting(
  existing: LedgerTransactionRow,
  entries: LedgerEntryRow[],
  input: PostingInput,
): boolean {
  return (
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
      )
  );
}

/**
 * Writes validated postings in input order with multi-row INSERTs: the headers (ON CONFLICT DO NOTHING:
 * any unique conflict — the key, or a second reversal of one transaction — writes nothing), then the
 * entries of the new ones. A posting whose key was already used (before, or earlier in the same batch)
 * answers the stored transaction when it is the same posting, and is refused otherwise.
 */
async function insertPostings(tx: Tx, inputs: readonly PostingInput[]): Promise<PostedTransaction[]> {
  const ids = newIds(inputs.length);
  const legIds = newIds(inputs.reduce((sum, input) => sum + input.legs.length, 0));
  let nextLeg = 0;
  const inserted = new Map<string, LedgerTransactionRow>();
  for (const chunk of chunked(inputs.map((input, index) => ({ input, id: ids[index] as string })))) {
    const rows = await insertRows(
      tx,
      ledgerTransactions,
      chunk.map(({ input, id }) => ({
        id,
        businessId: input.businessId,
        kind: input.kind,
        paymentId: input.paymentId ?? null,
        idempotencyKey: input.idempotencyKey,
        reversesTransactionId: input.reversesTransactionId ?? null,
        memo: input.memo ?? null,
        ...(input.at ? { createdAt: input.at } : {}),
      })),
      { onConflictDoNothing: true, returning: true },
    );
    for (const row of rows) inserted.set(row.id, row);
  }

  // The entries of the new transactions, as stored: created with their transaction (the same instant,
  // `at` or the database transaction's now()).
  const entries = new Map<string, LedgerEntryRow[]>();
  inputs.forEach((input, index) => {
    const transaction = inserted.get(ids[index] as string);
    if (!transaction) return;
    entries.set(
      transaction.id,
      input.legs.map((leg) => ({
        id: legIds[nextLeg++] as string,
        transactionId: transaction.id,
        accountId: leg.account.id,
        amountCents: leg.amountCents,
        currency: leg.account.currency,
        createdAt: transaction.createdAt,
      })),
    );
  });
  const entryRows = inputs.flatMap((input, index) =>
    (entries.get(ids[index] as string) ?? []).map(({ createdAt, ...entry }) =>
      // Without an instant, the database's now() (that of the transaction rows too).
      input.at ? { ...entry, createdAt } : entry,
    ),
  );
  for (const chunk of chunked(entryRows)) await insertRows(tx, ledgerEntries, chunk);

  const replayKeys = [
    ...new Set(inputs.filter((_, index) => !inserted.has(ids[index] as string)).map((i) => i.idempotencyKey)),
  ];
  const existing = new Map<string, LedgerTransactionRow>();
  for (const chunk of chunked(replayKeys)) {
    const rows = await tx
      .select()
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.idempotencyKey, chunk));
    for (const row of rows) existing.set(row.idempotencyKey, row);
  }
  const storedEntries = await entriesOf(
    tx,
    [...existing.values()].map((row) => row.id),
  );

  return inputs.map((input, index) => {
    const created = inserted.get(ids[index] as string);
    if (created) return { transaction: created, entries: entries.get(created.id) ?? [], created: true };
    const stored = existing.get(input.idempotencyKey);
    if (!stored) {
      if (input.reversesTransactionId) {
        throw new LedgerError(
          'ALREADY_REVERSED',
          `Ledger transaction ${input.reversesTransactionId} has already been reversed.`,
        );
      }
      throw new Error('ledger transaction insert conflicted on neither its key nor its reversal');
    }
    const storedLegs = storedEntries.filter((entry) => entry.transactionId === stored.id);
    if (!samePosting(stored, storedLegs, input)) {
      throw new LedgerError(
        'IDEMPOTENCY_KEY_REUSED',
        `Idempotency key ${JSON.stringify(input.idempotencyKey)} was already used for a different ledger transaction (${stored.id}).`,
        { transactionId: stored.id },
      );
    }
    return { transaction: stored, entries: storedLegs, created: false };
  });
}

/** One posting of a batch: a new balanced transaction, or the reversal of a stored one. */
export type LedgerBatchItem = { post: PostTransactionInput } | { reverse: ReverseTransactionInput };

/**
 * Posts many transactions and reversals in one database transaction (the caller's, or a new one), in
 * order, with a constant number of statements: each item as `postTransaction` or `reverseTransaction`
 * would post it alone, with the same idempotency (a key already posted answers its transaction and
 * writes nothing; another posting under it is refused) and the same checks (whole cents, balanced legs,
 * a transaction reversed at most once). Any refusal throws and writes nothing of the batch.
 */
export async function postLedgerBatch(
  db: DbOrTx,
  items: readonly LedgerBatchItem[],
): Promise<PostedTransaction[]> {
  for (const item of items) {
    if ('post' in item) {
      validateKey(item.post.idempotencyKey);
      validateLegs(item.post.legs);
    } else {
      validateKey(item.reverse.idempotencyKey);
    }
  }
  if (items.length === 0) return [];
  return withTransaction(db, async (tx) => {
    const reversed = [
      ...new Set(items.flatMap((item) => ('reverse' in item ? [item.reverse.transactionId] : []))),
    ];
    const originals = new Map<string, LedgerTransactionRow>();
    for (const chunk of chunked(reversed)) {
      const rows = await tx.select().from(ledgerTransactions).where(inArray(ledgerTransactions.id, chunk));
      for (const row of rows) originals.set(row.id, row);
    }
    const originalEntries = await entriesOf(tx, [...originals.keys()]);
    const postings = items.map((item): PostingInput => {
      if ('post' in item) return item.post;
      const input = item.reverse;
      const original = originals.get(input.transactionId);
      if (!original) {
        throw new LedgerError('TRANSACTION_NOT_FOUND', `No ledger transaction ${input.transactionId}.`);
      }
      const legs = originalEntries
        .filter((entry) => entry.transactionId === original.id)
        .map((entry) => ({
          account: { id: entry.accountId, currency: entry.currency },
          amountCents: -entry.amountCents,
        }));
      validateLegs(legs);
      return {
        businessId: original.businessId,
        kind: input.kind ?? 'REVERSAL',
        paymentId: original.paymentId,
        idempotencyKey: input.idempotencyKey,
        legs,
        memo: input.memo ?? `Reversal of ${original.id}`,
        at: input.at,
        reversesTransactionId: original.id,
      };
    });
    return insertPostings(tx, postings);
  });
}

/** Many `postTransaction`s in one go (see postLedgerBatch). */
export function postTransactions(
  db: DbOrTx,
  inputs: readonly PostTransactionInput[],
): Promise<PostedTransaction[]> {
  return postLedgerBatch(
    db,
    inputs.map((post) => ({ post })),
  );
}

/**
 * Posts one balanced transaction, or returns the one already posted under the same idempotency key
 * (then nothing is written; a different posting under that key is refused).
 */
export async function postTransaction(db: DbOrTx, input: PostTransactionInput): Promise<PostedTransaction> {
  return single(await postTransactions(db, [input]));
}

/**
 * Posts the exact opposite of a transaction (every entry negated), linked to it. A transaction is
 * reversed at most once: the same key again returns the reversal, another key is refused.
 */
export async function reverseTransaction(
  db: DbOrTx,
  input: ReverseTransactionInput,
): Promise<PostedTransaction> {
  return single(await postLedgerBatch(db, [{ reverse: input }]));
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
