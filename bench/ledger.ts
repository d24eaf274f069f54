// `npm run bench:ledger -w @ferry/bench`: ledger postings per second (2–3 legs each, one database
// transaction each) on the embedded database and, when DATABASE_URL is set, on PostgreSQL.
// Figures only: nothing here is asserted.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';
import {
  accountBalance,
  assertLedgerBalanced,
  ensureLedgerAccount,
  ensureSystemAccount,
  type LedgerAccountRef,
  postTransaction,
  reverseTransaction,
} from '../apps/server/src/modules/ledger/service.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import {
  createPglite,
  type Database,
  openPglite,
  openPostgres,
  wrapPglite,
} from '../apps/server/src/platform/db/client.js';
import { applyMigrations } from '../apps/server/src/platform/db/migrate.js';
import { newId } from '../apps/server/src/platform/ids.js';
import { makeBusiness } from '../apps/server/src/testing/factories.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = (process.env.BENCH_LEDGER_CONCURRENCY ?? '1,4,8')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => n > 0);
const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });

interface Fixture {
  businessId: string;
  banks: LedgerAccountRef[];
  vendors: LedgerAccountRef[];
  clearing: LedgerAccountRef;
  fees: LedgerAccountRef;
}

async function prepare(database: Database): Promise<Fixture> {
  await applyMigrations(database);
  const { businessId } = await makeBusiness({ database, clock: systemClock, config });
  const { db } = database;
  const make = (kind: 'BANK_ACCOUNT' | 'VENDOR_PAYABLE') =>
    Promise.all(
      Array.from({ length: 20 }, () => ensureLedgerAccount(db, { businessId, kind, referenceId: newId() })),
    );
  return {
    businessId,
    banks: await make('BANK_ACCOUNT'),
    vendors: await make('VENDOR_PAYABLE'),
    clearing: await ensureSystemAccount(db, 'CLEARING'),
    fees: await ensureSystemAccount(db, 'FEES'),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Posts for `seconds` with `workers` concurrent database transactions of `perTransaction` postings
 * each; alternates 2- and 3-leg postings. Latencies are per database transaction.
 */
async function run(database: Database, fixture: Fixture, workers: number, perTransaction = 1) {
  const { db } = database;
  const latencies: number[] = [];
  let posted = 0;
  let sequence = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      await db.transaction(async (tx) => {
        for (let i = 0; i < perTransaction; i += 1) {
          const n = sequence;
          sequence += 1;
          const bank = fixture.banks[n % fixture.banks.length] as LedgerAccountRef;
          const vendor = fixture.vendors[n % fixture.vendors.length] as LedgerAccountRef;
          const amount = 1_000 + (n % 97) * 101;
          await (n % 2 === 0
            ? postTransaction(tx, {
                businessId: fixture.businessId,
                kind: 'PAYMENT_SUBMIT',
                paymentId: newId(),
                idempotencyKey: `bench:${n}:${newId()}`,
                legs: [
                  { account: bank, amountCents: -amount },
                  { account: fixture.clearing, amountCents: amount },
                ],
              })
            : postTransaction(tx, {
                businessId: fixture.businessId,
                kind: 'PAYMENT_SETTLE',
                paymentId: newId(),
                idempotencyKey: `bench:${n}:${newId()}`,
                legs: [
                  { account: fixture.clearing, amountCents: -amount },
                  { account: vendor, amountCents: amount - 30 },
                  { account: fixture.fees, amountCents: 30 },
                ],
              }));
        }
      });
      latencies.push(performance.now() - started);
      posted += perTransaction;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: workers }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: posted / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    posted,
  };
}

async function measure(title: string, database: Database) {
  const fixture = await prepare(database);
  console.log(`\n${title}`);
  // Warm up (plans, caches) before measuring.
  await run(database, fixture, 1).catch(() => undefined);
  const levels = database.kind === 'pglite' ? [1] : concurrency;
  const scenarios = [...levels.map((workers) => [workers, 1]), [1, 10]] as const;
  for (const [workers, perTransaction] of scenarios) {
    const result = await run(database, fixture, workers, perTransaction);
    console.log(
      [
        `  ${workers} concurrent, ${perTransaction} per db tx`.padEnd(30),
        `${Math.round(result.perSecond)} tx/s`.padStart(12),
        `p50 ${result.p50.toFixed(2)} ms/db tx`.padStart(14),
        `p99 ${result.p99.toFixed(2)} ms/db tx`.padStart(14),
        `(${result.posted} posted)`.padStart(16),
      ].join(' '),
    );
  }
  // Reversal and reads, for scale.
  const { db } = database;
  const original = await postTransaction(db, {
    businessId: fixture.businessId,
    kind: 'PAYMENT_SUBMIT',
    idempotencyKey: `bench:rev:${newId()}`,
    legs: [
      { account: fixture.banks[0] as LedgerAccountRef, amountCents: -100 },
      { account: fixture.clearing, amountCents: 100 },
    ],
  });
  let started = performance.now();
  await reverseTransaction(db, {
    transactionId: original.transaction.id,
    idempotencyKey: `bench:rev:${newId()}`,
  });
  const reverseMs = performance.now() - started;
  started = performance.now();
  const clearingBalance = await accountBalance(db, fixture.clearing.id);
  const balanceMs = performance.now() - started;
  started = performance.now();
  const checked = await assertLedgerBalanced(db);
  const checkMs = performance.now() - started;
  console.log(
    `  one reversal ${reverseMs.toFixed(1)} ms; CLEARING balance (${clearingBalance} cents over its entries) ${balanceMs.toFixed(1)} ms;` +
      ` whole-ledger check of ${checked.transactions} transactions / ${checked.entries} entries ${checkMs.toFixed(0)} ms`,
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
  `ledger postings, ${seconds} s per figure, ${os.cpus().length} cores, Node ${process.version}` +
    ' (postings of 2 or 3 legs; 1 or 10 per database transaction; deferred balance check at commit)',
);

const memory = wrapPglite(await createPglite());
try {
  await measure('PGlite (embedded, in memory)', memory);
} finally {
  await memory.close();
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-ledger-'));
const embedded = await openPglite(dir);
try {
  await measure('PGlite (embedded, on disk)', embedded);
} finally {
  await embedded.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const name = `ferry_bench_ledger_${randomBytes(4).toString('hex')}`;
  await admin(databaseUrl, `create database ${name}`);
  const server = await openPostgres(withDatabase(databaseUrl, name), Math.max(...concurrency, 2));
  try {
    await measure(`PostgreSQL (${new URL(databaseUrl).host})`, server);
  } finally {
    await server.close();
    await admin(databaseUrl, `drop database if exists ${name} with (force)`);
  }
} else {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL to measure it)');
}
