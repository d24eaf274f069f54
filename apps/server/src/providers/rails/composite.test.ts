import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import type { Database } from '../../platform/db/client.js';
import { createTestApp } from '../../testing/test-app.js';
import { createProviders } from '../index.js';
import { createCompositeRails } from './composite.js';
import type {
  CreateTransferInput,
  RailsProvider,
  RailsTransfer,
  SettlementEvent,
  SettlementHandler,
} from './rails.js';
import { isSandboxRails } from './sandbox.js';

// The composite rails: bank transfers to the ACH rails, card captures to the card processor, and the
// configuration that chooses it (CARD_PROCESSOR).

const transferOf = (id: string, kind: string, createdAt: string): RailsTransfer => ({
  id,
  kind,
  amountCents: 1_000,
  direction: 'DEBIT',
  reference: 'ref',
  accountMask: '4242',
  idempotencyKey: `key:${id}`,
  settleOn: '2026-11-27',
  status: 'PENDING',
  postedAt: null,
  returnCode: null,
  returnedAt: null,
  description: 'FERRY PAYMENT',
  createdAt: new Date(createdAt),
});

/** Rails that remember what they were asked and answer from `transfers`. */
function fakeRails(name: RailsProvider['name'], transfers: RailsTransfer[]) {
  const calls: string[] = [];
  const handlers: SettlementHandler[] = [];
  const provider: RailsProvider = {
    name,
    now: async () => new Date('2026-11-27T15:00:00Z'),
    async createTransfer(input) {
      calls.push(`create ${input.kind}`);
      return transferOf(`${name}_new`, input.kind, '2026-11-27T15:00:00Z');
    },
    async listTransfers(filter) {
      calls.push(`list ${filter.kind ?? '*'}`);
      return transfers;
    },
    async findTransfer(key) {
      calls.push(`find ${key}`);
      return transfers.find((transfer) => transfer.idempotencyKey === key) ?? null;
    },
    onSettlement(handler) {
      handlers.push(handler);
    },
    onSettlementBatch() {
      calls.push('batch handler');
    },
    async processDue() {
      calls.push('processDue');
      return name === 'stripe' ? 0 : 2;
    },
    async refundCardCapture({ transferId }) {
      calls.push(`refund ${transferId}`);
      return transferOf(transferId, 'CARD_CAPTURE', '2026-11-27T15:00:00Z');
    },
    async handleWebhook() {
      calls.push('webhook');
      return true;
    },
  };
  return { provider, calls, handlers };
}

const card = {
  type: 'CARD' as const,
  token: 'pm_1',
  brand: 'VISA',
  last4: '4242',
  holderName: 'Jane Doe',
  reference: 'card_1',
};
const bank = {
  routingNumber: '021000021',
  accountNumber: '000123456789',
  holderName: 'Harbor',
  bankName: 'First Harbor Bank',
  reference: 'bank_1',
};
const input = (kind: string, account: CreateTransferInput['account']): CreateTransferInput => ({
  kind,
  amountCents: 1_000,
  direction: 'DEBIT',
  account,
  idempotencyKey: `k:${kind}`,
  settleOn: '2026-11-27',
  description: 'FERRY PAYMENT',
});

describe('composite rails', () => {
  const setup = () => {
    const ach = fakeRails('modern-treasury', [transferOf('po_2', 'PAYMENT_DEBIT', '2026-11-27T12:00:00Z')]);
    const cards = fakeRails('stripe', [transferOf('pi_1', 'CARD_CAPTURE', '2026-11-26T12:00:00Z')]);
    return { ach, cards, rails: createCompositeRails({ ach: ach.provider, cards: cards.provider }) };
  };

  it('sends card captures to the card processor and every bank transfer to the ACH rails', async () => {
    const { ach, cards, rails } = setup();
    expect(rails.name).toBe('modern-treasury');
    expect((await rails.createTransfer(input('CARD_CAPTURE', card))).id).toBe('stripe_new');
    for (const kind of ['PAYMENT_DEBIT', 'PAYMENT_CREDIT', 'MICRO_DEPOSIT']) {
      expect((await rails.createTransfer(input(kind, bank))).id).toBe('modern-treasury_new');
    }
    expect(cards.calls).toEqual(['create CARD_CAPTURE']);
    expect(ach.calls).toEqual(['create PAYMENT_DEBIT', 'create PAYMENT_CREDIT', 'create MICRO_DEPOSIT']);
  });

  it('finds a transfer on either side, lists both in creation order, and refunds on the cards', async () => {
    const { ach, cards, rails } = setup();
    expect((await rails.findTransfer('key:po_2'))?.id).toBe('po_2');
    expect(cards.calls).toEqual([]);
    expect((await rails.findTransfer('key:pi_1'))?.id).toBe('pi_1');
    expect(await rails.findTransfer('key:none')).toBeNull();
    expect((await rails.listTransfers({})).map((t) => t.id)).toEqual(['pi_1', 'po_2']);
    expect((await rails.listTransfers({ kind: 'CARD_CAPTURE' })).map((t) => t.id)).toEqual(['pi_1']);
    expect((await rails.listTransfers({ kind: 'PAYMENT_DEBIT' })).map((t) => t.id)).toEqual(['po_2']);
    await rails.refundCardCapture({ transferId: 'pi_1', idempotencyKey: 'r' });
    expect(cards.calls.at(-1)).toBe('refund pi_1');
    expect(ach.calls.some((call) => call.startsWith('refund'))).toBe(false);
  });

  it('registers settlement handlers on both, polls both, and routes Stripe-signed webhooks to the cards', async () => {
    const { ach, cards, rails } = setup();
    const handler: SettlementHandler = async () => {};
    rails.onSettlement(handler);
    rails.onSettlementBatch(async () => {});
    expect(ach.handlers).toEqual([handler]);
    expect(cards.handlers).toEqual([handler]);
    expect(ach.calls).toContain('batch handler');
    expect(cards.calls).toContain('batch handler');
    expect(await rails.processDue()).toBe(2);
    await rails.handleWebhook({ 'stripe-signature': 't=1,v1=abc' }, '{}');
    expect(cards.calls.filter((call) => call === 'webhook')).toHaveLength(1);
    await rails.handleWebhook({ 'x-signature': 'abc', 'x-topic': 'payment_order' }, '{}');
    expect(ach.calls.filter((call) => call === 'webhook')).toHaveLength(1);
  });
});

