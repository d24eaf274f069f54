import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../platform/clock.js';
import { type ReplayServer, startReplayServer } from '../../testing/replay-server.js';
import { createModernTreasuryRails, toRailsTransfer, transferStatusOf } from './modern-treasury.js';
import type { RailsProvider, SettlementEvent } from './rails.js';

// The Modern Treasury adapter against a local server answering as Modern Treasury's API does (recorded
// payment orders, API version of the official SDK 3.3): what it sends, and what it makes of the answers
// and of signed webhooks.

const API_KEY = 'test-recorded-replay-key';
const ORG = 'f7c5d0f6-3c4b-4f4b-9b59-6a1f0d7b2a11';
const INTERNAL = '0f8e3719-3dfd-4613-9bbf-c0333781b59f';
const WEBHOOK_KEY = 'whsec-recorded-replay';
const KEY = 'payment:0123456789abcdef01234567:debit:0';

/** A payment order as Modern Treasury answers it (trimmed to the fields the SDK types require). */
function order(overrides: Record<string, unknown> = {}) {
  return {
    id: '2c8a1b3e-7f2d-4a55-9d3e-5b6c7d8e9f01',
    object: 'payment_order',
    live_mode: false,
    type: 'ach',
    subtype: 'CCD',
    amount: 25_000,
    direction: 'debit',
    originating_account_id: INTERNAL,
    receiving_account_id: '8d2b4c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    receiving_account_type: 'external_account',
    currency: 'USD',
    effective_date: '2026-11-27',
    priority: 'normal',
    description: 'FERRY PAYMENT INV-0042',
    statement_descriptor: 'FERRY PAYM',
    status: 'approved',
    current_return: null,
    metadata: {
      ferry_key: KEY,
      ferry_kind: 'PAYMENT_DEBIT',
      ferry_reference: 'bank_0123456789abcdef0123',
      ferry_account_mask: '6789',
    },
    reference_numbers: [],
    created_at: '2026-11-26T15:00:00Z',
    updated_at: '2026-11-26T15:00:00Z',
    ...overrides,
  };
}

let replay: ReplayServer;
const clock = new TestClock('2026-11-26T15:00:00.000Z');

beforeAll(async () => {
  replay = await startReplayServer({ missing: { errors: { message: 'no recorded answer' } } });
});
afterAll(() => replay.close());
beforeEach(() => replay.reset());

const rails = (options: { webhookKey?: string | null } = {}): RailsProvider =>
  createModernTreasuryRails({
    apiKey: API_KEY,
    organizationId: ORG,
    internalAccountId: INTERNAL,
    webhookKey: options.webhookKey === undefined ? WEBHOOK_KEY : options.webhookKey,
    baseURL: replay.baseURL,
    clock,
  });

const listening = (provider: RailsProvider) => {
  const events: SettlementEvent[] = [];
  provider.onSettlementBatch(async (batch) => {
    events.push(...batch);
  });
  return events;
};

