import type { Logger } from 'pino';
import { isDatabaseUnavailable } from './db/unavailable.js';

/**
 * The process's answer to a promise rejected with no handler. pg-boss 10 records a job's completion or
 * failure without awaiting it (`Manager.work` → `this.fail(...)`), so a connection cut at that moment
 * rejects where no one listens. Losing that write loses nothing: the job stays active, expires and runs
 * again, and every handler is idempotent. Such a rejection (the database unreachable) is logged as a
 * warning and the process goes on. Anything else is a defect: logged, then the process shuts down
 * gracefully (`shutDown`) and exits non-zero, to be started again clean.
 */
export function handleUnhandledRejection(
  reason: unknown,
  options: { logger: Pick<Logger, 'warn' | 'error'>; shutDown: () => void },
): 'ignored' | 'fatal' {
  if (isDatabaseUnavailable(reason)) {
    options.logger.warn({ err: reason }, 'a database write was lost while the database was unreachable');
    return 'ignored';
  }
  options.logger.error({ err: reason }, 'unhandled rejection');
  process.exitCode = 1;
  options.shutDown();
  return 'fatal';
}
