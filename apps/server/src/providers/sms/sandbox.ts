import type { SmsProvider } from './sms.js';

/** The embedded SMS "service": texts stay in Ferry's outbox (listed at /dev/outbox). */
export function createSandboxSms(): SmsProvider {
  return {
    name: 'sandbox',
    async send(sms) {
      return { providerMessageId: `sandbox-${sms.messageId}` };
    },
  };
}