describe('Modern Treasury rails', () => {
  it('creates an ACH payment order under Ferry’s idempotency key, with Ferry’s metadata', async () => {
    replay.answer({ status: 201, body: order() });
    const transfer = await rails().createTransfer({
      kind: 'PAYMENT_DEBIT',
      amountCents: 25_000,
      direction: 'DEBIT',
      account: {
        routingNumber: '021000021',
        accountNumber: '000123456789',
        holderName: 'Harbor Supplies LLC',
        bankName: 'First Harbor Bank',
        reference: 'bank_0123456789abcdef0123',
      },
      idempotencyKey: KEY,
      settleOn: '2026-11-27',
      description: 'FERRY PAYMENT INV-0042',
    });
    expect(replay.seen).toHaveLength(1);
    const [request] = replay.seen;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/payment_orders');
    expect(request?.idempotencyKey).toBe(KEY);
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${ORG}:${API_KEY}`).toString('base64')}`);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      type: 'ach',
      amount: 25_000,
      direction: 'debit',
      originating_account_id: INTERNAL,
      effective_date: '2026-11-27',
      receiving_account: {
        party_name: 'Harbor Supplies LLC',
        account_details: [{ account_number: '000123456789' }],
        routing_details: [{ routing_number: '021000021', routing_number_type: 'aba' }],
      },
      metadata: { ferry_key: KEY, ferry_kind: 'PAYMENT_DEBIT', ferry_account_mask: '6789' },
    });
    expect(transfer).toMatchObject({
      id: order().id,
      kind: 'PAYMENT_DEBIT',
      amountCents: 25_000,
      direction: 'DEBIT',
      accountMask: '6789',
      idempotencyKey: KEY,
      settleOn: '2026-11-27',
      status: 'PENDING',
      postedAt: null,
      returnCode: null,
    });
  });

  it('refuses a card capture without calling Modern Treasury', async () => {
    await expect(
      rails().createTransfer({
        kind: 'CARD_CAPTURE',
        amountCents: 1_000,
        direction: 'DEBIT',
        account: {
          type: 'CARD',
          token: 'pm_x',
          brand: 'visa',
          last4: '4242',
          holderName: 'A',
          reference: 'card_1',
        },
        idempotencyKey: 'payment:0123456789abcdef01234567:debit:1',
        settleOn: '2026-11-27',
        description: 'FERRY PAYMENT',
      }),
    ).rejects.toThrow('Card captures need a card processor');
    await expect(
      rails().refundCardCapture({ transferId: 'po_1', idempotencyKey: 'refund:1' }),
    ).rejects.toThrow('refund no cards');
    expect(replay.seen).toHaveLength(0);
  });

  it('finds a transfer by its idempotency key through the metadata query', async () => {
    replay.answer({
      status: 200,
      body: [order({ status: 'completed', updated_at: '2026-11-27T14:00:00Z' })],
    });
    const found = await rails().findTransfer(KEY);
    expect(replay.seen[0]?.method).toBe('GET');
    expect(decodeURIComponent(replay.seen[0]?.path ?? '')).toContain(`metadata[ferry_key]=${KEY}`);
    expect(found).toMatchObject({ status: 'POSTED', postedAt: new Date('2026-11-27T14:00:00Z') });
    replay.answer({ status: 200, body: [] });
    expect(await rails().findTransfer('payment:0123456789abcdef01234567:credit:0')).toBeNull();
  });

  it('maps order statuses and return codes to transfers, and ignores orders Ferry did not make', () => {
    expect(transferStatusOf('completed')).toBe('POSTED');
    expect(transferStatusOf('returned')).toBe('RETURNED');
    expect(transferStatusOf('failed')).toBe('FAILED');
    expect(transferStatusOf('cancelled')).toBe('FAILED');
    expect(transferStatusOf('sent')).toBe('PENDING');
    const returned = toRailsTransfer(
      order({
        status: 'returned',
        updated_at: '2026-11-30T16:00:00Z',
        current_return: { id: 'r1', object: 'return', code: 'R01' },
      }) as never,
    );
    expect(returned).toMatchObject({
      status: 'RETURNED',
      returnCode: 'R01',
      returnedAt: new Date('2026-11-30T16:00:00Z'),
    });
    expect(toRailsTransfer(order({ metadata: {} }) as never)).toBeNull();
  });

  it('delivers a signed payment-order webhook to the settlement handlers, and refuses a bad signature', async () => {
    const provider = rails();
    const events = listening(provider);
    const body = JSON.stringify({
      event: 'completed',
      data: order({ status: 'completed', updated_at: '2026-11-27T14:00:00Z' }),
    });
    const signature = createHmac('sha256', WEBHOOK_KEY).update(body).digest('hex');
    expect(await provider.handleWebhook({ 'x-topic': 'payment_order', 'x-signature': signature }, body)).toBe(
      true,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      outcome: 'POSTED',
      transfer: { idempotencyKey: KEY, status: 'POSTED' },
    });

    expect(await provider.handleWebhook({ 'x-topic': 'payment_order', 'x-signature': 'f00' }, body)).toBe(
      false,
    );
    expect(await provider.handleWebhook({ 'x-topic': 'payment_order' }, body)).toBe(false);
    // Another topic, signed: accepted and ignored.
    const other = JSON.stringify({ event: 'created', data: { id: 'ea1' } });
    const otherSignature = createHmac('sha256', WEBHOOK_KEY).update(other).digest('hex');
    expect(
      await provider.handleWebhook({ 'x-topic': 'expected_payment', 'x-signature': otherSignature }, other),
    ).toBe(true);
    expect(events).toHaveLength(1);
    expect(replay.seen).toHaveLength(0);
  });

  it('without a webhook key, polls the settled orders and hands them over in one batch', async () => {
    const provider = rails({ webhookKey: null });
    const events = listening(provider);
    // One answer per settled status polled: completed, then the failed ones, then the returned ones.
    replay.answer({ status: 200, body: [order({ status: 'completed' })] });
    replay.answer({
      status: 200,
      body: [
        order({
          id: 'b1',
          status: 'failed',
          current_return: { id: 'r2', object: 'return', code: 'R03' },
          metadata: { ...order().metadata, ferry_key: 'payment:0123456789abcdef01234567:credit:0' },
        }),
      ],
    });
    for (let i = 0; i < 5; i += 1) replay.answer({ status: 200, body: [] });
    expect(await provider.processDue()).toBe(2);
    expect(replay.seen.map((s) => new URL(s.path, replay.baseURL).searchParams.get('status'))).toEqual([
      'completed',
      'failed',
      'cancelled',
      'denied',
      'stopped',
      'returned',
      'reversed',
    ]);
    expect(new URL(replay.seen[0]?.path ?? '', replay.baseURL).searchParams.get('effective_date_start')).toBe(
      '2026-11-21',
    );
    expect(
      new URL(replay.seen[0]?.path ?? '', replay.baseURL).searchParams.get('originating_account_id'),
    ).toBe(INTERNAL);
    expect(events.map((e) => [e.outcome, e.transfer.returnCode])).toEqual([
      ['POSTED', null],
      ['FAILED', 'R03'],
    ]);
    // The next poll finds the same orders: nothing new to hand over.
    replay.reset();
    replay.answer({ status: 200, body: [order({ status: 'completed' })] });
    for (let i = 0; i < 6; i += 1) replay.answer({ status: 200, body: [] });
    expect(await provider.processDue()).toBe(0);
    expect(events).toHaveLength(2);
    // With webhooks, nothing is polled.
    replay.reset();
    expect(await rails().processDue()).toBe(0);
    expect(replay.seen).toHaveLength(0);
  });
});
