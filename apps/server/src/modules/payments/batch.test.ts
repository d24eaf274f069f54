import { newYorkDate } from '@ferry/domain/payments';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { makeBusiness } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { bills } from '../bills/tables.js';
import {
  assertLedgerBalanced,
  ensureLedgerAccount,
  ensureSystemAccount,
  postTransaction,
} from '../ledger/service.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../ledger/tables.js';
import { makeBill, makePayer, makeVendor, pay, paymentRow, transfersOf } from './engine/engine-fixtures.js';
import { runPaymentEngine } from './engine/jobs.js';
import { submitDuePayments } from './engine/submit.js';
import {
  countStatements,
  moneyInvariantMismatches,
  runRandomWorkload,
  seedPayments,
  type WorkloadFixture,
} from './engine/workload.js';
import {
  type ApplyPaymentEventInput,
  applyPaymentEvent,
  applyPaymentEvents,
  paymentLedgerKey,
  SYSTEM_ACTOR,
} from './state.js';
import { paymentEvents, payments } from './tables.js';

const t = useTestApp();
const AT = new Date('2026-11-02T15:00:00.000Z');

const submit = (paymentId: string): ApplyPaymentEventInput => ({
  paymentId,
  event: { type: 'SUBMIT_TO_RAILS' },
  actor: SYSTEM_ACTOR,
  timeline: { action: 'SUBMITTED', label: 'Processing' },
  at: AT,
});
const settle = (paymentId: string): ApplyPaymentEventInput => ({
  paymentId,
  event: { type: 'SETTLE' },
  actor: SYSTEM_ACTOR,
  timeline: { action: 'DELIVERED', label: 'Delivered' },
  at: AT,
});

async function fixture(count: number, status: 'SCHEDULED' | 'PENDING' = 'SCHEDULED') {
  const { businessId } = await makeBusiness(t.context);
  return seedPayments(t.database, { businessId, count, status });
}

/**
 * Everything the engine writes for the fixture's payments, by payment index (ids, sequences and
 * account ids differ between two fixtures; what they say must not).
 */
async function snapshot(f: WorkloadFixture) {
  const { db } = t.database;
  const rows = await db.select().from(payments).where(inArray(payments.id, f.paymentIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const billRows = await db
    .select()
    .from(bills)
    .where(
      inArray(
        bills.id,
        rows.map((row) => row.billId),
      ),
    );
  const billById = new Map(billRows.map((row) => [row.id, row]));
  const timeline = await db
    .select()
    .from(paymentEvents)
    .where(inArray(paymentEvents.paymentId, f.paymentIds))
    .orderBy(asc(paymentEvents.sequence));
  const ledger = await db
    .select({
      paymentId: ledgerTransactions.paymentId,
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      key: ledgerTransactions.idempotencyKey,
      reverses: ledgerTransactions.reversesTransactionId,
      memo: ledgerTransactions.memo,
      account: ledgerAccounts.kind,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerTransactions.businessId, f.businessId))
    .orderBy(asc(ledgerTransactions.sequence), asc(ledgerAccounts.kind), asc(ledgerEntries.amountCents));
  const index = new Map(f.paymentIds.map((id, i) => [id, i]));
  const anonymous = (text: string) => text.replace(/[0-9a-f]{24}/g, (id) => `#${index.get(id) ?? '?'}`);
  const reversedKeys = new Map(ledger.map((entry) => [entry.transactionId, entry.key]));
  return f.paymentIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw new Error(`payment ${id} is gone`);
    const bill = billById.get(row.billId);
    return {
      payment: {
        status: row.status,
        processDate: row.processDate,
        reattempts: row.reattempts,
        failureReason: row.failureReason,
        returnCode: row.returnCode,
        version: row.version,
        submittedAt: row.submittedAt,
        deliveredAt: row.deliveredAt,
        failedAt: row.failedAt,
        cancelledAt: row.cancelledAt,
        declinedAt: row.declinedAt,
        reversedAt: row.reversedAt,
        updatedAt: row.updatedAt,
        railsData: row.railsData,
      },
      bill: {
        balanceCents: bill?.balanceCents,
        scheduledCents: bill?.scheduledCents,
        status: bill?.status,
        paymentState: bill?.paymentState,
      },
      timeline: timeline
        .filter((event) => event.paymentId === id)
        .map((event) => [event.action, event.label, event.status, event.actorName, event.at.toISOString()]),
      ledger: ledger
        .filter((entry) => entry.paymentId === id)
        .map((entry) => [
          entry.kind,
          anonymous(entry.key.replace(/reverse:[0-9a-f]{24}/, 'reverse:')),
          entry.reverses ? anonymous(reversedKeys.get(entry.reverses) ?? '?') : null,
          entry.memo,
          entry.account,
          entry.amountCents,
        ]),
    };
  });
}

