import twilio from 'twilio';
import type { SmsProvider } from './sms.js';

/** Real SMS through Twilio's official SDK. */
export function createTwilioSms(options: {
  accountSid: string;
  authToken: string;
  from: string;
}): SmsProvider {
  const client = twilio(options.accountSid, options.authToken);
  return {
    name: 'twilio',
    async send(sms) {
      const message = await client.messages.create({ to: sms.to, from: options.from, body: sms.text });
      return { providerMessageId: message.sid };
    },
  };
}
