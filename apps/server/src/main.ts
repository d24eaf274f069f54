import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { buildApp, registerJobs } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './platform/db/lock.js';
import { createLogger } from './platform/logger.js';
import { handleUnhandledRejection } from './platform/process-errors.js';
import { openRuntime } from './platform/runtime.js';

function parseRole(argv: string[]): 'all' | 'api' | 'worker' | undefined {
  const flag = argv.find((arg) => arg.startsWith('--role='));
  const role = flag?.slice('--role='.length);
  return role === 'api' || role === 'worker' || role === 'all' ? role : undefined;
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, ROLE: parseRole(process.argv) ?? process.env.ROLE });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.ROLE !== 'all' && !config.DATABASE_URL) {
    console.error(
      '--role=api and --role=worker need DATABASE_URL: the embedded database serves one process only.',
    );
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL);
  if (config.sandboxProviders.length) {
    // ALLOW_SANDBOX_PROVIDERS=true: a public demo. Said loudly, every start, to whoever reads the logs.
    logger.warn(
      { sandboxProviders: config.sandboxProviders },
      `DEMO MODE: production is running on sandbox providers (${config.sandboxProviders.join(', ')}) because ALLOW_SANDBOX_PROVIDERS=true. Identities are approved by anyone, bot checks accept any token and no real money moves. Never use this for real customers.`,
    );
  }
  let runtime: Awaited<ReturnType<typeof openRuntime>>;
  try {
    runtime = await openRuntime({ config, logger });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Ferry cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { context } = runtime;
  registerJobs(context);
  await context.jobs.start({ work: config.ROLE !== 'api' });

  const app = config.ROLE === 'worker' ? null : await buildApp(context, { logger });
  // Unhandled rejections are ours to judge (platform/process-errors.ts); the rest closes gracefully.
  const drainMs = config.SHUTDOWN_DRAIN_SECONDS * 1000;
  const grace = closeWithGrace(
    { delay: 15_000 + drainMs, logger, skip: ['unhandledRejection'] },
    async ({ signal, err }) => {
      if (err) logger.error({ err }, 'shutting down after an error');
      else logger.info({ signal }, 'shutting down');
      if (app && signal && drainMs > 0) {
        // The drain: still answering, health 503, no kept connections (app.ts), then the close.
        app.lifecycle.stopping = true;
        logger.info({ seconds: config.SHUTDOWN_DRAIN_SECONDS }, 'draining before the close');
        await sleep(drainMs);
      }
      await app?.close();
      await runtime.close();
    },
  );
  process.on('unhandledRejection', (reason) => {
    handleUnhandledRejection(reason, { logger, shutDown: () => void grace.close() });
  });

  if (app) {
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    const port = new URL(address).port;
    const base = config.PUBLIC_URL ?? `http://localhost:${port}`;
    const lines = [
      '',
      `Ferry ${config.NODE_ENV === 'production' ? '' : `(${config.NODE_ENV}) `}is running`,
      `  App:        ${base}/`,
      `  API docs:   ${base}/api/docs`,
      ...(config.isProduction ? [] : [`  Dev outbox: ${base}/dev/outbox`]),
      `  Database:   ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.databaseDir}`}`,
      '',
    ];
    console.log(lines.join('\n'));
  } else {
    logger.info('worker started');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
