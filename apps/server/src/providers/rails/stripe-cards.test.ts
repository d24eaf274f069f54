import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { achReturnFailureReason } from '@ferry/domain/payments';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../platform/clock.js';
import { type ReplayServer, startReplayServer } from '../../testing/replay-server.js';
import type { CreateTransferInput, RailsCard, RailsProvider, SettlementEvent } from './rails.js';
import { cardReturnCode, cardTransferStatusOf, createStripeCardRails } from './stripe-cards.js';

// The Stripe card processor against a local server answering as Stripe's API (version 2026-10-28)
// does: recorded answers under ./recorded (written from Stripe's API reference), what the SDK sends, and
// what the adapter makes of the answers and of signed webhooks.

const recordedDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'recorded');
/** A JSON body recorded from Stripe's documented API. */
const recorded = (name: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(recordedDir, `${name}.json`), 'utf8'));

const SECRET = 'sk_test_51QaFerryRecordedReplayKey0000000000000000000000000000000000000';
const WEBHOOK_SECRET = 'whsec_FerryRecordedReplaySigningSecret01';
const KEY = 'payment:0123456789abcdef01234567:debit:0';
const PI_ID = 'pi_3QFerryCapture0001Aa1b2C3d';

const card: RailsCard = {
  type: 'CARD',
  token: 'pm_1Q0PsIJvEtkwdCNYMSaVuRz6',
  brand: 'VISA',
  last4: '4242',
  holderName: 'Jane Doe',
  reference: 'card_0123456789abcdef0123',
};

const capture = (overrides: Partial<CreateTransferInput> = {}): CreateTransferInput => ({
  kind: 'CARD_CAPTURE',
  amountCents: 25_750,
  direction: 'DEBIT',
  account: card,
  idempotencyKey: KEY,
  settleOn: '2026-11-27',
  description: 'FERRY PAYMENT INV-0042',
  ...overrides,
});

let replay: ReplayServer;
const clock = new TestClock('2026-11-27T15:00:00.000Z');

beforeAll(async () => {
  replay = await startReplayServer({
    missing: { error: { type: 'api_error', message: 'no recorded answer' } },
    headers: { 'request-id': 'req_FerryReplay' },
  });
});
afterAll(() => replay.close());
beforeEach(() => replay.reset());

const rails = (): RailsProvider =>
  createStripeCardRails({
    secretKey: SECRET,
    webhookSecret: WEBHOOK_SECRET,
    clock,
    api: { host: '127.0.0.1', port: replay.port, protocol: 'http' },
    maxNetworkRetries: 0,
  });

const listening = (provider: RailsProvider) => {
  const events: SettlementEvent[] = [];
  provider.onSettlementBatch(async (batch) => {
    events.push(...batch);
  });
  return events;
};

/** A webhook body signed as Stripe signs it (Stripe-Signature: t=…,v1=…), by the SDK's own helper. */
const signed = (event: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return { body, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } };
};

const form = (body: string | undefined) => new URLSearchParams(body ?? '');

