import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { makeSignedInBusiness } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { sealTokens } from './connections.js';
import { accountingConnections, accountingSyncRuns } from './tables.js';

const VERIFIER = 'webhook-verifier-token';
const t = useTestApp({
  env: {
    ACCOUNTING_PROVIDER: 'live',
    QBO_CLIENT_ID: 'client',
    QBO_CLIENT_SECRET: 'secret',
    QBO_WEBHOOK_VERIFIER_TOKEN: VERIFIER,
  },
});

const notification = (realmId: string) =>
  JSON.stringify({
    eventNotifications: [
      {
        realmId,
        dataChangeEvent: {
          entities: [
            { name: 'Vendor', id: '56', operation: 'Update', lastUpdated: '2026-11-20T10:00:00.000Z' },
          ],
        },
      },
    ],
  });

const post = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/accounting/qbo',
    headers: { 'content-type': 'application/json', 'intuit-signature': signature },
    payload: body,
  });

describe('accounting webhooks (QuickBooks Online)', () => {
  it('a signed notification syncs the business connected to that company; a forged one is 401 and syncs nothing', async () => {
    const { businessId } = await makeSignedInBusiness(t.context);
    const id = newId();
    const now = t.clock.now();
    await t.database.db.insert(accountingConnections).values({
      id,
      businessId,
      providerType: 'QBO',
      mode: 'LIVE',
      status: 'CONNECTED',
      organisationId: '9130350000000001',
      organisationName: 'Harbor Books',
      tokensSealed: sealTokens(t.context, id, {
        accessToken: 'access',
        refreshToken: 'refresh',
        accessTokenExpiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
        refreshTokenExpiresAt: null,
      }),
      connectedAt: now,
    });
    const body = notification('9130350000000001');

    const forged = await post(body, createHmac('sha256', 'not-the-token').update(body).digest('base64'));
    expect(forged.statusCode).toBe(401);
    const none = await t.database.db
      .select()
      .from(accountingSyncRuns)
      .where(eq(accountingSyncRuns.businessId, businessId));
    expect(none).toHaveLength(0);

    const signed = await post(body, createHmac('sha256', VERIFIER).update(body).digest('base64'));
    expect(signed.statusCode, signed.body).toBe(200);
    const runs = await t.database.db
      .select()
      .from(accountingSyncRuns)
      .where(eq(accountingSyncRuns.businessId, businessId));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'WEBHOOK', status: 'IN_PROGRESS' });

    // Another notification while that run is going starts no second one.
    await post(body, createHmac('sha256', VERIFIER).update(body).digest('base64'));
    const still = await t.database.db
      .select()
      .from(accountingSyncRuns)
      .where(eq(accountingSyncRuns.businessId, businessId));
    expect(still).toHaveLength(1);
  });
});
