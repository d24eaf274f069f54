// `npm run bench:faults -w @ferry/bench` (DATABASE_URL required; the built server, `npm run build`): a
// Jepsen-style bank test of the payment path on PostgreSQL. Two API processes and two job workers run on one
// database behind a small round-robin proxy on loopback; BENCH_CLIENTS clients (default 50) create
// payments through the proxy for BENCH_SECONDS (default 120), each with its own Idempotency-Key, retrying
// the same key until it gets an answer. Meanwhile the faults hit, one after another: `kill -9` of an API
// process, `kill -9` of a worker, a PostgreSQL restart (BENCH_PG_RESTART, by default `pg_ctlcluster <v>
// main restart` when it exists), every connection of the database cut (pg_terminate_backend), and a SIGTERM
// of an API process (a graceful stop: its requests in flight finish). Each process killed is started
// again. Afterwards the engine settles everything on the sandbox clock and the checks run:
//   0 acknowledged payments lost, 0 duplicates (one payment per client attempt), 0 bills over-paid or with
//   a negative balance, and every money invariant of deploy/invariants.sql at 0 (balanced ledger, bills'
//   paid and scheduled parts equal to their payments, payments' postings).
// Figures and checks are printed (and written to results/faults.md by hand); nothing is asserted in CI.
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { registerJobs } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { runPaymentEngine } from '../apps/server/src/modules/payments/engine/jobs.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { openRuntime } from '../apps/server/src/platform/runtime.js';
import { isSandboxRails } from '../apps/server/src/providers/rails/sandbox.js';
import { openCluster, type Payer, type Proc, requirements, root, seedPayers } from './cluster.js';

const adminUrl = requirements('bench:faults', 'create a database on and restart');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const PAYERS = Number(process.env.BENCH_PAYERS ?? 10);
const BILLS_PER_PAYER = Number(process.env.BENCH_BILLS ?? 30);
/** Each bill is $500: at most $5 a payment, it outlasts the run, and the API refuses an over-payment. */
const BILL_CENTS = 50_000;

function pgRestartCommand(): string | null {
  if (process.env.BENCH_PG_RESTART) return process.env.BENCH_PG_RESTART;
  try {
    const clusters = execSync('pg_lsclusters -h', { encoding: 'utf8' }).trim().split('\n');
    const port = new URL(adminUrl).port || '5432';
    const line = clusters.map((l) => l.split(/\s+/)).find((parts) => parts[2] === port);
    return line ? `pg_ctlcluster ${line[0]} ${line[1]} restart` : null;
  } catch {
    return null;
  }
}

// --- The database, the processes and the proxy (cluster.ts) --------------------------------------------
const cluster = await openCluster({ adminUrl, label: 'faults' });
const { name, procs, proxyPort } = cluster;

// --- The load ------------------------------------------------------------------------------------------
interface Attempt {
  key: string;
  businessId: string;
  billId: string;
  amountCents: number;
  acked: string | null;
  tries: number;
  refused: number | null;
}
const attempts: Attempt[] = [];
const statusCounts = new Map<string, number>();
const count = (status: string) => statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);