describe('Stripe card captures', () => {
  it('captures a card as a confirmed off-session PaymentIntent under Ferry’s idempotency key', async () => {
    replay.answer(
      { status: 200, body: recorded('stripe-payment-method') },
      { status: 200, body: recorded('stripe-payment-intent-succeeded') },
    );
    const transfer = await rails().createTransfer(capture());
    expect(replay.seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/payment_methods/pm_1Q0PsIJvEtkwdCNYMSaVuRz6',
      'POST /v1/payment_intents',
    ]);
    const [, create] = replay.seen;
    expect(create?.idempotencyKey).toBe(KEY);
    expect(create?.authorization).toBe(`Bearer ${SECRET}`);
    const sent = form(create?.body);
    expect(Object.fromEntries(sent)).toMatchObject({
      amount: '25750',
      currency: 'usd',
      payment_method: 'pm_1Q0PsIJvEtkwdCNYMSaVuRz6',
      customer: 'cus_QsAzNWSuRoYDkT',
      'allowed_payment_method_types[0]': 'card',
      confirm: 'true',
      off_session: 'true',
      description: 'FERRY PAYMENT INV-0042',
      'metadata[ferry_key]': KEY,
      'metadata[ferry_kind]': 'CARD_CAPTURE',
      'metadata[ferry_reference]': 'card_0123456789abcdef0123',
      'metadata[ferry_card_mask]': '4242',
      'metadata[ferry_settle_on]': '2026-11-27',
    });
    expect(transfer).toEqual({
      id: PI_ID,
      kind: 'CARD_CAPTURE',
      amountCents: 25_750,
      direction: 'DEBIT',
      reference: 'card_0123456789abcdef0123',
      accountMask: '4242',
      idempotencyKey: KEY,
      settleOn: '2026-11-27',
      status: 'POSTED',
      postedAt: new Date('2026-11-27T15:00:00Z'),
      returnCode: null,
      returnedAt: null,
      description: 'FERRY PAYMENT INV-0042',
      createdAt: new Date('2026-11-27T15:00:00Z'),
    });
  });

  it('answers a decline as a FAILED transfer whose return code the engine maps (insufficient funds → R01)', async () => {
    replay.answer(
      { status: 200, body: recorded('stripe-payment-method') },
      { status: 402, body: recorded('stripe-error-insufficient-funds') },
    );
    const transfer = await rails().createTransfer(capture());
    expect(transfer).toMatchObject({
      id: 'pi_3QFerryDeclined01Ff4g5H6i',
      status: 'FAILED',
      returnCode: 'R01',
      postedAt: new Date('2026-11-27T15:00:00Z'),
    });
    expect(achReturnFailureReason(transfer.returnCode ?? '', { side: 'DEBIT' })).toBe(
      'INSUFFICIENT_BANK_BALANCE',
    );
  });

  it('keeps Stripe’s code for a decline with no bank meaning (generic_decline → an unknown failure)', async () => {
    replay.answer(
      { status: 200, body: recorded('stripe-payment-method') },
      { status: 402, body: recorded('stripe-error-generic-decline') },
    );
    const transfer = await rails().createTransfer(
      capture({ idempotencyKey: 'payment:0123456789abcdef01234567:debit:1' }),
    );
    expect(transfer).toMatchObject({ status: 'FAILED', returnCode: 'generic_decline' });
    expect(achReturnFailureReason('generic_decline', { side: 'DEBIT' })).toBe('UNKNOWN');
  });

  it('throws what is not a decline (Stripe unreachable or refusing the request), for the engine to retry', async () => {
    replay.answer(
      { status: 200, body: recorded('stripe-payment-method') },
      {
        status: 400,
        body: { error: { type: 'invalid_request_error', code: 'parameter_invalid_integer', message: 'bad' } },
      },
    );
    await expect(rails().createTransfer(capture())).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('answers the same intent when the capture is sent again under the same key', async () => {
    const provider = rails();
    replay.answer(
      { status: 200, body: recorded('stripe-payment-method') },
      { status: 200, body: recorded('stripe-payment-intent-succeeded') },
      { status: 200, body: recorded('stripe-payment-method') },
      // Stripe replays the first answer for a repeated Idempotency-Key.
      {
        status: 200,
        body: recorded('stripe-payment-intent-succeeded'),
        headers: { 'idempotent-replayed': 'true' },
      },
    );
    const first = await provider.createTransfer(capture());
    const again = await provider.createTransfer(capture({ amountCents: 99_999 }));
    expect(again).toEqual(first);
    const creates = replay.seen.filter((request) => request.path === '/v1/payment_intents');
    expect(creates.map((request) => request.idempotencyKey)).toEqual([KEY, KEY]);
  });

  it('refuses bank transfers without calling Stripe', async () => {
    await expect(
      rails().createTransfer(
        capture({
          kind: 'PAYMENT_DEBIT',
          account: {
            routingNumber: '021000021',
            accountNumber: '000123456789',
            holderName: 'Harbor Supplies LLC',
            bankName: 'First Harbor Bank',
            reference: 'bank_1',
          },
        }),
      ),
    ).rejects.toThrow('captures cards only');
    expect(replay.seen).toHaveLength(0);
  });

  it('finds a capture by its idempotency key through a metadata search', async () => {
    replay.answer({ status: 200, body: recorded('stripe-payment-intents-search') });
    const found = await rails().findTransfer(KEY);
    expect(replay.seen[0]?.method).toBe('GET');
    const url = new URL(replay.seen[0]?.path ?? '', 'http://x');
    expect(url.pathname).toBe('/v1/payment_intents/search');
    expect(url.searchParams.get('query')).toBe(`metadata['ferry_key']:'${KEY}'`);
    expect(found).toMatchObject({ id: PI_ID, idempotencyKey: KEY, status: 'POSTED' });
    replay.answer({ status: 200, body: recorded('stripe-payment-intents-search-empty') });
    expect(await rails().findTransfer('payment:0123456789abcdef01234567:debit:9')).toBeNull();
  });

  it('maps intent statuses and decline codes', () => {
    expect(cardTransferStatusOf('succeeded')).toBe('POSTED');
    expect(cardTransferStatusOf('requires_payment_method')).toBe('FAILED');
    expect(cardTransferStatusOf('canceled')).toBe('FAILED');
    expect(cardTransferStatusOf('processing')).toBe('PENDING');
    expect(cardReturnCode({ code: 'card_declined', decline_code: 'insufficient_funds' })).toBe('R01');
    expect(cardReturnCode({ code: 'expired_card' })).toBe('R02');
    expect(cardReturnCode({ code: 'card_declined', decline_code: 'fraudulent' })).toBe('R10');
    expect(cardReturnCode({ code: 'authentication_required' })).toBe('authentication_required');
    expect(cardReturnCode(null)).toBe('card_declined');
  });

  it('refunds a capture under its own key and answers it RETURNED', async () => {
    replay.answer(
      { status: 200, body: recorded('stripe-refund') },
      { status: 200, body: recorded('stripe-payment-intent-succeeded') },
    );
    const refundKey = 'payment:0123456789abcdef01234567:refund:0';
    const transfer = await rails().refundCardCapture({ transferId: PI_ID, idempotencyKey: refundKey });
    expect(replay.seen[0]).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: refundKey });
    expect(form(replay.seen[0]?.body).get('payment_intent')).toBe(PI_ID);
    expect(replay.seen[1]).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${PI_ID}` });
    expect(transfer).toMatchObject({
      status: 'RETURNED',
      returnCode: 'refunded',
      returnedAt: new Date('2026-11-30T15:00:00Z'),
    });
  });
});

describe('Stripe webhooks', () => {
  it('delivers a signed payment_intent.succeeded as POSTED, and refuses a bad or missing signature', async () => {
    const provider = rails();
    const events = listening(provider);
    const event = recorded('stripe-event-payment-intent-succeeded');
    const { body, headers } = signed(event);
    const forged = signed(event, 'whsec_SomebodyElse');
    expect(await provider.handleWebhook(forged.headers, body)).toBe(false);
    expect(await provider.handleWebhook(headers, body.replace('25750', '1'))).toBe(false);
    expect(await provider.handleWebhook({}, body)).toBe(false);
    expect(events).toHaveLength(0);
    expect(await provider.handleWebhook(headers, body)).toBe(true);
    expect(events).toEqual([
      expect.objectContaining({
        outcome: 'POSTED',
        transfer: expect.objectContaining({
          idempotencyKey: KEY,
          status: 'POSTED',
          postedAt: new Date('2026-11-27T15:00:02Z'),
        }),
      }),
    ]);
    expect(replay.seen).toHaveLength(0);
  });

  it('delivers payment_intent.payment_failed as FAILED with the mapped return code', async () => {
    const provider = rails();
    const events = listening(provider);
    const { body, headers } = signed(recorded('stripe-event-payment-intent-payment-failed'));
    expect(await provider.handleWebhook(headers, body)).toBe(true);
    expect(events[0]).toMatchObject({ outcome: 'FAILED', transfer: { status: 'FAILED', returnCode: 'R01' } });
  });

  it('turns a dispute into a RETURNED event (R10) for the capture it takes back', async () => {
    const provider = rails();
    const events = listening(provider);
    replay.answer({ status: 200, body: recorded('stripe-payment-intent-succeeded') });
    const { body, headers } = signed(recorded('stripe-event-charge-dispute-created'));
    expect(await provider.handleWebhook(headers, body)).toBe(true);
    expect(replay.seen[0]).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${PI_ID}` });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      outcome: 'RETURNED',
      transfer: {
        idempotencyKey: KEY,
        status: 'RETURNED',
        returnCode: 'R10',
        returnedAt: new Date('2026-12-04T15:00:00Z'),
      },
    });
    expect(achReturnFailureReason('R10', { side: 'DEBIT' })).toBe('COMPLIANCE');
  });

  it('turns a full refund into a RETURNED event, unless a dispute took the money back already', async () => {
    const provider = rails();
    const events = listening(provider);
    replay.answer({ status: 200, body: recorded('stripe-payment-intent-succeeded') });
    const refunded = recorded('stripe-event-charge-refunded');
    const { body, headers } = signed(refunded);
    expect(await provider.handleWebhook(headers, body)).toBe(true);
    expect(events[0]).toMatchObject({ outcome: 'RETURNED', transfer: { returnCode: 'refunded' } });

    const object = (refunded.data as { object: Record<string, unknown> }).object;
    for (const charge of [
      { ...object, disputed: true },
      { ...object, refunded: false, amount_refunded: 1_000 },
    ]) {
      const again = signed({ ...refunded, data: { object: charge } });
      expect(await provider.handleWebhook(again.headers, again.body)).toBe(true);
    }
    expect(events).toHaveLength(1);
    expect(replay.seen).toHaveLength(1);
  });

  it('accepts other events and intents Ferry did not make without delivering anything', async () => {
    const provider = rails();
    const events = listening(provider);
    const succeeded = recorded('stripe-event-payment-intent-succeeded');
    const object = (succeeded.data as { object: Record<string, unknown> }).object;
    for (const event of [
      { ...succeeded, type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } },
      { ...succeeded, data: { object: { ...object, metadata: {} } } },
    ]) {
      const { body, headers } = signed(event);
      expect(await provider.handleWebhook(headers, body)).toBe(true);
    }
    expect(events).toHaveLength(0);
  });
});
