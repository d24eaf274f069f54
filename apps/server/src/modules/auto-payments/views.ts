import {
  AUTO_PAYMENT_ACTIVITY_LABELS,
  AUTO_PAYMENT_CONTACT_LABELS,
  type AutoPaymentMappingStatus,
} from '@ferry/domain/catalogues';
import {
  type AutoPaymentSide,
  allowedAutoPaymentActions,
  autoPaymentFeatureState,
} from '@ferry/domain/payments';
import type { AppAbility } from '@ferry/domain/permissions';
import {
  AUTO_PAYMENT_CONTROL_ACTIONS,
  type AutoPaymentActivityEntry,
  type AutoPaymentMapping,
  CARD_BRAND_LABELS,
  type ContactAutoPayment,
} from '@ferry/domain/schemas';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { businessBankAccounts } from '../banking/tables.js';
import { businesses } from '../businesses/tables.js';
import { cardAcceptanceOf } from '../cards/merchant.js';
import { cards } from '../cards/tables.js';
import { contacts } from '../contacts/tables.js';
import { AUTO_PAYMENT_SUBJECT } from './contact-status.js';
import { runViews } from './engine.js';
import type { AutoPaymentsContext } from './service.js';
import { type AutoPaymentMappingRow, autoPaymentEvents, autoPaymentMappings } from './tables.js';

/** The controls each side has (the machine's actions a side takes from its screens). */
export const SIDE_CONTROLS: Record<AutoPaymentSide, readonly AutoPaymentMapping['actions'][number][]> = {
  PAYEE: ['CANCEL_REQUEST', 'PAUSE', 'RESUME', 'DISABLE', 'ENABLE', 'REVOKE'],
  PAYER: ['DISABLE', 'ENABLE', 'CANCEL', 'DECLINE', 'CHANGE_METHOD'],
};

const METHOD_STATUSES: readonly AutoPaymentMappingStatus[] = ['ACCEPTED', 'PAYER_DISABLED', 'PAYEE_DISABLED'];

/** The actions `side` may take now: the machine's, those of the side's controls, and only with the right. */
export function mappingActions(
  row: Pick<AutoPaymentMappingRow, 'status' | 'resumeTo'>,
  side: AutoPaymentSide,
  ability: AppAbility | null,
): AutoPaymentMapping['actions'] {
  if (ability && !ability.can('manage', AUTO_PAYMENT_SUBJECT[side])) return [];
  const machine = new Set<string>(allowedAutoPaymentActions(row.status, side, row.resumeTo));
  const actions: AutoPaymentMapping['actions'] = SIDE_CONTROLS[side].filter((action) =>
    action === 'CHANGE_METHOD' ? METHOD_STATUSES.includes(row.status) : machine.has(action),
  );
  if (side === 'PAYEE' && row.status === 'REQUESTED') actions.push('REMIND');
  return actions.filter(
    (a) => a === 'REMIND' || (AUTO_PAYMENT_CONTROL_ACTIONS as readonly string[]).includes(a),
  );
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

async function methodOf(
  db: DbOrTx,
  row: AutoPaymentMappingRow,
): Promise<AutoPaymentMapping['paymentMethod']> {
  if (!row.paymentMethod || !row.paymentInstrumentId) return null;
  if (row.paymentMethod === 'BANK') {
    const [bank] = await db
      .select({ name: businessBankAccounts.bankName, mask: businessBankAccounts.accountMask })
      .from(businessBankAccounts)
      .where(eq(businessBankAccounts.id, row.paymentInstrumentId))
      .limit(1);
    if (!bank) return null;
    return { kind: 'BANK', id: row.paymentInstrumentId, label: `${bank.name} ••••${bank.mask.slice(-4)}` };
  }
  const [card] = await db
    .select({ brand: cards.brand, last4: cards.last4 })
    .from(cards)
    .where(eq(cards.id, row.paymentInstrumentId))
    .limit(1);
  if (!card) return null;
  return {
    kind: 'CARD',
    id: row.paymentInstrumentId,
    label: `${CARD_BRAND_LABELS[card.brand]} ••••${card.last4}`,
  };
}

/** A mapping as `side` sees it (the actions filtered by `ability`; null: the authorising guest). */
export async function mappingView(
  context: Pick<AppContext, 'clock'>,
  db: DbOrTx,
  row: AutoPaymentMappingRow,
  options: { side: AutoPaymentSide; ability: AppAbility | null },
): Promise<AutoPaymentMapping> {
  const ids = [row.payeeBusinessId, ...(row.payerBusinessId ? [row.payerBusinessId] : [])];
  const [named, [customer], acceptance, paymentMethod] = await Promise.all([
    db
      .select({
        id: businesses.id,
        name: businesses.businessName,
        verificationStatus: businesses.verificationStatus,
      })
      .from(businesses)
      .where(inArray(businesses.id, ids)),
    db.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, row.customerId)).limit(1),
    cardAcceptanceOf(db, context, row.payeeBusinessId),
    methodOf(db, row),
  ]);
  const payee = named.find((b) => b.id === row.payeeBusinessId);
  const payer = row.payerBusinessId ? named.find((b) => b.id === row.payerBusinessId) : undefined;
  return {
    autoPaymentMappingId: row.id,
    status: row.status,
    featureState: autoPaymentFeatureState(row.status),
    label: AUTO_PAYMENT_CONTACT_LABELS[row.status] ?? null,
    isAcceptCardPayments: acceptance.accepting,
    payeeBusiness: {
      id: row.payeeBusinessId,
      name: payee?.name ?? '',
      isAcceptCardPayments: acceptance.accepting,
    },
    payeeBusinessName: payee?.name ?? '',
    customerId: row.customerId,
    payerContactName: customer?.name ?? '',
    payerEmail: row.payerEmail,
    payerId: row.payerBusinessId,
    payerBusinessName: payer?.name ?? null,
    payerBusinessVerificationStatus: payer?.verificationStatus ?? null,
    vendorId: row.vendorId,
    paymentMethod,
    requestedAt: row.requestedAt.toISOString(),
    authorizedAt: iso(row.authorizedAt),
    endedAt: iso(row.endedAt),
    endReason: row.endReason,
    lastReminderAt: iso(row.lastReminderAt),
    side: options.side,
    actions: mappingActions(row, options.side, options.ability),
  };
}

