import type { Config } from '../config.js';
import type { BotCheckProvider } from './bot-check/bot-check.js';
import { createRecaptchaBotCheck } from './bot-check/recaptcha.js';
import { createSandboxBotCheck } from './bot-check/sandbox.js';
import type { MailProvider } from './mail/mail.js';
import { createSandboxMail } from './mail/sandbox.js';
import { createSmtpMail } from './mail/smtp.js';
import { createSandboxSms } from './sms/sandbox.js';
import type { SmsProvider } from './sms/sms.js';
import { createTwilioSms } from './sms/twilio.js';

/** The one place that knows which adapter is live. */
export interface Providers {
  mail: MailProvider;
  sms: SmsProvider;
  botCheck: BotCheckProvider;
}

export function createProviders(config: Config): Providers {
  const mail =
    config.MAIL_PROVIDER === 'smtp' && config.SMTP_URL
      ? createSmtpMail({ url: config.SMTP_URL, from: config.MAIL_FROM })
      : createSandboxMail();
  const sms =
    config.SMS_PROVIDER === 'twilio' &&
    config.TWILIO_ACCOUNT_SID &&
    config.TWILIO_AUTH_TOKEN &&
    config.TWILIO_FROM
      ? createTwilioSms({
          accountSid: config.TWILIO_ACCOUNT_SID,
          authToken: config.TWILIO_AUTH_TOKEN,
          from: config.TWILIO_FROM,
        })
      : createSandboxSms();
  const botCheck =
    config.BOT_CHECK_PROVIDER === 'recaptcha' && config.RECAPTCHA_SECRET
      ? createRecaptchaBotCheck({ secret: config.RECAPTCHA_SECRET, minScore: config.RECAPTCHA_MIN_SCORE })
      : createSandboxBotCheck();
  return { mail, sms, botCheck };
}
