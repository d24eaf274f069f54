import { randomUUID } from 'node:crypto';
import { addBusinessDays } from '@ferry/domain/dates';
import { newYorkDate } from '@ferry/domain/payments';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app.js';
import type { CreateTransferInput, RailsAccount, RailsCard, SettlementEvent } from './rails.js';
import { isSandboxRails, type SandboxRailsProvider } from './sandbox.js';
import { SANDBOX_FAILURE_AMOUNTS, sandboxFailurePlan } from './sandbox-failures.js';

const t = useTestApp();

const rails = (): SandboxRailsProvider => {
  const provider = t.context.providers.rails;
  if (!isSandboxRails(provider)) throw new Error('sandbox rails expected');
  return provider;
};

/** Every event the rails deliver, in order (handlers are registered once for the file). */
const events: SettlementEvent[] = [];
let listening = false;
const listen = () => {
  if (listening) return;
  listening = true;
  rails().onSettlement(async (event) => {
    events.push(event);
  });
};
const eventsOf = (transferId: string) =>
  events.filter((event) => event.transfer.id === transferId).map((event) => event.outcome);

let accountSeq = 0;
const bank = (): RailsAccount => {
  accountSeq += 1;
  return {
    routingNumber: '021000021',
    accountNumber: `${70_000_000_000 + accountSeq * 613}`,
    holderName: 'Harbor Supplies',
    bankName: 'First Harbor Bank',
    reference: randomUUID(),
  };
};

const today = async () => newYorkDate(await rails().now());

const transfer = async (overrides: Partial<CreateTransferInput> & Pick<CreateTransferInput, 'amountCents'>) =>
  rails().createTransfer({
    kind: 'PAYMENT_DEBIT',
    direction: 'DEBIT',
    account: bank(),
    idempotencyKey: `test:${randomUUID()}`,
    settleOn: await today(),
    description: 'FERRY PAYMENT',
    attempt: 0,
    ...overrides,
  });

describe('sandbox failure plans', () => {
  it('fails exactly the contract amounts, on their side, on the first attempt only', () => {
    expect(Object.keys(SANDBOX_FAILURE_AMOUNTS).map(Number).sort()).toEqual([
      1301, 1302, 1303, 1304, 1305, 1308, 1309, 1313, 1316,
    ]);
    expect(sandboxFailurePlan({ kind: 'PAYMENT_DEBIT', amountCents: 1301 })).toMatchObject({
      returnCode: 'R01',
      outcome: 'FAIL',
    });
    expect(sandboxFailurePlan({ kind: 'PAYMENT_DEBIT', amountCents: 1301, attempt: 1 })).toBeNull();
    // Debit codes do not fail the vendor's credit, and the other way round.
    expect(sandboxFailurePlan({ kind: 'PAYMENT_CREDIT', amountCents: 1301 })).toBeNull();
    expect(sandboxFailurePlan({ kind: 'PAYMENT_DEBIT', amountCents: 1303 })).toBeNull();
    expect(sandboxFailurePlan({ kind: 'PAYMENT_CREDIT', amountCents: 1304 })?.returnCode).toBe('R04');
    expect(sandboxFailurePlan({ kind: 'PAYMENT_CREDIT', amountCents: 1313 })?.outcome).toBe('RETURN');
    expect(sandboxFailurePlan({ kind: 'CARD_CAPTURE', amountCents: 1305 })?.returnCode).toBe('R05');
    // Real amounts with the same cents, and other transfer kinds, are never surprised.
    expect(sandboxFailurePlan({ kind: 'PAYMENT_DEBIT', amountCents: 2301 })).toBeNull();
    expect(sandboxFailurePlan({ kind: 'PAYMENT_DEBIT', amountCents: 101 })).toBeNull();
    expect(sandboxFailurePlan({ kind: 'MICRO_DEPOSIT', amountCents: 1301 })).toBeNull();
  });
});

