import { findUsState } from '@ferry/domain/catalogues';
import { quoteCardFee } from '@ferry/domain/fees';
import { centsToAmount } from '@ferry/domain/money';
import { type Address, CARD_MESSAGES, type FeeQuote, MERCHANT_API_MESSAGES } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { businesses } from '../businesses/tables.js';
import { businessPreferences } from '../preferences/tables.js';
import { businessVerifications } from '../verification/tables.js';
import { cardAcceptanceOf } from './merchant.js';
import { findCard, findPrimaryCard } from './service.js';
import type { CardRow } from './tables.js';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'config'>;

/** The US state (or 'PR') of an address, or null when it is not a US / Puerto Rico address. */
export function usStateOf(address: Pick<Address, 'state' | 'country'> | null | undefined): string | null {
  if (!address) return null;
  const country = address.country.trim().toUpperCase();
  if (['PR', 'PRI', 'PUERTO RICO'].includes(country)) return 'PR';
  if (!['US', 'USA', 'UNITED STATES'].includes(country)) return null;
  const state = address.state.trim();
  if (/^(PR|puerto rico)$/i.test(state)) return 'PR';
  return findUsState(state)?.code ?? null;
}

/**
 * Where the payer is, for the surcharge rules: the address of its business verification (its legal
 * address), else its profile's billing address, else the card's billing address.
 */
async function payerStateOf(db: DbOrTx, businessId: string, card: CardRow): Promise<string | null> {
  const [verification] = await db
    .select({ address: businessVerifications.address })
    .from(businessVerifications)
    .where(eq(businessVerifications.businessId, businessId))
    .limit(1);
  const [profile] = await db
    .select({ address: businessPreferences.billingAddress })
    .from(businessPreferences)
    .where(eq(businessPreferences.businessId, businessId))
    .limit(1);
  const candidates = [verification?.address, profile?.address];
  for (const address of candidates) {
    if (address?.state && address.country) return usStateOf(address);
  }
  return usStateOf(card.billingAddress);
}

/**
 * `POST /business/{payer}/card-payment/fee-quote`: the card fee the payer would bear paying `payeeId`
 * `baseCents` with a card (the given one, else its primary card). Never cached.
 */
export async function quoteFee(
  context: Ctx,
  options: { businessId: string; payeeId: string; baseCents: number; cardId?: string | undefined },
): Promise<FeeQuote> {
  const { db } = context.database;
  const card = options.cardId
    ? await findCard(db, { businessId: options.businessId, cardId: options.cardId })
    : await findPrimaryCard(db, options.businessId);
  if (!card) throw new AppError('UNPROCESSABLE', CARD_MESSAGES.noCard);
  const [payee] = /^[0-9a-f]{24}$/.test(options.payeeId)
    ? await db
        .select({ id: businesses.id })
        .from(businesses)
        .where(eq(businesses.id, options.payeeId))
        .limit(1)
    : [];
  if (!payee) throw new AppError('NOT_FOUND', MERCHANT_API_MESSAGES.payeeNotFound);
  const answer = (
    feeCents: number,
    rest: Omit<FeeQuote, 'cardFee' | 'feeCents' | 'totalAmount'>,
  ): FeeQuote => ({
    cardFee: centsToAmount(feeCents),
    feeCents,
    totalAmount: centsToAmount(options.baseCents + feeCents),
    ...rest,
  });
  const acceptance = await cardAcceptanceOf(db, context, payee.id);
  if (!acceptance.accepting || !acceptance.surcharge) {
    return answer(0, { rateBps: 0, surcharged: false, reason: 'PAYEE_NOT_ACCEPTING_CARDS' });
  }
  const quote = quoteCardFee({
    baseCents: options.baseCents,
    funding: card.funding,
    payerState: await payerStateOf(db, options.businessId, card),
    surcharge: { enabled: acceptance.surcharge.enabled, costBps: acceptance.surcharge.rateBps },
    bannedStates: context.config.CARD_SURCHARGE_BANNED_STATES,
  });
  return answer(quote.feeCents, {
    rateBps: quote.rateBps,
    surcharged: quote.surcharged,
    reason: quote.reason,
  });
}
