import type { AutoPaymentMappingStatus } from '@ferry/domain/catalogues';
import {
  AUTO_PAYMENT_ACTIVITY_OF,
  AUTO_PAYMENT_ENDED_STATUSES,
  type AutoPaymentAction,
  type AutoPaymentActor,
  type AutoPaymentSide,
  isAutoPaymentLive,
  nextAutoPaymentStatus,
} from '@ferry/domain/payments';
import { defineAbilityFor } from '@ferry/domain/permissions';
import {
  AUTO_PAYMENT_MESSAGES,
  type AutoPaymentActionRequest,
  type AutoPaymentAuthorizeRequest,
  type BusinessToMap,
  GUEST_MESSAGES,
} from '@ferry/domain/schemas';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { accessDenied, BUSINESS_NOT_FOUND_MESSAGE } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import type { GuestSessionScope } from '../auth/service.js';
import { invitations } from '../auth/tables.js';
import { businesses, businessMembers } from '../businesses/tables.js';
import { cardAcceptanceOf } from '../cards/merchant.js';
import { findContactOrThrow, violatedUniqueIndex } from '../contacts/access.js';
import { AUTO_PAYMENT, guestLinkFor } from '../guest/kinds.js';
import { isVerifiedSmsCode } from '../otp/service.js';
import { resolveSenderVendor } from '../payment-requests/link.js';
import { payerBusinessOf } from '../payment-requests/sending.js';
import { findSender } from '../payment-requests/service.js';
import { findInstrument, isPayingBank } from '../payments/service.js';
import { roles } from '../roles/tables.js';
import { cancelScheduledAutoPayments } from './engine.js';
import { queueAutoPaymentRequestMail, queueAutoPaymentStatusMails } from './notify.js';
import { type AutoPaymentMappingRow, autoPaymentEvents, autoPaymentMappings } from './tables.js';

/**
 * Auto-payment mappings (issue 20; spec 002 §4 'Auto-payment'): the payee's request, the payer's
 * authorisation, and every control of either side, an ADMIN or the SYSTEM. Each change locks the
 * mapping row and goes through `nextAutoPaymentStatus`; the activity of both sides follows
 * AUTO_PAYMENT_ACTIVITY_OF and both sides are emailed.
 */

export type AutoPaymentsContext = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>;

/** Who changes a mapping. */
export interface MappingActor {
  side: AutoPaymentActor;
  userId: string | null;
  name: string | null;
}

const ENDED = AUTO_PAYMENT_ENDED_STATUSES as readonly AutoPaymentMappingStatus[];
export const mappingNotFound = () => new AppError('NOT_FOUND', AUTO_PAYMENT_MESSAGES.notFound);
const notAllowed = () => new AppError('CONFLICT', AUTO_PAYMENT_MESSAGES.notAllowed);
const fieldError = (code: 'UNPROCESSABLE' | 'UNVERIFIED_BANK', field: string, message: string) =>
  new AppError(code, message, { errors: [{ field, message }] });

/** At most one reminder an hour. */
export const AUTO_PAYMENT_REMINDER_INTERVAL_MS = 60 * 60 * 1000;
export const AUTO_PAYMENT_REMINDER_TOO_SOON =
  'A reminder was sent less than an hour ago. Please try again later.';

/** The mapping, locked for the rest of the transaction, or 404. */
export async function lockMapping(tx: DbOrTx, mappingId: string): Promise<AutoPaymentMappingRow> {
  if (!/^[0-9a-f]{24}$/.test(mappingId)) throw mappingNotFound();
  const [row] = await tx
    .select()
    .from(autoPaymentMappings)
    .where(eq(autoPaymentMappings.id, mappingId))
    .limit(1)
    .for('update');
  if (!row) throw mappingNotFound();
  return row;
}

/** The business's side of a mapping, or null when the business is not on it. */
export const sideOf = (mapping: AutoPaymentMappingRow, businessId: string): AutoPaymentSide | null =>
  mapping.payeeBusinessId === businessId ? 'PAYEE' : mapping.payerBusinessId === businessId ? 'PAYER' : null;

