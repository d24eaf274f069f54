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
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { registerJobs } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { makeBill, makePayer, makeVendor } from '../apps/server/src/modules/payments/engine/fixture-data.js';
import { runPaymentEngine } from '../apps/server/src/modules/payments/engine/jobs.js';
import { openPostgres } from '../apps/server/src/platform/db/client.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { openRuntime } from '../apps/server/src/platform/runtime.js';
import { isSandboxRails } from '../apps/server/src/providers/rails/sandbox.js';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error(
    'bench:faults needs DATABASE_URL (a PostgreSQL server it may create a database on and restart).',
  );
  process.exit(1);
}
if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.error('bench:faults runs the built server: `npm run build` first.');
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const PAYERS = Number(process.env.BENCH_PAYERS ?? 10);
const BILLS_PER_PAYER = Number(process.env.BENCH_BILLS ?? 30);
/** Each bill is $500: at most $5 a payment, it outlasts the run, and the API refuses an over-payment. */
const BILL_CENTS = 50_000;

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};
async function admin(text: string) {
  const database = await openPostgres(adminUrl as string, 1);
  try {
    await database.sql.exec(text);
  } finally {
    await database.close();
  }
}

function pgRestartCommand(): string | null {
  if (process.env.BENCH_PG_RESTART) return process.env.BENCH_PG_RESTART;
  try {
    const clusters = execSync('pg_lsclusters -h', { encoding: 'utf8' }).trim().split('\n');
    const port = new URL(adminUrl as string).port || '5432';
    const line = clusters.map((l) => l.split(/\s+/)).find((parts) => parts[2] === port);
    return line ? `pg_ctlcluster ${line[0]} ${line[1]} restart` : null;
  } catch {
    return null;
  }
}

// --- The database and the data ---------------------------------------------------------------------
const name = `ferry_bench_faults_${randomBytes(4).toString('hex')}`;
const databaseUrl = withDatabase(adminUrl, name);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-faults-'));
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'development',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '1000000000',
  SERVE_WEB: 'false',
  HOST: '127.0.0.1',
};
await admin(`create database ${name}`);

interface Payer {
  businessId: string;
  headers: Record<string, string>;
  bankId: string;
  billIds: string[];
}

async function seed(): Promise<Payer[]> {
  const runtime = await openRuntime({ config: loadConfig(env), logger: createLogger('warn') });
  try {
    const payers: Payer[] = [];
    for (let p = 0; p < PAYERS; p += 1) {
      const payer = await makePayer(runtime.context);
      const vendor = await makeVendor(runtime.context, payer.businessId);
      const billIds: string[] = [];
      for (let b = 0; b < BILLS_PER_PAYER; b += 1) {
        billIds.push(
          await makeBill(runtime.context, {
            businessId: payer.businessId,
            vendorId: vendor.id,
            amountCents: BILL_CENTS,
          }),
        );
      }
      payers.push({ ...payer, billIds });
    }
    return payers;
  } finally {
    await runtime.close();
  }
}

// --- Processes and the proxy -------------------------------------------------------------------------
const basePort = Number(process.env.BENCH_PORT ?? 3340);
const apiPorts = [basePort + 1, basePort + 2];
const proxyPort = basePort;

interface Proc {
  label: string;
  args: string[];
  port?: number;
  child: ChildProcess | null;
  /** Set while the bench itself stops the process (a fault or the end), so an exit then is expected. */
  stopping?: boolean;
}
/** Processes that exited when nothing stopped them (each is started again and counted). */
const unexpectedExits: string[] = [];
const procs: Proc[] = [
  { label: 'api-1', args: ['--role=api'], port: apiPorts[0], child: null },
  { label: 'api-2', args: ['--role=api'], port: apiPorts[1], child: null },
  { label: 'worker-1', args: ['--role=worker'], child: null },
  { label: 'worker-2', args: ['--role=worker'], child: null },
];

const log = (label: string) => fs.openSync(path.join(dataDir, `${label}.log`), 'a');

