/**
 * Payment rails: the outside system that moves money between bank accounts (ACH-like). Ferry asks for
 * a transfer to or from an account, to settle on a business day; the rails settle it on that day and
 * tell Ferry through the settlement handlers registered with `onSettlement`.
 *
 * The micro-deposits of a manually added bank use it (kinds MICRO_DEPOSIT and MICRO_DEPOSIT_OFFSET), and
 * so do payments (PAYMENT_DEBIT payer → Ferry, PAYMENT_CREDIT Ferry → vendor, CARD_CAPTURE for cards).
 */

/** CREDIT puts money into the account; DEBIT takes money out of it. */
export type TransferDirection = 'CREDIT' | 'DEBIT';

/**
 * What a transfer is for. Known kinds are listed; later issues add their own.
 * - MICRO_DEPOSIT / MICRO_DEPOSIT_OFFSET: a manual bank's verification deposits and their offset;
 * - PAYMENT_DEBIT: a payment's ACH debit of the payer's bank into Ferry (direction DEBIT);
 * - PAYMENT_CREDIT: a payment's ACH credit from Ferry to the vendor's bank (direction CREDIT);
 * - CARD_CAPTURE: a card payment captured through the card network into Ferry (direction DEBIT; it
 *   settles like a STANDARD bank debit);
 * - PAYMENT_REFUND: a payment's collected money sent back from Ferry to the payer's bank the debit came
 *   from (direction CREDIT, amount + fee, key `payment:{id}:refund:{attempt}`), when the vendor's credit
 *   failed or was returned; it settles on the day it is sent. A card payment's refund is
 *   `refundCardCapture` instead.
 */
export type TransferKind =
  | 'MICRO_DEPOSIT'
  | 'MICRO_DEPOSIT_OFFSET'
  | 'PAYMENT_DEBIT'
  | 'PAYMENT_CREDIT'
  | 'CARD_CAPTURE'
  | 'PAYMENT_REFUND'
  | (string & {});

/** The kinds that move a payment's money (the sandbox simulates failures only for these). */
export const PAYMENT_TRANSFER_KINDS: readonly TransferKind[] = [
  'PAYMENT_DEBIT',
  'PAYMENT_CREDIT',
  'CARD_CAPTURE',
];

/**
 * PENDING until its settlement day; then POSTED (the money moved) or FAILED (the receiving bank
 * returned it before it settled, `returnCode` says why). A POSTED transfer may later be RETURNED
 * (an ACH return after settlement, with its `returnCode`).
 */
export type TransferStatus = 'PENDING' | 'POSTED' | 'FAILED' | 'RETURNED';

/** What a settlement event tells: the transfer posted, failed, or (after posting) came back. */
export type SettlementOutcome = 'POSTED' | 'FAILED' | 'RETURNED';

/** The account at the other end of a transfer. The account number is sent, never stored in clear. */
export interface RailsAccount {
  routingNumber: string;
  accountNumber: string;
  holderName: string;
  /** The bank's name as Ferry knows it (shown on statements). */
  bankName: string;
  /** Ferry's id of the account (a business bank account id): settlement events carry it back. */
  reference: string;
  /** Where the account holder's bank sends its own statement alerts (the sandbox bank uses it). */
  holderEmail?: string | null;
}

/** A card at the card network (CARD_CAPTURE): the vault's token, never the card number. */
export interface RailsCard {
  type: 'CARD';
  /** The card vault's token or payment method id. */
  token: string;
  brand: string;
  last4: string;
  holderName: string;
  /** Ferry's id of the card: settlement events carry it back. */
  reference: string;
  holderEmail?: string | null;
}

export const isRailsCard = (account: RailsAccount | RailsCard): account is RailsCard =>
  'type' in account && account.type === 'CARD';

export interface CreateTransferInput {
  kind: TransferKind;
  amountCents: number;
  direction: TransferDirection;
  /** A bank account (ACH kinds) or a card (CARD_CAPTURE). */
  account: RailsAccount | RailsCard;
  /** The same key returns the same transfer (its first amount and date), whatever else is sent. */
  idempotencyKey: string;
  /** The business day the transfer settles ('YYYY-MM-DD'). */
  settleOn: string;
  /** The statement line at the receiving bank. */
  description: string;
  /**
   * For payment kinds: which attempt of the payment this transfer is (0 = the first; a reattempt
   * counts up). The sandbox simulates its failure amounts only on the first attempt, so a retry of a
   * failed test payment succeeds. Real rails ignore it.
   */
  attempt?: number;
}

