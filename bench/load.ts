// `npm run bench:load -w @ferry/bench` (DATABASE_URL required; the built server, `npm run build`): load and
// overhead on the multi-instance cluster of cluster.ts (two API processes and two job workers on one
// PostgreSQL database behind a round-robin proxy on loopback).
//   1. Shared state: a session made through API 1 works through API 2 (and a sign-out there ends it on
//      API 1); the per-account sign-in limiter and the per-client limit of the sign-in route trip at the
//      same count whether the failed sign-ins go to one process or alternate between the two.
//   2. Load: BENCH_USERS businesses (default 50, "twice an expected peak") each with a virtual user that loops
//      for BENCH_SECONDS (default 600) with no pause: due bills, bills summary, payments, payments summary,
//      a new payment (its own Idempotency-Key), that payment — through the proxy (both APIs). Each virtual
//      user is its own client address (X-Forwarded-For from the trusted loopback proxy), as behind a real
//      proxy. Per endpoint p50/p95/p99 and count, the error rate (goal < 1%) and every non-2xx answer.
//   3. Graceful shutdown under load, at 60% of the run: requests sent straight to API 2, then SIGTERM: each
//      in flight must finish; while it is down the proxy may answer 502 (connection refused), nothing else.
//   4. Every job runs once: each cron firing of the run (pg-boss's send-it job, one per schedule and
//      minute) and the jobs it made, from pgboss.job and pgboss.archive.
//   5. Overhead, quiet (after the load, on the data it left): for the main list and summary endpoints, HTTP
//      p50/p99 through the proxy against the service call timed straight on the database and an empty
//      route's round trip (GET /api/client-config); goal p50 ≤ 1.5 × (db + empty).
// Prints the figures and writes them to results/load.md. Nothing is asserted in CI.
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dueBillsQuerySchema, paymentsListQuerySchema } from '@ferry/domain/schemas';
import { loadConfig } from '../apps/server/src/config.js';
import { SIGN_IN_ATTEMPTS_PER_ACCOUNT } from '../apps/server/src/modules/auth/sign-in.js';
import { dueSummary, listDueBills } from '../apps/server/src/modules/bills/service.js';
import { listPayments, paymentsSummary } from '../apps/server/src/modules/payments/service.js';
import type { AppContext } from '../apps/server/src/platform/context.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { openRuntime } from '../apps/server/src/platform/runtime.js';
import { openCluster, type Payer, requirements, root, seedPayers } from './cluster.js';

const adminUrl = requirements('bench:load', 'create a database on');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 600);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const BILLS = Number(process.env.BENCH_BILLS ?? 40);
const VENDORS = Number(process.env.BENCH_VENDORS ?? 3);
const OVERHEAD_RUNS = Number(process.env.BENCH_OVERHEAD_RUNS ?? 300);
/** $1,000 bills: payments of $1–$5 never run a business out of balance in a 10-minute run. */
const BILL_CENTS = 100_000;
/** The per-client limit of the sensitive routes (sign-in among them): apps/server/src/modules/auth/routes.ts. */
const SENSITIVE_LIMIT = 20;
const REQUEST_TIMEOUT_MS = 30_000;
const RESULTS = path.join(root, 'bench/results/load.md');

// The proxy is trusted (loopback), so each virtual user can be its own client: the per-client limits
// count per user, as behind a production proxy, and not all on one shared row for 127.0.0.1.
const cluster = await openCluster({ adminUrl, label: 'load', env: { TRUST_PROXY: 'loopback' } });
const { apiPorts, proxyPort, procs } = cluster;
const proxied = (url: string) => `http://127.0.0.1:${proxyPort}/api${url}`;
const direct = (port: number, url: string) => `http://127.0.0.1:${port}/api${url}`;
const clientAddress = (n: number) => `10.${20 + Math.floor(n / 250)}.${n % 250}.1`;