function start(proc: Proc) {
  proc.stopping = false;
  const child = spawn(process.execPath, ['apps/server/dist/main.js', ...proc.args], {
    cwd: root,
    env: { ...env, PORT: String(proc.port ?? 0) },
    // Logs (stdout) and crashes (stderr) of each process, kept with BENCH_KEEP_LOGS=true.
    stdio: ['ignore', log(proc.label), log(proc.label)],
  });
  proc.child = child;
  child.once('exit', (code, signal) => {
    if (proc.stopping || proc.child !== child) return;
    unexpectedExits.push(`${proc.label} (${code ?? signal})`);
    console.log(
      `  ${new Date().toISOString().slice(11, 19)}  ${proc.label} exited on its own (${code ?? signal}); started again`,
    );
    start(proc);
  });
}
const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));
// Whatever happens to the bench, its servers do not outlive it.
process.on('exit', () => {
  for (const proc of procs) proc.child?.kill('SIGKILL');
});

async function healthy(port: number, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  return false;
}

let next = 0;
const proxy = http.createServer((req, res) => {
  const port = apiPorts[next++ % apiPorts.length];
  const upstream = http.request(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});

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

async function kill9(proc: Proc) {
  const child = proc.child;
  if (!child) return;
  proc.stopping = true;
  child.kill('SIGKILL');
  await exitOf(child);
  await sleep(2_000);
  start(proc);
  if (proc.port) await healthy(proc.port);
}

async function graceful(proc: Proc) {
  const child = proc.child;
  if (!child) return;
  proc.stopping = true;
  const exited = exitOf(child);
  child.kill('SIGTERM');
  await exited;
  start(proc);
  if (proc.port) await healthy(proc.port);
}

// --- Run -----------------------------------------------------------------------------------------------
const restartCommand = pgRestartCommand();
console.log(
  `faults: ${CLIENTS} clients for ${SECONDS} s through a proxy to 2 API processes, 2 workers, PostgreSQL ${new URL(adminUrl).host}; ${PAYERS} payers × ${BILLS_PER_PAYER} bills; ${os.cpus().length} cores, Node ${process.version}`,
);
const payers = await seed().catch(async (error) => {
  await admin(`drop database if exists ${name} with (force)`);
  throw error;
});
for (const proc of procs) start(proc);
for (const port of apiPorts) {
  if (!(await healthy(port))) {
    throw new Error(`API on ${port} did not start: see the logs in ${dataDir}`);
  }
}
await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));

const startedAt = Date.now();
const until = startedAt + SECONDS * 1000;
const load = Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(payers, until, i + 1)));
const step = (SECONDS * 1000) / 6;
const faults = (async () => {
  await sleep(step);
  await fault('kill -9 api-1, started again', () => kill9(procs[0] as Proc));
  await sleep(step - 2_000);
  await fault('kill -9 worker-1, started again', () => kill9(procs[2] as Proc));
  await sleep(step - 2_000);
  if (restartCommand)
    await fault(`PostgreSQL restarted (${restartCommand})`, async () => void execSync(restartCommand));
  else console.log('  PostgreSQL restart skipped (no pg_ctlcluster; set BENCH_PG_RESTART)');
  await sleep(step);
  await fault('every connection of the database cut', () =>
    admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    ),
  );
  await sleep(step);
  await fault('SIGTERM api-2 (graceful), started again', () => graceful(procs[1] as Proc));
})();
await Promise.all([load, faults]);
const loadSeconds = (Date.now() - startedAt) / 1000;

// Everything stops; the engine settles what is left on the sandbox clock.
for (const proc of procs) {
  const child = proc.child;
  if (!child) continue;
  proc.stopping = true;
  const exited = exitOf(child);
  child.kill('SIGTERM');
  await exited;
}
proxy.close();

const runtime = await openRuntime({ config: loadConfig(env), logger: createLogger('warn') });
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
  line('processes that exited on their own', unexpectedExits.length);
  for (const check of checks) {
    const values = Object.values(check);
    line(`invariant ${String(values[0])}`, Number(values[1] ?? 0));
  }
  console.log(
    `\n(${unacknowledgedStored.length} attempts whose answer never came back were stored once — the client gave up retrying, nothing was duplicated)`,
  );
} finally {
  await runtime.close();
  await admin(`drop database if exists ${name} with (force)`);
  if (process.env.BENCH_KEEP_LOGS === 'true') console.log(`logs of the processes: ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
