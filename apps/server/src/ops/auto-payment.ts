// `npm run ops:auto-payment -w @ferry/server -- block|reactivate <mappingId> [reason]`: a Ferry operator
// blocks or reactivates an auto-payment mapping (modules/auto-payments/admin.ts). Ferry must be stopped
// when it runs on the embedded database (the data directory is locked while it runs).
import { loadConfig } from '../config.js';
import { blockAutoPayment, reactivateAutoPayment } from '../modules/auto-payments/admin.js';
import { DataDirLockedError } from '../platform/db/lock.js';
import { AppError } from '../platform/http/errors.js';
import { createLogger } from '../platform/logger.js';
import { openRuntime } from '../platform/runtime.js';

const USAGE = 'Usage: npm run ops:auto-payment -w @ferry/server -- block|reactivate <mappingId> [reason]';

async function main(): Promise<void> {
  const [command, mappingId, ...reasonWords] = process.argv.slice(2);
  if ((command !== 'block' && command !== 'reactivate') || !mappingId) {
    console.error(USAGE);
    process.exit(2);
  }
  const reason = reasonWords.join(' ').trim() || null;
  let runtime: Awaited<ReturnType<typeof openRuntime>>;
  try {
    runtime = await openRuntime({ config: loadConfig(process.env), logger: createLogger('warn') });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Stop Ferry first: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  try {
    const act = command === 'block' ? blockAutoPayment : reactivateAutoPayment;
    const mapping = await act(runtime.context, { mappingId, reason });
    console.log(`Auto-payment mapping ${mapping.id} is now ${mapping.status}.`);
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      process.exitCode = 1;
    } else {
      throw error;
    }
  } finally {
    await runtime.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