const out: string[] = [];
const say = (line = '') => {
  console.log(line);
  out.push(line);
};
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const table = (head: string[], rows: (string | number)[][]) => {
  say(`| ${head.join(' | ')} |`);
  say(`| ${head.map((_h, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`);
  for (const row of rows) say(`| ${row.join(' | ')} |`);
};
const errorCodeOf = (error: unknown) => {
  const e = error as { name?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.name ?? 'error';
};

/** One request: its status (or the network error's code), the time it took and the JSON answer. */
async function call(url: string, init: RequestInit = {}) {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const json = (await res.json().catch(() => null)) as { data?: unknown; message?: string } | null;
    return { status: String(res.status), ok: res.ok, ms: performance.now() - started, json };
  } catch (error) {
    return { status: errorCodeOf(error), ok: false, ms: performance.now() - started, json: null };
  }
}

// --- Seed, start -----------------------------------------------------------------------------------------
const pgVersion = String((await cluster.admin('show server_version')).rows[0]?.server_version ?? '?').split(
  ' ',
)[0];
const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? '?'}), Node ${process.version}, PostgreSQL ${pgVersion}; ${new Date().toISOString().slice(0, 10)}, main at ${commit}`;
console.log(
  `load: ${USERS} businesses × ${BILLS} bills, ${SECONDS} s through a proxy to 2 API processes and 2 workers; ${machine}`,
);

let seeded: Payer[];
try {
  const started = Date.now();
  seeded = await seedPayers(cluster, {
    payers: USERS,
    bills: BILLS,
    billCents: BILL_CENTS,
    vendors: VENDORS,
  });
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await cluster.start();
} catch (error) {
  await cluster.stop().catch(() => undefined);
  await cluster.close();
  throw error;
}
const payers = seeded;
const runtime = await openRuntime({ config: loadConfig(cluster.env), logger: createLogger('warn') });
const context: AppContext = runtime.context;
/** Whatever fails from here on, the processes stop and the bench's database is dropped. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    await runtime.close().catch(() => undefined);
    await cluster.close().catch(() => undefined);
    throw error;
  }
}

// --- 1. Shared state -------------------------------------------------------------------------------------
interface SharedChecks {
  session: { signUp: string; verifyOnApi2: string; signOutOnApi2: string; verifyOnApi1After: string };
  limits: { label: string; onePort: number | null; alternating: number | null; message: string }[];
}

const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** Failed sign-ins (a wrong password), round-robin over `ports`; the attempt number of the first 429. */
async function firstLimited(ports: number[], emails: (n: number) => string, address: string, max: number) {
  for (let n = 1; n <= max; n += 1) {
    const port = ports[(n - 1) % ports.length] as number;
    const answer = await call(
      direct(port, '/auth/sign-in'),
      jsonPost(
        { email: emails(n), password: 'Not-the-password-1', recaptchaToken: 'bench' },
        { 'x-forwarded-for': address },
      ),
    );
    if (answer.status === '429') return { at: n, message: answer.json?.message ?? '' };
  }
  return { at: null, message: '' };
}

async function sharedChecks(): Promise<SharedChecks> {
  const [api1, api2] = apiPorts as [number, number];
  const stamp = randomUUID().slice(0, 8);
  const signUp = await call(
    direct(api1, '/auth/users/sign-up'),
    jsonPost(
      {
        firstName: 'Bench',
        lastName: 'Session',
        email: `bench-${stamp}@harborcoffee.com`,
        phones: [
          {
            phoneNumber: `415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
            countryCode: '1',
            countryISOCode: 'us',
          },
        ],
        country: 'US',
        recaptchaToken: 'bench',
        isAgree: true,
      },
      { 'x-forwarded-for': '10.9.0.1' },
    ),
  );
  const session = signUp.json?.data as { token?: string; sessionId?: string } | undefined;
  const headers = { authorization: `Bearer ${session?.token}`, 'session-id': String(session?.sessionId) };
  const verifyOnApi2 = await call(direct(api2, '/auth/verify'), { headers });
  const signOutOnApi2 = await call(direct(api2, '/auth/logout'), { method: 'PATCH', headers });
  const verifyOnApi1After = await call(direct(api1, '/auth/verify'), { headers });

  const account = (suffix: string) => () => `limited-${suffix}-${stamp}@harborcoffee.com`;
  const distinct = (suffix: string) => (n: number) => `client-${suffix}-${n}-${stamp}@harborcoffee.com`;
  const perAccountOne = await firstLimited(
    [api1],
    account('one'),
    '10.9.1.1',
    SIGN_IN_ATTEMPTS_PER_ACCOUNT + 2,
  );
  const perAccountBoth = await firstLimited(
    [api1, api2],
    account('both'),
    '10.9.1.2',
    SIGN_IN_ATTEMPTS_PER_ACCOUNT + 2,
  );
  const perClientOne = await firstLimited([api1], distinct('one'), '10.9.2.1', SENSITIVE_LIMIT + 2);
  const perClientBoth = await firstLimited([api1, api2], distinct('both'), '10.9.2.2', SENSITIVE_LIMIT + 2);
  return {
    session: {
      signUp: signUp.status,
      verifyOnApi2: verifyOnApi2.status,
      signOutOnApi2: signOutOnApi2.status,
      verifyOnApi1After: verifyOnApi1After.status,
    },
    limits: [
      {
        label: `per account (${SIGN_IN_ATTEMPTS_PER_ACCOUNT} attempts per email in 15 min): one email, one client address`,
        onePort: perAccountOne.at,
        alternating: perAccountBoth.at,
        message: perAccountBoth.message,
      },
      {
        label: `per client (${SENSITIVE_LIMIT} sign-ins a minute per address): a new email each time, one client address`,
        onePort: perClientOne.at,
        alternating: perClientBoth.at,
        message: perClientBoth.message,
      },
    ],
  };
}
const shared = await guarded(sharedChecks);

