import type { AppContext } from '../../platform/context.js';
import {
  decideMerchantApplication,
  MERCHANT_DECISION_JOB,
  MERCHANT_SWEEP_JOB,
  sweepMerchants,
} from './merchant.js';

export function registerCardJobs(context: AppContext): void {
  // The sandbox card processor decides a merchant application right after it is submitted.
  context.jobs.register<{ businessId: string; submissionId: string }>(MERCHANT_DECISION_JOB, async (data) => {
    await decideMerchantApplication(context, data);
  });
  // Daily: SAQs past their year expire (SAQ_EXPIRED); undecided submissions (a lost job) are decided.
  context.jobs.register(
    MERCHANT_SWEEP_JOB,
    async () => {
      await sweepMerchants(context);
    },
    { cron: '23 3 * * *' },
  );
}
