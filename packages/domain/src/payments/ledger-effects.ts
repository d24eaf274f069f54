/**
 * Money movements a payment transition asks the ledger to post. The payment engine names accounts by
 * their role; the server maps each role to the concrete ledger account of the payment (the payer's bank
 * or card, Ferry's clearing account, the payee's receiving account).
 *
 * Sign convention: the ledger's (apps/server modules/ledger): positive amounts are debits, negative
 * amounts credits, an account's balance is the sum of its entries. For these accounts a positive leg is
 * money arriving in the account and a negative leg money leaving it: submission posts PAYER_FUNDING_SOURCE
 * −amount (the ACH debit that pulls from the payer's bank) and FERRY_CLEARING +amount. The legs of every
 * effect sum to zero, and amounts are integer cents.
 */
export const LEDGER_ACCOUNT_ROLES = ['PAYER_FUNDING_SOURCE', 'FERRY_CLEARING', 'PAYEE_ACCOUNT'] as const;
export type LedgerAccountRole = (typeof LEDGER_ACCOUNT_ROLES)[number];

export interface LedgerLeg {
  account: LedgerAccountRole;
  /** Signed integer cents: positive = ledger debit (money in), negative = ledger credit (money out). Never 0. */
  amountCents: number;
}

/**
 * - COLLECT: the rails take the money from the payer's funding source into Ferry clearing (submission);
 * - DISBURSE: clearing pays the payee (settlement, the payment is delivered);
 * - REVERSE_COLLECT / REVERSE_DISBURSE: the exact opposite of a posted COLLECT / DISBURSE (a failure in
 *   flight, or an ACH return after delivery). The ledger stays append-only: corrections are new entries.
 */
export const LEDGER_EFFECT_KINDS = ['COLLECT', 'DISBURSE', 'REVERSE_COLLECT', 'REVERSE_DISBURSE'] as const;
export type LedgerEffectKind = (typeof LEDGER_EFFECT_KINDS)[number];

/**
 * The transaction kind to post the effect as, named as in the server ledger's catalogue: submission,
 * settlement, the reversal of a submission when a payment fails in flight, the reversals of a return.
 */
export type PaymentLedgerKind =
  | 'PAYMENT_SUBMIT'
  | 'PAYMENT_SETTLE'
  | 'PAYMENT_FAIL_REVERSAL'
  | 'PAYMENT_RETURN';

export interface LedgerEffect {
  kind: LedgerEffectKind;
  ledgerKind: PaymentLedgerKind;
  /** One line for the ledger transaction's description. */
  memo: string;
  legs: LedgerLeg[];
}

const MEMOS: Record<LedgerEffectKind, string> = {
  COLLECT: 'Payment submitted: funds collected from the payer into Ferry clearing',
  DISBURSE: 'Payment delivered: funds paid from Ferry clearing to the payee',
  REVERSE_COLLECT: 'Payment not completed: funds returned from Ferry clearing to the payer',
  REVERSE_DISBURSE: 'Payment returned: funds taken back from the payee into Ferry clearing',
};

const effect = (kind: LedgerEffectKind, ledgerKind: PaymentLedgerKind, legs: LedgerLeg[]): LedgerEffect => ({
  kind,
  ledgerKind,
  memo: MEMOS[kind],
  legs,
});

/** Submission: debit the payer's funding source, credit Ferry clearing. */
export const collectEffect = (amountCents: number): LedgerEffect =>
  effect('COLLECT', 'PAYMENT_SUBMIT', [
    { account: 'PAYER_FUNDING_SOURCE', amountCents: -amountCents },
    { account: 'FERRY_CLEARING', amountCents },
  ]);

/** Settlement: debit Ferry clearing, credit the payee. */
export const disburseEffect = (amountCents: number): LedgerEffect =>
  effect('DISBURSE', 'PAYMENT_SETTLE', [
    { account: 'FERRY_CLEARING', amountCents: -amountCents },
    { account: 'PAYEE_ACCOUNT', amountCents },
  ]);

const REVERSAL_OF: Partial<Record<LedgerEffectKind, LedgerEffectKind>> = {
  COLLECT: 'REVERSE_COLLECT',
  DISBURSE: 'REVERSE_DISBURSE',
};

/**
 * The exact opposite of a posted COLLECT or DISBURSE: same accounts, negated amounts, in the same order,
 * posted as `ledgerKind` (PAYMENT_FAIL_REVERSAL when a payment fails in flight, PAYMENT_RETURN for a
 * return after delivery).
 */
export const reverseEffect = (
  posted: LedgerEffect,
  ledgerKind: 'PAYMENT_FAIL_REVERSAL' | 'PAYMENT_RETURN',
): LedgerEffect => {
  const kind = REVERSAL_OF[posted.kind];
  if (!kind) throw new RangeError(`A ${posted.kind} entry is itself a reversal and is never reversed`);
  return effect(
    kind,
    ledgerKind,
    posted.legs.map((leg) => ({ account: leg.account, amountCents: -leg.amountCents })),
  );
};

/** Whether the legs of an effect sum to zero and are all non-zero safe integers. */
export const isBalancedEffect = (value: LedgerEffect): boolean =>
  value.legs.length >= 2 &&
  value.legs.every((leg) => Number.isSafeInteger(leg.amountCents) && leg.amountCents !== 0) &&
  value.legs.reduce((sum, leg) => sum + leg.amountCents, 0) === 0;

/** Net cents per account over a list of effects (accounts never touched read 0). */
export const netByAccount = (effects: readonly LedgerEffect[]): Record<LedgerAccountRole, number> => {
  const totals: Record<LedgerAccountRole, number> = {
    PAYER_FUNDING_SOURCE: 0,
    FERRY_CLEARING: 0,
    PAYEE_ACCOUNT: 0,
  };
  for (const item of effects) for (const leg of item.legs) totals[leg.account] += leg.amountCents;
  return totals;
};
