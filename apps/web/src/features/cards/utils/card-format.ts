import type { CardBrand, CardFeeReason, CardFunding } from '@ferry/domain';

export { CARD_BRAND_LABELS } from '@ferry/domain';

export const FUNDING_LABELS: Record<CardFunding, string> = {
  credit: 'Credit',
  debit: 'Debit',
  prepaid: 'Prepaid',
  unknown: 'Card',
};

/** Only the digits of what was typed. */
export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/**
 * The number in the groups printed on the card: 4-6-5 for American Express and 4-6-4 for Diners Club's
 * 14 digits, else groups of four.
 */
export const formatCardNumber = (value: string, brand: CardBrand): string => {
  const digits = digitsOf(value).slice(0, 19);
  const groups =
    brand === 'AMERICAN_EXPRESS' || (brand === 'DINERS_CLUB' && digits.length <= 14) ? [4, 6, 5] : null;
  if (!groups) return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
};

/**
 * Expiry as typed: digits become 'MM/YY' or 'MM/YYYY' with the slash added after the month; a single
 * digit 2–9 is a month ('4' → '04/').
 */
export const formatExpiry = (value: string, previous: string): string => {
  const deleting = value.length < previous.length;
  let digits = digitsOf(value).slice(0, 6);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
};

/** '12/2027' */
export const formatCardExpiry = (month: number, year: number): string =>
  `${String(month).padStart(2, '0')}/${year}`;

/** '•••• 4242': the last 4 only. */
export const cardMaskText = (mask: string): string => `•••• ${mask.slice(-4)}`;

/** Why a card fee is what it is, in plain words. */
export const FEE_REASON_TEXT: Record<CardFeeReason, string> = {
  SURCHARGE: 'This vendor adds a card surcharge to credit card payments.',
  SURCHARGE_OFF: 'This vendor does not add a card surcharge.',
  DEBIT_OR_PREPAID: 'Debit and prepaid cards are never surcharged.',
  FUNDING_UNKNOWN: 'This card could not be confirmed as a credit card, so it is not surcharged.',
  STATE_BANS_SURCHARGE: 'Your state does not allow card surcharges, so no fee is added.',
  PAYER_STATE_UNKNOWN: 'Your business address has no US state on file, so no surcharge is added.',
  PAYEE_NOT_ACCEPTING_CARDS: 'This vendor does not accept card payments yet.',
};

/** The reason in plain words; a surcharge names its rate ('2.9%'). */
export const feeReasonText = (reason: CardFeeReason, rateBps: number): string =>
  reason === 'SURCHARGE' && rateBps > 0
    ? `This vendor adds a ${formatRate(rateBps)} card surcharge to credit card payments.`
    : FEE_REASON_TEXT[reason];

/** Basis points as a percentage: 290 → '2.9%', 300 → '3%'. */
export const formatRate = (bps: number): string => `${Number((bps / 100).toFixed(2))}%`;
