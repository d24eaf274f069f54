import { newYorkDate } from '@ferry/domain/payments';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateTransferInput } from '../../../providers/rails/rails.js';
import { sandboxRailsTransfers } from '../../../providers/rails/sandbox-tables.js';
import { useTestApp } from '../../../testing/test-app.js';
import { activityLogs } from '../../activity/tables.js';
import { assertLedgerBalanced } from '../../ledger/service.js';
import { payments } from '../tables.js';
import {
  invariantViolations,
  makeBill,
  makeCard,
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
import { engineRailsData } from './keys.js';
import { sendOwedRefunds } from './refunds.js';
import { onPaymentSettlement } from './settlement.js';

const t = useTestApp();

const today = () => newYorkDate(t.clock.now());

afterEach(() => {
  vi.restoreAllMocks();
});

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

/** A payment of `amount` dollars from a verified payer's bank to a vendor with a bank. */
async function bankPayment(amount: string) {
  const payer = await makePayer(t.context);
  const vendor = await makeVendor(t.context, payer.businessId);
  const billId = await makeBill(t.context, {
    businessId: payer.businessId,
    vendorId: vendor.id,
    amountCents: 50_000,
  });
  const id = await pay(t, payer, { billId, amount, processDate: today() });
  return { payer, billId, id };
}

/** Every money invariant of deploy/invariants.sql holds, and the ledger balances. */
async function expectMoneyInvariants() {
  await assertLedgerBalanced(t.database.db);
  expect(await invariantViolations(t.context)).toEqual({});
}

const refundsOf = async (paymentId: string) =>
  (await transfersOf(t.context, paymentId)).filter((leg) => leg.kind === 'PAYMENT_REFUND');

/**
 * Until restored, every refund call dies before it reaches the rails (a worker killed between the
 * failure's commit and the rails call): the failure commits, no refund goes out.
 */
function killBeforeTheRefund() {
  const rails = t.context.providers.rails;
  const original = rails.createTransfer.bind(rails);
  return vi.spyOn(rails, 'createTransfer').mockImplementation(async (input: CreateTransferInput) => {
    if (input.kind === 'PAYMENT_REFUND') throw new Error('worker killed');
    return original(input);
  });
}

describe('refunds: the vendor side fails after the funds were collected', () => {
  it("sends a PAYMENT_REFUND of amount + fee to the payer's bank; it settles 'Refunded'; the ledger needs no posting", async () => {
    // $13.03: the debit posts, the vendor's bank refuses the credit (R03) on the delivery day.
    const { payer, id } = await bankPayment('13.03');
    await runPaymentEngine(t.context);
    await advance(payer, 3);

    const row = await paymentRow(t.context, id);
    expect(row).toMatchObject({ status: 'FAILED', returnCode: 'R03' });
    const legs = await transfersOf(t.context, id);
    expect(legs.map((leg) => [leg.kind, leg.direction, leg.status, leg.amountCents, leg.reference])).toEqual([
      ['PAYMENT_DEBIT', 'DEBIT', 'POSTED', 1_303, payer.bankId],
      ['PAYMENT_CREDIT', 'CREDIT', 'FAILED', 1_303, expect.any(String)],
      ['PAYMENT_REFUND', 'CREDIT', 'POSTED', 1_303 + row.feeCents, payer.bankId],
    ]);
    const refund = legs[2];
    expect(refund?.idempotencyKey).toBe(`payment:${id}:refund:0`);
    expect(refund?.description).toMatch(/^FERRY REFUND INV-/);
    const data = engineRailsData(row.railsData);
    expect(data).toMatchObject({ refundKey: `payment:${id}:refund:0`, refundTransferId: refund?.id });
    expect(data.refundedAt).toEqual(expect.any(String));
    expect(await timelineActions(t.context, id)).toEqual([
      'CREATED',
      'SCHEDULED',
      'SUBMITTED',
      'FUNDS_COLLECTED',
      'FAILED',
      'REFUND_SENT',
      'REFUNDED',
    ]);

    // The failure already put the money back on the payer's bank in the ledger: nothing more is posted.
    const ledger = await paymentLedger(t.context, id);
    expect(ledger.kinds).toEqual(['PAYMENT_SUBMIT', 'PAYMENT_FAIL_REVERSAL']);
    expect(ledger.net).toEqual({ BANK_ACCOUNT: 0, CLEARING: 0 });
    await expectMoneyInvariants();

    // More runs and late events change nothing.
    await runPaymentEngine(t.context);
    await advance(payer, 1);
    expect(await refundsOf(id)).toHaveLength(1);
    expect(await timelineActions(t.context, id)).toHaveLength(7);
  });

  it('a card payment: the capture is refunded once through rails.refundCardCapture, then Refunded', async () => {
    const payer = await makePayer(t.context);
    const vendor = await makeVendor(t.context, payer.businessId);
    const billId = await makeBill(t.context, {
      businessId: payer.businessId,
      vendorId: vendor.id,
      amountCents: 5_000,
    });
    // $12.64 + a $0.39 surcharge = $13.03 captured, whose credit the sandbox fails (R03).
    const id = await pay(t, payer, { billId, amount: '12.64', processDate: today() });
    const cardId = await makeCard(t.context, payer.businessId);
    await t.database.db
      .update(payments)
      .set({ method: 'CARD', cardId, bankAccountId: null, feeCents: 39 })
      .where(eq(payments.id, id));
    const refundSpy = vi.spyOn(t.context.providers.rails, 'refundCardCapture');

    await runPaymentEngine(t.context);
    await advance(payer, 3);

    expect(await paymentRow(t.context, id)).toMatchObject({ status: 'FAILED', returnCode: 'R03' });
    const legs = await transfersOf(t.context, id);
    const capture = legs.find((leg) => leg.kind === 'CARD_CAPTURE');
    expect(capture).toMatchObject({ amountCents: 1_303, status: 'RETURNED', returnCode: 'refunded' });
    expect(legs.some((leg) => leg.kind === 'PAYMENT_REFUND')).toBe(false);
    expect(refundSpy).toHaveBeenCalledTimes(1);
    expect(refundSpy).toHaveBeenCalledWith({
      transferId: capture?.id,
      idempotencyKey: `payment:${id}:refund:0`,
    });
    expect((await timelineActions(t.context, id)).slice(-3)).toEqual(['FAILED', 'REFUND_SENT', 'REFUNDED']);
    expect(engineRailsData((await paymentRow(t.context, id)).railsData)).toMatchObject({
      refundTransferId: capture?.id,
      refundAmountCents: 1_303,
    });
    const ledger = await paymentLedger(t.context, id);
    expect(ledger.net).toEqual({ CARD: 0, CLEARING: 0 });
    await expectMoneyInvariants();

    await runPaymentEngine(t.context);
    await advance(payer, 1);
    expect(refundSpy).toHaveBeenCalledTimes(1);
    expect((await timelineActions(t.context, id)).filter((a) => a.startsWith('REFUND'))).toEqual([
      'REFUND_SENT',
      'REFUNDED',
    ]);
  });
});

describe('refunds: a credit returned after delivery', () => {
  it('REVERSED (side CREDIT) sends the payer their money back', async () => {
    // $13.13: delivered, then the vendor's bank returns the credit (R03) two business days later.
    const { payer, id } = await bankPayment('13.13');
    await runPaymentEngine(t.context);
    await advance(payer, 3);
    expect((await paymentRow(t.context, id)).status).toBe('DELIVERED');
    expect(await refundsOf(id)).toEqual([]);
    await advance(payer, 2);

    expect(await paymentRow(t.context, id)).toMatchObject({ status: 'REVERSED', returnCode: 'R03' });
    const refunds = await refundsOf(id);
    expect(refunds.map((leg) => [leg.direction, leg.status, leg.amountCents, leg.reference])).toEqual([
      ['CREDIT', 'POSTED', 1_313, payer.bankId],
    ]);
    expect((await timelineActions(t.context, id)).slice(-3)).toEqual(['REVERSED', 'REFUND_SENT', 'REFUNDED']);
    expect((await paymentLedger(t.context, id)).net).toEqual({
      BANK_ACCOUNT: 0,
      CLEARING: 0,
      VENDOR_PAYABLE: 0,
    });
    await expectMoneyInvariants();
  });
});

describe('refunds: nothing is owed when the money never stayed', () => {
  it('a debit that failed (R01) sends no refund', async () => {
    const { payer, id } = await bankPayment('13.01');
    await runPaymentEngine(t.context);
    await advance(payer, 3);
    const row = await paymentRow(t.context, id);
    expect(row).toMatchObject({ status: 'FAILED', returnCode: 'R01' });
    expect(await refundsOf(id)).toEqual([]);
    expect(engineRailsData(row.railsData).refundKey).toBeUndefined();
    expect((await timelineActions(t.context, id)).at(-1)).toBe('FAILED');
    await expectMoneyInvariants();
  });

  it("a debit returned by the payer's bank after it posted sends no refund", async () => {
    const { id } = await bankPayment('40.00');
    await runPaymentEngine(t.context);
    const [debit] = await transfersOf(t.context, id);
    if (!debit) throw new Error('debit expected');
    expect(engineRailsData((await paymentRow(t.context, id)).railsData).fundsCollectedAt).toEqual(
      expect.any(String),
    );
    const found = await t.context.providers.rails.findTransfer(debit.idempotencyKey);
    if (!found) throw new Error('transfer expected');
    await onPaymentSettlement(t.context, {
      transfer: { ...found, status: 'RETURNED', returnCode: 'R01', returnedAt: t.clock.now() },
      outcome: 'RETURNED',
    });
    const row = await paymentRow(t.context, id);
    expect(row).toMatchObject({ status: 'FAILED', returnCode: 'R01' });
    expect(engineRailsData(row.railsData).refundKey).toBeUndefined();
    await runPaymentEngine(t.context);
    expect(await refundsOf(id)).toEqual([]);
    expect((await timelineActions(t.context, id)).at(-1)).toBe('FAILED');
  });
});

describe('refunds: crashes and concurrent workers', () => {
  it('a worker killed between the failure commit and the refund call: the next run sends it exactly once', async () => {
    const { payer, id } = await bankPayment('13.04');
    await runPaymentEngine(t.context);
    const spy = killBeforeTheRefund();
    await advance(payer, 3);
    spy.mockRestore();

    const failed = await paymentRow(t.context, id);
    expect(failed).toMatchObject({ status: 'FAILED', returnCode: 'R04' });
    expect(engineRailsData(failed.railsData)).toMatchObject({
      refundKey: `payment:${id}:refund:0`,
      refundAmountCents: 1_304,
    });
    expect(engineRailsData(failed.railsData).refundTransferId).toBeNull();
    expect(await refundsOf(id)).toEqual([]);
    expect((await timelineActions(t.context, id)).at(-1)).toBe('FAILED');

    const summary = await runPaymentEngine(t.context);
    expect(summary.refunds).toBe(1);
    const refunds = await refundsOf(id);
    expect(refunds.map((leg) => [leg.status, leg.amountCents, leg.reference])).toEqual([
      ['POSTED', 1_304, payer.bankId],
    ]);
    expect((await timelineActions(t.context, id)).slice(-3)).toEqual(['FAILED', 'REFUND_SENT', 'REFUNDED']);

    expect((await runPaymentEngine(t.context)).refunds).toBe(0);
    expect(await refundsOf(id)).toHaveLength(1);
    expect(await timelineActions(t.context, id)).toHaveLength(7);
    await expectMoneyInvariants();
  });

  it('four workers at once send one refund', async () => {
    const { payer, id } = await bankPayment('13.03');
    await runPaymentEngine(t.context);
    const spy = killBeforeTheRefund();
    await advance(payer, 3);
    spy.mockRestore();
    expect(await refundsOf(id)).toEqual([]);

    const runs = await Promise.all([1, 2, 3, 4].map(() => runPaymentEngine(t.context)));
    expect(runs.reduce((sum, run) => sum + run.refunds, 0)).toBe(1);
    expect(await refundsOf(id)).toHaveLength(1);
    const actions = await timelineActions(t.context, id);
    expect(actions.filter((a) => a === 'REFUND_SENT')).toHaveLength(1);
    expect(actions.filter((a) => a === 'REFUNDED')).toHaveLength(1);
    await expectMoneyInvariants();
  });
});

describe('refunds: the refund itself fails', () => {
  it('leaves the payment FAILED, records it, logs an error and writes an activity entry once', async () => {
    const { payer, id } = await bankPayment('13.03');
    await runPaymentEngine(t.context);
    const spy = killBeforeTheRefund();
    await advance(payer, 3);
    spy.mockRestore();
    // The refund goes out (not settled yet), then the payer's bank refuses it (R02: account closed).
    const logger = { error: vi.fn(), warn: vi.fn() };
    const context = { ...t.context, logger };
    expect(await sendOwedRefunds(context)).toEqual({ refunds: 1 });
    const [refund] = await refundsOf(id);
    if (!refund) throw new Error('refund expected');
    await t.database.db
      .update(sandboxRailsTransfers)
      .set({ status: 'FAILED', returnCode: 'R02', postedAt: await t.context.providers.rails.now() })
      .where(eq(sandboxRailsTransfers.id, refund.id));
    const found = await t.context.providers.rails.findTransfer(refund.idempotencyKey);
    if (!found) throw new Error('transfer expected');
    await onPaymentSettlement(context, { transfer: found, outcome: 'FAILED' });
    // The sandbox delivers the same event again: nothing more.
    await t.context.providers.rails.processDue();
    await onPaymentSettlement(context, { transfer: found, outcome: 'FAILED' });

    const row = await paymentRow(t.context, id);
    expect(row.status).toBe('FAILED');
    const data = engineRailsData(row.railsData);
    expect(data.refundFailedAt).toEqual(expect.any(String));
    expect(data.refundFailure).toMatch(/R02/);
    expect(data.refundedAt).toBeNull();
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]?.[0]).toMatchObject({ paymentId: id, businessId: payer.businessId });
    const activity = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, id), eq(activityLogs.action, 'PAYMENT_REFUND_FAILED')));
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      businessId: payer.businessId,
      subject: 'PayPayments',
      label: 'Refund failed',
    });
    expect((await timelineActions(t.context, id)).slice(-2)).toEqual(['FAILED', 'REFUND_SENT']);

    // No sweep sends it again.
    expect(await sendOwedRefunds(context)).toEqual({ refunds: 0 });
    expect(await refundsOf(id)).toHaveLength(1);
    await expectMoneyInvariants();
  });
});

