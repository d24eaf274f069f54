export interface OutgoingSms {
  messageId: string;
  /** E.164 number, e.g. +14155550123. */
  to: string;
  text: string;
}

export interface SmsProvider {
  readonly name: string;
  send(sms: OutgoingSms): Promise<{ providerMessageId: string }>;
}
