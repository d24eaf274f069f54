export interface OutgoingMail {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Sends mail; the sandbox keeps it in the outbox (the message row itself), SMTP hands it on. */
export interface MailProvider {
  readonly name: string;
  send(mail: OutgoingMail): Promise<{ providerMessageId: string }>;
}
