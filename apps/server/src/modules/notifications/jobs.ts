import type { AppContext } from '../../platform/context.js';
import { DELIVER_JOB, deliverMessage } from './service.js';

export function registerNotificationJobs(context: AppContext): void {
  context.jobs.register<{ messageId: string }>(DELIVER_JOB, async ({ messageId }) => {
    await deliverMessage(context, messageId);
  });
}
