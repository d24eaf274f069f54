import type { TransferDirection, TransferKind } from './rails.js';

/**
 * The sandbox rails' test amounts (the Pay contract's "Sandbox failure amounts"): a payment of exactly
 * one of these amounts fails — or, for $13.13, is delivered and then returned — on its first attempt,
 * so every failure path can be tried without real money. Any other amount (and any reattempt) settles.
 */
export interface SandboxFailurePlan {
  /** The ACH return code the receiving bank answers with. */
  returnCode: 'R01' | 'R02' | 'R03' | 'R04' | 'R05' | 'R08' | 'R09' | 'R16';
  /** Which transfer of the payment fails: the payer's debit (or card capture) or the vendor's credit. */
  side: TransferDirection;
  /** FAIL: the transfer never posts. RETURN: it posts, then comes back `returnAfterBusinessDays` later. */
  outcome: 'FAIL' | 'RETURN';
}

/** Business days between a returned credit's posting and its return ($13.13). */
export const SANDBOX_RETURN_AFTER_BUSINESS_DAYS = 2;

export const SANDBOX_FAILURE_AMOUNTS: Readonly<Record<number, SandboxFailurePlan>> = {
  1301: { returnCode: 'R01', side: 'DEBIT', outcome: 'FAIL' },
  1302: { returnCode: 'R02', side: 'DEBIT', outcome: 'FAIL' },
  1303: { returnCode: 'R03', side: 'CREDIT', outcome: 'FAIL' },
  1304: { returnCode: 'R04', side: 'CREDIT', outcome: 'FAIL' },
  1305: { returnCode: 'R05', side: 'DEBIT', outcome: 'FAIL' },
  1308: { returnCode: 'R08', side: 'DEBIT', outcome: 'FAIL' },
  1309: { returnCode: 'R09', side: 'DEBIT', outcome: 'FAIL' },
  1316: { returnCode: 'R16', side: 'DEBIT', outcome: 'FAIL' },
  1313: { returnCode: 'R03', side: 'CREDIT', outcome: 'RETURN' },
};

const PAYMENT_KINDS: Record<string, TransferDirection> = {
  PAYMENT_DEBIT: 'DEBIT',
  CARD_CAPTURE: 'DEBIT',
  PAYMENT_CREDIT: 'CREDIT',
};

/**
 * What the sandbox does with a new transfer: null (it settles) unless it is a payment transfer on its
 * first attempt, of a test amount, on the side that amount fails.
 */
export function sandboxFailurePlan(input: {
  kind: TransferKind;
  amountCents: number;
  attempt?: number;
}): SandboxFailurePlan | null {
  const side = PAYMENT_KINDS[input.kind];
  if (!side || (input.attempt ?? 0) !== 0) return null;
  const plan = SANDBOX_FAILURE_AMOUNTS[input.amountCents];
  return plan && plan.side === side ? plan : null;
}