// --- 2. Load (with 3. the graceful shutdown) -----------------------------------------------------------
const ENDPOINTS = [
  'GET due-bills',
  'GET bills/summary/due',
  'GET payments',
  'GET bills/summary/payments',
  'POST payments',
  'GET payments/{id}',
] as const;
type Endpoint = (typeof ENDPOINTS)[number];
const latencies = new Map<Endpoint, number[]>(ENDPOINTS.map((e) => [e, []]));
const answers = new Map<string, number>();
const nonOk = new Map<string, number>();
/** While the graceful stop runs: every answer by status. */
let gracefulWindow: Map<string, number> | null = null;
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

function record(endpoint: Endpoint, answer: { status: string; ok: boolean; ms: number }) {
  latencies.get(endpoint)?.push(answer.ms);
  bump(answers, answer.status);
  if (!answer.ok) bump(nonOk, `${answer.status} ${endpoint}`);
  if (gracefulWindow) bump(gracefulWindow, answer.status);
}

const today = (
  (
    await guarded(() =>
      call(
        proxied(`/business/${payers[0]?.businessId}/payments/pay-context?billId=${payers[0]?.billIds[0]}`),
        {
          headers: payers[0]?.headers,
        },
      ),
    )
  ).json?.data as { today?: string } | undefined
)?.today;
if (!today) {
  await guarded(() => Promise.reject(new Error('pay-context gave no business day')));
}

async function virtualUser(payer: Payer, n: number, until: number) {
  const headers = { ...payer.headers, 'x-forwarded-for': clientAddress(n) };
  const base = `/business/${payer.businessId}`;
  let seedNumber = n + 1;
  const get = async (endpoint: Endpoint, url: string) => {
    const answer = await call(proxied(url), { headers });
    record(endpoint, answer);
    return answer;
  };
  while (Date.now() < until) {
    seedNumber = (seedNumber * 1103515245 + 12345) % 2 ** 31;
    await get('GET due-bills', `${base}/due-bills`);
    await get('GET bills/summary/due', `${base}/bills/summary/due`);
    await get('GET payments', `${base}/payments`);
    await get('GET bills/summary/payments', `${base}/bills/summary/payments`);
    const created = await call(
      proxied(`${base}/payments`),
      jsonPost(
        {
          billId: payer.billIds[(seedNumber >> 8) % payer.billIds.length],
          paymentInstrumentId: payer.bankId,
          amount: ((100 + ((seedNumber >> 4) % 400)) / 100).toFixed(2),
          processDate: today,
        },
        { ...headers, 'idempotency-key': randomUUID() },
      ),
    );
    record('POST payments', created);
    const id = (created.json?.data as { id?: string } | undefined)?.id;
    if (id) await get('GET payments/{id}', `${base}/payments/${id}`);
  }
}

