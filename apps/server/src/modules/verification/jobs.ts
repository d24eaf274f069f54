import type { AppContext } from '../../platform/context.js';
import { BUSINESS_CHECK_JOB, runBusinessCheck, syncPendingInquiries } from './service.js';

export function registerVerificationJobs(context: AppContext): void {
  context.jobs.register<{ businessId: string }>(BUSINESS_CHECK_JOB, async ({ businessId }) => {
    await runBusinessCheck(context, businessId);
  });
  // Webhooks can be missed; inquiries still waiting on a decision are read again every 10 minutes.
  context.jobs.register(
    'verification.sync-pending',
    async () => {
      await syncPendingInquiries(context);
    },
    { cron: '*/10 * * * *' },
  );
}
