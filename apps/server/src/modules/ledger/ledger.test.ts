import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DbOrTx, getPgErrorCode } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { makeBusiness } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import type { LedgerAccountKind, LedgerTransactionKind } from './accounts.js';
import {
  accountBalance,
  assertLedgerBalanced,
  balancesOf,
  ensureLedgerAccount,
  ensureSystemAccount,
  getLedgerTransaction,
  LEDGER_APPEND_ONLY_SQLSTATE,
  LEDGER_UNBALANCED_SQLSTATE,
  type LedgerAccountRef,
  LedgerError,
  type LedgerLeg,
  listLedgerTransactions,
  postTransaction,
  reverseTransaction,
} from './service.js';
import { type LedgerAccountRow, ledgerAccounts, ledgerEntries, ledgerTransactions } from './tables.js';

const t = useTestApp();
const db = () => t.database.db;

let businessId: string;
let otherBusinessId: string;
let clearing: LedgerAccountRow;
let fees: LedgerAccountRow;

beforeAll(async () => {
  businessId = (await makeBusiness(t.context)).businessId;
  otherBusinessId = (await makeBusiness(t.context)).businessId;
  clearing = await ensureSystemAccount(db(), 'CLEARING');
  fees = await ensureSystemAccount(db(), 'FEES');
});

/** A fresh business account (its balance starts at zero). */
const account = (kind: LedgerAccountKind = 'BANK_ACCOUNT', owner = businessId, currency = 'USD') =>
  ensureLedgerAccount(db(), { businessId: owner, kind, referenceId: newId(), currency });

const key = () => `test:${newId()}`;

async function transactionCountByKey(idempotencyKey: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
  return row?.n ?? 0;
}

async function expectLedgerError(promise: Promise<unknown>, code: LedgerError['code']): Promise<LedgerError> {
  const error = await promise.then(
    () => {
      throw new Error(`expected a ${code} LedgerError, but it succeeded`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LedgerError);
  expect((error as LedgerError).code).toBe(code);
  return error as LedgerError;
}

async function expectDbError(promise: Promise<unknown>, sqlstate: string): Promise<Error> {
  const error = await promise.then(
    () => {
      throw new Error(`expected the database to refuse with ${sqlstate}, but it succeeded`);
    },
    (e: unknown) => e,
  );
  expect(getPgErrorCode(error)).toBe(sqlstate);
  return error as Error;
}

const leg = (acc: LedgerAccountRef, amountCents: number): LedgerLeg => ({ account: acc, amountCents });

describe('ledger accounts', () => {
  it('gives one account per (kind, reference, currency), also when ensured concurrently', async () => {
    const referenceId = newId();
    const accounts = await Promise.all(
      Array.from({ length: 20 }, () =>
        db().transaction((tx) => ensureLedgerAccount(tx, { businessId, kind: 'CARD', referenceId })),
      ),
    );
    expect(new Set(accounts.map((a) => a.id)).size).toBe(1);
    expect(accounts[0]).toMatchObject({ businessId, kind: 'CARD', referenceId, currency: 'USD' });
    const [row] = await db()
      .select({ n: count() })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.referenceId, referenceId));
    expect(row?.n).toBe(1);
    // Another currency is another account.
    const eur = await ensureLedgerAccount(db(), { businessId, kind: 'CARD', referenceId, currency: 'EUR' });
    expect(eur.id).not.toBe(accounts[0]?.id);
  });

  it('keeps system accounts without a business and refuses mixing them up', async () => {
    expect(clearing).toMatchObject({ businessId: null, kind: 'CLEARING', referenceId: 'ferry' });
    expect((await ensureSystemAccount(db(), 'CLEARING')).id).toBe(clearing.id);
    await expectLedgerError(ensureLedgerAccount(db(), { businessId, kind: 'CLEARING' }), 'INVALID_LEGS');
    await expectLedgerError(
      ensureLedgerAccount(db(), { businessId: null, kind: 'BANK_ACCOUNT', referenceId: newId() }),
      'INVALID_LEGS',
    );
    await expectLedgerError(ensureLedgerAccount(db(), { businessId, kind: 'BANK_ACCOUNT' }), 'INVALID_LEGS');
    await expectLedgerError(
      ensureLedgerAccount(db(), { businessId, kind: 'BANK_ACCOUNT', referenceId: newId(), currency: 'usd' }),
      'INVALID_LEGS',
    );
  });

  it("refuses another business's reference", async () => {
    const mine = await account('VENDOR_PAYABLE');
    await expectLedgerError(
      ensureLedgerAccount(db(), {
        businessId: otherBusinessId,
        kind: 'VENDOR_PAYABLE',
        referenceId: mine.referenceId,
      }),
      'ACCOUNT_MISMATCH',
    );
  });
});