// First: the sweeps submit every due payment of the database, so they run before the fixtures below.
describe('engine sweeps in batches', () => {
  const today = () => newYorkDate(t.clock.now());

  it('submits many due payments in batches: each once, debits sent after each commit, a crash mid-batch rolls it all back', async () => {
    const payer = await makePayer(t.context);
    const vendor = await makeVendor(t.context, payer.businessId);
    const ids: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      const billId = await makeBill(t.context, {
        businessId: payer.businessId,
        vendorId: vendor.id,
        amountCents: 10_000,
      });
      ids.push(await pay(t, payer, { billId, amount: `${20 + i}.00`, processDate: today() }));
    }
    // A worker dies inside its second batch: the first batch (4) committed, the second rolled back whole.
    let batches = 0;
    await expect(
      submitDuePayments(t.context, {
        batchSize: 4,
        beforeCommit: () => {
          batches += 1;
          if (batches >= 2) throw new Error('worker killed');
        },
      }),
    ).rejects.toThrow('worker killed');
    const statuses = await Promise.all(ids.map(async (id) => (await paymentRow(t.context, id)).status));
    expect(statuses.filter((s) => s === 'PROCESSING')).toHaveLength(4);
    expect(statuses.filter((s) => s === 'SCHEDULED')).toHaveLength(5);
    expect(
      await t.database.db.$count(
        ledgerTransactions,
        and(
          eq(ledgerTransactions.businessId, payer.businessId),
          eq(ledgerTransactions.kind, 'PAYMENT_SUBMIT'),
        ),
      ),
    ).toBe(4);

    // The next runs (two workers at once) finish it: every payment submitted and debited exactly once.
    await Promise.all([
      submitDuePayments(t.context, { batchSize: 4 }),
      submitDuePayments(t.context, { batchSize: 4 }),
    ]);
    await runPaymentEngine(t.context);
    for (const id of ids) {
      expect((await paymentRow(t.context, id)).status).toBe('PROCESSING');
      expect((await transfersOf(t.context, id)).map((leg) => leg.kind)).toEqual([
        'PAYMENT_DEBIT',
        'PAYMENT_CREDIT',
      ]);
      expect(
        await t.database.db.$count(
          paymentEvents,
          and(eq(paymentEvents.paymentId, id), eq(paymentEvents.action, 'SUBMITTED')),
        ),
      ).toBe(1);
    }
    expect(
      await t.database.db.$count(
        ledgerTransactions,
        and(
          eq(ledgerTransactions.businessId, payer.businessId),
          eq(ledgerTransactions.kind, 'PAYMENT_SUBMIT'),
        ),
      ),
    ).toBe(9);
    await assertLedgerBalanced(t.database.db);
  });
});

