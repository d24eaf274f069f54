// `npm run bench:payment-engine -w @ferry/bench`: payment status transitions that post to the ledger
// (SUBMIT_TO_RAILS: PAYMENT_SUBMIT, then SETTLE: PAYMENT_SETTLE) on the embedded database and, when
// DATABASE_URL is set, on PostgreSQL. Two paths:
// - batched: applyPaymentEvents, as the engine's sweeps run it — many payments per database transaction
//   (row locks, statuses, timeline, ledger postings and bills in a constant number of statements);
// - one by one: applyPaymentEvent, one payment per database transaction (the API's path).
// Figures only: nothing is asserted.
//
// Options: BENCH_PGLITE_PAYMENTS (default 2,000), BENCH_PG_PAYMENTS (default 10,000), BENCH_BATCH (payments
// per db tx of the batched path, default 50,200,500), BENCH_WORKERS (connections on PostgreSQL, default
// 1,2,4), BENCH_SINGLE_PAYMENTS (payments of the one-by-one run, default 300; 0 skips it), BENCH_PGLITE=false
// (PostgreSQL only), BENCH_SETTLEMENTS (settlement events handled, default 2,000 PGlite / 4,000 PostgreSQL).
// It also times the settlement handler: vendors' credits posted → DELIVERED, in batches and one by one.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { loadConfig } from '../apps/server/src/config.js';
import { assertLedgerBalanced } from '../apps/server/src/modules/ledger/service.js';
import { railsTransferKey } from '../apps/server/src/modules/payments/engine/keys.js';
import {
  onPaymentSettlement,
  onPaymentSettlements,
} from '../apps/server/src/modules/payments/engine/settlement.js';
import type { EngineContext } from '../apps/server/src/modules/payments/engine/transfers.js';
import { countStatements, seedPayments } from '../apps/server/src/modules/payments/engine/workload.js';
import {
  type ApplyPaymentEventInput,
  applyPaymentEvent,
  applyPaymentEvents,
  SYSTEM_ACTOR,
} from '../apps/server/src/modules/payments/state.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import {
  createPglite,
  type Database,
  openPostgres,
  wrapPglite,
} from '../apps/server/src/platform/db/client.js';
import { applyMigrations } from '../apps/server/src/platform/db/migrate.js';
import { createJobs } from '../apps/server/src/platform/jobs/jobs.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { createProviders } from '../apps/server/src/providers/index.js';
import { type RailsTransfer, SETTLEMENT_BATCH_SIZE } from '../apps/server/src/providers/rails/rails.js';
import { makeBusiness } from '../apps/server/src/testing/factories.js';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((n) => Number(n.trim()))
    .filter((n) => n > 0);

const STEPS: ((paymentId: string, at: Date) => ApplyPaymentEventInput)[] = [
  (paymentId, at) => ({
    paymentId,
    event: { type: 'SUBMIT_TO_RAILS' },
    actor: SYSTEM_ACTOR,
    timeline: { action: 'SUBMITTED', label: 'Processing' },
    at,
  }),
  (paymentId, at) => ({
    paymentId,
    event: { type: 'SETTLE' },
    actor: SYSTEM_ACTOR,
    timeline: { action: 'DELIVERED', label: 'Delivered' },
    at,
  }),
];

interface Run {
  transitions: number;
  perSecond: number;
  p50: number;
  p99: number;
  transactions: number;
  statementsPerTransaction: number;
}

/**
 * `payments` SCHEDULED payments go through SUBMIT_TO_RAILS then SETTLE (2 ledger-posting transitions
 * each) on `workers` connections, `perTransaction` payments per database transaction: batched through
 * applyPaymentEvents, or one by one through applyPaymentEvent.
 */