describe('posting', () => {
  it('posts a balanced transaction and derives balances from its entries', async () => {
    const bank = await account('BANK_ACCOUNT');
    const vendor = await account('VENDOR_PAYABLE');
    const paymentId = newId();
    const at = new Date('2026-11-02T15:00:00.000Z');
    const idempotencyKey = key();
    const posted = await db().transaction((tx) =>
      postTransaction(tx, {
        businessId,
        kind: 'PAYMENT_SUBMIT',
        paymentId,
        idempotencyKey,
        legs: [leg(clearing, 10_250), leg(bank, -10_250)],
        memo: 'Bill 1001',
        at,
      }),
    );
    expect(posted.created).toBe(true);
    expect(posted.transaction).toMatchObject({
      businessId,
      kind: 'PAYMENT_SUBMIT',
      paymentId,
      idempotencyKey,
      memo: 'Bill 1001',
      reversesTransactionId: null,
      createdAt: at,
    });
    expect(posted.entries.map((e) => [e.accountId, e.amountCents, e.currency])).toEqual([
      [clearing.id, 10_250, 'USD'],
      [bank.id, -10_250, 'USD'],
    ]);

    // Settlement with a fee: three legs.
    await postTransaction(db(), {
      businessId,
      kind: 'PAYMENT_SETTLE',
      paymentId,
      idempotencyKey: key(),
      legs: [leg(clearing, -10_250), leg(vendor, 10_000), leg(fees, 250)],
    });

    expect(await accountBalance(db(), bank.id)).toBe(-10_250);
    expect(await accountBalance(db(), vendor.id)).toBe(10_000);
    expect(await accountBalance(db(), newId())).toBe(0);
    const history = await listLedgerTransactions(db(), { paymentId });
    expect(history.map((h) => h.transaction.kind)).toEqual(['PAYMENT_SUBMIT', 'PAYMENT_SETTLE']);
    expect(history[1]?.entries).toHaveLength(3);
    const fetched = await getLedgerTransaction(db(), posted.transaction.id);
    expect(fetched?.entries.map((e) => e.amountCents).sort((a, b) => a - b)).toEqual([-10_250, 10_250]);
    expect(await getLedgerTransaction(db(), newId())).toBeNull();

    const balances = await balancesOf(db(), { businessId });
    expect(balances.find((b) => b.account.id === bank.id)?.balanceCents).toBe(-10_250);
    expect(balances.find((b) => b.account.id === vendor.id)?.balanceCents).toBe(10_000);
    expect(balances.every((b) => b.account.businessId === businessId)).toBe(true);
    const system = await balancesOf(db(), { businessId: null });
    expect(system.map((b) => b.account.kind)).toEqual(expect.arrayContaining(['CLEARING', 'FEES']));
  });

  it('refuses unbalanced and malformed legs and writes nothing', async () => {
    const bank = await account();
    const eurA = await account('BANK_ACCOUNT', businessId, 'EUR');
    const eurB = await account('VENDOR_PAYABLE', businessId, 'EUR');
    const attempts: [LedgerLeg[], LedgerError['code']][] = [
      [[leg(bank, -100), leg(clearing, 99)], 'UNBALANCED'],
      // Balanced in total but not per currency.
      [[leg(bank, -100), leg(eurA, 100)], 'UNBALANCED'],
      [[leg(bank, -100), leg(clearing, 100), leg(fees, 0)], 'INVALID_AMOUNT'],
      [[leg(bank, -100.5), leg(clearing, 100.5)], 'INVALID_AMOUNT'],
      [[leg(bank, -(2 ** 53)), leg(clearing, 2 ** 53)], 'INVALID_AMOUNT'],
      [[leg(bank, Number.NaN), leg(clearing, 1)], 'INVALID_AMOUNT'],
      [[leg(bank, Number.POSITIVE_INFINITY), leg(clearing, Number.NEGATIVE_INFINITY)], 'INVALID_AMOUNT'],
      [[leg(bank, 0)], 'INVALID_LEGS'],
      [[], 'INVALID_LEGS'],
      [[leg({ id: bank.id, currency: 'dollars' }, 5), leg(clearing, -5)], 'INVALID_LEGS'],
    ];
    for (const [legs, code] of attempts) {
      const idempotencyKey = key();
      await expectLedgerError(
        db().transaction((tx) =>
          postTransaction(tx, { businessId, kind: 'PAYMENT_SUBMIT', idempotencyKey, legs }),
        ),
        code,
      );
      expect(await transactionCountByKey(idempotencyKey)).toBe(0);
    }
    await expectLedgerError(
      postTransaction(db(), {
        businessId,
        kind: 'PAYMENT_SUBMIT',
        idempotencyKey: '',
        legs: [leg(bank, -1), leg(clearing, 1)],
      }),
      'INVALID_LEGS',
    );
    expect(await accountBalance(db(), bank.id)).toBe(0);

    // Two currencies, each balanced: accepted.
    const mixed = await postTransaction(db(), {
      businessId,
      kind: 'PAYMENT_SUBMIT',
      idempotencyKey: key(),
      legs: [leg(bank, -100), leg(clearing, 100), leg(eurA, -7), leg(eurB, 7)],
    });
    expect(mixed.entries.map((e) => e.currency).sort()).toEqual(['EUR', 'EUR', 'USD', 'USD']);
  });

  it("is part of the caller's transaction: a rollback leaves nothing", async () => {
    const bank = await account();
    const idempotencyKey = key();
    await expect(
      db().transaction(async (tx) => {
        await postTransaction(tx, {
          businessId,
          kind: 'PAYMENT_SUBMIT',
          idempotencyKey,
          legs: [leg(bank, -500), leg(clearing, 500)],
        });
        throw new Error('the status change failed');
      }),
    ).rejects.toThrow('the status change failed');
    expect(await transactionCountByKey(idempotencyKey)).toBe(0);
    expect(await accountBalance(db(), bank.id)).toBe(0);
  });

  it('posts a key once: a replay returns the same transaction and writes nothing', async () => {
    const bank = await account();
    const idempotencyKey = key();
    const input = {
      businessId,
      kind: 'PAYMENT_SUBMIT' as const,
      idempotencyKey,
      legs: [leg(bank, -4_200), leg(clearing, 4_200)],
    };
    const first = await postTransaction(db(), input);
    const second = await db().transaction((tx) => postTransaction(tx, { ...input, memo: 'retried job' }));
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.transaction.id).toBe(first.transaction.id);
    expect(second.entries).toHaveLength(2);
    expect(await transactionCountByKey(idempotencyKey)).toBe(1);
    expect(await accountBalance(db(), bank.id)).toBe(-4_200);

    // The same key for a different posting is a bug in the caller: refused.
    await expectLedgerError(
      postTransaction(db(), { ...input, legs: [leg(bank, -4_201), leg(clearing, 4_201)] }),
      'IDEMPOTENCY_KEY_REUSED',
    );
    await expectLedgerError(
      postTransaction(db(), { ...input, kind: 'PAYMENT_SETTLE' }),
      'IDEMPOTENCY_KEY_REUSED',
    );
    await expectLedgerError(
      postTransaction(db(), { ...input, businessId: otherBusinessId }),
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await accountBalance(db(), bank.id)).toBe(-4_200);
  });

  it('200 concurrent posts with one idempotency key create exactly one transaction', async () => {
    const bank = await account();
    const vendor = await account('VENDOR_PAYABLE');
    const idempotencyKey = key();
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        db().transaction((tx) =>
          postTransaction(tx, {
            businessId,
            kind: 'PAYMENT_SUBMIT',
            idempotencyKey,
            legs: [leg(bank, -1_000), leg(clearing, 900), leg(vendor, 100)],
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transaction.id)).size).toBe(1);
    expect(await transactionCountByKey(idempotencyKey)).toBe(1);
    const [entries] = await db()
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, results[0]?.transaction.id ?? ''));
    expect(entries?.n).toBe(3);
    expect(await accountBalance(db(), bank.id)).toBe(-1_000);
  });
});

