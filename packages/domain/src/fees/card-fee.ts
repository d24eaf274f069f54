/**
 * Card surcharge engine (spec 002 §9, issue 6): the fee a payer bears when paying a payee by card.
 *
 * Rules, in order:
 * - the payee's surcharge must be turned on (else SURCHARGE_OFF);
 * - only credit cards are surcharged: never debit or prepaid cards (card-network rules), and a card whose
 *   funding is unknown is treated the same way (DEBIT_OR_PREPAID / FUNDING_UNKNOWN);
 * - a payer in a state that bans surcharges is never surcharged, and neither is a payer whose state is
 *   unknown (STATE_BANS_SURCHARGE / PAYER_STATE_UNKNOWN);
 * - otherwise the rate is the lower of the 3% network cap and the payee's processing cost, applied to
 *   the base amount in integer cents, rounded half up.
 */

/** Card networks cap surcharges at 3% of the amount. */
export const MAX_SURCHARGE_BPS = 300;

export const CARD_FUNDINGS = ['credit', 'debit', 'prepaid', 'unknown'] as const;
export type CardFunding = (typeof CARD_FUNDINGS)[number];

export const CARD_FEE_REASONS = [
  'SURCHARGE',
  'SURCHARGE_OFF',
  'DEBIT_OR_PREPAID',
  'FUNDING_UNKNOWN',
  'STATE_BANS_SURCHARGE',
  'PAYER_STATE_UNKNOWN',
  'PAYEE_NOT_ACCEPTING_CARDS',
] as const;
export type CardFeeReason = (typeof CARD_FEE_REASONS)[number];

export interface CardFeeInput {
  /** The amount being paid, in integer cents (≥ 0). */
  baseCents: number;
  funding: CardFunding;
  /** The payer's US state (2-letter code, e.g. 'CT'; 'PR' for Puerto Rico), or null when unknown. */
  payerState: string | null;
  /** The payee's surcharge setting; costBps is its card processing cost in basis points. */
  surcharge: { enabled: boolean; costBps: number };
  /** States where surcharging is banned (2-letter codes, any case). */
  bannedStates: readonly string[];
}

export interface CardFeeQuote {
  feeCents: number;
  /** The rate applied, in basis points (0 when no surcharge). */
  rateBps: number;
  surcharged: boolean;
  reason: CardFeeReason;
}

/** The surcharge rate a payee may charge: the lower of the 3% cap and its cost (never below 0). */
export const surchargeRateBps = (costBps: number): number => {
  if (!Number.isSafeInteger(costBps) || costBps < 0) {
    throw new RangeError(`Invalid processing cost: ${costBps} bps`);
  }
  return Math.min(MAX_SURCHARGE_BPS, costBps);
};

/** `cents × bps / 10 000`, rounded half up, exactly (integer arithmetic). */
export const applyBps = (cents: number, bps: number): number => {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Invalid amount: ${cents} cents`);
  if (!Number.isSafeInteger(bps) || bps < 0) throw new RangeError(`Invalid rate: ${bps} bps`);
  const result = (BigInt(cents) * BigInt(bps) + 5000n) / 10000n;
  return Number(result);
};

const none = (reason: CardFeeReason): CardFeeQuote => ({
  feeCents: 0,
  rateBps: 0,
  surcharged: false,
  reason,
});

/** The card fee for one payment (see the rules above). Throws RangeError on a negative or fractional amount. */
export const quoteCardFee = (input: CardFeeInput): CardFeeQuote => {
  if (!Number.isSafeInteger(input.baseCents) || input.baseCents < 0) {
    throw new RangeError(`Invalid amount: ${input.baseCents} cents`);
  }
  const rateBps = surchargeRateBps(input.surcharge.costBps);
  if (!input.surcharge.enabled) return none('SURCHARGE_OFF');
  if (input.funding === 'debit' || input.funding === 'prepaid') return none('DEBIT_OR_PREPAID');
  if (input.funding !== 'credit') return none('FUNDING_UNKNOWN');
  const state = input.payerState?.trim().toUpperCase();
  if (!state) return none('PAYER_STATE_UNKNOWN');
  if (input.bannedStates.some((banned) => banned.trim().toUpperCase() === state)) {
    return none('STATE_BANS_SURCHARGE');
  }
  const feeCents = applyBps(input.baseCents, rateBps);
  return { feeCents, rateBps, surcharged: feeCents > 0, reason: 'SURCHARGE' };
};

/** '2.9%' from 290 bps (no trailing zeros). */
const percentOf = (bps: number): string => `${Number((bps / 100).toFixed(2))}%`;

/**
 * The card fee line's words (issue 15): who pays the fee and why it is what it is. `quote` is the fee
 * engine's answer, or null when the vendor is not on the network (no surcharge setting, so no fee).
 */
export const cardFeeExplanation = (quote: Pick<CardFeeQuote, 'rateBps' | 'reason'> | null): string => {
  if (quote === null) return '$0.00: this vendor doesn’t add a card fee.';
  switch (quote.reason) {
    case 'SURCHARGE':
      return `Paid by you: the vendor adds a ${percentOf(quote.rateBps)} card fee to card payments (at most 3%, the card networks’ cap).`;
    case 'SURCHARGE_OFF':
      return '$0.00: this vendor doesn’t add a card fee.';
    case 'DEBIT_OR_PREPAID':
      return '$0.00: debit and prepaid cards are never charged a card fee.';
    case 'FUNDING_UNKNOWN':
      return '$0.00: this card isn’t known to be a credit card, so no card fee is added.';
    case 'STATE_BANS_SURCHARGE':
      return '$0.00: card fees aren’t allowed in your business’s state.';
    case 'PAYER_STATE_UNKNOWN':
      return '$0.00: no card fee is added without your business’s state on file.';
    case 'PAYEE_NOT_ACCEPTING_CARDS':
      return '$0.00: this vendor doesn’t add a card fee.';
  }
};