interface GracefulResult {
  inFlight: Map<string, number>;
  /** SIGTERM to exit, and to healthy again after the restart. */
  stopMs: number;
  downMs: number;
  window: Map<string, number>;
  upstream: Map<string, number>;
}

/** Requests straight to API 2, then SIGTERM while they run; it is started again (cluster.graceful). */
async function gracefulUnderLoad(): Promise<GracefulResult> {
  const port = apiPorts[1] as number;
  const upstreamBefore = new Map(cluster.upstreamErrors);
  const inFlight = new Map<string, number>();
  const requests = payers.slice(0, 20).map(async (payer) => {
    const answer = await call(direct(port, `/business/${payer.businessId}/payments`), {
      headers: payer.headers,
    });
    bump(inFlight, answer.status);
  });
  gracefulWindow = new Map();
  // Long enough for API 2 to have read them (its answers take hundreds of ms under this load).
  await sleep(250);
  const proc = procs[1] as (typeof procs)[number];
  const started = Date.now();
  let stopMs = Number.NaN;
  proc.child?.once('exit', () => {
    stopMs = Date.now() - started;
  });
  await cluster.graceful(proc);
  const downMs = Date.now() - started;
  await Promise.all(requests);
  const window = gracefulWindow;
  gracefulWindow = null;
  const upstream = new Map<string, number>();
  for (const [code, count] of cluster.upstreamErrors) {
    const added = count - (upstreamBefore.get(code) ?? 0);
    if (added > 0) upstream.set(code, added);
  }
  return { inFlight, stopMs, downMs, window, upstream };
}

const loadStarted = new Date();
const until = loadStarted.getTime() + SECONDS * 1000;
const load = Promise.all(payers.map((payer, i) => virtualUser(payer, i, until)));
const graceful = (async () => {
  await sleep(SECONDS * 600);
  return gracefulUnderLoad();
})();
const progress = setInterval(() => {
  const done = [...answers.values()].reduce((a, b) => a + b, 0);
  const bad = [...nonOk.values()].reduce((a, b) => a + b, 0);
  console.log(
    `  ${new Date().toISOString().slice(11, 19)}  ${done.toLocaleString('en-US')} requests, ${bad} not 2xx`,
  );
}, 60_000);
const [, gracefulResult] = await guarded(() => Promise.all([load, graceful])).finally(() =>
  clearInterval(progress),
);
const loadEnded = new Date();
const loadSeconds = (loadEnded.getTime() - loadStarted.getTime()) / 1000;