/** A mapping the business is on as `side` (another business's answers 404). */
export async function findMappingOf(
  db: DbOrTx,
  options: { businessId: string; mappingId: string; side?: AutoPaymentSide; forUpdate?: boolean },
): Promise<AutoPaymentMappingRow> {
  const mapping = options.forUpdate
    ? await lockMapping(db, options.mappingId)
    : await readMapping(db, options.mappingId);
  const side = sideOf(mapping, options.businessId);
  if (!side || (options.side && side !== options.side)) throw mappingNotFound();
  return mapping;
}

export async function readMapping(db: DbOrTx, mappingId: string): Promise<AutoPaymentMappingRow> {
  if (!/^[0-9a-f]{24}$/.test(mappingId)) throw mappingNotFound();
  const [row] = await db.select().from(autoPaymentMappings).where(eq(autoPaymentMappings.id, mappingId));
  if (!row) throw mappingNotFound();
  return row;
}

/** The live mapping of a payee's customer, else null. */
export async function liveMappingOfCustomer(
  db: DbOrTx,
  options: { payeeBusinessId: string; customerId: string },
): Promise<AutoPaymentMappingRow | null> {
  const [row] = await db
    .select()
    .from(autoPaymentMappings)
    .where(
      and(
        eq(autoPaymentMappings.payeeBusinessId, options.payeeBusinessId),
        eq(autoPaymentMappings.customerId, options.customerId),
        notInArray(autoPaymentMappings.status, [...ENDED]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Writes the activity of a change on each side (AUTO_PAYMENT_ACTIVITY_OF). */
async function recordEvents(
  tx: DbOrTx,
  context: Pick<AppContext, 'clock'>,
  options: {
    mappingId: string;
    kind: keyof typeof AUTO_PAYMENT_ACTIVITY_OF;
    actor: MappingActor;
    remarks?: string | null;
    data?: Record<string, unknown> | null;
  },
) {
  const of = AUTO_PAYMENT_ACTIVITY_OF[options.kind];
  const now = context.clock.now();
  const rows = (
    [
      ['PAYEE', of.payee],
      ['PAYER', of.payer],
    ] as const
  ).flatMap(([side, action]) =>
    action
      ? [
          {
            id: newId(),
            mappingId: options.mappingId,
            side,
            action,
            actorUserId: options.actor.userId,
            actorName: options.actor.name,
            remarks: options.remarks ?? null,
            data: options.data ?? null,
            createdAt: now,
          },
        ]
      : [],
  );
  if (rows.length > 0) await tx.insert(autoPaymentEvents).values(rows);
}

/** The AUTO_PAYMENT link of a mapping for its payer's address (the live one again for a reminder). */
async function requestLink(context: AutoPaymentsContext, tx: DbOrTx, mapping: AutoPaymentMappingRow) {
  if (!mapping.payerEmail || !mapping.payerBusinessId) throw mappingNotFound();
  return guestLinkFor(context, tx, {
    subject: { type: AUTO_PAYMENT, mappingId: mapping.id, payerBusinessId: mapping.payerBusinessId },
    email: mapping.payerEmail,
    sentByUserId: mapping.requestedBy,
  });
}

/**
 * POST /business/{b}/auto-payment: asks a customer to authorise auto payments. The payer is the
 * customer's business on Ferry, else its guest business (made as for a guest payment request).
 */
export async function requestAutoPayment(
  context: AutoPaymentsContext,
  options: { businessId: string; actor: MappingActor; customerId: string },
): Promise<AutoPaymentMappingRow> {
  try {
    return await context.database.db.transaction(async (tx) => {
      const customer = await findContactOrThrow(tx, {
        businessId: options.businessId,
        contactId: options.customerId,
        type: 'CUSTOMER',
        forUpdate: true,
      });
      const email = customer.email.trim().toLowerCase();
      if (email === '') {
        throw fieldError('UNPROCESSABLE', 'customerId', AUTO_PAYMENT_MESSAGES.customerEmailRequired);
      }
      if (await liveMappingOfCustomer(tx, { payeeBusinessId: options.businessId, customerId: customer.id })) {
        throw new AppError('CONFLICT', AUTO_PAYMENT_MESSAGES.alreadyRequested);
      }
      const payerBusinessId = await payerBusinessOf(context, tx, customer);
      const now = context.clock.now();
      const [mapping] = await tx
        .insert(autoPaymentMappings)
        .values({
          id: newId(),
          payeeBusinessId: options.businessId,
          customerId: customer.id,
          payerBusinessId,
          status: 'REQUESTED',
          payerEmail: email,
          requestedBy: options.actor.userId,
          requestedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!mapping) throw new Error('auto-payment mapping not inserted');
      await recordEvents(tx, context, { mappingId: mapping.id, kind: 'REQUEST', actor: options.actor });
      const link = await requestLink(context, tx, mapping);
      await queueAutoPaymentRequestMail(context, tx, { mapping, to: email, link, reminder: false });
      return mapping;
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'auto_payment_mappings_live_unique') {
      throw new AppError('CONFLICT', AUTO_PAYMENT_MESSAGES.alreadyRequested);
    }
    throw error;
  }
}

/** PATCH …/auto-payment/{id}/send-reminder: the same live link again, at most once an hour. */
export async function sendAutoPaymentReminder(
  context: AutoPaymentsContext,
  options: { businessId: string; mappingId: string; actor: MappingActor },
): Promise<AutoPaymentMappingRow> {
  return context.database.db.transaction(async (tx) => {
    const mapping = await findMappingOf(tx, { ...options, side: 'PAYEE', forUpdate: true });
    if (mapping.status !== 'REQUESTED') throw notAllowed();
    const now = context.clock.now();
    if (
      mapping.lastReminderAt &&
      now.getTime() - mapping.lastReminderAt.getTime() < AUTO_PAYMENT_REMINDER_INTERVAL_MS
    ) {
      throw new AppError('RATE_LIMITED', AUTO_PAYMENT_REMINDER_TOO_SOON);
    }
    const [updated] = await tx
      .update(autoPaymentMappings)
      .set({ lastReminderAt: now, updatedAt: now })
      .where(eq(autoPaymentMappings.id, mapping.id))
      .returning();
    if (!updated?.payerEmail) throw mappingNotFound();
    await recordEvents(tx, context, { mappingId: mapping.id, kind: 'REMIND', actor: options.actor });
    const link = await requestLink(context, tx, updated);
    await queueAutoPaymentRequestMail(context, tx, {
      mapping: updated,
      to: updated.payerEmail,
      link,
      reminder: true,
    });
    return updated;
  });
}

/**
 * Applies one machine action to a mapping in the caller's transaction (row locked): the next status
 * (409 notAllowed when the machine refuses), resumeTo on PAUSE, endedAt/endReason when it ends, the
 * activity on both sides and the mails to both. Scheduled auto payments are cancelled when the change
 * ends the mapping, or when `alsoCancelScheduled` is set and it is no longer ACCEPTED.
 */
export async function applyMappingAction(
  tx: DbOrTx,
  context: AutoPaymentsContext,
  options: {
    mappingId: string;
    action: AutoPaymentAction;
    actor: MappingActor;
    remarks?: string | null;
    data?: Record<string, unknown> | null;
    alsoCancelScheduled?: boolean;
    /** Columns set with the change (the authorisation's method and vendor). */
    patch?: Partial<typeof autoPaymentMappings.$inferInsert>;
  },
): Promise<AutoPaymentMappingRow> {
  const mapping = await lockMapping(tx, options.mappingId);
  const next = nextAutoPaymentStatus({
    status: mapping.status,
    action: options.action,
    actor: options.actor.side,
    resumeTo: mapping.resumeTo,
  });
  if (!next) throw notAllowed();
  const now = context.clock.now();
  const ended = !isAutoPaymentLive(next);
  const [updated] = await tx
    .update(autoPaymentMappings)
    .set({
      ...options.patch,
      status: next,
      resumeTo:
        options.action === 'PAUSE' ? mapping.status : options.action === 'RESUME' ? null : mapping.resumeTo,
      ...(ended ? { endedAt: now } : {}),
      ...(options.action === 'END_BY_RETURN' ? { endReason: options.remarks ?? null } : {}),
      updatedAt: now,
    })
    .where(eq(autoPaymentMappings.id, mapping.id))
    .returning();
  if (!updated) throw mappingNotFound();
  await recordEvents(tx, context, {
    mappingId: mapping.id,
    kind: options.action,
    actor: options.actor,
    remarks: options.remarks ?? null,
    data: options.data ?? null,
  });
  const activity = AUTO_PAYMENT_ACTIVITY_OF[options.action];
  const told = activity.payee ?? activity.payer;
  if (told) {
    await queueAutoPaymentStatusMails(context, tx, {
      mapping: updated,
      activity: told,
      remarks: options.remarks ?? null,
    });
  }
  if (next !== 'ACCEPTED' && (ended || options.alsoCancelScheduled)) {
    await cancelScheduledAutoPayments(tx, context, {
      mappingId: mapping.id,
      reason: options.remarks ?? `Auto payments ${next.toLowerCase().replace(/_/g, ' ')}`,
    });
  }
  return updated;
}

/** The machine action a control of a side means (CHANGE_METHOD is not a status change). */
const CONTROL_ACTIONS: Record<AutoPaymentSide, readonly AutoPaymentActionRequest['action'][]> = {
  PAYEE: ['CANCEL_REQUEST', 'PAUSE', 'RESUME', 'DISABLE', 'ENABLE', 'REVOKE'],
  PAYER: ['DISABLE', 'ENABLE', 'CANCEL', 'DECLINE', 'CHANGE_METHOD'],
};

/**
 * An instrument the payer business may authorise with: a verified, usable bank (else 422
 * invalidBank), or a card when the payee accepts cards (else 422 cardNotAccepted).
 */
async function checkInstrument(
  context: AutoPaymentsContext,
  db: DbOrTx,
  options: { payerBusinessId: string; payeeBusinessId: string; paymentInstrumentId: string | undefined },
): Promise<{ paymentMethod: 'BANK' | 'CARD'; paymentInstrumentId: string }> {
  const invalid = () => fieldError('UNPROCESSABLE', 'paymentInstrumentId', AUTO_PAYMENT_MESSAGES.invalidBank);
  if (!options.paymentInstrumentId) throw invalid();
  const instrument = await findInstrument(db, options.payerBusinessId, options.paymentInstrumentId).catch(
    (error) => {
      if (error instanceof AppError && error.errorCode === 'NOT_FOUND') throw invalid();
      throw error;
    },
  );
  if (instrument.kind === 'BANK') {
    if (!isPayingBank(instrument.bank)) throw invalid();
    return { paymentMethod: 'BANK', paymentInstrumentId: instrument.bank.id };
  }
  if (!(await cardAcceptanceOf(db, context, options.payeeBusinessId)).accepting) {
    throw fieldError('UNPROCESSABLE', 'paymentInstrumentId', AUTO_PAYMENT_MESSAGES.cardNotAccepted);
  }
  return { paymentMethod: 'CARD', paymentInstrumentId: instrument.card.id };
}

async function assertOtp(
  context: AutoPaymentsContext,
  db: DbOrTx,
  userId: string,
  otpId: string | undefined,
) {
  if (!otpId || !(await isVerifiedSmsCode(context, { db, userId, otpId }))) {
    throw fieldError('UNPROCESSABLE', 'otpId', AUTO_PAYMENT_MESSAGES.otpRequired);
  }
}

/**
 * POST …/payee-action and …/payer-action: a control of one side. CHANGE_METHOD (payer; ACCEPTED or
 * disabled) checks the instrument as the authorisation does and records PAYMENT_METHOD_UPDATED.
 */
export async function controlAutoPayment(
  context: AutoPaymentsContext,
  options: {
    businessId: string;
    side: AutoPaymentSide;
    mappingId: string;
    body: AutoPaymentActionRequest;
    actor: MappingActor;
    /** A guest session: CHANGE_METHOD needs its SMS code. */
    isGuest?: boolean;
  },
): Promise<AutoPaymentMappingRow> {
  const { body } = options;
  return context.database.db.transaction(async (tx) => {
    const mapping = await findMappingOf(tx, { ...options, forUpdate: true });
    if (!CONTROL_ACTIONS[options.side].includes(body.action)) throw notAllowed();
    if (body.action === 'CHANGE_METHOD') {
      if (!['ACCEPTED', 'PAYER_DISABLED', 'PAYEE_DISABLED'].includes(mapping.status)) throw notAllowed();
      if (options.isGuest && options.actor.userId)
        await assertOtp(context, tx, options.actor.userId, body.otpId);
      const method = await checkInstrument(context, tx, {
        payerBusinessId: options.businessId,
        payeeBusinessId: mapping.payeeBusinessId,
        paymentInstrumentId: body.paymentInstrumentId,
      });
      const [updated] = await tx
        .update(autoPaymentMappings)
        .set({ ...method, updatedAt: context.clock.now() })
        .where(eq(autoPaymentMappings.id, mapping.id))
        .returning();
      if (!updated) throw mappingNotFound();
      await recordEvents(tx, context, {
        mappingId: mapping.id,
        kind: 'CHANGE_METHOD',
        actor: options.actor,
        data: method,
      });
      return updated;
    }
    return applyMappingAction(tx, context, {
      mappingId: mapping.id,
      action: body.action,
      actor: options.actor,
      alsoCancelScheduled: body.alsoCancelScheduled ?? false,
    });
  });
}

/**
 * PATCH /auto-payment/{id}: the payer authorises (ACCEPTED, or HOLD while a non-guest payer business is
 * not FULL_VERIFIED) or declines. The caller's access (guest session of the invitation, or a member
 * with the right) is checked by the route; this checks the rest.
 */
export async function authorizeAutoPayment(
  context: AutoPaymentsContext,
  options: {
    mappingId: string;
    body: AutoPaymentAuthorizeRequest;
    user: { id: string; firstName: string; lastName: string };
  },
): Promise<AutoPaymentMappingRow> {
  const { body, user } = options;
  const actor: MappingActor = {
    side: 'PAYER',
    userId: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
  };
  return context.database.db.transaction(async (tx) => {
    const mapping = await lockMapping(tx, options.mappingId);
    if (body.status === 'PAYER_DECLINED') {
      return applyMappingAction(tx, context, { mappingId: mapping.id, action: 'DECLINE', actor });
    }
    if (!['PENDING', 'REQUESTED'].includes(mapping.status)) throw notAllowed();
    if (body.authorized !== true) {
      throw fieldError('UNPROCESSABLE', 'authorized', AUTO_PAYMENT_MESSAGES.authorizationRequired);
    }
    const method = await checkInstrument(context, tx, {
      payerBusinessId: body.businessId,
      payeeBusinessId: mapping.payeeBusinessId,
      paymentInstrumentId: body.paymentInstrumentId,
    });
    await assertOtp(context, tx, user.id, body.otpId);
    const [payer] = await tx
      .select({ isGuest: businesses.isGuest, verificationStatus: businesses.verificationStatus })
      .from(businesses)
      .where(eq(businesses.id, body.businessId))
      .limit(1);
    if (!payer) throw mappingNotFound();
    const sender = await findSender(tx, mapping.payeeBusinessId);
    const vendor = await resolveSenderVendor(context, tx, {
      businessId: body.businessId,
      sender,
      actor: { type: 'USER', userId: user.id, name: actor.name },
      contactId: body.vendorId,
      remarks: 'Added from an auto payment authorization',
      data: { autoPaymentMappingId: mapping.id },
    });
    const held = !payer.isGuest && payer.verificationStatus !== 'FULL_VERIFIED';
    return applyMappingAction(tx, context, {
      mappingId: mapping.id,
      action: held ? 'HOLD' : 'AUTHORIZE',
      actor,
      data: method,
      patch: {
        ...method,
        payerBusinessId: body.businessId,
        vendorId: vendor.id,
        authorizedBy: user.id,
        authorizedAt: context.clock.now(),
      },
    });
  });
}

/** The verification hook: a business that became FULL_VERIFIED has its HOLD mappings released. */
export async function releaseHeldAutoPayments(
  tx: DbOrTx,
  context: AutoPaymentsContext,
  businessId: string,
): Promise<number> {
  const held = await tx
    .select({ id: autoPaymentMappings.id })
    .from(autoPaymentMappings)
    .where(and(eq(autoPaymentMappings.payerBusinessId, businessId), eq(autoPaymentMappings.status, 'HOLD')));
  for (const { id } of held) {
    await applyMappingAction(tx, context, {
      mappingId: id,
      action: 'RELEASE_HOLD',
      actor: { side: 'SYSTEM', userId: null, name: 'Ferry' },
    });
  }
  return held.length;
}

// ---------------------------------------------------------------------------------------------
// The authorising payer: who may see and authorise a mapping
// ---------------------------------------------------------------------------------------------

/** The caller of the /auto-payment calls: a guest session of an invitation, or a signed-in user. */
export interface PayerCaller {
  user: { id: string; email: string; firstName: string; lastName: string };
  guest: GuestSessionScope | null;
}

/** The invitation of a guest session is the AUTO_PAYMENT invitation of this mapping. */
async function isGuestOf(db: DbOrTx, guest: GuestSessionScope, mappingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.id, guest.invitationId),
        eq(invitations.invitationType, AUTO_PAYMENT),
        sql`${invitations.data} ->> 'mappingId' = ${mappingId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The caller's active memberships, with their rights. */
export async function membershipsOf(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      businessId: businesses.id,
      businessName: businesses.businessName,
      isGuest: businesses.isGuest,
      verificationStatus: businesses.verificationStatus,
      permissions: roles.permissions,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .innerJoin(roles, eq(roles.id, businessMembers.roleId))
    .where(and(eq(businessMembers.userId, userId), eq(businessMembers.status, 'ACTIVE')))
    .orderBy(businesses.businessName);
  return rows.map((row) => ({ ...row, ability: defineAbilityFor(row.permissions) }));
}

/**
 * The mapping as the caller may see it, or 404: a guest session only its invitation's mapping; a
 * signed-in user one of whose businesses is on it, or whose email the request went to. `side` and
 * `ability` are the caller's (PAYEE when a member of the payee; ability null for the guest).
 */
export async function mappingForCaller(
  context: AutoPaymentsContext,
  options: { mappingId: string; caller: PayerCaller },
) {
  const { db } = context.database;
  const mapping = await readMapping(db, options.mappingId);
  const { caller } = options;
  if (caller.guest) {
    if (!(await isGuestOf(db, caller.guest, mapping.id))) throw mappingNotFound();
    return { mapping, side: 'PAYER' as const, ability: null };
  }
  const memberships = await membershipsOf(db, caller.user.id);
  const payee = memberships.find((m) => m.businessId === mapping.payeeBusinessId);
  if (payee) return { mapping, side: 'PAYEE' as const, ability: payee.ability };
  const payer = memberships.find((m) => m.businessId === mapping.payerBusinessId);
  if (payer) return { mapping, side: 'PAYER' as const, ability: payer.ability };
  if (mapping.payerEmail && mapping.payerEmail === caller.user.email.trim().toLowerCase()) {
    return { mapping, side: 'PAYER' as const, ability: null };
  }
  throw mappingNotFound();
}

/**
 * PATCH /auto-payment/{id} by a caller: the guest session's own guest business (phone verified), or a
 * business the caller is a member of with PayManageAutoPayments manage (403; another business 404).
 */
export async function authorizeForCaller(
  context: AutoPaymentsContext,
  options: { mappingId: string; caller: PayerCaller; body: AutoPaymentAuthorizeRequest },
): Promise<AutoPaymentMappingRow> {
  const { caller, body } = options;
  const { side } = await mappingForCaller(context, options);
  // The payee's people never authorise their own request, whatever other business they belong to.
  if (side === 'PAYEE') throw accessDenied();
  if (caller.guest) {
    if (body.businessId !== caller.guest.businessId) throw mappingNotFound();
    if (!caller.guest.phoneVerified) throw new AppError('FORBIDDEN', GUEST_MESSAGES.phoneNotVerified);
  } else {
    const membership = (await membershipsOf(context.database.db, caller.user.id)).find(
      (m) => m.businessId === body.businessId,
    );
    if (!membership) throw new AppError('BUSINESS_NOT_FOUND', BUSINESS_NOT_FOUND_MESSAGE);
    if (!membership.ability.can('manage', 'PayManageAutoPayments')) throw accessDenied();
  }
  return authorizeAutoPayment(context, { mappingId: options.mappingId, body, user: caller.user });
}

/** GET /auto-payment/mapping/{id}/businesses-to-map: the caller's businesses it may authorise for. */
export async function businessesToMapFor(
  context: AutoPaymentsContext,
  options: { mappingId: string; caller: PayerCaller; allowGuestBusiness: boolean },
): Promise<BusinessToMap[]> {
  const { mapping } = await mappingForCaller(context, options);
  const memberships = await membershipsOf(context.database.db, options.caller.user.id);
  return memberships
    .filter((m) => m.businessId !== mapping.payeeBusinessId && (options.allowGuestBusiness || !m.isGuest))
    .map((m) => ({
      businessId: m.businessId,
      businessName: m.businessName,
      isGuest: m.isGuest,
      verificationStatus: m.verificationStatus ?? 'NOT_INITIATED',
      canAuthorize: m.ability.can('manage', 'PayManageAutoPayments'),
    }));
}
