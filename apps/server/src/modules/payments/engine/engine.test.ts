import { newYorkDate } from '@ferry/domain/payments';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/test-app.js';
import { businesses } from '../../businesses/tables.js';
import { assertLedgerBalanced } from '../../ledger/service.js';
import { messages } from '../../notifications/tables.js';
import { applyPaymentEvent, SYSTEM_ACTOR } from '../state.js';
import {
  addVendorBankDetails,
  billRow,
  invariantViolations,
  makeBill,
  makePayer,
  makeVendor,
  type Payer,
  pay,
  paymentLedger,
  paymentRow,
  timelineActions,
  transfersOf,
} from './engine-fixtures.js';
import { runPaymentEngine } from './jobs.js';
import { releaseWaitingPayments } from './release.js';
import { onPaymentSettlement, onPaymentSettlements } from './settlement.js';
import { recoverInFlightPayments, submitDuePayments } from './submit.js';
import { countStatements } from './workload.js';

const t = useTestApp();

/** Today for a new payment's process date (the app's clock, New York). */
const today = () => newYorkDate(t.clock.now());

/** Moves the sandbox clock through the HTTP route (it also runs the engine). */
async function advance(payer: Payer, businessDays: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/clock/advance',
    headers: payer.headers,
    payload: { businessDays },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function setup(amountCents = 100_000) {
  const payer = await makePayer(t.context);
  const vendor = await makeVendor(t.context, payer.businessId);
  const billId = await makeBill(t.context, {
    businessId: payer.businessId,
    vendorId: vendor.id,
    amountCents,
  });
  return { payer, vendor, billId };
}

const mailsTo = async (to: string) =>
  (await t.database.db.select().from(messages).where(eq(messages.to, to.toLowerCase()))).map(
    (m) => m.subject,
  );

describe('payment engine: a STANDARD bank payment', () => {
  it('goes SCHEDULED → PROCESSING → DELIVERED with the sandbox clock, the ledger balanced and the bill paid', async () => {
    const { payer, vendor, billId } = await setup(25_000);
    const id = await pay(t, payer, { billId, amount: '250.00', processDate: today() });
    expect((await paymentRow(t.context, id)).status).toBe('SCHEDULED');
    expect((await billRow(t.context, billId)).scheduledCents).toBe(25_000);

    await runPaymentEngine(t.context);
    const processing = await paymentRow(t.context, id);
    expect(processing.status).toBe('PROCESSING');
    expect(processing.submittedAt).not.toBeNull();
    // The debit posted on the process day: the money is in clearing and the vendor's credit is on its way.
    expect(await timelineActions(t.context, id)).toEqual([
      'CREATED',
      'SCHEDULED',
      'SUBMITTED',
      'FUNDS_COLLECTED',
    ]);
    const legs = await transfersOf(t.context, id);
    expect(legs.map((leg) => [leg.kind, leg.status, leg.amountCents])).toEqual([
      ['PAYMENT_DEBIT', 'POSTED', 25_000],
      ['PAYMENT_CREDIT', 'PENDING', 25_000],
    ]);
    expect(legs[1]?.settleOn).toBe(processing.expectedDeliveryEarliest);
    expect((await paymentLedger(t.context, id)).kinds).toEqual(['PAYMENT_SUBMIT']);

    // STANDARD: delivered 3 business days after processing (the expected delivery day).
    await advance(payer, 2);
    expect((await paymentRow(t.context, id)).status).toBe('PROCESSING');
    await advance(payer, 1);
    const delivered = await paymentRow(t.context, id);
    expect(delivered.status).toBe('DELIVERED');
    expect(delivered.deliveredAt).not.toBeNull();
    expect(await timelineActions(t.context, id)).toEqual([
      'CREATED',
      'SCHEDULED',
      'SUBMITTED',
      'FUNDS_COLLECTED',
      'DELIVERED',
    ]);

    const ledger = await paymentLedger(t.context, id);
    expect(ledger.kinds).toEqual(['PAYMENT_SUBMIT', 'PAYMENT_SETTLE']);
    expect(ledger.net).toEqual({ BANK_ACCOUNT: -25_000, CLEARING: 0, VENDOR_PAYABLE: 25_000 });
    await assertLedgerBalanced(t.database.db);

    const bill = await billRow(t.context, billId);
    expect(bill).toMatchObject({ balanceCents: 0, scheduledCents: 0, status: 'paid' });

    // The vendor heard of it twice: scheduled, delivered.
    const subjects = await mailsTo(vendor.email);
    expect(subjects.some((s) => /scheduled a payment/.test(s))).toBe(true);
    expect(subjects.some((s) => /paid you/.test(s))).toBe(true);

    // Running again (late or repeated events, a second worker) changes nothing.
    await runPaymentEngine(t.context);
    await t.context.providers.rails.processDue();
    expect(await timelineActions(t.context, id)).toHaveLength(5);
    expect((await paymentLedger(t.context, id)).kinds).toEqual(['PAYMENT_SUBMIT', 'PAYMENT_SETTLE']);
  });
});

describe('payment engine: settlements in batches', () => {
  it("delivers a batch of vendors' credits in one transaction, with far fewer statements than one by one", async () => {
    const payer = await makePayer(t.context);
    const vendor = await makeVendor(t.context, payer.businessId);
    const ids: string[] = [];
    for (let i = 0; i < 16; i += 1) {
      const billId = await makeBill(t.context, {
        businessId: payer.businessId,
        vendorId: vendor.id,
        amountCents: 5_000 + i,
      });
      ids.push(await pay(t, payer, { billId, amount: ((5_000 + i) / 100).toFixed(2), processDate: today() }));
    }
    await runPaymentEngine(t.context);
    // Each payment's credit is on its way; the rails report them posted, eight in one batch and eight
    // one event at a time.
    const events = [];
    for (const id of ids) {
      expect((await paymentRow(t.context, id)).status).toBe('PROCESSING');
      const credit = (await transfersOf(t.context, id)).find((leg) => leg.kind === 'PAYMENT_CREDIT');
      if (!credit) throw new Error('credit expected');
      const found = await t.context.providers.rails.findTransfer(credit.idempotencyKey);
      if (!found) throw new Error('transfer expected');
      events.push({
        transfer: { ...found, status: 'POSTED' as const, postedAt: t.clock.now() },
        outcome: 'POSTED' as const,
      });
    }
    const counted = countStatements(t.context.database.db);
    const context = { ...t.context, database: { ...t.context.database, db: counted.db } };
    await onPaymentSettlements(context, events.slice(0, 8));
    const batched = counted.count;
    counted.reset();
    for (const event of events.slice(8)) await onPaymentSettlement(context, event);
    const oneByOne = counted.count;
    for (const id of ids) {
      expect((await paymentRow(t.context, id)).status).toBe('DELIVERED');
      expect((await paymentLedger(t.context, id)).kinds).toEqual(['PAYMENT_SUBMIT', 'PAYMENT_SETTLE']);
    }
    expect(batched * 2, `${batched} statements batched, ${oneByOne} one by one`).toBeLessThan(oneByOne);
    await assertLedgerBalanced(t.database.db);

    // The same events again (a repeated delivery) change nothing.
    await onPaymentSettlements(t.context, events);
    for (const id of ids) expect(await timelineActions(t.context, id)).toHaveLength(5);
  });
});

describe('payment engine: sandbox failure amounts', () => {
  const cases = [
    ['13.01', 'R01', 'INSUFFICIENT_BANK_BALANCE'],
    ['13.02', 'R02', 'INVALID_PAYER_BANK_ACCOUNT'],
    ['13.03', 'R03', 'INVALID_VENDOR_BANK_ACCOUNT'],
    ['13.04', 'R04', 'INVALID_VENDOR_BANK_ACCOUNT'],
    ['13.05', 'R05', 'COMPLIANCE'],
    ['13.08', 'R08', 'UNKNOWN'],
    ['13.09', 'R09', 'INSUFFICIENT_TRANSACTION_BALANCE'],
    ['13.16', 'R16', 'COMPLIANCE'],
  ] as const;

  it('fails each with its reason, nets the payer to zero and frees the bill', async () => {
    const { payer, vendor } = await setup();
    const made: { id: string; billId: string; code: string; reason: string }[] = [];
    for (const [amount, code, reason] of cases) {
      const billId = await makeBill(t.context, {
        businessId: payer.businessId,
        vendorId: vendor.id,
        amountCents: 5_000,
      });
      made.push({ id: await pay(t, payer, { billId, amount, processDate: today() }), billId, code, reason });
    }
    await runPaymentEngine(t.context);
    // Debit failures are known on the process day; vendor-side ones when the credit would settle.
    await advance(payer, 3);
    for (const payment of made) {
      const row = await paymentRow(t.context, payment.id);
      expect([payment.code, row.status, row.returnCode, row.failureReason]).toEqual([
        payment.code,
        'FAILED',
        payment.code,
        payment.reason,
      ]);
      const ledger = await paymentLedger(t.context, payment.id);
      expect(ledger.kinds).toEqual(['PAYMENT_SUBMIT', 'PAYMENT_FAIL_REVERSAL']);
      expect(ledger.net).toEqual({ BANK_ACCOUNT: 0, CLEARING: 0 });
      const bill = await billRow(t.context, payment.billId);
      expect(bill).toMatchObject({ balanceCents: 5_000, scheduledCents: 0 });
      // A vendor-side failure after 'Funds collected' sends the payer's money back (refunds.ts); a
      // payer-side one owes nothing.
      const vendorSide = payment.code === 'R03' || payment.code === 'R04';
      const actions = await timelineActions(t.context, payment.id);
      expect(actions.slice(actions.indexOf('FAILED'))).toEqual(
        vendorSide ? ['FAILED', 'REFUND_SENT', 'REFUNDED'] : ['FAILED'],
      );
      expect((await transfersOf(t.context, payment.id)).some((leg) => leg.kind === 'PAYMENT_REFUND')).toBe(
        vendorSide,
      );
    }
    await assertLedgerBalanced(t.database.db);
    expect(await invariantViolations(t.context)).toEqual({});
    const subjects = await mailsTo(vendor.email);
    expect(subjects.filter((s) => / failed$/.test(s))).toHaveLength(cases.length);
  });

  it('an R01 reattempt succeeds (the sandbox fails the first attempt only)', async () => {
    const { payer, billId } = await setup(5_000);
    const id = await pay(t, payer, { billId, amount: '13.01', processDate: today() });
    await runPaymentEngine(t.context);
    expect(await paymentRow(t.context, id)).toMatchObject({ status: 'FAILED', returnCode: 'R01' });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/business/${payer.businessId}/payments/reattempt`,
      headers: { ...payer.headers, 'idempotency-key': `reattempt-${id}` },
      payload: { paymentId: id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentRow(t.context, id)).toMatchObject({ status: 'SCHEDULED', reattempts: 1 });
    await advance(payer, 1);
    expect((await paymentRow(t.context, id)).status).toBe('PROCESSING');
    await advance(payer, 3);
    const row = await paymentRow(t.context, id);
    expect(row).toMatchObject({ status: 'DELIVERED', reattempts: 1, returnCode: null, failureReason: null });
    const ledger = await paymentLedger(t.context, id);
    expect(ledger.kinds).toEqual([
      'PAYMENT_SUBMIT',
      'PAYMENT_FAIL_REVERSAL',
      'PAYMENT_SUBMIT',
      'PAYMENT_SETTLE',
    ]);
    expect(ledger.net).toEqual({ BANK_ACCOUNT: -1_301, CLEARING: 0, VENDOR_PAYABLE: 1_301 });
    const legs = await transfersOf(t.context, id);
    expect(legs.map((leg) => [leg.idempotencyKey.split(':').slice(2).join(':'), leg.status])).toEqual([
      ['debit:0', 'FAILED'],
      ['debit:1', 'POSTED'],
      ['credit:1', 'POSTED'],
    ]);
    expect(await billRow(t.context, billId)).toMatchObject({
      balanceCents: 5_000 - 1_301,
      scheduledCents: 0,
    });
  });

  it('$13.13 is delivered, then returned R03 two business days later: REVERSED with exact opposite postings', async () => {
    const { payer, vendor, billId } = await setup(5_000);
    const id = await pay(t, payer, { billId, amount: '13.13', processDate: today() });
    await runPaymentEngine(t.context);
    await advance(payer, 3);
    expect((await paymentRow(t.context, id)).status).toBe('DELIVERED');
    expect(await billRow(t.context, billId)).toMatchObject({ balanceCents: 5_000 - 1_313 });
    await advance(payer, 1);
    expect((await paymentRow(t.context, id)).status).toBe('DELIVERED');
    await advance(payer, 1);
    const row = await paymentRow(t.context, id);
    expect(row).toMatchObject({
      status: 'REVERSED',
      returnCode: 'R03',
      failureReason: 'INVALID_VENDOR_BANK_ACCOUNT',
    });
    expect(row.reversedAt).not.toBeNull();
    // Ferry has the payer's money back from the vendor's bank: it goes back to the payer.
    expect((await timelineActions(t.context, id)).slice(-3)).toEqual(['REVERSED', 'REFUND_SENT', 'REFUNDED']);
    expect((await mailsTo(vendor.email)).filter((s) => / was returned$/.test(s))).toHaveLength(1);

    const ledger = await paymentLedger(t.context, id);
    expect(ledger.kinds).toEqual(['PAYMENT_SUBMIT', 'PAYMENT_SETTLE', 'PAYMENT_RETURN', 'PAYMENT_RETURN']);
    expect(ledger.net).toEqual({ BANK_ACCOUNT: 0, CLEARING: 0, VENDOR_PAYABLE: 0 });
    // Each return posting is the exact opposite of the posting it reverses.
    const byTx = new Map<string, { reverses: string | null; legs: string[] }>();
    for (const entry of ledger.rows) {
      const tx = byTx.get(entry.id) ?? { reverses: entry.reverses, legs: [] };
      tx.legs.push(`${entry.accountId}:${entry.amountCents}`);
      byTx.set(entry.id, tx);
    }
    const returns = [...byTx.values()].filter((tx) => tx.reverses);
    expect(returns).toHaveLength(2);
    for (const ret of returns) {
      const original = byTx.get(ret.reverses ?? '');
      const opposite = (original?.legs ?? []).map((leg) => {
        const [account, amount] = leg.split(':');
        return `${account}:${-Number(amount)}`;
      });
      expect([...ret.legs].sort()).toEqual(opposite.sort());
    }
    expect(await billRow(t.context, billId)).toMatchObject({ balanceCents: 5_000, scheduledCents: 0 });
    await assertLedgerBalanced(t.database.db);
    expect(await invariantViolations(t.context)).toEqual({});
  });
});

describe('payment engine: crashes and concurrent workers', () => {
  it('a worker killed between the commit and the rails call loses and duplicates nothing', async () => {
    const { payer, billId } = await setup(30_000);
    const ids = [
      await pay(t, payer, { billId, amount: '100.00', processDate: today() }),
      await pay(t, payer, { billId, amount: '120.00', processDate: today() }),
    ];
    const killed = submitDuePayments(t.context, {
      afterCommit: (paymentId) => {
        if (ids.includes(paymentId)) throw new Error('worker killed');
      },
    });
    await expect(killed).rejects.toThrow('worker killed');
    // Both were committed PROCESSING in one batch (ledger posted), but no debit reached the rails.
    for (const id of ids) {
      expect((await paymentRow(t.context, id)).status).toBe('PROCESSING');
      expect(await transfersOf(t.context, id)).toEqual([]);
    }

    // The next run repairs it (and submits the other); two workers at once duplicate nothing.
    await Promise.all([runPaymentEngine(t.context), runPaymentEngine(t.context)]);
    await recoverInFlightPayments(t.context);
    await advance(payer, 3);
    for (const id of ids) {
      expect((await paymentRow(t.context, id)).status).toBe('DELIVERED');
      const legs = await transfersOf(t.context, id);
      expect(legs.map((leg) => leg.kind)).toEqual(['PAYMENT_DEBIT', 'PAYMENT_CREDIT']);
      expect((await paymentLedger(t.context, id)).kinds).toEqual(['PAYMENT_SUBMIT', 'PAYMENT_SETTLE']);
      expect((await timelineActions(t.context, id)).filter((a) => a === 'SUBMITTED')).toHaveLength(1);
    }
    expect(await billRow(t.context, billId)).toMatchObject({
      balanceCents: 30_000 - 22_000,
      scheduledCents: 0,
    });
  });

  it('several workers running the engine at once submit each payment exactly once', async () => {
    const { payer, vendor } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const billId = await makeBill(t.context, {
        businessId: payer.businessId,
        vendorId: vendor.id,
        amountCents: 10_000,
      });
      ids.push(await pay(t, payer, { billId, amount: `${50 + i}.00`, processDate: today() }));
    }
    await Promise.all([1, 2, 3, 4].map(() => runPaymentEngine(t.context)));
    for (const id of ids) {
      expect((await paymentRow(t.context, id)).status).toBe('PROCESSING');
      expect(await timelineActions(t.context, id)).toEqual([
        'CREATED',
        'SCHEDULED',
        'SUBMITTED',
        'FUNDS_COLLECTED',
      ]);
      expect((await transfersOf(t.context, id)).map((leg) => leg.kind)).toEqual([
        'PAYMENT_DEBIT',
        'PAYMENT_CREDIT',
      ]);
      expect((await paymentLedger(t.context, id)).kinds).toEqual(['PAYMENT_SUBMIT']);
    }
  });
});

describe('payment engine: release of waiting payments', () => {
  it('IN_QUEUE → SCHEDULED once the business is FULL_VERIFIED, with a past process date moved to today', async () => {
    const payer = await makePayer(t.context, { verificationStatus: 'SUBMITTED' });
    const vendor = await makeVendor(t.context, payer.businessId);
    const billId = await makeBill(t.context, {
      businessId: payer.businessId,
      vendorId: vendor.id,
      amountCents: 9_000,
    });
    const id = await pay(t, payer, { billId, amount: '90.00', processDate: today() });
    expect((await paymentRow(t.context, id)).status).toBe('IN_QUEUE');
    await runPaymentEngine(t.context);
    expect((await paymentRow(t.context, id)).status).toBe('IN_QUEUE');

    await t.database.db
      .update(businesses)
      .set({ verificationStatus: 'FULL_VERIFIED' })
      .where(eq(businesses.id, payer.businessId));
    expect(await releaseWaitingPayments(t.context)).toEqual({ released: 1 });
    const row = await paymentRow(t.context, id);
    expect(row.status).toBe('SCHEDULED');
    const railsToday = newYorkDate(await t.context.providers.rails.now());
    expect(row.processDate).toBe(railsToday);
    expect((await timelineActions(t.context, id)).at(-1)).toBe('RELEASED');
    expect((await mailsTo(vendor.email)).some((s) => /scheduled a payment/.test(s))).toBe(true);
  });

  it('PENDING awaiting the vendor → SCHEDULED once the vendor has a bank; HOLD → SCHEDULED after hold_until', async () => {
    const payer = await makePayer(t.context);
    const vendor = await makeVendor(t.context, payer.businessId, { withBank: false });
    const billId = await makeBill(t.context, {
      businessId: payer.businessId,
      vendorId: vendor.id,
      amountCents: 9_000,
    });
    const id = await pay(t, payer, { billId, amount: '40.00', processDate: today() });
    expect(await paymentRow(t.context, id)).toMatchObject({ status: 'PENDING', awaitingPayeeDetails: true });
    await runPaymentEngine(t.context);
    expect((await paymentRow(t.context, id)).status).toBe('PENDING');

    await addVendorBankDetails(t.context, payer.businessId, vendor.id);
    await releaseWaitingPayments(t.context);
    expect(await paymentRow(t.context, id)).toMatchObject({
      status: 'SCHEDULED',
      awaitingPayeeDetails: false,
    });

    // A hold (vendor bank change) ends by the rails' clock.
    const railsNow = await t.context.providers.rails.now();
    await t.database.db.transaction((tx) =>
      applyPaymentEvent(tx, {
        paymentId: id,
        event: { type: 'HOLD' },
        actor: SYSTEM_ACTOR,
        timeline: { action: 'HOLD', label: 'On hold' },
        at: railsNow,
        patch: { holdUntil: new Date(railsNow.getTime() + 24 * 3_600_000) },
      }),
    );
    await releaseWaitingPayments(t.context);
    expect((await paymentRow(t.context, id)).status).toBe('HOLD');
    await advance(payer, 1);
    // The clock move released it and the engine submitted it at once.
    expect((await paymentRow(t.context, id)).status).toBe('PROCESSING');
    expect(await timelineActions(t.context, id)).toEqual([
      'CREATED',
      'AWAITING_PAYEE',
      'PAYEE_ACCEPTED',
      'HOLD',
      'RELEASED',
      'SUBMITTED',
      'FUNDS_COLLECTED',
    ]);
  });
});