// --- 4. Every job runs once ------------------------------------------------------------------------------
interface JobRow {
  name: string;
  firings: string;
  duplicate_firings: string;
  jobs: string;
  instances_with_more_than_one_job: string;
  runs: string;
  retried: string;
  states: string;
}
// Let the workers finish the last firings' jobs before counting.
await sleep(5_000);
const jobRows = (
  await guarded(() =>
    context.database.sql.query<JobRow>(
      `with jobs as (
       select name, data, state, retry_count, singleton_on, created_on, started_on from pgboss.job
       union all
       select name, data, state, retry_count, singleton_on, created_on, started_on from pgboss.archive
     ),
     fired as (
       select data->>'name' as name, singleton_on, created_on from jobs
       where name = '__pgboss__send-it' and created_on >= $1 and created_on < $2
     ),
     made as (
       select j.name, j.state, j.retry_count, j.started_on,
         (select f.singleton_on from fired f where f.name = j.name and f.created_on <= j.created_on
          order by f.created_on desc limit 1) as firing
       from jobs j
       where j.name in (select name from pgboss.schedule) and j.data = '{}'::jsonb
         and j.created_on >= $1 and j.created_on < $2::timestamptz + interval '1 minute'
     )
     select s.name,
       (select count(*) from fired f where f.name = s.name) as firings,
       (select count(*) from (select singleton_on from fired f where f.name = s.name
          group by singleton_on having count(*) > 1) d) as duplicate_firings,
       (select count(*) from made m where m.name = s.name and m.firing is not null) as jobs,
       (select count(*) from (select firing from made m where m.name = s.name and m.firing is not null
          group by firing having count(*) > 1) d) as instances_with_more_than_one_job,
       (select coalesce(sum(case when m.started_on is null then 0 else m.retry_count + 1 end), 0)
          from made m where m.name = s.name and m.firing is not null) as runs,
       (select count(*) from made m where m.name = s.name and m.firing is not null and m.retry_count > 0) as retried,
       (select coalesce(string_agg(state || ' ' || n, ', ' order by state), '') from
          (select m.state::text as state, count(*) as n from made m where m.name = s.name and m.firing is not null
           group by m.state) st) as states
     from pgboss.schedule s order by s.name`,
      [loadStarted.toISOString(), loadEnded.toISOString()],
    ),
  )
).rows;

// --- 5. Overhead, quiet ----------------------------------------------------------------------------------
const dueQuery = dueBillsQuerySchema.parse({});
const {
  payeeId: _payee,
  customerName: _customer,
  filterType: _filter,
  ...paymentsQuery
} = paymentsListQuerySchema.parse({});
const OVERHEAD: {
  label: string;
  url: (b: string) => string;
  db: (businessId: string) => Promise<unknown>;
}[] = [
  {
    label: 'GET due-bills',
    url: (b) => `/business/${b}/due-bills`,
    db: (businessId) => listDueBills(context, { businessId, query: dueQuery }),
  },
  {
    label: 'GET bills/summary/due',
    url: (b) => `/business/${b}/bills/summary/due`,
    db: (businessId) => dueSummary(context, businessId),
  },
  {
    label: 'GET payments',
    url: (b) => `/business/${b}/payments`,
    db: (businessId) => listPayments(context, { businessId, query: { ...paymentsQuery, sortBy: 'dueDate' } }),
  },
  {
    label: 'GET bills/summary/payments',
    url: (b) => `/business/${b}/bills/summary/payments`,
    db: (businessId) => paymentsSummary(context, businessId),
  },
];
type OverheadRun = { httpTimes: number[][]; dbTimes: number[][]; emptyTimes: number[]; errors: number };
/** OVERHEAD_RUNS rounds, one request at a time: the empty route, then each endpoint and its service call. */
async function measureOverhead(): Promise<OverheadRun> {
  const httpTimes = OVERHEAD.map(() => [] as number[]);
  const dbTimes = OVERHEAD.map(() => [] as number[]);
  const emptyTimes: number[] = [];
  let overheadErrors = 0;
  for (let run = 0; run < OVERHEAD_RUNS; run += 1) {
    const payer = payers[run % payers.length] as Payer;
    const headers = { ...payer.headers, 'x-forwarded-for': clientAddress(run % payers.length) };
    const empty = await call(proxied('/client-config'), { headers: { 'x-forwarded-for': '10.9.3.1' } });
    if (!empty.ok) overheadErrors += 1;
    emptyTimes.push(empty.ms);
    for (const [i, endpoint] of OVERHEAD.entries()) {
      const answer = await call(proxied(endpoint.url(payer.businessId)), { headers });
      if (!answer.ok) overheadErrors += 1;
      httpTimes[i]?.push(answer.ms);
      const started = performance.now();
      await endpoint.db(payer.businessId);
      dbTimes[i]?.push(performance.now() - started);
    }
  }
  return { httpTimes, dbTimes, emptyTimes, errors: overheadErrors };
}
// Twice: on the API processes that served the load, then on the same data after a graceful restart of
// both APIs, which tells the processes' state apart from the database's.
const overheadRuns: OverheadRun[] = [];
await guarded(async () => {
  overheadRuns.push(await measureOverhead());
  for (const proc of cluster.procs.filter((p) => p.port)) await cluster.graceful(proc);
  overheadRuns.push(await measureOverhead());
});