async function post(payer: Payer, attempt: Attempt) {
  const body = JSON.stringify({
    billId: attempt.billId,
    paymentInstrumentId: payer.bankId,
    amount: (attempt.amountCents / 100).toFixed(2),
    processDate: new Date().toISOString().slice(0, 10),
    remarks: attempt.key,
  });
  const res = await fetch(`http://127.0.0.1:${proxyPort}/api/business/${payer.businessId}/payments`, {
    method: 'POST',
    headers: { ...payer.headers, 'content-type': 'application/json', 'idempotency-key': attempt.key },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  return {
    status: res.status,
    json: (await res.json().catch(() => null)) as { data?: { id?: string } } | null,
  };
}

async function client(payers: Payer[], until: number, seedNumber: number) {
  let n = seedNumber;
  while (Date.now() < until) {
    n = (n * 1103515245 + 12345) % 2 ** 31;
    const payer = payers[n % payers.length] as Payer;
    const attempt: Attempt = {
      key: randomUUID(),
      businessId: payer.businessId,
      billId: payer.billIds[(n >> 8) % payer.billIds.length] as string,
      amountCents: 100 + ((n >> 4) % 400),
      acked: null,
      tries: 0,
      refused: null,
    };
    attempts.push(attempt);
    // The same key until an answer: a lost answer, a 5xx or a 409 (the first request still running)
    // is retried; the server must give the first payment back, never make a second.
    for (let i = 0; i < 60; i += 1) {
      attempt.tries += 1;
      try {
        const { status, json } = await post(payer, attempt);
        count(String(status));
        if (status === 201 || status === 200) {
          attempt.acked = json?.data?.id ?? null;
          break;
        }
        if (status >= 400 && status < 500 && status !== 409 && status !== 429) {
          attempt.refused = status;
          break;
        }
      } catch {
        count('network error');
      }
      await sleep(100 + i * 50);
    }
  }
}

async function fault(label: string, run: () => Promise<void>) {
  const started = Date.now();
  await run();
  console.log(`  ${new Date().toISOString().slice(11, 19)}  ${label} (${Date.now() - started} ms)`);
}

// --- Run -----------------------------------------------------------------------------------------------
const restartCommand = pgRestartCommand();
console.log(
  `faults: ${CLIENTS} clients for ${SECONDS} s through a proxy to 2 API processes, 2 workers, PostgreSQL ${new URL(adminUrl).host}; ${PAYERS} payers × ${BILLS_PER_PAYER} bills; ${os.cpus().length} cores, Node ${process.version}`,
);
const payers = await seedPayers(cluster, {
  payers: PAYERS,
  bills: BILLS_PER_PAYER,
  billCents: BILL_CENTS,
}).catch(async (error) => {
  await cluster.close();
  throw error;
});
await cluster.start();

const startedAt = Date.now();
const until = startedAt + SECONDS * 1000;
const load = Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(payers, until, i + 1)));
const step = (SECONDS * 1000) / 6;
const faults = (async () => {
  await sleep(step);
  await fault('kill -9 api-1, started again', () => cluster.kill9(procs[0] as Proc));
  await sleep(step - 2_000);
  await fault('kill -9 worker-1, started again', () => cluster.kill9(procs[2] as Proc));
  await sleep(step - 2_000);
  if (restartCommand)
    await fault(`PostgreSQL restarted (${restartCommand})`, async () => void execSync(restartCommand));
  else console.log('  PostgreSQL restart skipped (no pg_ctlcluster; set BENCH_PG_RESTART)');
  await sleep(step);
  await fault('every connection of the database cut', () =>
    cluster
      .admin(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      )
      .then(() => undefined),
  );
  await sleep(step);
  await fault('SIGTERM api-2 (graceful), started again', () => cluster.graceful(procs[1] as Proc));
})();
await Promise.all([load, faults]);
const loadSeconds = (Date.now() - startedAt) / 1000;

// Everything stops; the engine settles what is left on the sandbox clock.
await cluster.stop();

const runtime = await openRuntime({ config: loadConfig(cluster.env), logger: createLogger('warn') });
// The engine's settlement handlers, as every process registers them at start.
registerJobs(runtime.context);
try {
  const { sql } = runtime.context.database;
  const rails = runtime.context.providers.rails;
  for (let day = 0; day < 8; day += 1) {
    await runPaymentEngine(runtime.context);
    if (isSandboxRails(rails)) await rails.advance({ businessDays: 1 });
  }
  await runPaymentEngine(runtime.context);

  const acked = attempts.filter((a) => a.acked);
  const rows = (
    await sql.query<{ id: string; remarks: string | null; status: string; bill_id: string }>(
      'select id, remarks, status, bill_id from payments',
    )
  ).rows;
  const byKey = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.remarks) continue;
    byKey.set(row.remarks, [...(byKey.get(row.remarks) ?? []), row.id]);
  }
  const lost = acked.filter((a) => !(byKey.get(a.key) ?? []).includes(a.acked as string));
  const duplicates = [...byKey.values()].filter((ids) => ids.length > 1);
  const unacknowledgedStored = attempts.filter((a) => !a.acked && byKey.has(a.key));
  const overPaid = (
    await sql.query<{ id: string }>(
      'select id from bills where balance_cents < 0 or scheduled_cents < 0 or balance_cents > amount_cents',
    )
  ).rows;
  const statuses = (
    await sql.query<{ status: string; n: string }>(
      'select status, count(*) as n from payments group by status order by 1',
    )
  ).rows;
  const invariants = fs.readFileSync(path.join(root, 'deploy/invariants.sql'), 'utf8');
  const checks = (await sql.query<Record<string, unknown>>(invariants)).rows;

  const line = (label: string, value: string | number) => console.log(`  ${label.padEnd(52)} ${value}`);
  console.log(
    `\nload: ${loadSeconds.toFixed(0)} s, ${attempts.length} client attempts, ${acked.length} acknowledged`,
  );
  console.log(`answers: ${[...statusCounts.entries()].map(([s, n]) => `${s} × ${n}`).join(', ')}`);
  console.log(`payments by status after settling: ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}`);
  console.log('\nchecks (each must be 0):');
  line('acknowledged payments lost', lost.length);
  line('duplicate payments (two for one client attempt)', duplicates.length);
  line('bills over-paid or negative', overPaid.length);
  line('processes that exited on their own', cluster.unexpectedExits.length);
  for (const check of checks) {
    const values = Object.values(check);
    line(`invariant ${String(values[0])}`, Number(values[1] ?? 0));
  }
  console.log(
    `\n(${unacknowledgedStored.length} attempts whose answer never came back were stored once — the client gave up retrying, nothing was duplicated)`,
  );
} finally {
  await runtime.close();
  await cluster.close();
}