describe("refunds: the payer's bank returns the debit late", () => {
  /** The debit's RETURNED event (an ACH return of a posted debit), told straight to the engine. */
  async function returnTheDebit(context: Parameters<typeof onPaymentSettlement>[0], paymentId: string) {
    const [debit] = await transfersOf(t.context, paymentId);
    const found = debit ? await t.context.providers.rails.findTransfer(debit.idempotencyKey) : null;
    if (!found) throw new Error('debit expected');
    await onPaymentSettlement(context, {
      transfer: { ...found, status: 'RETURNED', returnCode: 'R10', returnedAt: t.clock.now() },
      outcome: 'RETURNED',
    });
  }

  it('while the refund was still owed: it is cancelled and never sent', async () => {
    const { payer, id } = await bankPayment('13.03');
    await runPaymentEngine(t.context);
    const spy = killBeforeTheRefund();
    await advance(payer, 3);
    spy.mockRestore();
    await returnTheDebit(t.context, id);

    expect((await runPaymentEngine(t.context)).refunds).toBe(0);
    expect(await refundsOf(id)).toEqual([]);
    const row = await paymentRow(t.context, id);
    expect(row.status).toBe('FAILED');
    expect(engineRailsData(row.railsData).refundCancelledAt).toEqual(expect.any(String));
    expect((await timelineActions(t.context, id)).at(-1)).toBe('FAILED');
    await expectMoneyInvariants();
  });

  it('after the refund went out: the payer was paid back twice, raised to operations once', async () => {
    const { payer, id } = await bankPayment('13.03');
    await runPaymentEngine(t.context);
    await advance(payer, 3);
    expect(await refundsOf(id)).toHaveLength(1);
    const logger = { error: vi.fn(), warn: vi.fn() };
    const context = { ...t.context, logger };
    await returnTheDebit(context, id);
    await returnTheDebit(context, id);

    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]?.[0]).toMatchObject({ paymentId: id, businessId: payer.businessId });
    const activity = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, id), eq(activityLogs.action, 'PAYMENT_REFUND_DUPLICATED')));
    expect(activity).toHaveLength(1);
    const row = await paymentRow(t.context, id);
    expect(row.status).toBe('FAILED');
    expect(engineRailsData(row.railsData).refundDuplicatedAt).toEqual(expect.any(String));
    expect(await refundsOf(id)).toHaveLength(1);
    await expectMoneyInvariants();
  });
});
