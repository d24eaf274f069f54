/**
 * The engine's rails idempotency keys: one debit (or card capture) and one credit per attempt of a
 * payment. The same key always answers the same transfer, so any step may be retried after a crash.
 */
export type RailsLeg = 'debit' | 'credit';

export const railsTransferKey = (paymentId: string, leg: RailsLeg, attempt: number): string =>
  `payment:${paymentId}:${leg}:${attempt}`;

const KEY = /^payment:([0-9a-f]{24}):(debit|credit):(\d{1,3})$/;

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
}

export const engineRailsData = (value: unknown): EngineRailsData =>
  value && typeof value === 'object' ? (value as EngineRailsData) : {};
