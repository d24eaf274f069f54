import type { Config } from '../config.js';
import type { Providers } from '../providers/index.js';
import type { Clock } from './clock.js';
import type { Database } from './db/client.js';
import type { Jobs } from './jobs/jobs.js';

/** What every route and service can reach: built once in app.ts, never a module-level singleton. */
export interface AppContext {
  config: Config;
  database: Database;
  clock: Clock;
  jobs: Jobs;
  providers: Providers;
}
