// `npm run bench:payment-engine -w @ferry/bench`: payment status transitions that post to the ledger
// (SUBMIT_TO_RAILS: PAYMENT_SUBMIT, then SETTLE: PAYMENT_SETTLE), through the engine's applyPaymentEvent —
// row lock, status, timeline, ledger posting and bill update in one database transaction per batch — on
// the embedded database and, when DATABASE_URL is set, on PostgreSQL. Figures only: nothing is asserted.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import type { PaymentEvent } from '@ferry/domain/payments';
import { loadConfig } from '../apps/server/src/config.js';
import { assertLedgerBalanced } from '../apps/server/src/modules/ledger/service.js';
import { seedPayments } from '../apps/server/src/modules/payments/engine/workload.js';
import { applyPaymentEvent, SYSTEM_ACTOR } from '../apps/server/src/modules/payments/state.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { type Database, openPostgres, wrapPglite } from '../apps/server/src/platform/db/client.js';
import { applyMigrations } from '../apps/server/src/platform/db/migrate.js';
import { makeBusiness } from '../apps/server/src/testing/factories.js';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((n) => Number(n.trim()))
    .filter((n) => n > 0);

const STEPS: { event: PaymentEvent; action: 'SUBMITTED' | 'DELIVERED'; label: string }[] = [
  { event: { type: 'SUBMIT_TO_RAILS' }, action: 'SUBMITTED', label: 'Processing' },
  { event: { type: 'SETTLE' }, action: 'DELIVERED', label: 'Delivered' },
];

/**
 * `payments` SCHEDULED payments go through SUBMIT_TO_RAILS then SETTLE (2 ledger-posting transitions
 * each) on `workers` connections, `perTransaction` payments per database transaction.
 */
async function run(
  database: Database,
  businessId: string,
  payments: number,
  workers: number,
  perTransaction: number,
) {
  const fixture = await seedPayments(database, { businessId, count: payments, status: 'SCHEDULED' });
  const at = new Date();
  const latencies: number[] = [];
  const started = performance.now();
  for (const step of STEPS) {
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        const mine = fixture.paymentIds.filter((_, index) => index % workers === worker);
        for (let start = 0; start < mine.length; start += perTransaction) {
          const batch = mine.slice(start, start + perTransaction);
          const began = performance.now();
          await database.db.transaction(async (tx) => {
            for (const paymentId of batch) {
              await applyPaymentEvent(tx, {
                paymentId,
                event: step.event,
                actor: SYSTEM_ACTOR,
                timeline: { action: step.action, label: step.label },
                at,
              });
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
  return {
    transitions: payments * STEPS.length,
    perSecond: (payments * STEPS.length) / seconds,
    p50: p(0.5),
    p99: p(0.99),
  };
}

async function measure(
  title: string,
  database: Database,
  options: { payments: number; workers: number[]; batches: number[] },
) {
  await applyMigrations(database);
  const { businessId } = await makeBusiness({ database, clock: systemClock, config });
  console.log(`\n${title}`);
  await run(database, businessId, Math.min(200, options.payments), 1, 10); // warm up
  for (const workers of options.workers) {
    for (const perTransaction of options.batches) {
      const result = await run(database, businessId, options.payments, workers, perTransaction);
      console.log(
        [
          `  ${workers} connection${workers > 1 ? 's' : ''}, ${perTransaction} payments per db tx`.padEnd(40),
          `${Math.round(result.perSecond)} transitions/s`.padStart(20),
          `p50 ${result.p50.toFixed(1)} ms/db tx`.padStart(18),
          `p99 ${result.p99.toFixed(1)} ms/db tx`.padStart(18),
          `(${result.transitions} transitions)`.padStart(22),
        ].join(' '),
      );
    }
  }
  const started = performance.now();
  const checked = await assertLedgerBalanced(database.db);
  console.log(
    `  ledger balanced: ${checked.transactions} transactions / ${checked.entries} entries checked in ${Math.round(performance.now() - started)} ms`,
  );
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
  `payment transitions with ledger posting (SUBMIT_TO_RAILS + SETTLE through applyPaymentEvent), ${os.cpus().length} cores, Node ${process.version}`,
);

const memory = wrapPglite(await PGlite.create());
try {
  await measure('PGlite (embedded, in memory)', memory, {
    payments: Number(process.env.BENCH_PGLITE_PAYMENTS ?? 1_000),
    workers: [1],
    batches: list(process.env.BENCH_BATCH, '1,100'),
  });
} finally {
  await memory.close();
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const workers = list(process.env.BENCH_WORKERS, '1,4,8');
  const name = `ferry_bench_payments_${randomBytes(4).toString('hex')}`;
  await admin(databaseUrl, `create database ${name}`);
  const server = await openPostgres(withDatabase(databaseUrl, name), Math.max(...workers, 2));
  try {
    await measure(`PostgreSQL (${new URL(databaseUrl).host})`, server, {
      payments: Number(process.env.BENCH_PG_PAYMENTS ?? 5_000),
      workers,
      batches: list(process.env.BENCH_BATCH, '1,100'),
    });
  } finally {
    await server.close();
    await admin(databaseUrl, `drop database if exists ${name} with (force)`);
  }
} else {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL to measure it)');
}