describe('applyPaymentEvents', () => {
  it('equals applyPaymentEvent one by one on a random workload (statuses, timeline, ledger, bills)', async () => {
    const steps = 2_000;
    const single = await fixture(200, 'PENDING');
    const batched = await fixture(200, 'PENDING');
    const options = { steps, batchSize: 250, seed: 20261103, at: AT };
    const one = await runRandomWorkload(t.database, single, { ...options, mode: 'single' });
    const many = await runRandomWorkload(t.database, batched, { ...options, mode: 'batch' });
    expect([many.applied, many.refused, many.posted]).toEqual([one.applied, one.refused, one.posted]);
    // The workload went everywhere: money moved and came back, events were refused along the way.
    expect(one.posted).toBeGreaterThan(steps / 40);
    expect(one.refused).toBeGreaterThan(steps / 20);
    const statuses = new Set([...many.model.values()].map((state) => state.status));
    for (const status of ['PROCESSING', 'DELIVERED', 'REVERSED', 'FAILED'])
      expect(statuses).toContain(status);

    const expected = await snapshot(single);
    const actual = await snapshot(batched);
    for (let i = 0; i < expected.length; i += 1) expect(actual[i], `payment #${i}`).toEqual(expected[i]);

    await assertLedgerBalanced(t.database.db);
    for (const [f, result] of [
      [single, one],
      [batched, many],
    ] as const) {
      const byStatus = new Map([...result.model].map(([id, state]) => [id, state.status]));
      expect(await moneyInvariantMismatches(t.database.db, f, byStatus)).toEqual([]);
    }
  }, 600_000);

  it('runs a constant number of statements per batch, whatever its size', async () => {
    const counts: number[] = [];
    for (const size of [10, 100]) {
      const f = await fixture(size);
      const counter = countStatements(t.database.db);
      await counter.db.transaction((tx) => applyPaymentEvents(tx, f.paymentIds.map(submit)));
      const submitted = counter.count;
      counter.reset();
      await counter.db.transaction((tx) => applyPaymentEvents(tx, f.paymentIds.map(settle)));
      counts.push(submitted, counter.count);
      const rows = await t.database.db.select().from(payments).where(inArray(payments.id, f.paymentIds));
      expect(rows.every((row) => row.status === 'DELIVERED')).toBe(true);
    }
    const [submit10, settle10, submit100, settle100] = counts;
    expect(submit100).toBe(submit10);
    expect(settle100).toBe(settle10);
    expect(submit10).toBeLessThanOrEqual(12);
  });

  it('skips an illegal or unknown event and reports it as applyPaymentEvent throws it; the others apply', async () => {
    const f = await fixture(4);
    const [a, b, c, d] = f.paymentIds as [string, string, string, string];
    await t.database.db.transaction((tx) => applyPaymentEvent(tx, submit(d)));
    const unknown = newId();
    const outcomes = await t.database.db.transaction((tx) =>
      applyPaymentEvents(tx, [
        submit(a),
        { ...settle(b), illegalMessage: 'Not now.' },
        submit(c),
        submit(unknown),
        settle(d),
        { ...submit(d), event: { type: 'REATTEMPT', processDate: '2026-11-03' } },
      ]),
    );
    expect(outcomes.map((o) => (o.ok ? o.payment.status : o.error.errorCode))).toEqual([
      'PROCESSING',
      'ILLEGAL_TRANSITION',
      'PROCESSING',
      'NOT_FOUND',
      'DELIVERED',
      'ILLEGAL_TRANSITION',
    ]);
    const illegal = outcomes[1];
    expect(illegal?.ok).toBe(false);
    if (illegal && !illegal.ok) {
      expect(illegal.error).toBeInstanceOf(AppError);
      expect(illegal.error.message).toBe('Not now.');
      expect(illegal.error.internal).toBe('SETTLE from SCHEDULED: ILLEGAL_TRANSITION');
      // The single entry point throws the very same error.
      const thrown = await t.database.db
        .transaction((tx) => applyPaymentEvent(tx, { ...settle(b), illegalMessage: 'Not now.' }))
        .catch((error: unknown) => error);
      expect(thrown).toMatchObject({
        errorCode: illegal.error.errorCode,
        message: illegal.error.message,
        internal: illegal.error.internal,
      });
    }
    // The refused payment did not move at all.
    const untouched = await paymentRow(t.context, b);
    expect([untouched.status, untouched.version]).toEqual(['SCHEDULED', 1]);
    expect(await t.database.db.$count(paymentEvents, eq(paymentEvents.paymentId, b))).toBe(0);
    expect(await t.database.db.$count(ledgerTransactions, eq(ledgerTransactions.paymentId, b))).toBe(0);
    // d moved twice (submitted alone, settled in the batch); the REATTEMPT after it saw it DELIVERED.
    expect(await t.database.db.$count(paymentEvents, eq(paymentEvents.paymentId, d))).toBe(2);
    await assertLedgerBalanced(t.database.db);
  });

  it('moves one payment several times in one batch as the one-by-one path does', async () => {
    const f = await fixture(3);
    const [a, b, c] = f.paymentIds as [string, string, string];
    const outcomes = await applyPaymentEvents(t.database.db, [
      submit(a),
      submit(b),
      settle(a),
      submit(c),
      {
        paymentId: b,
        event: { type: 'FAIL', returnCode: 'R01' },
        actor: SYSTEM_ACTOR,
        timeline: { action: 'FAILED', label: 'Failed' },
        at: AT,
      },
      {
        paymentId: a,
        event: { type: 'RETURN', returnCode: 'R03' },
        actor: SYSTEM_ACTOR,
        timeline: { action: 'REVERSED', label: 'Reversed' },
        at: AT,
      },
    ]);
    expect(outcomes.map((o) => o.ok && o.payment.status)).toEqual([
      'PROCESSING',
      'PROCESSING',
      'DELIVERED',
      'PROCESSING',
      'FAILED',
      'REVERSED',
    ]);
    const kinds = async (id: string) =>
      (
        await t.database.db
          .select({ kind: ledgerTransactions.kind, reverses: ledgerTransactions.reversesTransactionId })
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.paymentId, id))
          .orderBy(asc(ledgerTransactions.sequence))
      ).map((row) => `${row.kind}${row.reverses ? ' (reversal)' : ''}`);
    expect(await kinds(a)).toEqual([
      'PAYMENT_SUBMIT',
      'PAYMENT_SETTLE',
      'PAYMENT_RETURN (reversal)',
      'PAYMENT_RETURN (reversal)',
    ]);
    expect(await kinds(b)).toEqual(['PAYMENT_SUBMIT', 'PAYMENT_FAIL_REVERSAL (reversal)']);
    const amount = (id: string) => f.amounts.get(id) ?? 0;
    const [billA] = await t.database.db
      .select()
      .from(bills)
      .innerJoin(payments, eq(payments.billId, bills.id))
      .where(eq(payments.id, a));
    // Reversed: owed again in full, nothing scheduled; the failed one let its bill go too.
    expect(billA?.bills).toMatchObject({
      balanceCents: amount(a),
      scheduledCents: 0,
      paymentState: 'reversed',
    });
    expect(
      await moneyInvariantMismatches(
        t.database.db,
        f,
        new Map([
          [a, 'REVERSED'],
          [b, 'FAILED'],
          [c, 'PROCESSING'],
        ]),
      ),
    ).toEqual([]);
    await assertLedgerBalanced(t.database.db);
  });

  it('refuses one payment whose bill cannot take the money back, as the single path does, and applies the others', async () => {
    const f = await fixture(2);
    const [a, b] = f.paymentIds as [string, string];
    const { db } = t.database;
    await applyPaymentEvents(db, [
      submit(a),
      submit(b),
      {
        paymentId: a,
        event: { type: 'FAIL', returnCode: 'R01' },
        actor: SYSTEM_ACTOR,
        timeline: { action: 'FAILED', label: 'Failed' },
        at: AT,
      },
    ]);
    // Someone else scheduled a's bill in full meanwhile: its reattempt does not fit any more.
    const [row] = await db.select().from(payments).where(eq(payments.id, a));
    await db
      .update(bills)
      .set({ scheduledCents: row?.amountCents ?? 0 })
      .where(eq(bills.id, row?.billId ?? ''));
    const reattempt: ApplyPaymentEventInput = {
      paymentId: a,
      event: { type: 'REATTEMPT', processDate: '2026-11-03' },
      actor: SYSTEM_ACTOR,
      timeline: { action: 'PAYMENT_RETRIED', label: 'Retried' },
      at: AT,
    };
    const thrown = await db.transaction((tx) => applyPaymentEvent(tx, reattempt)).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).errorCode).toBe('UNPROCESSABLE');
    expect((thrown as AppError).message).toMatch(/^Amount cannot exceed/);
    const outcomes = await applyPaymentEvents(db, [reattempt, settle(b)]);
    expect(outcomes[0]).toMatchObject({
      ok: false,
      error: { errorCode: 'UNPROCESSABLE', message: (thrown as AppError).message },
    });
    expect(outcomes[1]).toMatchObject({ ok: true, payment: { status: 'DELIVERED' } });
    expect((await paymentRow(t.context, a)).status).toBe('FAILED');
  });

  it('re-applied, posts no second ledger transaction: a key already posted is answered, not posted again', async () => {
    const f = await fixture(3);
    const [a, b, c] = f.paymentIds as [string, string, string];
    const { db } = t.database;
    // a's submission posting is already in the ledger (say, written before a crash of another path).
    const [row] = await db.select().from(payments).where(eq(payments.id, a));
    if (!row?.bankAccountId) throw new Error('fixture payment without a bank');
    const bank = await ensureLedgerAccount(db, {
      businessId: row.businessId,
      kind: 'BANK_ACCOUNT',
      referenceId: row.bankAccountId,
    });
    const clearing = await ensureSystemAccount(db, 'CLEARING');
    const cents = row.amountCents;
    const earlier = await postTransaction(db, {
      businessId: row.businessId,
      kind: 'PAYMENT_SUBMIT',
      paymentId: a,
      idempotencyKey: paymentLedgerKey(a, 'PAYMENT_SUBMIT', 0),
      legs: [
        { account: bank, amountCents: -cents },
        { account: clearing, amountCents: cents },
      ],
      memo: 'Payment submitted: funds collected from the payer into Ferry clearing',
      at: AT,
    });
    const first = await applyPaymentEvents(db, [submit(a), submit(b), submit(c)]);
    expect(first.every((o) => o.ok)).toBe(true);
    const again = await applyPaymentEvents(db, [submit(a), submit(b), submit(c)]);
    expect(again.map((o) => !o.ok && o.error.errorCode)).toEqual(Array(3).fill('ILLEGAL_TRANSITION'));
    const submits = await db
      .select()
      .from(ledgerTransactions)
      .where(
        and(inArray(ledgerTransactions.paymentId, [a, b, c]), eq(ledgerTransactions.kind, 'PAYMENT_SUBMIT')),
      );
    expect(submits).toHaveLength(3);
    expect(submits.find((tx) => tx.paymentId === a)?.id).toBe(earlier.transaction.id);
    expect(await db.$count(paymentEvents, inArray(paymentEvents.paymentId, [a, b, c]))).toBe(3);
    await assertLedgerBalanced(db);
  });
});
