// `npm run bench`: starts the built server on a generated data set and prints throughput and latency.
// Figures only: nothing here is asserted.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/server/src/config.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import { openRuntime } from '../apps/server/src/platform/runtime.js';
import { generate } from './generate.js';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3301);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferry-bench-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '1000000000',
  SERVE_WEB: 'false',
};

async function seed() {
  const started = performance.now();
  const runtime = await openRuntime({ config: loadConfig(env), logger: createLogger('warn') });
  try {
    const data = await generate(runtime.context, { businesses: 200, memberOf: 25 });
    console.log(
      `generated 200 businesses (bench user in 25) in ${Math.round(performance.now() - started)} ms`,
    );
    return data;
  } finally {
    await runtime.close();
  }
}

async function waitForHealth() {
  for (let i = 0; i < 100; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections, duration: seconds });
  const line = [
    title.padEnd(34),
    `${Math.round(result.requests.average)} req/s`.padStart(12),
    `p50 ${result.latency.p50} ms`.padStart(12),
    `p99 ${result.latency.p99} ms`.padStart(12),
    `non-2xx ${result.non2xx}`.padStart(12),
    `errors ${result.errors}`.padStart(10),
  ].join(' ');
  console.log(line);
}

const data = await seed();
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitForHealth();
  console.log(
    `\n${connections} connections, ${seconds} s each, embedded database, ${os.cpus().length} cores, Node ${process.version}`,
  );
  await measure('GET /api/health', `http://127.0.0.1:${port}/api/health`);
  await measure('GET /api/business (25 of 200)', `http://127.0.0.1:${port}/api/business`, data.headers);
  await measure(
    'GET /api/business/{id}',
    `http://127.0.0.1:${port}/api/business/${data.businessIds[0]}`,
    data.headers,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
