import type { AppContext } from '../../platform/context.js';
import { isSandboxBankLink } from '../../providers/bank-link/sandbox.js';
import { isSandboxRails } from '../../providers/rails/sandbox.js';
import { renderSandboxStatementAlertMail } from '../notifications/banking-templates.js';
import { queueMessage } from '../notifications/service.js';
import { handleItemEvent, pollItemStatuses } from './instant.js';
import { onMicroDepositSettled, sendMicroDeposits, sweepMicroDeposits } from './micro-deposits.js';
import { SEND_MICRO_DEPOSITS_JOB } from './service.js';

const dollars = (cents: number) => `${cents < 0 ? '-' : '+'}$${(Math.abs(cents) / 100).toFixed(2)}`;

/** The banking jobs, and Ferry's handlers of the rails' settlements and the bank-link item events. */
export function registerBankingJobs(context: AppContext): void {
  const { rails, bankLink } = context.providers;
  rails.onSettlement(async ({ transfer }) => {
    await onMicroDepositSettled(context, transfer);
  });
  if (isSandboxRails(rails)) {
    // The sandbox bank's statement alert to its customer, through Ferry's outbox (/dev/outbox).
    rails.setAlertSender(async (alert) => {
      const mail = renderSandboxStatementAlertMail({
        bankName: alert.bankName,
        holderName: alert.holderName,
        accountMask: alert.accountMask,
        lines: alert.lines.map((line) => ({
          description: line.description,
          amount: dollars(line.amountCents),
        })),
      });
      await queueMessage(context, {
        db: context.database.db,
        message: { channel: 'email', to: alert.to, ...mail },
      });
    });
  }
  if (isSandboxBankLink(bankLink)) {
    // The sandbox sends no webhooks: its item events come straight here.
    bankLink.onItemEvent((event) => handleItemEvent(context, event));
  }

  context.jobs.register<{ bankAccountId: string }>(SEND_MICRO_DEPOSITS_JOB, async ({ bankAccountId }) => {
    await sendMicroDeposits(context, bankAccountId);
  });
  // The rails settle what is due (the sandbox by its own clock) and Ferry hears of it.
  context.jobs.register(
    'banking.rails-settle',
    async () => {
      await rails.processDue();
    },
    { cron: '* * * * *' },
  );
  // Expired micro-deposits and 'verification pending' reminders.
  context.jobs.register(
    'banking.micro-deposit-sweep',
    async () => {
      await sweepMicroDeposits(context);
    },
    { cron: '7 * * * *' },
  );
  // Webhooks can be missed (or cannot reach this server): instant banks' items are asked every 6 hours.
  context.jobs.register(
    'banking.item-status',
    async () => {
      await pollItemStatuses(context);
    },
    { cron: '23 */6 * * *' },
  );
}