describe('reversal', () => {
  it('posts the exact opposite once', async () => {
    const bank = await account();
    const vendor = await account('VENDOR_PAYABLE');
    const paymentId = newId();
    const original = await postTransaction(db(), {
      businessId,
      kind: 'PAYMENT_SETTLE',
      paymentId,
      idempotencyKey: key(),
      legs: [leg(bank, -7_777), leg(vendor, 7_000), leg(fees, 777)],
    });
    const reversalKey = key();
    const reversal = await db().transaction((tx) =>
      reverseTransaction(tx, {
        transactionId: original.transaction.id,
        idempotencyKey: reversalKey,
        kind: 'PAYMENT_RETURN',
      }),
    );
    expect(reversal.created).toBe(true);
    expect(reversal.transaction).toMatchObject({
      businessId,
      kind: 'PAYMENT_RETURN',
      paymentId,
      reversesTransactionId: original.transaction.id,
    });
    const signature = (entries: { accountId: string; amountCents: number; currency: string }[]) =>
      entries.map((e) => `${e.accountId}:${e.currency}:${e.amountCents}`).sort();
    expect(signature(reversal.entries)).toEqual(
      signature(original.entries.map((e) => ({ ...e, amountCents: -e.amountCents }))),
    );
    for (const acc of [bank, vendor]) expect(await accountBalance(db(), acc.id)).toBe(0);

    // Same key again: the same reversal, nothing new.
    const replay = await reverseTransaction(db(), {
      transactionId: original.transaction.id,
      idempotencyKey: reversalKey,
      kind: 'PAYMENT_RETURN',
    });
    expect(replay).toMatchObject({ created: false, transaction: { id: reversal.transaction.id } });
    // Another key: a transaction is reversed once.
    await expectLedgerError(
      reverseTransaction(db(), { transactionId: original.transaction.id, idempotencyKey: key() }),
      'ALREADY_REVERSED',
    );
    await expectLedgerError(
      reverseTransaction(db(), { transactionId: newId(), idempotencyKey: key() }),
      'TRANSACTION_NOT_FOUND',
    );
    // The reversal key cannot be used to reverse something else.
    const other = await postTransaction(db(), {
      businessId,
      kind: 'PAYMENT_SUBMIT',
      idempotencyKey: key(),
      legs: [leg(bank, -1), leg(clearing, 1)],
    });
    await expectLedgerError(
      reverseTransaction(db(), { transactionId: other.transaction.id, idempotencyKey: reversalKey }),
      'IDEMPOTENCY_KEY_REUSED',
    );
    for (const acc of [bank, vendor]) expect(await accountBalance(db(), acc.id)).toBe(acc === bank ? -1 : 0);
  });

  it('concurrent reversals with different keys reverse exactly once', async () => {
    const bank = await account();
    const original = await postTransaction(db(), {
      businessId,
      kind: 'PAYMENT_SUBMIT',
      idempotencyKey: key(),
      legs: [leg(bank, -300), leg(clearing, 300)],
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        db().transaction((tx) =>
          reverseTransaction(tx, { transactionId: original.transaction.id, idempotencyKey: key() }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'ALREADY_REVERSED' });
    }
    expect(await accountBalance(db(), bank.id)).toBe(0);
  });
});

describe('database guarantees', () => {
  it('rejects UPDATE, DELETE and TRUNCATE of ledger rows', async () => {
    const bank = await account();
    const posted = await postTransaction(db(), {
      businessId,
      kind: 'PAYMENT_SUBMIT',
      idempotencyKey: key(),
      legs: [leg(bank, -50), leg(clearing, 50)],
    });
    const { sql } = t.database;
    const id = posted.transaction.id;
    const attempts = [
      `update ledger_entries set amount_cents = amount_cents * 2 where transaction_id = '${id}'`,
      `delete from ledger_entries where transaction_id = '${id}'`,
      `update ledger_transactions set memo = 'edited' where id = '${id}'`,
      `delete from ledger_transactions where id = '${id}'`,
      'truncate ledger_entries, ledger_transactions',
    ];
    for (const text of attempts) {
      const error = await expectDbError(sql.query(text), LEDGER_APPEND_ONLY_SQLSTATE);
      expect(error.message).toMatch(/append-only/);
    }
    const stored = await getLedgerTransaction(db(), id);
    expect(stored?.transaction.memo).toBeNull();
    expect(stored?.entries.map((e) => e.amountCents).sort((a, b) => a - b)).toEqual([-50, 50]);
    // The database also refuses zero legs and an entry whose currency is not its account's.
    await expectDbError(
      db()
        .insert(ledgerEntries)
        .values({ id: newId(), transactionId: id, accountId: bank.id, amountCents: 0, currency: 'USD' }),
      '23514',
    );
    await expectDbError(
      db()
        .insert(ledgerEntries)
        .values({ id: newId(), transactionId: id, accountId: bank.id, amountCents: 5, currency: 'EUR' }),
      '23503',
    );
  });

  it('refuses, at commit, a raw insert that does not balance', async () => {
    const bank = await account();
    const header = (id: string) => ({
      id,
      businessId,
      kind: 'PAYMENT_SUBMIT' as LedgerTransactionKind,
      idempotencyKey: key(),
    });
    const entry = (transactionId: string, accountId: string, amountCents: number) => ({
      id: newId(),
      transactionId,
      accountId,
      amountCents,
      currency: 'USD',
    });

    // The check is deferred: inside the transaction the unbalanced rows are there; the commit fails.
    const unbalancedId = newId();
    let seenInside = 0;
    const error = await expectDbError(
      db().transaction(async (tx) => {
        await tx.insert(ledgerTransactions).values(header(unbalancedId));
        await tx.insert(ledgerEntries).values(entry(unbalancedId, bank.id, -1_000));
        await tx.insert(ledgerEntries).values(entry(unbalancedId, clearing.id, 999));
        const [row] = await tx
          .select({ n: count() })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.transactionId, unbalancedId));
        seenInside = row?.n ?? 0;
      }),
      LEDGER_UNBALANCED_SQLSTATE,
    );
    expect(seenInside).toBe(2);
    expect(error.message + String((error as { cause?: unknown }).cause ?? '')).toMatch(/does not balance/);
    expect(await getLedgerTransaction(db(), unbalancedId)).toBeNull();
    expect(await accountBalance(db(), bank.id)).toBe(0);

    // A header without entries is refused too.
    const emptyId = newId();
    await expectDbError(
      db().transaction(async (tx) => {
        await tx.insert(ledgerTransactions).values(header(emptyId));
      }),
      LEDGER_UNBALANCED_SQLSTATE,
    );
    expect(await getLedgerTransaction(db(), emptyId)).toBeNull();

    // Adding one more leg later to a committed, balanced transaction unbalances it: refused.
    const posted = await postTransaction(db(), {
      businessId,
      kind: 'PAYMENT_SUBMIT',
      idempotencyKey: key(),
      legs: [leg(bank, -10), leg(clearing, 10)],
    });
    await expectDbError(
      db()
        .insert(ledgerEntries)
        .values(entry(posted.transaction.id, bank.id, -10)),
      LEDGER_UNBALANCED_SQLSTATE,
    );

    // A balanced raw insert passes: the trigger checks the sum, not who wrote it.
    const balancedId = newId();
    await db().transaction(async (tx) => {
      await tx.insert(ledgerTransactions).values(header(balancedId));
      await tx
        .insert(ledgerEntries)
        .values([entry(balancedId, bank.id, -25), entry(balancedId, clearing.id, 25)]);
    });
    expect(await accountBalance(db(), bank.id)).toBe(-35);
    await assertLedgerBalanced(db());
  });
});