async function run(
  database: Database,
  businessId: string,
  options: { payments: number; workers: number; perTransaction: number; batched: boolean },
): Promise<Run> {
  const fixture = await seedPayments(database, { businessId, count: options.payments, status: 'SCHEDULED' });
  const counter = countStatements(database.db);
  const at = new Date();
  const latencies: number[] = [];
  const started = performance.now();
  for (const step of STEPS) {
    await Promise.all(
      Array.from({ length: options.workers }, async (_, worker) => {
        const mine = fixture.paymentIds.filter((_, index) => index % options.workers === worker);
        for (let start = 0; start < mine.length; start += options.perTransaction) {
          const inputs = mine.slice(start, start + options.perTransaction).map((id) => step(id, at));
          const began = performance.now();
          await counter.db.transaction(async (tx) => {
            if (options.batched) {
              const outcomes = await applyPaymentEvents(tx, inputs);
              const refused = outcomes.find((outcome) => !outcome.ok);
              if (refused && !refused.ok) throw refused.error;
            } else {
              for (const input of inputs) await applyPaymentEvent(tx, input);
            }
          });
          latencies.push(performance.now() - began);
        }
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const transitions = options.payments * STEPS.length;
  return {
    transitions,
    perSecond: transitions / seconds,
    p50: p(0.5),
    p99: p(0.99),
    transactions: latencies.length,
    statementsPerTransaction: counter.count / latencies.length,
  };
}

function print(label: string, result: Run) {
  console.log(
    [
      `  ${label}`.padEnd(42),
      `${Math.round(result.perSecond)} transitions/s`.padStart(20),
      `p50 ${result.p50.toFixed(1)} ms/db tx`.padStart(20),
      `p99 ${result.p99.toFixed(1)} ms/db tx`.padStart(20),
      `${result.statementsPerTransaction.toFixed(1)} statements/db tx`.padStart(24),
      `(${result.transitions} transitions, ${result.transactions} db tx)`.padStart(34),
    ].join(' '),
  );
}

async function measure(
  title: string,
  database: Database,
  options: { payments: number; workers: number[]; batches: number[]; single: number; settlements: number },
) {
  await applyMigrations(database);
  const { businessId } = await makeBusiness({ database, clock: systemClock, config });
  console.log(`\n${title}`);
  // Warm up both paths (plans, caches, the ledger accounts).
  await run(database, businessId, { payments: 200, workers: 1, perTransaction: 100, batched: true });
  await run(database, businessId, { payments: 20, workers: 1, perTransaction: 1, batched: false });
  for (const workers of options.workers) {
    for (const perTransaction of options.batches) {
      const result = await run(database, businessId, {
        payments: options.payments,
        workers,
        perTransaction,
        batched: true,
      });
      print(`batched, ${workers} conn., ${perTransaction} payments/db tx`, result);
    }
  }
  if (options.single > 0) {
    const result = await run(database, businessId, {
      payments: options.single,
      workers: 1,
      perTransaction: 1,
      batched: false,
    });
    print('one by one, 1 conn., 1 payment/db tx', result);
  }
  const context: EngineContext = {
    config,
    database,
    clock: systemClock,
    jobs: createJobs({ database, logger: createLogger('silent'), maintenance: false }),
    providers: createProviders(config, { database, clock: systemClock }),
  };
  await settle(context, businessId, { payments: 200, batched: true });
  print(
    `settlements, ${SETTLEMENT_BATCH_SIZE} events/batch`,
    await settle(context, businessId, { payments: options.settlements, batched: true }),
  );
  print(
    'settlements, one event at a time',
    await settle(context, businessId, {
      payments: Math.min(options.settlements, options.single || 300),
      batched: false,
    }),
  );
  const started = performance.now();
  const checked = await assertLedgerBalanced(database.db);
  console.log(
    `  ledger balanced: ${checked.transactions} transactions / ${checked.entries} entries checked in ${Math.round(performance.now() - started)} ms`,
  );
}

/**
 * The rails' settlement events of `payments` PROCESSING payments (their vendors' credits posted) taken by
 * the engine's settlement handler: `onPaymentSettlements` a batch of SETTLEMENT_BATCH_SIZE at a time, as
 * the rails hand them over, or `onPaymentSettlement` one event at a time (a rail that calls once per
 * transfer). Each delivers a payment: SETTLE with its PAYMENT_SETTLE posting, timeline, bill, vendor email.
 */
async function settle(
  context: EngineContext,
  businessId: string,
  options: { payments: number; batched: boolean },
): Promise<Run> {
  const fixture = await seedPayments(context.database, {
    businessId,
    count: options.payments,
    status: 'PROCESSING',
  });
  const counter = countStatements(context.database.db);
  const counted = { ...context, database: { ...context.database, db: counter.db } };
  const at = new Date();
  const events = fixture.paymentIds.map((id) => ({
    transfer: {
      idempotencyKey: railsTransferKey(id, 'credit', 0),
      postedAt: at,
      returnedAt: null,
    } as RailsTransfer,
    outcome: 'POSTED' as const,
  }));
  const size = options.batched ? SETTLEMENT_BATCH_SIZE : 1;
  const latencies: number[] = [];
  const started = performance.now();
  for (let start = 0; start < events.length; start += size) {
    const batch = events.slice(start, start + size);
    const began = performance.now();
    if (options.batched) await onPaymentSettlements(counted, batch);
    else for (const event of batch) await onPaymentSettlement(counted, event);
    latencies.push(performance.now() - began);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    transitions: options.payments,
    perSecond: options.payments / seconds,
    p50: p(0.5),
    p99: p(0.99),
    transactions: latencies.length,
    statementsPerTransaction: counter.count / latencies.length,
  };
}

function withDatabase(connectionString: string, name: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(connectionString: string, text: string) {
  const database = await openPostgres(connectionString, 1);
  try {
    await database.sql.exec(text);
  } finally {
    await database.close();
  }
}

console.log(
  `payment transitions with ledger posting (SUBMIT_TO_RAILS + SETTLE), ${os.cpus().length} cores, Node ${process.version}, load ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);

const batches = list(process.env.BENCH_BATCH, '50,200,500');
const single = Number(process.env.BENCH_SINGLE_PAYMENTS ?? 300);
if (process.env.BENCH_PGLITE !== 'false') {
  const memory = wrapPglite(await createPglite());
  try {
    await measure('PGlite (embedded, in memory)', memory, {
      payments: Number(process.env.BENCH_PGLITE_PAYMENTS ?? 2_000),
      workers: [1],
      batches,
      single,
      settlements: Number(process.env.BENCH_SETTLEMENTS ?? 2_000),
    });
  } finally {
    await memory.close();
  }
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const workers = list(process.env.BENCH_WORKERS, '1,2,4');
  const name = `ferry_bench_payments_${randomBytes(4).toString('hex')}`;
  await admin(databaseUrl, `create database ${name}`);
  const server = await openPostgres(withDatabase(databaseUrl, name), Math.max(...workers, 2));
  try {
    await measure(`PostgreSQL (${new URL(databaseUrl).host})`, server, {
      payments: Number(process.env.BENCH_PG_PAYMENTS ?? 10_000),
      workers,
      batches,
      single,
      settlements: Number(process.env.BENCH_SETTLEMENTS ?? 4_000),
    });
  } finally {
    await server.close();
    await admin(databaseUrl, `drop database if exists ${name} with (force)`);
  }
} else {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL to measure it)');
}
