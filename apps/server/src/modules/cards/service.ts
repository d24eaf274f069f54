import {
  type AddCardRequest,
  addCardRequestSchema,
  CARD_BRAND_LABELS,
  CARD_MESSAGES,
  type CardView,
  cardBillingAddressSchema,
  isCardExpiryValid,
} from '@ferry/domain/schemas';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { type DbOrTx, getPgErrorCode, PG_UNIQUE_VIOLATION } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import type { VaultCard } from '../../providers/card-vault/card-vault.js';
import { getChartAccount } from '../accounting/service.js';
import { chartAccounts } from '../accounting/tables.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { businesses } from '../businesses/tables.js';
import { CARD_ENTITY_TYPE, CARD_SUBJECT } from './access.js';
import { type CardRow, cards, cardVaultCustomers } from './tables.js';
import { vaultCall } from './vault-errors.js';

export type CardsContext = Pick<AppContext, 'database' | 'clock' | 'config' | 'providers'>;

const ID = /^[0-9a-f]{24}$/;
const cardNotFound = () => new AppError('NOT_FOUND', CARD_MESSAGES.cardNotFound);
const duplicateCard = () => new AppError('DUPLICATE_CARD', CARD_MESSAGES.duplicateCard);

export const cardLabel = (row: Pick<CardRow, 'brand' | 'last4'>) =>
  `${CARD_BRAND_LABELS[row.brand]} *** ${row.last4}`;

/** A card as the API answers it: the last 4 digits only. */
export const toCardView = (row: CardRow, chartAccountName: string | null): CardView => ({
  id: row.id,
  brand: row.brand,
  cardMask: row.last4,
  funding: row.funding,
  expirationMonth: row.expMonth,
  expirationYear: row.expYear,
  nameOnCard: row.nameOnCard,
  isPrimaryCard: row.isPrimary,
  billingAddress: {
    addressLine1: row.billingAddress.addressLine1,
    addressLine2: row.billingAddress.addressLine2 ?? null,
    city: row.billingAddress.city,
    state: row.billingAddress.state,
    zipCode: row.billingAddress.zipCode,
    country: row.billingAddress.country,
  },
  platformChartOfAccountId: row.chartAccountId,
  chartAccountName,
  createdAt: row.createdAt.toISOString(),
});