await cluster.stop();
await runtime.close();
await cluster.close();

// --- Report --------------------------------------------------------------------------------------------
const total = [...answers.values()].reduce((a, b) => a + b, 0);
const failed = [...nonOk.values()].reduce((a, b) => a + b, 0);
const list = (map: Map<string, number>) =>
  map.size === 0
    ? 'none'
    : [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} × ${v.toLocaleString('en-US')}`)
        .join(', ');

say('# load: two API processes and two workers on one PostgreSQL, through a proxy');
say();
say(
  '`npm run bench:load -w @ferry/bench` (`DATABASE_URL`; `npm run build` first). The cluster of `bench/cluster.ts`: a fresh database, two `--role=api` and two `--role=worker` processes of the built server, a round-robin proxy on loopback (trusted: `TRUST_PROXY=loopback`, each virtual user its own client address). Figures only; nothing is asserted in CI.',
);
say();
say(`Machine: ${machine}.`);
say();
say(
  `## Load: ${USERS} businesses at once for ${loadSeconds.toFixed(0)} s (each ${BILLS} bills; a virtual user each, looping with no pause)`,
);
say();
say(
  'Each loop: due bills, bills summary, payments, payments summary, a new payment ($1–$5, its own Idempotency-Key), that payment — all through the proxy.',
);
say();
table(
  ['endpoint', 'requests', 'p50 ms', 'p95 ms', 'p99 ms'],
  ENDPOINTS.map((endpoint) => {
    const sorted = sortedOf(latencies.get(endpoint) ?? []);
    return [
      endpoint,
      sorted.length.toLocaleString('en-US'),
      ms(percentile(sorted, 50)),
      ms(percentile(sorted, 95)),
      ms(percentile(sorted, 99)),
    ];
  }),
);
say();
say(
  `Throughput ${(total / loadSeconds).toFixed(0)} requests/s (${total.toLocaleString('en-US')} requests, ${(
    [...(latencies.get('POST payments') ?? [])].length / loadSeconds
  ).toFixed(
    1,
  )} payments/s). Error rate ${((100 * failed) / Math.max(1, total)).toFixed(3)}% (goal < 1%): ${failed.toLocaleString('en-US')} answers not 2xx — ${list(nonOk)}.`,
);
const windowBadGateway = gracefulResult.window.get('502') ?? 0;
if (windowBadGateway > 0) {
  say(
    `Without the ${windowBadGateway.toLocaleString('en-US')} 502s of the proxy while API 2 was down for the graceful-shutdown check: ${((100 * (failed - windowBadGateway)) / Math.max(1, total - windowBadGateway)).toFixed(3)}%.`,
  );
}
say(
  `Answers: ${list(answers)}. Processes that exited on their own: ${cluster.unexpectedExits.length === 0 ? 'none' : cluster.unexpectedExits.join(', ')}.`,
);
say();
say(`## Graceful shutdown under load (SIGTERM to API 2 at ${Math.round(SECONDS * 0.6)} s)`);
say();
say(
  `- 20 requests (payments lists) sent straight to API 2 250 ms before its SIGTERM: ${list(gracefulResult.inFlight)}.`,
);
say(
  `- API 2 exited ${(gracefulResult.stopMs / 1000).toFixed(1)} s after its SIGTERM and was back (started again, healthy) after ${(gracefulResult.downMs / 1000).toFixed(1)} s; answers through the proxy meanwhile: ${list(gracefulResult.window)}.`,
);
say(
  `- Upstream errors of the proxy in that time: ${list(gracefulResult.upstream)} (ECONNREFUSED = API 2 not listening: the request never reached it and went to API 1, as a load balancer passes a refused connection on; anything else would be a request cut off).`,
);
say();
say('## Shared through PostgreSQL');
say();
say(
  `- Session: signed up through API 1 (${shared.session.signUp}); that session on API 2: GET /api/auth/verify ${shared.session.verifyOnApi2}; signed out on API 2 (${shared.session.signOutOnApi2}); then on API 1: ${shared.session.verifyOnApi1After} (expected 201, 200, 200, 401).`,
);
say();
table(
  ['failed sign-ins (wrong password)', 'first 429, all to API 1', 'first 429, alternating API 1 / API 2'],
  shared.limits.map((l) => [l.label, l.onePort ?? 'never', l.alternating ?? 'never']),
);
say();
say(
  `The 429 messages (alternating): ${shared.limits.map((l) => `"${l.message}"`).join('; ')}. The limit is ${SIGN_IN_ATTEMPTS_PER_ACCOUNT} per account and ${SENSITIVE_LIMIT} per client, so the first refusal is attempt ${SIGN_IN_ATTEMPTS_PER_ACCOUNT + 1} and ${SENSITIVE_LIMIT + 1}; counted in one process each, alternating would let twice as many through.`,
);
say();
say('## Every job runs once (cron jobs during the load, pg-boss schema `pgboss`)');
say();
table(
  [
    'job',
    'cron firings',
    'firings twice in a minute',
    'jobs made',
    'firings with > 1 job',
    'runs',
    'jobs retried',
    'states',
  ],
  jobRows.map((r) => [
    r.name,
    r.firings,
    r.duplicate_firings,
    r.jobs,
    r.instances_with_more_than_one_job,
    r.runs,
    r.retried,
    r.states || '—',
  ]),
);
const duplicates = jobRows.reduce(
  (sum, r) => sum + Number(r.duplicate_firings) + Number(r.instances_with_more_than_one_job),
  0,
);
say();
say(
  `Duplicates: ${duplicates}. A firing is pg-boss's send-it job (one per schedule and minute, whichever process's clock monitor fires it); "jobs made" are the jobs with the schedule's data created after it; "runs" counts a retried job once per attempt.`,
);
say();
for (const [n, { httpTimes, dbTimes, emptyTimes, errors: overheadErrors }] of overheadRuns.entries()) {
  say(
    n === 0
      ? `## Overhead, quiet (after the load, on its data; ${OVERHEAD_RUNS} rounds, one request at a time, ${overheadErrors} errors)`
      : `## Overhead, quiet, after restarting both APIs (same data; ${OVERHEAD_RUNS} rounds, ${overheadErrors} errors)`,
  );
  say();
  if (n === 0)
    say(
      'db = the route’s service call timed straight on the database from the bench process (the same queries, no HTTP); empty = GET /api/client-config through the proxy (no query of its own; the rate-limit counter write every API request makes). Goal: HTTP p50 ≤ 1.5 × (db p50 + empty p50).',
    );
  say();
  const emptySorted = sortedOf(emptyTimes);
  const emptyP50 = percentile(emptySorted, 50);
  table(
    [
      'endpoint',
      'HTTP p50 ms',
      'HTTP p99 ms',
      'db p50 ms',
      'empty p50 ms',
      'p50 / (db + empty)',
      'goal ≤ 1.5',
    ],
    OVERHEAD.map((endpoint, i) => {
      const http = sortedOf(httpTimes[i] ?? []);
      const db = sortedOf(dbTimes[i] ?? []);
      const ratio = percentile(http, 50) / (percentile(db, 50) + emptyP50);
      return [
        endpoint.label,
        ms(percentile(http, 50)),
        ms(percentile(http, 99)),
        ms(percentile(db, 50)),
        ms(emptyP50),
        ratio.toFixed(2),
        ratio <= 1.5 ? 'met' : 'NOT MET',
      ];
    }),
  );
  say();
  say(`Empty route: p50 ${ms(emptyP50)} ms, p99 ${ms(percentile(emptySorted, 99))} ms.`);
  say();
}

fs.writeFileSync(RESULTS, `${out.join('\n')}\n`);
console.log(`\nwritten to ${path.relative(root, RESULTS)}`);
