import type { PaymentFailureReason } from '../catalogues/failure-reasons.js';
import type { PaymentStatus } from '../catalogues/payment-status.js';
import { isBusinessDay } from '../dates/business-days.js';
import {
  type AchReturnCode,
  achReturnFailureReason,
  isAchReturnCode,
  isRetryableReturn,
} from './ach-returns.js';
import { collectEffect, disburseEffect, type LedgerEffect, reverseEffect } from './ledger-effects.js';

/**
 * The payment status machine (spec 002 §4) as a pure transition table. Every status change of a payment
 * goes through `transition`, which also says which money movements the ledger must post.
 *
 * Money is only ever in motion between SUBMIT_TO_RAILS and SETTLE/FAIL: statuses before PROCESSING hold
 * no money (so cancelling, declining or failing them moves nothing), PROCESSING holds the payer's money
 * in Ferry clearing, DELIVERED has paid the payee, and RETURN undoes both legs.
 */
export const ENGINE_PAYMENT_STATUSES = [
  'PENDING',
  'IN_APPROVAL',
  'APPROVED',
  'REJECTED',
  'SCHEDULED',
  'IN_QUEUE',
  'BANK_UNDER_VERIFICATION',
  'HOLD',
  'PROCESSING',
  'DELIVERED',
  'FAILED',
  'REVERSED',
  'CANCELLED',
  'DECLINED',
  'MARKED_AS_PAID',
] as const satisfies readonly PaymentStatus[];
export type EnginePaymentStatus = (typeof ENGINE_PAYMENT_STATUSES)[number];

/**
 * Statuses no event leaves, except DELIVERED (RETURN → REVERSED) and FAILED (REATTEMPT → SCHEDULED for a
 * retryable failure).
 */
export const TERMINAL_PAYMENT_STATUSES: readonly EnginePaymentStatus[] = [
  'DELIVERED',
  'FAILED',
  'REVERSED',
  'CANCELLED',
  'DECLINED',
  'MARKED_AS_PAID',
  'REJECTED',
];

