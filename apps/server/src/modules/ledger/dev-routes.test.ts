import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { ledgerEntries } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('says whether the ledger balances (development only)', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/dev/ledger/check' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toMatchObject({ balanced: true, problem: null });
  // The database refuses an unbalanced transaction at commit; counting on an empty ledger still answers.
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
  expect(res.json().data.entries).toBe(row?.n ?? 0);
});

it('is not there in production', async () => {
  const prod = await createTestApp({
    env: { NODE_ENV: 'production', PUBLIC_URL: 'https://ferry.example', ALLOW_SANDBOX_PROVIDERS: 'true' },
  });
  try {
    const res = await prod.app.inject({ method: 'GET', url: '/api/dev/ledger/check' });
    expect(res.statusCode).toBe(404);
  } finally {
    await prod.close();
  }
});
