import nodemailer from 'nodemailer';
import type { MailProvider } from './mail.js';

/** Real mail through any SMTP server (nodemailer). */
export function createSmtpMail(options: { url: string; from: string }): MailProvider {
  const transport = nodemailer.createTransport(options.url);
  return {
    name: 'smtp',
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: `<${mail.messageId}@ferry>`,
      });
      return { providerMessageId: info.messageId };
    },
  };
}