export const PAYMENT_EVENT_TYPES = [
  'SUBMIT_FOR_APPROVAL',
  'APPROVE',
  'REJECT',
  'SCHEDULE',
  'QUEUE_UNVERIFIED',
  'RELEASE_QUEUE',
  'BANK_VERIFICATION_WAIT',
  'BANK_VERIFIED',
  'HOLD',
  'RELEASE_HOLD',
  'SUBMIT_TO_RAILS',
  'SETTLE',
  'FAIL',
  'RETURN',
  'CANCEL',
  'DECLINE',
  'REATTEMPT',
  'RESCHEDULE',
  'MARK_AS_PAID',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** Events that may carry a new process date ('YYYY-MM-DD', a business day). */
type DatedEventType = 'SCHEDULE' | 'RELEASE_QUEUE' | 'BANK_VERIFIED' | 'RELEASE_HOLD';

export type PaymentEvent =
  | { type: Exclude<PaymentEventType, DatedEventType | 'FAIL' | 'RETURN' | 'REATTEMPT' | 'RESCHEDULE'> }
  | { type: DatedEventType; processDate?: string }
  | { type: 'REATTEMPT' | 'RESCHEDULE'; processDate: string }
  | {
      type: 'FAIL';
      /** The failure reason; when omitted it is derived from `returnCode`, else UNKNOWN. */
      reason?: PaymentFailureReason;
      /** An ACH return of the debit that collected the money (the payer's side). */
      returnCode?: AchReturnCode;
    }
  | {
      type: 'RETURN';
      /** The ACH return that arrived after delivery. */
      returnCode: AchReturnCode;
      /** Which entry came back; CREDIT (the payee's account) when omitted. */
      side?: 'DEBIT' | 'CREDIT';
      reason?: PaymentFailureReason;
    };

export interface PaymentState {
  status: EnginePaymentStatus;
  /** What moves from the payer to the payee, in integer cents (≥ 1). */
  amountCents: number;
  /** The business day the payment is (or was) submitted to the rails, 'YYYY-MM-DD'. */
  processDate: string;
  /** REATTEMPTs made so far (at most MAX_REATTEMPTS). */
  reattempts: number;
  /** Why the payment failed or was reversed; null otherwise. */
  failureReason: PaymentFailureReason | null;
  /** The ACH return code behind the failure or reversal, if any. */
  returnCode: AchReturnCode | null;
}

export type TransitionError =
  /** The event is not allowed from the current status. */
  | 'ILLEGAL_TRANSITION'
  /** REATTEMPT of a failure that is not retryable (only insufficient funds R01/R09 and unknown failures). */
  | 'REATTEMPT_NOT_ALLOWED'
  /** REATTEMPT after MAX_REATTEMPTS reattempts. */
  | 'REATTEMPT_LIMIT_REACHED'
  /** A process date that is not a 'YYYY-MM-DD' business day. */
  | 'INVALID_PROCESS_DATE'
  /** A FAIL or RETURN with a return code not in ACH_RETURN_CODES. */
  | 'INVALID_RETURN_CODE';

export type TransitionResult =
  | { ok: true; state: PaymentState; effects: LedgerEffect[] }
  | { ok: false; error: TransitionError; from: EnginePaymentStatus; event: PaymentEventType };

/** The one edge list of the machine: from which statuses each event is allowed, and where it leads. */
export const PAYMENT_TRANSITIONS: Readonly<
  Record<PaymentEventType, { from: readonly EnginePaymentStatus[]; to: EnginePaymentStatus }>
> = {
  // Approvals (reserved for the approvals issue): they plug in before scheduling.
  // A scheduled payment that was never approved goes to approval when rescheduled under a policy.
  SUBMIT_FOR_APPROVAL: { from: ['PENDING', 'SCHEDULED'], to: 'IN_APPROVAL' },
  APPROVE: { from: ['IN_APPROVAL'], to: 'APPROVED' },
  REJECT: { from: ['IN_APPROVAL'], to: 'REJECTED' },
  SCHEDULE: { from: ['PENDING', 'APPROVED'], to: 'SCHEDULED' },
  // The business is not verified yet: the payment waits, shown as 'Paused'.
  QUEUE_UNVERIFIED: { from: ['PENDING', 'APPROVED', 'SCHEDULED'], to: 'IN_QUEUE' },
  RELEASE_QUEUE: { from: ['IN_QUEUE'], to: 'SCHEDULED' },
  // The payer's bank is still being verified (micro-deposits).
  BANK_VERIFICATION_WAIT: { from: ['PENDING', 'APPROVED', 'SCHEDULED'], to: 'BANK_UNDER_VERIFICATION' },
  BANK_VERIFIED: { from: ['BANK_UNDER_VERIFICATION'], to: 'SCHEDULED' },
  // A review hold before submission: no money has moved while on hold.
  HOLD: { from: ['SCHEDULED'], to: 'HOLD' },
  RELEASE_HOLD: { from: ['HOLD'], to: 'SCHEDULED' },
  SUBMIT_TO_RAILS: { from: ['SCHEDULED'], to: 'PROCESSING' },
  SETTLE: { from: ['PROCESSING'], to: 'DELIVERED' },
  FAIL: { from: ['SCHEDULED', 'PROCESSING'], to: 'FAILED' },
  RETURN: { from: ['DELIVERED'], to: 'REVERSED' },
  CANCEL: {
    from: ['PENDING', 'IN_APPROVAL', 'APPROVED', 'SCHEDULED', 'IN_QUEUE', 'HOLD', 'BANK_UNDER_VERIFICATION'],
    to: 'CANCELLED',
  },
  DECLINE: {
    from: ['PENDING', 'APPROVED', 'SCHEDULED', 'IN_QUEUE', 'HOLD', 'BANK_UNDER_VERIFICATION'],
    to: 'DECLINED',
  },
  REATTEMPT: { from: ['FAILED'], to: 'SCHEDULED' },
  RESCHEDULE: { from: ['SCHEDULED'], to: 'SCHEDULED' },
  // Mark as paid records a payment made outside Ferry: no money moves.
  MARK_AS_PAID: { from: ['PENDING'], to: 'MARKED_AS_PAID' },
};

/** At most two reattempts of a failed payment (Nacha's reinitiation limit for R01/R09). */
export const MAX_REATTEMPTS = 2;

/** Failure reasons a payer may retry as is: insufficient funds (bank and transaction variants), unknown. */
export const RETRYABLE_FAILURE_REASONS: readonly PaymentFailureReason[] = [
  'INSUFFICIENT_BANK_BALANCE',
  'INSUFFICIENT_TRANSACTION_BALANCE',
  'UNKNOWN',
];

/** Whether an event is allowed from a status by the table (ignores guards such as the reattempt limit). */
export const canTransition = (status: EnginePaymentStatus, event: PaymentEventType): boolean =>
  PAYMENT_TRANSITIONS[event].from.includes(status);

/** The events the table allows from a status, in PAYMENT_EVENT_TYPES order. */
export const allowedEvents = (status: EnginePaymentStatus): PaymentEventType[] =>
  PAYMENT_EVENT_TYPES.filter((event) => canTransition(status, event));

export const isTerminalStatus = (status: EnginePaymentStatus): boolean =>
  TERMINAL_PAYMENT_STATUSES.includes(status);

/**
 * Why a failed payment cannot be reattempted, or null when it can: a failure with an ACH return is
 * retryable only for R01/R09; one without a return only for the RETRYABLE_FAILURE_REASONS; never more
 * than MAX_REATTEMPTS times.
 */
export const reattemptBlocker = (
  state: Pick<PaymentState, 'status' | 'failureReason' | 'returnCode' | 'reattempts'>,
): TransitionError | null => {
  if (state.status !== 'FAILED') return 'ILLEGAL_TRANSITION';
  const retryable = state.returnCode
    ? isRetryableReturn(state.returnCode)
    : RETRYABLE_FAILURE_REASONS.includes(state.failureReason ?? 'UNKNOWN');
  if (!retryable) return 'REATTEMPT_NOT_ALLOWED';
  if (state.reattempts >= MAX_REATTEMPTS) return 'REATTEMPT_LIMIT_REACHED';
  return null;
};

const isValidProcessDate = (date: string): boolean => {
  try {
    return isBusinessDay(date);
  } catch {
    return false;
  }
};

/**
 * A new payment in PENDING. Throws RangeError on an amount that is not a positive safe integer of cents
 * or a process date that is not a 'YYYY-MM-DD' calendar date.
 */
export const createPaymentState = (input: { amountCents: number; processDate: string }): PaymentState => {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
    throw new RangeError(`Invalid payment amount: ${input.amountCents} cents`);
  }
  isBusinessDay(input.processDate); // throws RangeError on an invalid calendar date
  return {
    status: 'PENDING',
    amountCents: input.amountCents,
    processDate: input.processDate,
    reattempts: 0,
    failureReason: null,
    returnCode: null,
  };
};

