/**
 * The engine's rails idempotency keys: one debit (or card capture) and one credit per attempt of a
 * payment, and the refund of an attempt whose collected money goes back to the payer. The same key
 * always answers the same transfer, so any step may be retried after a crash.
 */
export type RailsLeg = 'debit' | 'credit' | 'refund';

export const railsTransferKey = (paymentId: string, leg: RailsLeg, attempt: number): string =>
  `payment:${paymentId}:${leg}:${attempt}`;

/**
 * The key of the refund of an attempt (`payment:{id}:refund:{attempt}`): the PAYMENT_REFUND transfer to
 * the payer's bank, or the card processor's refund of the attempt's capture.
 */
export const refundTransferKey = (paymentId: string, attempt: number): string =>
  railsTransferKey(paymentId, 'refund', attempt);

const KEY = /^payment:([0-9a-f]{24}):(debit|credit|refund):(\d{1,3})$/;

/** The payment, leg and attempt of a transfer key made by `railsTransferKey`; null for any other key. */
export function parseRailsTransferKey(
  key: string,
): { paymentId: string; leg: RailsLeg; attempt: number } | null {
  const match = KEY.exec(key);
  if (!match) return null;
  return { paymentId: match[1] as string, leg: match[2] as RailsLeg, attempt: Number(match[3]) };
}

/**
 * What the engine keeps in payments.rails_data for the current attempt. Fields of an earlier attempt are
 * overwritten at each submission (`attempt` says which attempt they belong to).
 */
export interface EngineRailsData {
  attempt?: number;
  debitKey?: string | null;
  debitTransferId?: string | null;
  /** The business day the debit settles ('YYYY-MM-DD'). */
  debitSettleOn?: string | null;
  /** When the debit posted: the money is in Ferry's clearing account (ISO). */
  fundsCollectedAt?: string | null;
  creditKey?: string | null;
  creditTransferId?: string | null;
  creditSettleOn?: string | null;
  /** The receiving account's last 4 digits (for the vendor's remittance mail). */
  creditAccountMask?: string | null;
  /** The network payee's own bank the credit went to (its invoice records the receipt into it). */
  creditBankAccountId?: string | null;
  /**
   * The refund the payer is owed (see refunds.ts), written in the transaction that fails (credit side,
   * after 'Funds collected') or reverses (credit returned) the payment. Unlike the fields above these
   * are not reset by a new attempt: an attempt's refund stays owed until it is sent. `refundKey` names
   * the attempt it belongs to.
   */
  refundKey?: string | null;
  refundAmountCents?: number | null;
  /** The payer's bank the refund is credited to (BANK payments). */
  refundBankAccountId?: string | null;
  /** The card capture the refund gives back (CARD payments). */
  refundCaptureTransferId?: string | null;
  /** The refund the rails answered: the PAYMENT_REFUND transfer, or the refunded capture. */
  refundTransferId?: string | null;
  refundSentAt?: string | null;
  /** When the refund's settlement posted: the payer has the money back (ISO). */
  refundedAt?: string | null;
  /** When the refund failed at the rails (an operator must act, see refunds.ts), and why. */
  refundFailedAt?: string | null;
  refundFailure?: string | null;
  /** The payer's bank returned the debit before the refund went out: nothing is owed any more (ISO). */
  refundCancelledAt?: string | null;
  /** The payer's bank returned the debit after the refund went out: the payer was paid back twice. */
  refundDuplicatedAt?: string | null;
}

export const engineRailsData = (value: unknown): EngineRailsData =>
  value && typeof value === 'object' ? (value as EngineRailsData) : {};
