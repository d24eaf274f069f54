import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, registerJobs } from '../app.js';
import { loadConfig } from '../config.js';
import { TestClock } from '../platform/clock.js';
import type { AppContext } from '../platform/context.js';
import type { Database } from '../platform/db/client.js';
import { createJobs } from '../platform/jobs/jobs.js';
import { createLogger } from '../platform/logger.js';
import { createProviders } from '../providers/index.js';
import { openTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  clock: TestClock;
  database: Database;
  close(): Promise<void>;
}

/** Headers of a signed-in API client, as the `signIn` factory gives them. */
export type AuthHeaders = Record<string, string>;

export interface TestAppOptions {
  /** Start the job queue and its workers, as `main` does (off by default: most tests do not need them). */
  jobs?: boolean;
  env?: Record<string, string>;
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
  /** Reuse an open database (to restart the app on the same data). */
  database?: Database;
  /** Where the app's log lines go (with LOG_LEVEL set in `env`); none by default. */
  logSink?: import('node:stream').Writable;
  /** Serve a web build from this folder (none by default). */
  webDist?: string;
}

export async function openTestContextDatabase(): Promise<Database> {
  return openTestDatabase(inject('template'), process.env.DATABASE_URL);
}

/**
 * The real app on a fresh database, a movable clock and the sandbox providers. Stored files go to a
 * temporary folder of its own, removed on close.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Created only when something is stored (the local files provider makes its folders on write).
  const dataDir = path.join(os.tmpdir(), `ferry-test-data-${randomBytes(8).toString('hex')}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    SERVE_WEB: 'false',
    RATE_LIMIT_MAX: '100000',
    ...options.env,
  });
  const logger = options.logSink
    ? createLogger(config.LOG_LEVEL, options.logSink)
    : createLogger(config.LOG_LEVEL);
  const database = options.database ?? (await openTestContextDatabase());
  const clock = new TestClock('2026-11-02T15:00:00.000Z');
  const jobs = createJobs({
    database,
    logger,
    pollingIntervalSeconds: 0.5,
    maintenance: false,
  });
  const context: AppContext = {
    config,
    database,
    clock,
    jobs,
    providers: createProviders(config, { database, clock }),
  };
  registerJobs(context);
  const app = await buildApp(context, {
    logger,
    webDist: options.webDist ?? null,
    extraRoutes: options.extraRoutes,
  });
  await app.ready();
  if (options.jobs) await jobs.start({ work: true });
  return {
    app,
    context,
    clock,
    database,
    async close() {
      await app.close();
      await jobs.stop();
      if (!options.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app for a whole test file: created before its tests and closed after them. The answer reads
 * through to that app, so tests use `t.app`, `t.context`, `t.clock` as with `createTestApp`.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(() => current?.close());
  const started = (): TestApp => {
    if (!current) throw new Error('the test app is used before beforeAll has run');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get context() {
      return started().context;
    },
    get clock() {
      return started().clock;
    },
    get database() {
      return started().database;
    },
    close: () => started().close(),
  };
}