const effectsOf = (state: PaymentState, event: PaymentEvent): LedgerEffect[] => {
  const collect = collectEffect(state.amountCents);
  switch (event.type) {
    case 'SUBMIT_TO_RAILS':
      return [collect];
    case 'SETTLE':
      return [disburseEffect(state.amountCents)];
    case 'FAIL':
      // Failing in flight returns the collected money; failing before submission moved none.
      return state.status === 'PROCESSING' ? [reverseEffect(collect, 'PAYMENT_FAIL_REVERSAL')] : [];
    case 'RETURN':
      // Undo the delivered payment: take it back from the payee, then give it back to the payer.
      return [
        reverseEffect(disburseEffect(state.amountCents), 'PAYMENT_RETURN'),
        reverseEffect(collect, 'PAYMENT_RETURN'),
      ];
    default:
      return [];
  }
};

const nextState = (state: PaymentState, event: PaymentEvent, to: EnginePaymentStatus): PaymentState => {
  const next: PaymentState = { ...state, status: to };
  if ('processDate' in event && event.processDate !== undefined) next.processDate = event.processDate;
  if (event.type === 'FAIL') {
    next.returnCode = event.returnCode ?? null;
    next.failureReason =
      event.reason ??
      (event.returnCode ? achReturnFailureReason(event.returnCode, { side: 'DEBIT' }) : 'UNKNOWN');
  }
  if (event.type === 'RETURN') {
    next.returnCode = event.returnCode;
    next.failureReason =
      event.reason ?? achReturnFailureReason(event.returnCode, { side: event.side ?? 'CREDIT' });
  }
  if (event.type === 'REATTEMPT') {
    next.reattempts = state.reattempts + 1;
    next.failureReason = null;
    next.returnCode = null;
  }
  return next;
};

/**
 * Applies one event to a payment. Returns the next state and the ledger effects to post in the same
 * database transaction, or an error and no change. Pure: the input state is never modified.
 */
export const transition = (state: PaymentState, event: PaymentEvent): TransitionResult => {
  const fail = (error: TransitionError): TransitionResult => ({
    ok: false,
    error,
    from: state.status,
    event: event.type,
  });
  const edge = PAYMENT_TRANSITIONS[event.type];
  if (!edge?.from.includes(state.status)) return fail('ILLEGAL_TRANSITION');
  if ('processDate' in event && event.processDate !== undefined && !isValidProcessDate(event.processDate)) {
    return fail('INVALID_PROCESS_DATE');
  }
  if ((event.type === 'FAIL' || event.type === 'RETURN') && event.returnCode !== undefined) {
    if (!isAchReturnCode(event.returnCode)) return fail('INVALID_RETURN_CODE');
  }
  if (event.type === 'REATTEMPT') {
    const blocker = reattemptBlocker(state);
    if (blocker) return fail(blocker);
  }
  return { ok: true, state: nextState(state, event, edge.to), effects: effectsOf(state, event) };
};
