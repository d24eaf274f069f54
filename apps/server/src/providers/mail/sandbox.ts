import type { MailProvider } from './mail.js';

/**
 * The embedded mail "service": messages stay in Ferry's own outbox table (listed at /dev/outbox),
 * so delivering one only confirms it.
 */
export function createSandboxMail(): MailProvider {
  return {
    name: 'sandbox',
    async send(mail) {
      return { providerMessageId: `sandbox-${mail.messageId}` };
    },
  };
}