/** Selection never touches the database. */
const deps = { database: {} as Database, clock: { now: () => new Date() } };
const STRIPE = {
  CARD_VAULT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};

const errorOf = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('CARD_PROCESSOR', () => {
  it('keeps card captures on the rails by default (sandbox), with nothing wrapped', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.CARD_PROCESSOR).toBe('sandbox');
    const { rails } = createProviders(config, deps);
    expect(rails.name).toBe('sandbox');
    expect(Object.hasOwn(rails, 'advance')).toBe(true);
  });

  it('puts Stripe in front of the sandbox rails, which keep their clock and routes', () => {
    const config = loadConfig({ NODE_ENV: 'test', CARD_PROCESSOR: 'stripe', ...STRIPE });
    const { rails } = createProviders(config, deps);
    expect(isSandboxRails(rails)).toBe(true);
    if (!isSandboxRails(rails)) return;
    expect(typeof rails.advance).toBe('function');
    expect(typeof rails.statement).toBe('function');
  });

  it('puts Stripe in front of Modern Treasury', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      CARD_PROCESSOR: 'stripe',
      ...STRIPE,
      RAILS_PROVIDER: 'modern-treasury',
      MODERN_TREASURY_API_KEY: 'k',
      MODERN_TREASURY_ORGANIZATION_ID: 'o',
      MODERN_TREASURY_INTERNAL_ACCOUNT_ID: 'a',
    });
    expect(createProviders(config, deps).rails.name).toBe('modern-treasury');
  });

  it('needs the Stripe vault, its secret key and the webhook secret, and says which are missing', () => {
    const bare = errorOf({ NODE_ENV: 'test', CARD_PROCESSOR: 'stripe' });
    expect(bare).toContain('CARD_VAULT_PROVIDER: must be stripe when CARD_PROCESSOR=stripe');
    expect(bare).toContain('STRIPE_SECRET_KEY: required when CARD_PROCESSOR=stripe');
    expect(bare).toContain('STRIPE_WEBHOOK_SECRET: required when CARD_PROCESSOR=stripe');
    const noWebhook = errorOf({
      NODE_ENV: 'test',
      CARD_PROCESSOR: 'stripe',
      ...STRIPE,
      STRIPE_WEBHOOK_SECRET: '',
    });
    expect(noWebhook).toContain('STRIPE_WEBHOOK_SECRET: required');
    expect(noWebhook).not.toContain('CARD_VAULT_PROVIDER');
    expect(errorOf({ NODE_ENV: 'test', CARD_PROCESSOR: 'adyen' })).toContain('CARD_PROCESSOR');
  });

  it('is refused as sandbox in production like the other sandbox providers, unless ALLOW_SANDBOX_PROVIDERS', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://ferry.example' };
    expect(errorOf(production)).toContain('CARD_PROCESSOR: sandbox in production; set CARD_PROCESSOR=stripe');
    expect(loadConfig({ ...production, ALLOW_SANDBOX_PROVIDERS: 'true' }).sandboxProviders).toContain(
      'CARD_PROCESSOR',
    );
  });
});

describe('POST /api/webhooks/rails with CARD_PROCESSOR=stripe', () => {
  it('hands a Stripe-signed capture to the settlement handlers and refuses a forged one', async () => {
    const app = await createTestApp({ env: { CARD_PROCESSOR: 'stripe', ...STRIPE } });
    try {
      const heard: SettlementEvent[] = [];
      app.context.providers.rails.onSettlement(async (event) => {
        heard.push(event);
      });
      const recorded = path.join(
        path.dirname(fileURLToPath(import.meta.url)),
        'recorded',
        'stripe-event-payment-intent-succeeded.json',
      );
      const body = fs.readFileSync(recorded, 'utf8');
      const post = (secret: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/webhooks/rails',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
          },
          payload: body,
        });
      expect((await post('whsec_forged')).statusCode).toBe(401);
      expect(heard).toHaveLength(0);
      const res = await post(STRIPE.STRIPE_WEBHOOK_SECRET);
      expect(res.statusCode, res.body).toBe(200);
      expect(heard.map((event) => [event.outcome, event.transfer.kind, event.transfer.amountCents])).toEqual([
        ['POSTED', 'CARD_CAPTURE', 25_750],
      ]);
    } finally {
      await app.close();
    }
  });
});
