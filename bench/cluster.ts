// The multi-instance cluster the PostgreSQL benches run (faults.ts, load.ts): a fresh database on the
// server of DATABASE_URL, two API processes (`--role=api`) and two job workers (`--role=worker`) of the
// built server on it, and a small round-robin HTTP proxy on loopback in front of the two APIs. Processes
// that exit when the bench did not stop them are started again and counted; none outlives the bench.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../apps/server/src/config.js';
import {
  makeBill,
  makePayer,
  makeVendor,
  type Payer as PayerBusiness,
} from '../apps/server/src/modules/payments/engine/fixture-data.js';
import { openPostgres } from '../apps/server/src/platform/db/client.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { openRuntime } from '../apps/server/src/platform/runtime.js';

export const root = path.resolve(import.meta.dirname, '..');

/** The admin URL (DATABASE_URL) and the built server, or the bench explains what it needs and exits. */
export function requirements(bench: string, purpose: string): string {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error(`${bench} needs DATABASE_URL (a PostgreSQL server it may ${purpose}).`);
    process.exit(1);
  }
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    console.error(`${bench} runs the built server: \`npm run build\` first.`);
    process.exit(1);
  }
  return adminUrl;
}

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** Runs SQL on the server's admin database (create, drop, terminate connections). */
export async function adminSql(adminUrl: string, text: string) {
  const database = await openPostgres(adminUrl, 1);
  try {
    return await database.sql.query<Record<string, unknown>>(text);
  } finally {
    await database.close();
  }
}

export interface Proc {
  label: string;
  args: string[];
  port?: number;
  child: ChildProcess | null;
  /** Set while the bench itself stops the process (a fault or the end), so an exit then is expected. */
  stopping?: boolean;
}

