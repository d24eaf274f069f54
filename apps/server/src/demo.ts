// `npm run demo`: loads a lived-in demo account into the embedded database (see demo/build.ts).
import { loadConfig } from './config.js';
import { buildDemo } from './demo/build.js';
import { DEMO_ACCOUNT, DEMO_TEAM } from './demo/data.js';
import { TestClock } from './platform/clock.js';
import { DataDirLockedError } from './platform/db/lock.js';
import { createLogger } from './platform/logger.js';
import { openRuntime } from './platform/runtime.js';

export { DEMO_ACCOUNT };

async function main(): Promise<void> {
  const started = Date.now();
  // The demo makes a few hundred calls in a moment: the per-client rate limit is not for it.
  const config = loadConfig({ ...process.env, RATE_LIMIT_MAX: '1000000' });
  const logger = createLogger('warn');
  const end = new Date();
  // The builder walks this clock through the last 90 days; the app runs on the real clock afterwards.
  const clock = new TestClock(end);
  let runtime: Awaited<ReturnType<typeof openRuntime>>;
  try {
    runtime = await openRuntime({ config, logger, clock });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Cannot load the demo data while Ferry is running: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  try {
    const result = await buildDemo(
      { ...runtime.context, clock },
      { end, logger, progress: (line) => console.log(line) },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      [
        '',
        result.created
          ? `Demo data loaded into the embedded database in ${seconds} s.`
          : 'The demo account is already loaded (nothing changed).',
        `  Email:      ${result.email}`,
        `  Password:   ${result.password}`,
        ...result.businesses.map((b, i) => `  ${i === 0 ? 'Business:  ' : 'Also:      '} ${b.name}`),
        `  Accountant: ${DEMO_TEAM.accountant.email} (same password): ${DEMO_TEAM.accountant.practiceFirmName}, with Harbor as a client`,
        ...(result.created
          ? [
              `  Made:       ${result.counts.vendors} vendors, ${result.counts.customers} customers, ${result.counts.bills} bills and ${result.counts.drafts} drafts,`,
              `              ${result.counts.payments} payments over 90 days, ${result.counts.forReview} requests For Review,`,
              `              ${result.counts.invoices} invoices, ${result.counts.requestsSent} payment requests sent,`,
              `              ${result.counts.guestPaid} paid by a customer as a guest, ${result.counts.guestAccepted} accepted by a vendor as a guest, ${result.counts.autoPayAuthorized} auto-payment authorisation`,
            ]
          : []),
        '  Sign-in asks for a code: it is in the outbox at /dev/outbox (mail and SMS Ferry sends appear there).',
        '  Start Ferry with `npm start`.',
        '',
      ].join('\n'),
    );
  } finally {
    await runtime.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
