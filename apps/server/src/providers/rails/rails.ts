/**
 * Payment rails: the outside system that moves money between bank accounts (ACH-like). Ferry asks for
 * a transfer to or from an account, to settle on a business day; the rails settle it on that day and
 * tell Ferry through the settlement handlers registered with `onSettlement`.
 *
 * Today the micro-deposits of a manually added bank use it (kinds MICRO_DEPOSIT and
 * MICRO_DEPOSIT_OFFSET); the Pay issue adds payment kinds with the same calls.
 */

/** CREDIT puts money into the account; DEBIT takes money out of it. */
export type TransferDirection = 'CREDIT' | 'DEBIT';

/** What a transfer is for. Known kinds are listed; later issues add their own. */
export type TransferKind = 'MICRO_DEPOSIT' | 'MICRO_DEPOSIT_OFFSET' | (string & {});

export type TransferStatus = 'PENDING' | 'POSTED';

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

export interface CreateTransferInput {
  kind: TransferKind;
  amountCents: number;
  direction: TransferDirection;
  account: RailsAccount;
  /** The same key returns the same transfer (its first amount and date), whatever else is sent. */
  idempotencyKey: string;
  /** The business day the transfer settles ('YYYY-MM-DD'). */
  settleOn: string;
  /** The statement line at the receiving bank. */
  description: string;
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
  postedAt: Date | null;
  description: string;
  createdAt: Date;
}

/** A transfer has settled. Handlers must be idempotent: an event may be delivered more than once. */
export interface SettlementEvent {
  transfer: RailsTransfer;
}
export type SettlementHandler = (event: SettlementEvent) => Promise<void>;

export interface RailsProvider {
  readonly name: 'sandbox';
  /** The rails' time (the sandbox's clock may run ahead of the real one). */
  now(): Promise<Date>;
  createTransfer(input: CreateTransferInput): Promise<RailsTransfer>;
  listTransfers(filter: {
    reference?: string;
    kind?: TransferKind;
    status?: TransferStatus;
  }): Promise<RailsTransfer[]>;
  /** Registers a handler for settled transfers (every handler sees every event). */
  onSettlement(handler: SettlementHandler): void;
  /** Settles what is due and delivers the events not yet delivered; answers how many settled now. */
  processDue(): Promise<number>;
}