export interface RailsTransfer {
  id: string;
  kind: TransferKind;
  amountCents: number;
  direction: TransferDirection;
  reference: string;
  accountMask: string;
  idempotencyKey: string;
  settleOn: string;
  status: TransferStatus;
  /** When it posted or failed (its settlement). */
  postedAt: Date | null;
  /** The ACH return code of a FAILED or RETURNED transfer ('R01' …), else null. */
  returnCode: string | null;
  /** When a POSTED transfer came back (status RETURNED). */
  returnedAt: Date | null;
  description: string;
  createdAt: Date;
}

/**
 * A transfer has settled (POSTED or FAILED) or come back after settling (RETURNED). `transfer` is the
 * transfer as it is now (a POSTED event may arrive late, when the transfer is already RETURNED: read
 * `outcome`). Handlers must be idempotent: an event may be delivered more than once.
 */
export interface SettlementEvent {
  transfer: RailsTransfer;
  outcome: SettlementOutcome;
}
export type SettlementHandler = (event: SettlementEvent) => Promise<void>;
/** Takes settlement events a batch at a time (in settlement order); idempotent like a SettlementHandler. */
export type SettlementBatchHandler = (events: readonly SettlementEvent[]) => Promise<void>;

/** Events handed to a batch handler at once. */
export const SETTLEMENT_BATCH_SIZE = 200;

/**
 * Hands settlement events to the registered handlers, SETTLEMENT_BATCH_SIZE at a time: each batch to the
 * batch handlers at once and to the single handlers one by one; when a batch handler throws, the batch's
 * events go out one at a time instead. Answers the events every handler accepted (the others are to be
 * delivered again) and the first error met; used by every rails adapter.
 */
export async function deliverSettlementEvents(
  events: readonly SettlementEvent[],
  handlers: { single: readonly SettlementHandler[]; batch: readonly SettlementBatchHandler[] },
): Promise<{ accepted: SettlementEvent[]; error: unknown }> {
  let error: unknown = null;
  const accepted: SettlementEvent[] = [];
  const attempt = async (run: () => Promise<void>) => {
    try {
      await run();
      return true;
    } catch (caught) {
      error ??= caught;
      return false;
    }
  };
  for (let start = 0; start < events.length; start += SETTLEMENT_BATCH_SIZE) {
    const chunk = events.slice(start, start + SETTLEMENT_BATCH_SIZE);
    let batched = true;
    try {
      for (const handler of handlers.batch) await handler(chunk);
    } catch {
      batched = false;
    }
    for (const event of chunk) {
      const ok = await attempt(async () => {
        if (!batched) for (const handler of handlers.batch) await handler([event]);
        for (const handler of handlers.single) await handler(event);
      });
      if (ok) accepted.push(event);
    }
  }
  return { accepted, error };
}

export interface RailsProvider {
  readonly name: 'sandbox' | 'modern-treasury' | 'stripe';
  /** The rails' time (the sandbox's clock may run ahead of the real one). */
  now(): Promise<Date>;
  createTransfer(input: CreateTransferInput): Promise<RailsTransfer>;
  listTransfers(filter: {
    reference?: string;
    kind?: TransferKind;
    status?: TransferStatus;
  }): Promise<RailsTransfer[]>;
  /** The transfer stored under an idempotency key, or null (a crashed sender can check what went out). */
  findTransfer(idempotencyKey: string): Promise<RailsTransfer | null>;
  /** Registers a handler for settled transfers (every handler sees every event). */
  onSettlement(handler: SettlementHandler): void;
  /**
   * Registers a handler that takes the events in batches of up to SETTLEMENT_BATCH_SIZE (a rail that
   * reports settlements in files or pages; one webhook is a batch of one). When it throws, that batch's
   * events are handed to it again one at a time, so a bad event holds back only itself.
   */
  onSettlementBatch(handler: SettlementBatchHandler): void;
  /**
   * Settles (and returns) what is due and delivers the events not yet delivered; answers how many
   * settled now. (Real rails settle on their own: this polls for settlements webhooks did not bring.)
   */
  processDue(): Promise<number>;
  /**
   * A webhook from the rails (raw body: the signature covers the exact bytes): verified, then its
   * settlement events delivered to the handlers. False when the signature does not hold (or the rails
   * send no webhooks).
   */
  handleWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<boolean>;
  /**
   * Gives a POSTED card capture (CARD_CAPTURE) back to the card in full: a refund at the card
   * processor, under its own idempotency key (a retried refund is the same refund). Answers the capture
   * as it is now (RETURNED, return code `refunded`); its RETURNED settlement event follows like any
   * return's. Bank transfers cannot be refunded this way (it throws).
   */
  refundCardCapture(input: RefundCardCaptureInput): Promise<RailsTransfer>;
}

export interface RefundCardCaptureInput {
  /** The capture's transfer id (as `createTransfer` answered it). */
  transferId: string;
  idempotencyKey: string;
}

/** The return code of a card capture given back by a refund (not an ACH code: the engine reads it as UNKNOWN). */
export const CARD_REFUND_RETURN_CODE = 'refunded';