describe('sandbox rails: payment transfers', () => {
  it('settles a payment debit on its day and tells the handlers once', async () => {
    listen();
    const day = addBusinessDays(await today(), 1);
    const debit = await transfer({ amountCents: 25_000, settleOn: day });
    expect(debit).toMatchObject({ status: 'PENDING', returnCode: null, kind: 'PAYMENT_DEBIT' });
    await rails().processDue();
    expect(eventsOf(debit.id)).toEqual([]);
    await rails().advance({ businessDays: 1 });
    expect(eventsOf(debit.id)).toEqual(['POSTED']);
    expect(await rails().findTransfer(debit.idempotencyKey)).toMatchObject({ status: 'POSTED' });
    await rails().processDue();
    expect(eventsOf(debit.id)).toEqual(['POSTED']);
  });

  it('answers the same transfer for the same key, whatever else is sent', async () => {
    const key = `test:${randomUUID()}`;
    const first = await transfer({ amountCents: 1_000, idempotencyKey: key });
    const again = await transfer({ amountCents: 1301, idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.amountCents).toBe(1_000);
    expect(await rails().findTransfer(`test:${randomUUID()}`)).toBeNull();
  });

  it.each([
    [1301, 'R01'],
    [1302, 'R02'],
    [1305, 'R05'],
    [1308, 'R08'],
    [1309, 'R09'],
    [1316, 'R16'],
  ])('fails a first-attempt debit of %i cents with %s; the reattempt posts', async (amountCents, code) => {
    listen();
    const failed = await transfer({ amountCents });
    const retried = await transfer({ amountCents, attempt: 1 });
    await rails().processDue();
    expect(await rails().findTransfer(failed.idempotencyKey)).toMatchObject({
      status: 'FAILED',
      returnCode: code,
    });
    expect(eventsOf(failed.id)).toEqual(['FAILED']);
    expect(await rails().findTransfer(retried.idempotencyKey)).toMatchObject({
      status: 'POSTED',
      returnCode: null,
    });
    expect(eventsOf(retried.id)).toEqual(['POSTED']);
  });

  it.each([
    [1303, 'R03'],
    [1304, 'R04'],
  ])('fails the vendor credit of %i cents with %s', async (amountCents, code) => {
    listen();
    const credit = await transfer({ amountCents, kind: 'PAYMENT_CREDIT', direction: 'CREDIT' });
    await rails().processDue();
    expect(await rails().findTransfer(credit.idempotencyKey)).toMatchObject({
      status: 'FAILED',
      returnCode: code,
    });
    expect(eventsOf(credit.id)).toEqual(['FAILED']);
  });

  it('posts a $13.13 credit, then returns it R03 two business days later', async () => {
    listen();
    const account = bank();
    const credit = await transfer({
      amountCents: 1313,
      kind: 'PAYMENT_CREDIT',
      direction: 'CREDIT',
      account,
    });
    await rails().processDue();
    expect(eventsOf(credit.id)).toEqual(['POSTED']);
    await rails().advance({ businessDays: 1 });
    expect(await rails().findTransfer(credit.idempotencyKey)).toMatchObject({ status: 'POSTED' });
    await rails().advance({ businessDays: 1 });
    const returned = await rails().findTransfer(credit.idempotencyKey);
    expect(returned).toMatchObject({ status: 'RETURNED', returnCode: 'R03' });
    expect(returned?.returnedAt).toBeInstanceOf(Date);
    expect(eventsOf(credit.id)).toEqual(['POSTED', 'RETURNED']);
    // The vendor's bank shows the credit and the return that took it back.
    const lines = await rails().statement(account);
    expect(lines.map((line) => [line.description, line.amountCents, line.status])).toEqual([
      ['FERRY PAYMENT RETURN R03', -1313, 'POSTED'],
      ['FERRY PAYMENT', 1313, 'POSTED'],
    ]);
    await rails().processDue();
    expect(eventsOf(credit.id)).toEqual(['POSTED', 'RETURNED']);
  });

  it('delivers the posting before the return when both fall due in one run', async () => {
    listen();
    const credit = await transfer({
      amountCents: 1313,
      kind: 'PAYMENT_CREDIT',
      direction: 'CREDIT',
      settleOn: addBusinessDays(await today(), 1),
    });
    await rails().advance({ businessDays: 5 });
    expect(eventsOf(credit.id)).toEqual(['POSTED', 'RETURNED']);
  });

  it('captures a card payment like a debit, failing test amounts on the first attempt', async () => {
    listen();
    const card: RailsCard = {
      type: 'CARD',
      token: `tok_${randomUUID()}`,
      brand: 'Visa',
      last4: '4242',
      holderName: 'Harbor Supplies',
      reference: randomUUID(),
    };
    const ok = await transfer({ amountCents: 5_000, kind: 'CARD_CAPTURE', account: card });
    const declined = await transfer({ amountCents: 1302, kind: 'CARD_CAPTURE', account: card });
    await rails().processDue();
    expect(await rails().findTransfer(ok.idempotencyKey)).toMatchObject({
      status: 'POSTED',
      accountMask: '4242',
    });
    expect(await rails().findTransfer(declined.idempotencyKey)).toMatchObject({
      status: 'FAILED',
      returnCode: 'R02',
    });
  });

  it('refunds a posted card capture once (RETURNED, refunded) and tells the handlers of the return', async () => {
    listen();
    const card: RailsCard = {
      type: 'CARD',
      token: `tok_${randomUUID()}`,
      brand: 'Visa',
      last4: '4242',
      holderName: 'Harbor Supplies',
      reference: randomUUID(),
    };
    const captured = await transfer({ amountCents: 7_500, kind: 'CARD_CAPTURE', account: card });
    const refund = { transferId: captured.id, idempotencyKey: `refund:${captured.id}` };
    await expect(rails().refundCardCapture(refund)).rejects.toThrow('has not posted');
    await rails().processDue();
    const refunded = await rails().refundCardCapture(refund);
    expect(refunded).toMatchObject({ status: 'RETURNED', returnCode: 'refunded' });
    expect(refunded.returnedAt).toBeInstanceOf(Date);
    expect(await rails().refundCardCapture(refund)).toEqual(refunded);
    await rails().processDue();
    expect(eventsOf(captured.id)).toEqual(['POSTED', 'RETURNED']);
    const debit = await transfer({ amountCents: 7_500 });
    await expect(rails().refundCardCapture({ transferId: debit.id, idempotencyKey: 'x' })).rejects.toThrow(
      'No card capture',
    );
  });

  it('keeps a failed debit off the statement: no money moved', async () => {
    const account = bank();
    await transfer({ amountCents: 1301, account });
    await transfer({ amountCents: 900, account });
    await rails().processDue();
    const lines = await rails().statement(account);
    expect(lines.map((line) => line.amountCents)).toEqual([-900]);
  });

  it('redelivers an event a handler refused, and delivers the others meanwhile', async () => {
    listen();
    let refuse = true;
    const failing = await transfer({ amountCents: 4_444 });
    const other = await transfer({ amountCents: 5_555 });
    rails().onSettlement(async ({ transfer: settled }) => {
      if (refuse && settled.id === failing.id) throw new Error('handler down');
    });
    await expect(rails().processDue()).rejects.toThrow('handler down');
    expect(eventsOf(other.id)).toEqual(['POSTED']);
    refuse = false;
    await rails().processDue();
    // The first handler heard it twice (handlers must be idempotent); now it is delivered for good.
    expect(eventsOf(failing.id)).toEqual(['POSTED', 'POSTED']);
    await rails().processDue();
    expect(eventsOf(failing.id)).toEqual(['POSTED', 'POSTED']);
  });

  it('hands a batch handler the due events at once, and one at a time when it throws on the batch', async () => {
    listen();
    const batches: string[][] = [];
    let poison: string | null = null;
    rails().onSettlementBatch(async (batch) => {
      batches.push(batch.map((event) => event.transfer.id));
      if (batch.some((event) => event.transfer.id === poison)) throw new Error('bad event');
    });
    const first = await transfer({ amountCents: 2_001 });
    const second = await transfer({ amountCents: 2_002 });
    await rails().processDue();
    // One batch, in settlement order (same time: by transfer id).
    expect(batches).toEqual([[first.id, second.id].sort()]);

    batches.length = 0;
    const good = await transfer({ amountCents: 2_003 });
    const bad = await transfer({ amountCents: 2_004 });
    poison = bad.id;
    await expect(rails().processDue()).rejects.toThrow('bad event');
    // The batch, then each event alone: the good one is delivered, the bad one waits.
    const pair = [good.id, bad.id].sort();
    expect(batches).toEqual([pair, ...pair.map((id) => [id])]);
    batches.length = 0;
    poison = null;
    await rails().processDue();
    expect(batches).toEqual([[bad.id]]);
    batches.length = 0;
    await rails().processDue();
    expect(batches).toEqual([]);
  });

  it('never fails micro-deposits, whatever their amount', async () => {
    listen();
    const deposit = await transfer({ amountCents: 1301, kind: 'MICRO_DEPOSIT', direction: 'CREDIT' });
    await rails().processDue();
    expect(eventsOf(deposit.id)).toEqual(['POSTED']);
  });
});
