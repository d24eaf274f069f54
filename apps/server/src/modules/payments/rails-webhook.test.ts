import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettlementEvent } from '../../providers/rails/rails.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

// POST /api/webhooks/rails: the payment rails' settlement webhooks, verified by the live adapter.

const WEBHOOK_KEY = 'whsec-route-test';
const KEY = 'payment:0123456789abcdef01234567:credit:0';

const signed = (body: string) => createHmac('sha256', WEBHOOK_KEY).update(body).digest('hex');

describe('POST /api/webhooks/rails', () => {
  let sandbox: TestApp;
  let live: TestApp;
  beforeAll(async () => {
    sandbox = await createTestApp();
    live = await createTestApp({
      env: {
        RAILS_PROVIDER: 'modern-treasury',
        MODERN_TREASURY_API_KEY: 'test-key',
        MODERN_TREASURY_ORGANIZATION_ID: 'org-test',
        MODERN_TREASURY_INTERNAL_ACCOUNT_ID: 'ia-test',
        MODERN_TREASURY_WEBHOOK_KEY: WEBHOOK_KEY,
        MODERN_TREASURY_BASE_URL: 'http://127.0.0.1:9',
      },
    });
  });
  afterAll(async () => {
    await sandbox.close();
    await live.close();
  });

  const post = (app: TestApp, body: string, headers: Record<string, string>) =>
    app.app.inject({
      method: 'POST',
      url: '/api/webhooks/rails',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });

  it('is refused on the sandbox rails, which send no webhooks', async () => {
    const res = await post(sandbox, '{}', { 'x-topic': 'payment_order', 'x-signature': signed('{}') });
    expect(res.statusCode).toBe(401);
  });

  it('hands a signed payment-order webhook to the settlement handlers, and refuses a forged one', async () => {
    expect(live.context.providers.rails.name).toBe('modern-treasury');
    const heard: SettlementEvent[] = [];
    live.context.providers.rails.onSettlement(async (event) => {
      heard.push(event);
    });
    const body = JSON.stringify({
      event: 'completed',
      data: {
        id: 'po_1',
        amount: 4_200,
        direction: 'credit',
        status: 'completed',
        effective_date: '2026-11-05',
        description: 'FERRY PAYMENT',
        current_return: null,
        metadata: {
          ferry_key: KEY,
          ferry_kind: 'PAYMENT_CREDIT',
          ferry_reference: 'v1',
          ferry_account_mask: '1234',
        },
        created_at: '2026-11-02T15:00:00Z',
        updated_at: '2026-11-05T15:00:00Z',
      },
    });
    const forged = await post(live, body, {
      'x-topic': 'payment_order',
      'x-signature': signed('{"other":1}'),
    });
    expect(forged.statusCode).toBe(401);
    expect(heard).toHaveLength(0);
    const res = await post(live, body, { 'x-topic': 'payment_order', 'x-signature': signed(body) });
    expect(res.statusCode, res.body).toBe(200);
    expect(heard.map((e) => [e.outcome, e.transfer.idempotencyKey, e.transfer.amountCents])).toEqual([
      ['POSTED', KEY, 4_200],
    ]);
  });
});