export interface Cluster {
  /** The bench's database (created by openCluster, dropped by close). */
  name: string;
  adminUrl: string;
  /** The environment every process gets (its DATABASE_URL is the bench's database). */
  env: Record<string, string>;
  dataDir: string;
  apiPorts: number[];
  proxyPort: number;
  /** api-1, api-2, worker-1, worker-2. */
  procs: Proc[];
  /** Processes that exited when nothing stopped them (each is started again and counted). */
  unexpectedExits: string[];
  /** Upstream errors by code (ECONNREFUSED: the API was down, and the request went to the other API). */
  upstreamErrors: Map<string, number>;
  admin(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  healthy(port: number, timeoutMs?: number): Promise<boolean>;
  /** Starts every process, waits for both APIs, then opens the proxy. */
  start(): Promise<void>;
  /** `kill -9`, then started again (and healthy, for an API). */
  kill9(proc: Proc): Promise<void>;
  /** SIGTERM (a graceful stop: requests in flight finish), then started again. */
  graceful(proc: Proc): Promise<void>;
  /** SIGTERM to every process, waits for each, closes the proxy. */
  stop(): Promise<void>;
  /** Drops the database; removes the processes' logs unless BENCH_KEEP_LOGS=true. */
  close(): Promise<void>;
}

export async function openCluster(options: {
  adminUrl: string;
  /** The database and log folder are named after it: ferry_bench_<label>_<random>. */
  label: string;
  /** Settings on top of the bench defaults. */
  env?: Record<string, string>;
}): Promise<Cluster> {
  const { adminUrl } = options;
  const name = `ferry_bench_${options.label}_${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ferry-bench-${options.label}-`));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    DATABASE_URL: withDatabase(adminUrl, name),
    DATA_DIR: dataDir,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // BENCH_LOG_LEVEL=info (with BENCH_KEEP_LOGS=true) keeps each request's server-side responseTime.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    RATE_LIMIT_MAX: '1000000000',
    // A graceful stop drains 2 s first (health 503): the proxy's health check (every 500 ms) moves away.
    SHUTDOWN_DRAIN_SECONDS: '2',
    SERVE_WEB: 'false',
    HOST: '127.0.0.1',
    ...options.env,
  };
  const admin = (text: string) => adminSql(adminUrl, text);
  await admin(`create database ${name}`);

  const basePort = Number(process.env.BENCH_PORT ?? 3340);
  const apiPorts = [basePort + 1, basePort + 2];
  const proxyPort = basePort;
  const unexpectedExits: string[] = [];
  const upstreamErrors = new Map<string, number>();
  const procs: Proc[] = [
    { label: 'api-1', args: ['--role=api'], port: apiPorts[0], child: null },
    { label: 'api-2', args: ['--role=api'], port: apiPorts[1], child: null },
    { label: 'worker-1', args: ['--role=worker'], child: null },
    { label: 'worker-2', args: ['--role=worker'], child: null },
  ];
  const log = (label: string) => fs.openSync(path.join(dataDir, `${label}.log`), 'a');

  function startProc(proc: Proc) {
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
      startProc(proc);
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

  // A load balancer in small: it checks each API's health every 500 ms and sends requests round-robin
  // to those that answer 200 (an API draining for a graceful stop answers 503); like nginx's default
  // (`proxy_next_upstream error`), a request whose connection an API refused (the request never reached
  // it) goes to the next API; anything else that fails on the way is the client's 502. Bodies are small
  // here, so each is read whole first.
  const down = new Set<number>();
  let checking: NodeJS.Timeout | undefined;
  const checkHealth = () => {
    for (const port of apiPorts) {
      fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) })
        .then((res) => (res.ok ? down.delete(port) : down.add(port)))
        .catch(() => down.add(port));
    }
  };
  let next = 0;
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const healthyPorts = apiPorts.filter((port) => !down.has(port));
      const ports = healthyPorts.length > 0 ? healthyPorts : apiPorts;
      const first = next++;
      const attempt = (tries: number) => {
        const port = ports[(first + tries) % ports.length];
        const upstream = http.request(
          { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          const code = error.code ?? error.message;
          upstreamErrors.set(code, (upstreamErrors.get(code) ?? 0) + 1);
          if (code === 'ECONNREFUSED' && tries + 1 < ports.length && !res.headersSent) {
            attempt(tries + 1);
            return;
          }
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });

  async function stopProc(proc: Proc, signal: NodeJS.Signals) {
    const child = proc.child;
    if (!child) return;
    proc.stopping = true;
    const exited = exitOf(child);
    child.kill(signal);
    await exited;
  }

  return {
    name,
    adminUrl,
    env,
    dataDir,
    apiPorts,
    proxyPort,
    procs,
    unexpectedExits,
    upstreamErrors,
    admin,
    healthy,
    async start() {
      for (const proc of procs) startProc(proc);
      for (const port of apiPorts) {
        if (!(await healthy(port))) {
          throw new Error(`API on ${port} did not start: see the logs in ${dataDir}`);
        }
      }
      await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
      checking = setInterval(checkHealth, 500);
    },
    async kill9(proc) {
      await stopProc(proc, 'SIGKILL');
      await sleep(2_000);
      startProc(proc);
      if (proc.port) await healthy(proc.port);
    },
    async graceful(proc) {
      await stopProc(proc, 'SIGTERM');
      startProc(proc);
      if (proc.port) await healthy(proc.port);
    },
    async stop() {
      clearInterval(checking);
      for (const proc of procs) await stopProc(proc, 'SIGTERM');
      proxy.close();
    },
    async close() {
      await admin(`drop database if exists ${name} with (force)`);
      if (process.env.BENCH_KEEP_LOGS === 'true') console.log(`logs of the processes: ${dataDir}`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Payer extends PayerBusiness {
  billIds: string[];
}

/**
 * `payers` verified businesses, each signed in (an owner session) with a verified bank, `vendors`
 * vendors with banks and `bills` open bills of `billCents` spread over them, written straight to the
 * cluster's database (before its processes start: the runtime here migrates it).
 */
export async function seedPayers(
  cluster: Pick<Cluster, 'env'>,
  options: { payers: number; bills: number; billCents: number; vendors?: number },
): Promise<Payer[]> {
  const runtime = await openRuntime({ config: loadConfig(cluster.env), logger: createLogger('warn') });
  try {
    const payers: Payer[] = [];
    for (let p = 0; p < options.payers; p += 1) {
      const payer = await makePayer(runtime.context);
      const vendorIds: string[] = [];
      for (let v = 0; v < (options.vendors ?? 1); v += 1)
        vendorIds.push((await makeVendor(runtime.context, payer.businessId)).id);
      const billIds: string[] = [];
      for (let b = 0; b < options.bills; b += 1) {
        billIds.push(
          await makeBill(runtime.context, {
            businessId: payer.businessId,
            vendorId: vendorIds[b % vendorIds.length] as string,
            amountCents: options.billCents,
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
