import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createProviders } from '../providers/index.js';
import { type Clock, systemClock } from './clock.js';
import type { AppContext } from './context.js';
import { type Database, openPglite, openPostgres } from './db/client.js';
import { acquireDataDirLock } from './db/lock.js';
import { applyMigrations } from './db/migrate.js';
import { createJobs } from './jobs/jobs.js';

export interface Runtime {
  context: AppContext;
  /** Stops the job queue, closes the database and releases the data-folder lock. */
  close(): Promise<void>;
}

/**
 * Opens the database (the embedded one under DATA_DIR, locked against a second process, or PostgreSQL
 * from DATABASE_URL), applies migrations and builds the application context.
 */
export async function openRuntime(options: {
  config: Config;
  logger: Logger;
  clock?: Clock;
}): Promise<Runtime> {
  const { config, logger } = options;
  let release: (() => void) | null = null;
  let database: Database;
  if (config.DATABASE_URL) {
    database = await openPostgres(
      config.DATABASE_URL,
      10,
      (error) =>
        logger.warn({ err: error }, 'a database connection ended while idle; the pool opens another'),
      {
        onWait: (error, attempt) =>
          logger.warn({ err: error, attempt }, 'waiting for the database to accept connections'),
      },
    );
  } else {
    release = acquireDataDirLock(config.dataDir);
    try {
      database = await openPglite(config.databaseDir);
    } catch (error) {
      release();
      throw error;
    }
  }
  try {
    await applyMigrations(database);
  } catch (error) {
    await database.close();
    release?.();
    throw error;
  }
  const jobs = createJobs({ database, logger });
  const context: AppContext = {
    config,
    database,
    clock: options.clock ?? systemClock,
    jobs,
    providers: createProviders(config, { database, clock: options.clock ?? systemClock }),
  };
  return {
    context,
    async close() {
      await jobs.stop().catch((error) => logger.error({ err: error }, 'stopping jobs failed'));
      await database.close().catch((error) => logger.error({ err: error }, 'closing the database failed'));
      release?.();
    },
  };
}