/** mulberry32: a small seeded PRNG, so a failing workload can be replayed with LEDGER_SEED. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

describe('random workload', () => {
  const steps = Number(process.env.LEDGER_WORKLOAD_STEPS ?? 10_000);
  const seed = Number(process.env.LEDGER_SEED ?? 20_261_102);

  it(`keeps every transaction balanced and every balance equal to a model (${steps} steps, seed ${seed})`, {
    timeout: 600_000,
  }, async () => {
    const random = prng(seed);
    const business = (await makeBusiness(t.context)).businessId;
    const accounts = [
      await account('BANK_ACCOUNT', business),
      await account('CARD', business),
      await account('VENDOR_PAYABLE', business),
      await account('VENDOR_PAYABLE', business),
      clearing,
      fees,
    ];
    const model = new Map<string, number>(accounts.map((a) => [a.id, 0]));
    // System accounts carry balances from the other tests: the model tracks the change.
    const start = new Map<string, number>();
    for (const a of accounts) start.set(a.id, await accountBalance(db(), a.id));
    const kinds: LedgerTransactionKind[] = [
      'PAYMENT_SUBMIT',
      'PAYMENT_SETTLE',
      'PAYMENT_FEE',
      'MICRO_DEPOSIT',
    ];
    interface Posted {
      id: string;
      idempotencyKey: string;
      kind: LedgerTransactionKind;
      legs: LedgerLeg[];
      reversal?: { id: string; idempotencyKey: string };
    }
    const posted: Posted[] = [];
    const apply = (legs: readonly LedgerLeg[], sign: 1 | -1) => {
      for (const l of legs) model.set(l.account.id, (model.get(l.account.id) ?? 0) + sign * l.amountCents);
    };
    const amount = () => (random.next() < 0.05 ? random.int(1, 1e12) : random.int(1, 500_000));
    const balancedLegs = (): LedgerLeg[] => {
      for (;;) {
        const n = random.int(2, 3);
        const chosen = Array.from({ length: n }, () => random.pick(accounts));
        const amounts = chosen.slice(1).map(() => amount() * (random.next() < 0.5 ? -1 : 1));
        const first = -amounts.reduce((s, a) => s + a, 0);
        if (first === 0) continue;
        return chosen.map((acc, i) => leg(acc, i === 0 ? first : (amounts[i - 1] as number)));
      }
    };
    const counts = {
      post: 0,
      replay: 0,
      reverse: 0,
      reverseTwice: 0,
      replayReversal: 0,
      unbalanced: 0,
      savepointRolledBack: 0,
      batchAborted: 0,
    };
    let expectedTransactions = 0;

    /** One step against `tx`: the model changes as the ledger should. */
    const runStep = async (tx: DbOrTx, step: number) => {
      const roll = random.next();
      if (roll < 0.45 || posted.length === 0) {
        const legs = balancedLegs();
        const kind = random.pick(kinds);
        const idempotencyKey = `w:${seed}:${step}`;
        const result = await postTransaction(tx, { businessId: business, kind, idempotencyKey, legs });
        expect(result.created).toBe(true);
        apply(legs, 1);
        posted.push({ id: result.transaction.id, idempotencyKey, kind, legs });
        expectedTransactions += 1;
        counts.post += 1;
      } else if (roll < 0.6) {
        const earlier = random.pick(posted);
        const result = await postTransaction(tx, {
          businessId: business,
          kind: earlier.kind,
          idempotencyKey: earlier.idempotencyKey,
          legs: [...earlier.legs].reverse(),
        });
        expect(result).toMatchObject({ created: false, transaction: { id: earlier.id } });
        counts.replay += 1;
      } else if (roll < 0.78) {
        const target = random.pick(posted);
        if (target.reversal && random.next() < 0.5) {
          const replay = await reverseTransaction(tx, {
            transactionId: target.id,
            idempotencyKey: target.reversal.idempotencyKey,
            kind: 'PAYMENT_FAIL_REVERSAL',
          });
          expect(replay).toMatchObject({ created: false, transaction: { id: target.reversal.id } });
          counts.replayReversal += 1;
        } else if (target.reversal) {
          await expectLedgerError(
            reverseTransaction(tx, { transactionId: target.id, idempotencyKey: `w:${seed}:${step}:r` }),
            'ALREADY_REVERSED',
          );
          counts.reverseTwice += 1;
        } else {
          const idempotencyKey = `w:${seed}:${step}:r`;
          const result = await reverseTransaction(tx, {
            transactionId: target.id,
            idempotencyKey,
            kind: 'PAYMENT_FAIL_REVERSAL',
          });
          expect(result.created).toBe(true);
          apply(target.legs, -1);
          target.reversal = { id: result.transaction.id, idempotencyKey };
          expectedTransactions += 1;
          counts.reverse += 1;
        }
      } else if (roll < 0.89) {
        const legs = balancedLegs();
        const index = random.int(0, legs.length - 1);
        const broken = legs.map((l, i) =>
          i === index ? leg(l.account, l.amountCents + random.int(1, 99)) : l,
        );
        await expectLedgerError(
          postTransaction(tx, {
            businessId: business,
            kind: 'PAYMENT_SUBMIT',
            idempotencyKey: `w:${seed}:${step}:u`,
            legs: broken,
          }),
          'UNBALANCED',
        );
        counts.unbalanced += 1;
      } else {
        // Posted inside a (nested) transaction that then fails: the ledger keeps nothing of it.
        await expect(
          tx.transaction(async (inner) => {
            await postTransaction(inner, {
              businessId: business,
              kind: 'PAYMENT_SUBMIT',
              idempotencyKey: `w:${seed}:${step}:x`,
              legs: balancedLegs(),
            });
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
        counts.savepointRolledBack += 1;
      }
    };

    // Steps run in batches, each batch one caller transaction (as the payment engine posts inside
    // its own); a batch of one sometimes runs on the database itself. Some batches are aborted after
    // their steps: the model forgets them, as the ledger must.
    let step = 0;
    while (step < steps) {
      const size = Math.min(steps - step, random.int(1, 25));
      const abort = random.next() < 0.05;
      const saved = {
        model: new Map(model),
        posted: posted.length,
        reversals: posted.map((p) => p.reversal),
        expectedTransactions,
      };
      if (size === 1 && !abort && random.next() < 0.5) {
        await runStep(db(), step);
      } else {
        const first = step;
        const outcome = db().transaction(async (tx) => {
          for (let i = 0; i < size; i += 1) await runStep(tx, first + i);
          if (abort) throw new Error('batch aborted');
        });
        if (abort) {
          await expect(outcome).rejects.toThrow('batch aborted');
          model.clear();
          for (const [id, balance] of saved.model) model.set(id, balance);
          posted.length = saved.posted;
          for (const [i, reversal] of saved.reversals.entries()) {
            const p = posted[i];
            if (p) p.reversal = reversal;
          }
          expectedTransactions = saved.expectedTransactions;
          counts.batchAborted += 1;
        } else {
          await outcome;
        }
      }
      step += size;
    }

    const checked = await assertLedgerBalanced(db());
    expect(checked.transactions).toBeGreaterThanOrEqual(expectedTransactions);
    const [row] = await db()
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.businessId, business));
    expect(row?.n).toBe(expectedTransactions);
    for (const a of accounts) {
      expect(await accountBalance(db(), a.id)).toBe((start.get(a.id) ?? 0) + (model.get(a.id) ?? 0));
    }
    const balances = await balancesOf(db(), { businessId: business });
    expect(balances).toHaveLength(4);
    for (const b of balances) expect(b.balanceCents).toBe(model.get(b.account.id));
    // Every kind of step ran.
    for (const [name, n] of Object.entries(counts)) expect(n, name).toBeGreaterThan(0);
  });
});