/** The activity of a side on these mappings, newest first. */
async function activityOf(
  db: DbOrTx,
  mappingIds: readonly string[],
  side: AutoPaymentSide,
): Promise<AutoPaymentActivityEntry[]> {
  if (mappingIds.length === 0) return [];
  const rows = await db
    .select()
    .from(autoPaymentEvents)
    .where(and(inArray(autoPaymentEvents.mappingId, [...mappingIds]), eq(autoPaymentEvents.side, side)))
    .orderBy(desc(autoPaymentEvents.sequence));
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    label: AUTO_PAYMENT_ACTIVITY_LABELS[row.action],
    at: row.createdAt.toISOString(),
    byName: row.actorName,
    remarks: row.remarks,
  }));
}

/** GET /business/{b}/contacts/{contactId}/auto-payment (the contact's type gave the side). */
export async function contactAutoPaymentView(
  context: AutoPaymentsContext,
  options: {
    businessId: string;
    contactId: string;
    side: AutoPaymentSide;
    ability: AppAbility;
  },
): Promise<ContactAutoPayment> {
  const { db } = context.database;
  const [owner, contact] =
    options.side === 'PAYEE'
      ? [autoPaymentMappings.payeeBusinessId, autoPaymentMappings.customerId]
      : [autoPaymentMappings.payerBusinessId, autoPaymentMappings.vendorId];
  const rows = await db
    .select()
    .from(autoPaymentMappings)
    .where(and(eq(owner, options.businessId), eq(contact, options.contactId)))
    .orderBy(desc(autoPaymentMappings.requestedAt), desc(autoPaymentMappings.id));
  const live = rows.find((r) => r.status !== 'PAYER_DECLINED' && r.status !== 'PAYEE_CANCELLED');
  const shown = live ?? rows[0] ?? null;
  const mapping = shown
    ? await mappingView(context, db, shown, { side: options.side, ability: options.ability })
    : null;
  return {
    mapping,
    canRequest:
      options.side === 'PAYEE' && !live && options.ability.can('manage', AUTO_PAYMENT_SUBJECT.PAYEE),
    activity: await activityOf(
      db,
      rows.map((r) => r.id),
      options.side,
    ),
    upcoming:
      shown && mapping
        ? await runViews(db, { mappingId: shown.id, statuses: ['SCHEDULED', 'SUBMITTED'] })
        : [],
  };
}
