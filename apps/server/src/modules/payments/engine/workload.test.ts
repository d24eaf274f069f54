import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { TestClock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/client.js';
import { compactRollup } from '../../../platform/db/rollups.js';
import { makeBusiness } from '../../../testing/factories.js';
import { openTestContextDatabase } from '../../../testing/test-app.js';
import { assertLedgerBalanced } from '../../ledger/service.js';
import { paymentStatusRollup } from '../service.js';
import { moneyInvariantMismatches, runRandomWorkload, seedPayments } from './workload.js';

/**
 * The property test of the whole engine state path (status, timeline, ledger, bill): 100,000 random
 * events, each database transaction's events handed to applyPaymentEvents at once (the path the engine's
 * sweeps use; applyPaymentEvent is a batch of one, and batch.test.ts proves both give the same rows).
 * One connection on the embedded database, 6 on PostgreSQL (DATABASE_URL). `PAYMENT_WORKLOAD_STEPS`
 * changes the count.
 */
const STEPS = Number(process.env.PAYMENT_WORKLOAD_STEPS ?? 100_000);

let database: Database;
beforeAll(async () => {
  database = await openTestContextDatabase();
});
afterAll(() => database.close());

it(`survives ${STEPS} random events on many payments: ledger balanced, every payment's money invariant holds`, async () => {
  const clock = new TestClock('2026-11-02T15:00:00.000Z');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const { businessId } = await makeBusiness({ database, clock, config });
  const fixture = await seedPayments(database, {
    businessId,
    count: Math.max(200, Math.min(20_000, Math.round(STEPS / 5))),
  });
  const started = performance.now();
  const result = await runRandomWorkload(database, fixture, {
    steps: STEPS,
    batchSize: 500,
    seed: 20261102,
    workers: database.kind === 'postgres' ? 6 : 1,
    mode: 'batch',
  });
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `random workload on ${database.kind}: ${result.steps} steps (${result.applied} applied, ${result.posted} posting, ${result.refused} refused) in ${seconds.toFixed(1)} s`,
  );
  expect(result.applied + result.refused).toBe(STEPS);
  // The workload reaches every corner: money moved and came back, and illegal events were refused.
  expect(result.posted).toBeGreaterThan(STEPS / 40);
  expect(result.refused).toBeGreaterThan(STEPS / 20);
  const statuses = new Map([...result.model].map(([id, state]) => [id, state.status]));
  for (const status of ['PROCESSING', 'DELIVERED', 'REVERSED', 'FAILED', 'CANCELLED']) {
    expect([...statuses.values()]).toContain(status);
  }

  const checked = await assertLedgerBalanced(database.db);
  expect(checked.transactions).toBeGreaterThan(0);
  expect(await moneyInvariantMismatches(database.db, fixture, statuses)).toEqual([]);

  // The payments-per-status rollup (migration 0013), written by triggers under concurrent batches,
  // equals a recount, before and after folding its appended rows in.
  const recount = await database.sql.query<{ status: string; n: string; c: string }>(
    `select status, count(*)::text as n, sum(amount_cents)::text as c from payments where business_id = $1
     group by status order by status`,
    [businessId],
  );
  const rollup = () =>
    database.sql.query<{ status: string; n: string; c: string }>(
      `select status, sum(n)::text as n, sum(c)::text as c
       from (select status, payment_count as n, amount_cents as c from payment_status_rollups where business_id = $1
             union all
             select status, payment_count, amount_cents from payment_status_deltas where business_id = $1) as r
       group by status having sum(n) <> 0 or sum(c) <> 0 order by status`,
      [businessId],
    );
  expect((await rollup()).rows).toEqual(recount.rows);
  await compactRollup(database.db, paymentStatusRollup, businessId);
  expect((await rollup()).rows).toEqual(recount.rows);
}, 900_000);
