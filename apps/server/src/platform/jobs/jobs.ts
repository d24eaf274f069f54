import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, DbOrTx } from '../db/client.js';

export type JobHandler<T> = (data: T, meta: { id: string; name: string }) => Promise<void>;

interface Registration {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: handlers are typed where they are registered.
  handler: JobHandler<any>;
  cron?: string;
  retryLimit: number;
}

export interface SendOptions {
  /** Run no sooner than this many seconds from now (or at this instant). */
  startAfter?: number | Date;
  /** At most one queued job per key. */
  singletonKey?: string;
  /**
   * Enqueue inside this transaction: the job exists exactly when the transaction commits. (On the
   * embedded database it is also the only way: a second connection would wait for the open transaction.)
   */
  db?: DbOrTx;
}

interface DriverClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The driver client under a drizzle database or transaction (PGlite's transaction, or node-postgres's
 * pool client inside a transaction). pg-boss's SQL reuses positional parameters, so it must run as is.
 */
function driverClientOf(db: DbOrTx): DriverClient {
  const client = (db as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (!client || typeof client.query !== 'function')
    throw new Error('No driver client under this database handle');
  return client;
}

function executorOn(db: DbOrTx): PgBoss.Db {
  const client = driverClientOf(db);
  return {
    executeSql: async (text, values) => {
      const result = await client.query(text, values ?? []);
      return { rows: result.rows };
    },
  };
}

export interface Jobs {
  /** Declares a job and its handler; every job must be idempotent (a second run changes nothing). */
  register<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: { cron?: string; retryLimit?: number },
  ): void;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Many jobs of one kind in one statement (each with its own singleton key), in `db`'s transaction. */
  sendMany<T extends object>(
    name: string,
    jobs: readonly { data: T; singletonKey?: string }[],
    options?: Pick<SendOptions, 'db'>,
  ): Promise<void>;
  start(options: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
  readonly started: boolean;
}

export interface JobsOptions {
  database: Database;
  logger: Logger;
  pollingIntervalSeconds?: number;
  /** pg-boss maintenance and cron; off in most tests to keep them light. */
  maintenance?: boolean;
}

/** pg-boss over the app's own database: PGlite through its custom `db` option, PostgreSQL by URL. */
/** The advisory lock key the processes of a deployment take to set up the job queues one at a time. */
const QUEUE_SETUP_LOCK = 0x6665_7272; // 'ferr'

/**
 * Runs `work` while holding a PostgreSQL session advisory lock on its own connection, so no two
 * processes sharing the database run it at once. The embedded database serves one process: no lock.
 */
async function oneProcessAtATime(database: Database, work: () => Promise<void>): Promise<void> {
  if (database.kind !== 'postgres' || !database.connectionString) {
    await work();
    return;
  }
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]);
    }
  } finally {
    await client.end();
  }
}

function createBoss(options: JobsOptions): PgBoss {
  const common = {
    schema: 'pgboss',
    supervise: options.maintenance ?? true,
    schedule: options.maintenance ?? true,
    migrate: true,
  };
  if (options.database.kind === 'pglite') {
    const { sql } = options.database;
    return new PgBoss({
      ...common,
      db: {
        // biome-ignore lint/suspicious/noExplicitAny: pg-boss's own Db type.
        executeSql: async (text: string, values: any[]) => {
          if (!values || values.length === 0) {
            const client = options.database.pglite;
            if (!client) throw new Error('PGlite client missing');
            const results = await client.exec(text);
            return { rows: results.flatMap((result) => result.rows) };
          }
          return sql.query(text, values);
        },
      },
    });
  }
  return new PgBoss({ ...common, connectionString: options.database.connectionString, max: 4 });
}

export function createJobs(options: JobsOptions): Jobs {
  const registrations = new Map<string, Registration>();
  let boss: PgBoss | null = null;

  return {
    get started() {
      return boss !== null;
    },
    register(name, handler, registerOptions = {}) {
      if (boss) throw new Error(`Job ${name} registered after start`);
      registrations.set(name, {
        name,
        handler,
        cron: registerOptions.cron,
        retryLimit: registerOptions.retryLimit ?? 5,
      });
    },
    async send(name, data, sendOptions = {}) {
      if (!boss) throw new Error('Jobs are not started');
      if (!registrations.has(name)) throw new Error(`Unknown job ${name}`);
      const registration = registrations.get(name);
      return boss.send(name, data, {
        startAfter: sendOptions.startAfter,
        singletonKey: sendOptions.singletonKey,
        retryLimit: registration?.retryLimit,
        retryBackoff: true,
        retryDelay: 5,
        ...(sendOptions.db ? { db: executorOn(sendOptions.db) } : {}),
      });
    },
    async sendMany(name, jobs, sendOptions = {}) {
      if (!boss) throw new Error('Jobs are not started');
      const registration = registrations.get(name);
      if (!registration) throw new Error(`Unknown job ${name}`);
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((job) => ({
          name,
          data: job.data,
          singletonKey: job.singletonKey,
          retryLimit: registration.retryLimit,
          retryBackoff: true,
          retryDelay: 5,
        })),
        sendOptions.db ? { db: executorOn(sendOptions.db) } : {},
      );
    },
    async start({ work }) {
      if (boss) return;
      const instance = createBoss(options);
      instance.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
      await instance.start();
      // Several processes starting at once on one PostgreSQL (API replicas, workers) would create the
      // same queues together, and pg-boss's queue creation deadlocks against itself: one at a time.
      await oneProcessAtATime(options.database, async () => {
        for (const registration of registrations.values()) {
          await instance.createQueue(registration.name);
          if (registration.cron && (options.maintenance ?? true)) {
            await instance.schedule(registration.name, registration.cron, {});
          }
        }
      });
      for (const registration of registrations.values()) {
        if (work) {
          await instance.work(
            registration.name,
            { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 },
            async (jobs) => {
              for (const job of jobs) {
                await registration.handler(job.data, { id: job.id, name: job.name });
              }
            },
          );
        }
      }
      boss = instance;
    },
    async stop() {
      if (!boss) return;
      const instance = boss;
      boss = null;
      await instance.stop({ graceful: true, close: true, wait: true, timeout: 10_000 });
    },
  };
}