async function toViews(db: DbOrTx, rows: CardRow[]): Promise<CardView[]> {
  const ids = [...new Set(rows.map((r) => r.chartAccountId).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const found = await db
      .select({ id: chartAccounts.id, name: chartAccounts.name })
      .from(chartAccounts)
      .where(inArray(chartAccounts.id, ids));
    for (const account of found) names.set(account.id, account.name);
  }
  return rows.map((row) =>
    toCardView(row, row.chartAccountId ? (names.get(row.chartAccountId) ?? null) : null),
  );
}

async function toView(db: DbOrTx, row: CardRow): Promise<CardView> {
  const [view] = await toViews(db, [row]);
  if (!view) throw new Error('card view missing');
  return view;
}

const activeCards = (businessId: string) => and(eq(cards.businessId, businessId), isNull(cards.deletedAt));

/** A business's card (not removed), or 404 — also for another business's card. */
export async function findCard(
  db: DbOrTx,
  options: { businessId: string; cardId: string; forUpdate?: boolean },
): Promise<CardRow> {
  if (!ID.test(options.cardId)) throw cardNotFound();
  const query = db
    .select()
    .from(cards)
    .where(and(eq(cards.id, options.cardId), activeCards(options.businessId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw cardNotFound();
  return row;
}

/** The primary saved card of a business, or null. */
export async function findPrimaryCard(db: DbOrTx, businessId: string): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(activeCards(businessId), eq(cards.isSaved, true), eq(cards.isPrimary, true)))
    .limit(1);
  return row ?? null;
}

/** Locks the business row: card additions and primary changes of one business run one at a time. */
const lockBusiness = (db: DbOrTx, businessId: string) =>
  db.execute(sql`select id from ${businesses} where ${businesses.id} = ${businessId} for update`);

const savedRows = (db: DbOrTx, businessId: string) =>
  db
    .select()
    .from(cards)
    .where(and(activeCards(businessId), eq(cards.isSaved, true)))
    .orderBy(desc(cards.isPrimary), desc(cards.createdAt), desc(cards.sequence));

/** The business's saved cards: the primary first, then newest first. */
export async function listCards(
  context: Pick<AppContext, 'database'>,
  businessId: string,
): Promise<CardView[]> {
  const { db } = context.database;
  return toViews(db, await savedRows(db, businessId));
}

/** The vault customer of a business (made on its first card, then reused). */
async function vaultCustomerOf(context: CardsContext, businessId: string): Promise<string> {
  const vault = context.providers.cardVault;
  const { db } = context.database;
  const [stored] = await db
    .select({ customerId: cardVaultCustomers.customerId })
    .from(cardVaultCustomers)
    .where(
      and(eq(cardVaultCustomers.businessId, businessId), eq(cardVaultCustomers.vaultProvider, vault.name)),
    )
    .limit(1);
  if (stored) return stored.customerId;
  const [business] = await db
    .select({ businessName: businesses.businessName })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  const customerId = await vaultCall(() =>
    vault.ensureCustomer({
      businessId,
      businessName: business?.businessName ?? '',
      existingCustomerId: null,
    }),
  );
  await db
    .insert(cardVaultCustomers)
    .values({ businessId, vaultProvider: vault.name, customerId, createdAt: context.clock.now() })
    .onConflictDoNothing();
  const [saved] = await db
    .select({ customerId: cardVaultCustomers.customerId })
    .from(cardVaultCustomers)
    .where(
      and(eq(cardVaultCustomers.businessId, businessId), eq(cardVaultCustomers.vaultProvider, vault.name)),
    )
    .limit(1);
  return saved?.customerId ?? customerId;
}

/** The holder details a vault card must carry (the card form sends them with the card fields). */
function holderOf(card: VaultCard) {
  const address = card.billingAddress ? cardBillingAddressSchema.safeParse(card.billingAddress) : null;
  const name = card.name?.trim() ?? '';
  if (!address?.success || name.length < 2) {
    throw new AppError(
      'UNPROCESSABLE',
      'The card’s name and billing address are required. Please enter them again.',
    );
  }
  return { nameOnCard: name.slice(0, 50), billingAddress: address.data };
}

/**
 * Adds a card from a vault token (spec 002 §7 "Banks and cards"): the vault's own description of the
 * card is read (never the browser's), the same card (fingerprint) twice is refused, the token is
 * attached to the business's vault customer (once: tokens are single use), and only token, fingerprint,
 * brand, last 4, expiry, funding, name and billing address are kept. The first saved card is primary.
 */
export async function addCard(
  context: CardsContext,
  options: { businessId: string; actor: Actor; request: AddCardRequest },
): Promise<CardView> {
  const request = addCardRequestSchema.parse(options.request);
  const vault = context.providers.cardVault;
  const { db } = context.database;
  const card = await vaultCall(() => vault.retrieveToken(request.tokenId));
  // The fingerprint is the vault's; with Stripe the browser cannot read it and sends the token id instead.
  if (request.fingerprint !== card.fingerprint && request.fingerprint !== card.tokenId) {
    throw new AppError('UNPROCESSABLE', CARD_MESSAGES.tokenMismatch);
  }
  if (card.customerId) throw new AppError('UNPROCESSABLE', CARD_MESSAGES.tokenUsed);
  if (!isCardExpiryValid(card.expMonth, card.expYear, context.clock.now())) {
    throw new AppError('INVALID_EXPIRY', 'Your card’s expiration date is invalid or in the past.');
  }
  const holder = holderOf(card);
  const [existing] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(activeCards(options.businessId), eq(cards.fingerprint, card.fingerprint)))
    .limit(1);
  if (existing) throw duplicateCard();

  const customerId = await vaultCustomerOf(context, options.businessId);
  const attached = await vaultCall(() => vault.attach({ tokenId: card.tokenId, customerId }));
  const id = newId();
  const now = context.clock.now();
  try {
    return await db.transaction(async (tx) => {
      await lockBusiness(tx, options.businessId);
      const [again] = await tx
        .select({ id: cards.id })
        .from(cards)
        .where(and(activeCards(options.businessId), eq(cards.fingerprint, card.fingerprint)))
        .limit(1);
      if (again) throw duplicateCard();
      const primary = request.isCardSaved ? await findPrimaryCard(tx, options.businessId) : null;
      const [row] = await tx
        .insert(cards)
        .values({
          id,
          businessId: options.businessId,
          vaultProvider: vault.name,
          vaultTokenId: attached.tokenId,
          fingerprint: attached.fingerprint,
          brand: attached.brand,
          last4: attached.last4,
          expMonth: attached.expMonth,
          expYear: attached.expYear,
          funding: attached.funding,
          nameOnCard: holder.nameOnCard,
          billingAddress: holder.billingAddress,
          isSaved: request.isCardSaved,
          isPrimary: request.isCardSaved && primary === null,
          createdBy: options.actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('card not inserted');
      await recordActivity(tx, {
        businessId: options.businessId,
        entityType: CARD_ENTITY_TYPE,
        entityId: id,
        subject: CARD_SUBJECT,
        action: 'CARD_ADDED',
        label: 'Card added',
        actor: options.actor,
        remarks: cardLabel(row),
        data: { cardId: id, brand: row.brand, funding: row.funding },
        at: now,
      });
      return toView(tx, row);
    });
  } catch (error) {
    // Not stored: the token must not stay attached at the vault.
    await vault.detach({ tokenId: attached.tokenId }).catch(() => undefined);
    if (getPgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicateCard();
    throw error;
  }
}

/** Makes one card the primary (the others lose the flag); answers the list. */
export async function markCardPrimary(
  context: CardsContext,
  options: { businessId: string; actor: Actor; cardId: string },
): Promise<CardView[]> {
  const { db } = context.database;
  const now = context.clock.now();
  return db.transaction(async (tx) => {
    await lockBusiness(tx, options.businessId);
    const card = await findCard(tx, { ...options, forUpdate: true });
    await tx
      .update(cards)
      .set({ isPrimary: sql`${cards.id} = ${card.id}`, updatedAt: now })
      .where(activeCards(options.businessId));
    if (!card.isSaved) await tx.update(cards).set({ isSaved: true }).where(eq(cards.id, card.id));
    if (!card.isPrimary) {
      await recordActivity(tx, {
        businessId: options.businessId,
        entityType: CARD_ENTITY_TYPE,
        entityId: card.id,
        subject: CARD_SUBJECT,
        action: 'CARD_MARKED_PRIMARY',
        label: 'Primary card changed',
        actor: options.actor,
        remarks: cardLabel(card),
        data: { cardId: card.id },
        at: now,
      });
    }
    return toViews(tx, await savedRows(tx, options.businessId));
  });
}

/** Links a card to a CREDIT_CARD account of the chart of accounts. */
export async function linkCardAccount(
  context: CardsContext,
  options: { businessId: string; actor: Actor; cardId: string; businessAccountId: string },
): Promise<CardView> {
  const { db } = context.database;
  const now = context.clock.now();
  return db.transaction(async (tx) => {
    const card = await findCard(tx, { ...options, forUpdate: true });
    const account = await getChartAccount(tx, options.businessId, options.businessAccountId);
    if (!account) throw new AppError('NOT_FOUND', CARD_MESSAGES.chartAccountNotFound);
    if (account.accountType !== 'CREDIT_CARD') {
      throw new AppError('UNPROCESSABLE', CARD_MESSAGES.chartAccountNotCreditCard);
    }
    const [row] = await tx
      .update(cards)
      .set({ chartAccountId: account.id, updatedAt: now })
      .where(eq(cards.id, card.id))
      .returning();
    if (!row) throw cardNotFound();
    if (card.chartAccountId !== account.id) {
      await recordActivity(tx, {
        businessId: options.businessId,
        entityType: CARD_ENTITY_TYPE,
        entityId: card.id,
        subject: CARD_SUBJECT,
        action: 'CARD_LINKED_TO_ACCOUNT',
        label: 'Card linked to an account',
        actor: options.actor,
        remarks: `${cardLabel(card)} → ${account.name}`,
        data: { cardId: card.id, chartAccountId: account.id },
        at: now,
      });
    }
    return toView(tx, row);
  });
}

/** Removes a card's link to the chart of accounts. */
export async function unlinkCardAccount(
  context: CardsContext,
  options: { businessId: string; actor: Actor; cardId: string },
): Promise<CardView> {
  const { db } = context.database;
  const now = context.clock.now();
  return db.transaction(async (tx) => {
    const card = await findCard(tx, { ...options, forUpdate: true });
    const [row] = await tx
      .update(cards)
      .set({ chartAccountId: null, updatedAt: now })
      .where(eq(cards.id, card.id))
      .returning();
    if (!row) throw cardNotFound();
    if (card.chartAccountId) {
      await recordActivity(tx, {
        businessId: options.businessId,
        entityType: CARD_ENTITY_TYPE,
        entityId: card.id,
        subject: CARD_SUBJECT,
        action: 'CARD_UNLINKED_FROM_ACCOUNT',
        label: 'Card unlinked from its account',
        actor: options.actor,
        remarks: cardLabel(card),
        data: { cardId: card.id, chartAccountId: card.chartAccountId },
        at: now,
      });
    }
    return toView(tx, row);
  });
}

/**
 * Removes a card: it is detached at the vault first (a vault that cannot be reached leaves the card
 * in place), then kept only as a removed row. A removed primary hands the flag to the newest card left.
 */
export async function deleteCard(
  context: CardsContext,
  options: { businessId: string; actor: Actor; cardId: string },
): Promise<{ id: string }> {
  const { db } = context.database;
  const card = await findCard(db, options);
  const vault = context.providers.cardVault;
  if (card.vaultProvider === vault.name) await vaultCall(() => vault.detach({ tokenId: card.vaultTokenId }));
  const now = context.clock.now();
  return db.transaction(async (tx) => {
    await lockBusiness(tx, options.businessId);
    const current = await findCard(tx, { ...options, forUpdate: true });
    await tx
      .update(cards)
      .set({ deletedAt: now, isPrimary: false, updatedAt: now })
      .where(eq(cards.id, current.id));
    if (current.isPrimary) {
      const [next] = await savedRows(tx, options.businessId).limit(1);
      if (next) await tx.update(cards).set({ isPrimary: true, updatedAt: now }).where(eq(cards.id, next.id));
    }
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: CARD_ENTITY_TYPE,
      entityId: current.id,
      subject: CARD_SUBJECT,
      action: 'CARD_REMOVED',
      label: 'Card removed',
      actor: options.actor,
      remarks: cardLabel(current),
      data: { cardId: current.id },
      at: now,
    });
    return { id: current.id };
  });
}
