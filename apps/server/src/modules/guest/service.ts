import { getPaymentStatusDisplay, MESSAGES } from '@ferry/domain/catalogues';
import { centsToAmount } from '@ferry/domain/money';
import { type EnginePaymentStatus, isAutoPaymentLive } from '@ferry/domain/payments';
import {
  GUEST_INVITATION_TYPES,
  GUEST_MESSAGES,
  type GuestAcceptPaymentRequest,
  type GuestInvitationType,
  type GuestLink,
  type GuestPaymentInfo,
  type GuestPhoneSendRequest,
  type GuestSession,
  partialPaymentAmountSchema,
} from '@ferry/domain/schemas';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { userActor } from '../activity/service.js';
import { createSession, type GuestSessionScope, hashToken } from '../auth/service.js';
import { type InvitationRow, invitations, sessions } from '../auth/tables.js';
import { type CreatedTrustedDevice, createTrustedDevice } from '../auth/trusted-devices.js';
import { type AutoPaymentMappingRow, autoPaymentMappings } from '../auto-payments/tables.js';
import { revealAccountNumber } from '../banking/service.js';
import { findBillOrThrow } from '../bills/service.js';
import { bills } from '../bills/tables.js';
import { addMember, BUILT_IN_ROLES, insertBusinessWithRoles } from '../businesses/service.js';
import { businesses, businessMembers } from '../businesses/tables.js';
import { cardAcceptanceOf } from '../cards/merchant.js';
import { contacts } from '../contacts/tables.js';
import { INVITATION_FORBIDDEN_MESSAGE } from '../invitations/service.js';
import { sendOtp, verifyOtp } from '../otp/service.js';
import { ensureRequestBill, firstProcessDate } from '../payment-requests/pay-request.js';
import { balanceNow, statusNow } from '../payment-requests/service.js';
import { type PaymentRequestRow, paymentRequests } from '../payment-requests/tables.js';
import { createPayment, findInstrument, isPayingBank } from '../payments/service.js';
import { type PaymentRow, payments } from '../payments/tables.js';
import { roles } from '../roles/tables.js';
import { changeMobileNumber } from '../users/mobile-number.js';
import {
  BLOCKED_STATUSES,
  createInvitedUser,
  findPrimaryPhone,
  findUserByEmail,
  markEmailVerified,
  markPrimaryPhoneVerified,
} from '../users/service.js';
import { type UserRow, users } from '../users/tables.js';
import { addVendorBank } from '../vendor-banks/service.js';
import { AUTO_PAYMENT, BILL_PAYMENT, BUSINESS_PAYMENT } from './kinds.js';

/**
 * The guest flows (Get Paid, issue 19; contract packages/domain/src/schemas/guest-api.ts): someone who
 * got a guest link by email opens it, proves the address with an email code and the phone with an SMS
 * code, then pays the payment request (BUSINESS_PAYMENT) or accepts the payment (BILL_PAYMENT) from
 * their guest business, through the same services the signed-in screens use.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>;

const invalidLink = () => new AppError('INVALID_INVITATION', GUEST_MESSAGES.invalidLink);
const goneLink = () => new AppError('LINK_GONE', GUEST_MESSAGES.invalidLink);
const fieldError = (
  code: 'VALIDATION_ERROR' | 'UNPROCESSABLE' | 'FORBIDDEN' | 'CONFLICT' | 'UNVERIFIED_BANK',
  field: string,
  message: string,
) => new AppError(code, message, { errors: [{ field, message }] });

/** Wrong last-four answers a guest session may give; the next one is refused with 429. */
export const GUEST_LAST_FOUR_ATTEMPTS = 5;
/** The SMS code's purpose (the guest sign-in: email code, then phone code). */
const PHONE_PURPOSE = 'SIGN_IN' as const;
const EMAIL_PURPOSE = 'GUEST_ACCESS' as const;

/** Payment statuses in which a payment waiting for the vendor's bank can still be accepted. */
const ACCEPTABLE: readonly EnginePaymentStatus[] = ['PENDING', 'IN_APPROVAL', 'APPROVED', 'IN_QUEUE'];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const isGuestType = (type: string): type is GuestInvitationType =>
  (GUEST_INVITATION_TYPES as readonly string[]).includes(type);

// ---------------------------------------------------------------------------------------------
// The invitation and what it is about
// ---------------------------------------------------------------------------------------------

/** The guest invitation of a link token: 404 when unknown, 410 when used, cancelled or expired. */
export async function findGuestInvitation(context: Pick<Ctx, 'database' | 'clock'>, token: string) {
  const [row] = await context.database.db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        inArray(invitations.invitationType, [...GUEST_INVITATION_TYPES]),
      ),
    )
    .limit(1);
  if (!row) throw invalidLink();
  if (row.usedAt || row.revokedAt || row.expiresAt <= context.clock.now()) throw goneLink();
  return row;
}

interface RequestSubject {
  kind: typeof BUSINESS_PAYMENT;
  request: PaymentRequestRow;
  status: string;
  /** The request's balance minus the payments on their way (what may still be paid now). */
  dueCents: number;
  closed: boolean;
}

interface PaymentSubject {
  kind: typeof BILL_PAYMENT;
  payment: PaymentRow;
  closed: boolean;
}

/** AUTO_PAYMENT: the mapping to authorise; the link stays usable to manage it (closed once it ended). */
interface AutoPaymentSubject {
  kind: typeof AUTO_PAYMENT;
  mapping: AutoPaymentMappingRow;
  closed: boolean;
}

type Subject = RequestSubject | PaymentSubject | AutoPaymentSubject;

async function requestSubject(db: DbOrTx, paymentRequestId: string): Promise<RequestSubject> {
  const [row] = await db
    .select({
      request: paymentRequests,
      status: statusNow,
      balance: balanceNow,
      scheduled: bills.scheduledCents,
    })
    .from(paymentRequests)
    .leftJoin(bills, eq(bills.id, paymentRequests.billId))
    .where(eq(paymentRequests.id, paymentRequestId))
    .limit(1);
  if (!row) throw invalidLink();
  const dueCents = Math.max(0, Number(row.balance) - Number(row.scheduled ?? 0));
  return {
    kind: BUSINESS_PAYMENT,
    request: row.request,
    status: row.status,
    dueCents,
    closed: row.status === 'CANCELLED' || dueCents <= 0,
  };
}

async function paymentSubject(db: DbOrTx, paymentId: string): Promise<PaymentSubject> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment) throw invalidLink();
  return {
    kind: BILL_PAYMENT,
    payment,
    closed: !payment.awaitingPayeeDetails || !ACCEPTABLE.includes(payment.status),
  };
}

async function subjectOf(db: DbOrTx, invitation: InvitationRow): Promise<Subject> {
  if (invitation.invitationType === BUSINESS_PAYMENT) {
    const id = text(invitation.data.paymentRequestId);
    if (!id) throw invalidLink();
    return requestSubject(db, id);
  }
  if (invitation.invitationType === AUTO_PAYMENT) {
    const id = text(invitation.data.mappingId);
    const [mapping] = id
      ? await db.select().from(autoPaymentMappings).where(eq(autoPaymentMappings.id, id)).limit(1)
      : [];
    if (!mapping) throw invalidLink();
    return { kind: AUTO_PAYMENT, mapping, closed: !isAutoPaymentLive(mapping.status) };
  }
  const id = text(invitation.data.paymentId);
  if (!id) throw invalidLink();
  return paymentSubject(db, id);
}

const businessName = async (db: DbOrTx, businessId: string): Promise<string> => {
  const [row] = await db
    .select({ name: businesses.businessName })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row?.name ?? '';
};

/** A link whose request was withdrawn or whose payment can no longer be accepted is spent. */
function assertOpen(subject: Subject): void {
  if (subject.kind === BUSINESS_PAYMENT && subject.status === 'CANCELLED') throw goneLink();
  if (subject.kind === BILL_PAYMENT && subject.closed) throw goneLink();
}

const isNewPerson = (user: UserRow | null) => !user || user.firstName.trim() === '';

function assertNotBlocked(user: UserRow | null): void {
  if (user && BLOCKED_STATUSES.has(user.activeStatus)) {
    throw new AppError('FORBIDDEN', INVITATION_FORBIDDEN_MESSAGE);
  }
}

/** POST /guest/link: what the link is about (nothing changes). */
export async function describeGuestLink(context: Ctx, token: string): Promise<GuestLink> {
  const { db } = context.database;
  const invitation = await findGuestInvitation(context, token);
  const subject = await subjectOf(db, invitation);
  assertOpen(subject);
  const invitee = await findUserByEmail({ db, email: invitation.email });
  const type = invitation.invitationType as GuestInvitationType;
  if (subject.kind === AUTO_PAYMENT) {
    return {
      invitationId: invitation.id,
      invitationType: type,
      paymentType: 'AUTO_PAYMENT',
      email: invitation.email,
      senderBusinessName: await businessName(db, subject.mapping.payeeBusinessId),
      amount: 0,
      firstName: invitee && !isNewPerson(invitee) ? invitee.firstName : null,
      isNewUser: isNewPerson(invitee),
      autoPaymentMappingId: subject.mapping.id,
      autoPaymentStatus: subject.mapping.status,
    };
  }
  return {
    invitationId: invitation.id,
    invitationType: type,
    paymentType: type === BUSINESS_PAYMENT ? 'SEND_PAYMENT' : 'RECEIVE_PAYMENT',
    email: invitation.email,
    senderBusinessName: await businessName(
      db,
      subject.kind === BUSINESS_PAYMENT ? subject.request.payeeBusinessId : subject.payment.businessId,
    ),
    amount: subject.kind === BUSINESS_PAYMENT ? subject.dueCents : subject.payment.amountCents,
    firstName: invitee && !isNewPerson(invitee) ? invitee.firstName : null,
    isNewUser: isNewPerson(invitee),
  };
}

// ---------------------------------------------------------------------------------------------
// Email code and the guest session
// ---------------------------------------------------------------------------------------------

/** POST /guest/start: the invited address (403 otherwise), names for a new person; sends the email code. */
export async function startGuest(
  context: Ctx,
  options: { token: string; email: string; firstName?: string | undefined; lastName?: string | undefined },
): Promise<{ requestId: string; isNewUser: boolean }> {
  const { db } = context.database;
  const invitation = await findGuestInvitation(context, options.token);
  assertOpen(await subjectOf(db, invitation));
  const email = options.email.trim().toLowerCase();
  if (email !== invitation.email.toLowerCase()) {
    throw fieldError('FORBIDDEN', 'email', GUEST_MESSAGES.wrongEmail);
  }
  const user = await findUserByEmail({ db, email });
  assertNotBlocked(user);
  const isNewUser = isNewPerson(user);
  if (isNewUser) {
    const firstName = options.firstName?.trim();
    const lastName = options.lastName?.trim();
    if (!firstName || !lastName) {
      throw new AppError('VALIDATION_ERROR', GUEST_MESSAGES.namesRequired, {
        errors: [
          ...(firstName ? [] : [{ field: 'firstName', message: GUEST_MESSAGES.namesRequired }]),
          ...(lastName ? [] : [{ field: 'lastName', message: GUEST_MESSAGES.namesRequired }]),
        ],
      });
    }
    // Kept with the link until the email code proves the address (the account is made then).
    await db
      .update(invitations)
      .set({ data: sql`${invitations.data} || ${JSON.stringify({ firstName, lastName })}::jsonb` })
      .where(eq(invitations.id, invitation.id));
  }
  const sent = await sendOtp(context, {
    userId: user?.id ?? null,
    purpose: EMAIL_PURPOSE,
    channel: 'email',
    destination: invitation.email,
  });
  return { requestId: sent.requestId, isNewUser };
}

const maskPhone = (e164: string) => `*** ${e164.slice(-4)}`;

async function adminRoleOf(db: DbOrTx, businessId: string): Promise<string> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.businessId, businessId),
        eq(roles.isBuiltIn, true),
        eq(roles.name, BUILT_IN_ROLES.admin.name),
      ),
    )
    .limit(1);
  if (!role) throw new Error(`business ${businessId} has no Admin role`);
  return role.id;
}

/** A new guest business with the user as its Admin. */
async function newGuestBusiness(context: Ctx, db: DbOrTx, name: string, userId: string): Promise<string> {
  const { businessId } = await insertBusinessWithRoles(db, {
    clock: context.clock,
    ownerId: userId,
    businessName: name.slice(0, 100) || 'My business',
    isGuest: true,
  });
  return businessId;
}

/**
 * The guest's own business for this invitation, with the user an ADMIN member of it (made once: the
 * invitation remembers it). BUSINESS_PAYMENT: the guest business the request was sent to — unless it
 * already has an active member who is someone else, then a new guest business for this person.
 * BILL_PAYMENT: a guest business named after the payer's vendor contact.
 */
async function guestBusinessFor(
  context: Ctx,
  db: DbOrTx,
  invitation: InvitationRow,
  subject: Subject,
  user: UserRow,
): Promise<string> {
  const remembered = invitation.data.guestBusinesses as Record<string, string> | undefined;
  const known = remembered?.[user.id];
  if (known) return known;
  let businessId: string;
  if (subject.kind === BUSINESS_PAYMENT || subject.kind === AUTO_PAYMENT) {
    const target =
      subject.kind === BUSINESS_PAYMENT ? subject.request.payerBusinessId : subject.mapping.payerBusinessId;
    if (!target) throw invalidLink();
    const members = await db
      .select({ userId: businessMembers.userId })
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, target), eq(businessMembers.status, 'ACTIVE')))
      .for('update');
    if (members.some((m) => m.userId === user.id)) {
      businessId = target;
    } else if (members.length === 0) {
      await addMember({
        db,
        clock: context.clock,
        businessId: target,
        userId: user.id,
        roleId: await adminRoleOf(db, target),
      });
      businessId = target;
    } else {
      businessId = await newGuestBusiness(context, db, await businessName(db, target), user.id);
    }
  } else {
    const [vendor] = await db
      .select({ name: contacts.name })
      .from(contacts)
      .where(eq(contacts.id, subject.payment.vendorId))
      .limit(1);
    businessId = await newGuestBusiness(context, db, vendor?.name ?? '', user.id);
  }
  await db
    .update(invitations)
    .set({
      data: sql`jsonb_set(${invitations.data}, '{guestBusinesses}', coalesce(${invitations.data} -> 'guestBusinesses', '{}'::jsonb) || ${JSON.stringify({ [user.id]: businessId })}::jsonb)`,
      sentToUserId: sql`coalesce(${invitations.sentToUserId}, ${user.id})`,
    })
    .where(eq(invitations.id, invitation.id));
  return businessId;
}

/**
 * POST /guest/verify-email: the email code. A new person's account is made (GUEST_ACTIVE, names from
 * the start step, email verified, no password); an existing account keeps its status. Either way the
 * answer is a guest session scoped to this invitation and the guest's business.
 */
export async function verifyGuestEmail(
  context: Ctx,
  options: { token: string; requestId: string; otp: string; deviceId: string | null },
): Promise<GuestSession & { expiresAt: Date }> {
  const { db } = context.database;
  const invitation = await findGuestInvitation(context, options.token);
  const subject = await subjectOf(db, invitation);
  assertOpen(subject);
  const existing = await findUserByEmail({ db, email: invitation.email });
  assertNotBlocked(existing);
  const used = await verifyOtp(context, {
    requestId: options.requestId,
    code: options.otp,
    purpose: EMAIL_PURPOSE,
    userId: existing?.id ?? null,
  });
  if (used.destination !== invitation.email.toLowerCase()) {
    throw new AppError('INVALID_OTP', MESSAGES.invalidOtp, {
      errors: [{ field: 'otp', message: MESSAGES.invalidOtp }],
    });
  }
  const firstName = text(invitation.data.firstName);
  const lastName = text(invitation.data.lastName);
  const result = await db.transaction(async (tx) => {
    let user = existing;
    if (!user) {
      const created = await createInvitedUser({
        db: tx,
        clock: context.clock,
        email: invitation.email,
        firstName: firstName ?? undefined,
        lastName: lastName ?? undefined,
      });
      await tx
        .update(users)
        .set({ activeStatus: 'GUEST_ACTIVE', updatedAt: context.clock.now() })
        .where(and(eq(users.id, created.id), eq(users.activeStatus, 'PENDING'), isNull(users.passwordHash)));
      await tx
        .update(invitations)
        .set({ data: sql`${invitations.data} || '{"createdUser": true}'::jsonb` })
        .where(eq(invitations.id, invitation.id));
    } else if (isNewPerson(user) && firstName && lastName) {
      await tx
        .update(users)
        .set({ firstName, lastName, updatedAt: context.clock.now() })
        .where(eq(users.id, user.id));
    }
    user = await findUserByEmail({ db: tx, email: invitation.email });
    if (!user) throw new Error('guest user neither made nor found');
    if (!user.isEmailVerified) await markEmailVerified({ db: tx, clock: context.clock, userId: user.id });
    const [fresh] = await tx.select().from(invitations).where(eq(invitations.id, invitation.id)).limit(1);
    const businessId = await guestBusinessFor(context, tx, fresh ?? invitation, subject, user);
    const session = await createSession({
      db: tx,
      clock: context.clock,
      userId: user.id,
      deviceId: options.deviceId,
      ttlHours: context.config.SESSION_TTL_HOURS,
      guest: { invitationId: invitation.id, businessId },
    });
    const phone = await findPrimaryPhone({ db: tx, userId: user.id });
    return { user, session, phone };
  });
  return {
    token: result.session.token,
    sessionId: result.session.sessionId,
    expiresAt: result.session.expiresAt,
    userId: result.user.id,
    firstName: result.user.firstName,
    maskedPhone: result.phone ? maskPhone(result.phone.e164) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Phone
// ---------------------------------------------------------------------------------------------

/** The guest scope of a request's session (only guest sessions reach the guest calls). */
export function guestScopeOf(
  auth: AuthContext | null,
): GuestSessionScope & { user: UserRow; sessionId: string } {
  if (!auth?.guest) throw new AppError('GUEST_SCOPE', GUEST_MESSAGES.scope);
  return { ...auth.guest, user: auth.user, sessionId: auth.sessionId };
}

/**
 * POST /guest/phone/send: confirms the phone on file by its last four digits (a wrong answer counts;
 * the fifth is refused with 429), or takes a new number for a person without a verified one (409 when
 * another account has it); then sends the SMS code.
 */
export async function sendGuestPhoneCode(
  context: Ctx,
  auth: AuthContext | null,
  body: GuestPhoneSendRequest,
): Promise<{ requestId: string }> {
  const scope = guestScopeOf(auth);
  const { db } = context.database;
  const phone = await findPrimaryPhone({ db, userId: scope.user.id });
  if (body.lastFour !== undefined) {
    if (!phone) throw fieldError('VALIDATION_ERROR', 'phones', GUEST_MESSAGES.phoneRequired);
    const [session] = await db
      .select({ failures: sessions.guestPhoneFailures })
      .from(sessions)
      .where(eq(sessions.id, scope.sessionId));
    if ((session?.failures ?? 0) >= GUEST_LAST_FOUR_ATTEMPTS) {
      throw new AppError('RATE_LIMITED', GUEST_MESSAGES.lastFourMismatch);
    }
    if (phone.e164.slice(-4) !== body.lastFour) {
      const [after] = await db
        .update(sessions)
        .set({ guestPhoneFailures: sql`${sessions.guestPhoneFailures} + 1` })
        .where(eq(sessions.id, scope.sessionId))
        .returning({ failures: sessions.guestPhoneFailures });
      if ((after?.failures ?? 0) >= GUEST_LAST_FOUR_ATTEMPTS) {
        throw new AppError('RATE_LIMITED', GUEST_MESSAGES.lastFourMismatch);
      }
      throw fieldError('VALIDATION_ERROR', 'lastFour', GUEST_MESSAGES.lastFourMismatch);
    }
    const sent = await sendOtp(context, {
      userId: scope.user.id,
      purpose: PHONE_PURPOSE,
      channel: 'sms',
      destination: phone.e164,
    });
    return { requestId: sent.requestId };
  }
  const entered = body.phones?.[0];
  if (!entered) throw fieldError('VALIDATION_ERROR', 'phones', GUEST_MESSAGES.phoneRequired);
  if (phone?.isVerified) throw fieldError('VALIDATION_ERROR', 'lastFour', GUEST_MESSAGES.lastFourInvalid);
  try {
    const sent = await changeMobileNumber(context, {
      user: scope.user,
      phone: { ...entered, countryCode: entered.countryCode.replace(/^\+/, '') },
      mode: 'sign-in',
    });
    return { requestId: sent.requestId };
  } catch (error) {
    if (error instanceof AppError && error.errorCode === 'CONFLICT') {
      throw fieldError('CONFLICT', 'phones.0.phoneNumber', GUEST_MESSAGES.phoneLinked);
    }
    throw error;
  }
}

/** POST /guest/phone/verify: the SMS code; the phone and this session become phone-verified. */
export async function verifyGuestPhone(
  context: Ctx,
  auth: AuthContext | null,
  body: { requestId: string; otp: string; isRegisterTrustedDevice?: boolean | undefined },
  device: { deviceId: string | null } = { deviceId: null },
): Promise<{ info: GuestPaymentInfo; trustedDevice: CreatedTrustedDevice | null }> {
  const scope = guestScopeOf(auth);
  const { db } = context.database;
  const used = await verifyOtp(context, {
    requestId: body.requestId,
    code: body.otp,
    purpose: PHONE_PURPOSE,
    userId: scope.user.id,
  });
  const phone = await findPrimaryPhone({ db, userId: scope.user.id });
  if (!phone || phone.e164 !== used.destination) {
    throw fieldError('VALIDATION_ERROR', 'otp', GUEST_MESSAGES.phoneRequired);
  }
  await markPrimaryPhoneVerified({ db, clock: context.clock, userId: scope.user.id });
  await db
    .update(sessions)
    .set({ guestPhoneVerifiedAt: context.clock.now(), guestPhoneFailures: 0 })
    .where(eq(sessions.id, scope.sessionId));
  // 'Trust this device for 30 days': the person's next sign-ins on this browser skip the SMS code, as after
  // a sign-in code with the box ticked.
  const trustedDevice = body.isRegisterTrustedDevice
    ? await createTrustedDevice({
        db,
        clock: context.clock,
        userId: scope.user.id,
        deviceId: device.deviceId,
      })
    : null;
  return { info: await guestPaymentInfo(context, { ...scope, phoneVerified: true }), trustedDevice };
}

// ---------------------------------------------------------------------------------------------
// Payment info
// ---------------------------------------------------------------------------------------------

type Scope = ReturnType<typeof guestScopeOf>;

function assertPhoneVerified(scope: Scope): void {
  if (!scope.phoneVerified) throw new AppError('FORBIDDEN', GUEST_MESSAGES.phoneNotVerified);
}

async function invitationOfScope(db: DbOrTx, scope: Scope): Promise<InvitationRow> {
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.id, scope.invitationId))
    .limit(1);
  if (!invitation || !isGuestType(invitation.invitationType)) throw invalidLink();
  return invitation;
}

async function cardTerms(context: Ctx, db: DbOrTx, payeeId: string) {
  const acceptance = await cardAcceptanceOf(db, context, payeeId);
  const surcharged = acceptance.accepting && Boolean(acceptance.surcharge?.enabled);
  return {
    payeeAcceptCardPayment: acceptance.accepting,
    payeeCardSurchargeEnabled: surcharged,
    payeeCardMerchantId: acceptance.accepting ? payeeId : null,
    cardFeeBps: surcharged ? (acceptance.surcharge?.rateBps ?? 0) : 0,
  };
}

/** GET /guest/payment-info: the invitation's request or payment as the guest sees it. */
export async function guestPaymentInfo(context: Ctx, scope: Scope): Promise<GuestPaymentInfo> {
  assertPhoneVerified(scope);
  const { db } = context.database;
  const invitation = await invitationOfScope(db, scope);
  const subject = await subjectOf(db, invitation);
  const [guestBusiness] = await db
    .select({ name: businesses.businessName, isGuest: businesses.isGuest })
    .from(businesses)
    .where(eq(businesses.id, scope.businessId))
    .limit(1);
  const common = {
    invitationId: invitation.id,
    invitationType: invitation.invitationType as GuestInvitationType,
    guestBusinessId: scope.businessId,
    isNewUser: invitation.data.createdUser === true,
    isNewBusiness: Boolean(guestBusiness?.isGuest) && invitation.data.businessNamed !== true,
  };
  if (subject.kind === BUSINESS_PAYMENT) {
    const { request } = subject;
    const [contact] = request.payerContactId
      ? await db
          .select({ name: contacts.name })
          .from(contacts)
          .where(eq(contacts.id, request.payerContactId))
          .limit(1)
      : [];
    const made = await db
      .select()
      .from(payments)
      .where(and(eq(payments.paymentRequestId, request.id), eq(payments.businessId, scope.businessId)))
      .orderBy(desc(payments.createdAt), desc(payments.id));
    return {
      ...common,
      paymentType: 'SEND_PAYMENT',
      payerId: scope.businessId,
      payeeId: request.payeeBusinessId,
      amount: request.amountCents,
      amountToPay: subject.dueCents,
      paymentRequestId: request.id,
      paymentId: null,
      ...(await cardTerms(context, db, request.payeeBusinessId)),
      contactName: contact?.name ?? guestBusiness?.name ?? '',
      payerBusinessName: guestBusiness?.name ?? null,
      payeeBusinessName: await businessName(db, request.payeeBusinessId),
      refNo: request.refNo,
      invoiceDate: request.invoiceDate,
      dueDate: request.dueDate,
      memo: request.memo,
      lines: request.lines.map((line) => ({
        itemName: line.itemName,
        description: line.description,
        quantity: line.quantityE4 / 10_000,
        unitPrice: line.unitPriceCents,
        amount: line.amountCents,
      })),
      payments: made.map((p) => ({
        id: p.id,
        amount: p.amountCents,
        feeAmount: p.feeCents,
        method: p.method === 'CARD' ? 'CARD' : 'BANK',
        status: p.status,
        // The payer's side of the spec's status display ('Delivered', 'Canceled', …).
        statusLabel: getPaymentStatusDisplay(p.status, { side: 'pay' }).label,
        processDate: p.processDate,
      })),
      closed: subject.closed,
    };
  }
  if (subject.kind === AUTO_PAYMENT) {
    const { mapping } = subject;
    const [customer] = await db
      .select({ name: contacts.name })
      .from(contacts)
      .where(eq(contacts.id, mapping.customerId))
      .limit(1);
    return {
      ...common,
      paymentType: 'AUTO_PAYMENT',
      payerId: scope.businessId,
      payeeId: mapping.payeeBusinessId,
      amount: 0,
      amountToPay: 0,
      paymentRequestId: null,
      paymentId: null,
      ...(await cardTerms(context, db, mapping.payeeBusinessId)),
      contactName: customer?.name ?? guestBusiness?.name ?? '',
      payerBusinessName: guestBusiness?.name ?? null,
      payeeBusinessName: await businessName(db, mapping.payeeBusinessId),
      refNo: null,
      invoiceDate: null,
      dueDate: null,
      memo: null,
      lines: [],
      payments: [],
      closed: subject.closed,
      autoPaymentMappingId: mapping.id,
      autoPaymentStatus: mapping.status,
    };
  }
  const { payment } = subject;
  const [vendor] = await db
    .select({ name: contacts.name })
    .from(contacts)
    .where(eq(contacts.id, payment.vendorId))
    .limit(1);
  const [bill] = await db
    .select({ refNo: bills.refNo, billDate: bills.billDate, dueDate: bills.dueDate })
    .from(bills)
    .where(eq(bills.id, payment.billId))
    .limit(1);
  return {
    ...common,
    paymentType: 'RECEIVE_PAYMENT',
    payerId: payment.businessId,
    payeeId: scope.businessId,
    amount: payment.amountCents,
    amountToPay: subject.closed ? 0 : payment.amountCents,
    paymentRequestId: null,
    paymentId: payment.id,
    payeeAcceptCardPayment: false,
    payeeCardSurchargeEnabled: false,
    payeeCardMerchantId: null,
    cardFeeBps: 0,
    contactName: vendor?.name ?? '',
    payerBusinessName: await businessName(db, payment.businessId),
    payeeBusinessName: guestBusiness?.name ?? null,
    refNo: bill?.refNo ?? null,
    invoiceDate: bill?.billDate ?? null,
    dueDate: bill?.dueDate ?? null,
    memo: payment.remarks,
    lines: [],
    payments: [],
    closed: subject.closed,
  };
}

// ---------------------------------------------------------------------------------------------
// Paying and accepting
// ---------------------------------------------------------------------------------------------

const amountText = (cents: number) => centsToAmount(cents).toFixed(2);

async function payRequest(
  context: Ctx,
  scope: Scope,
  invitation: InvitationRow,
  subject: RequestSubject,
  body: GuestAcceptPaymentRequest & { amount: number },
  idempotencyKey: string | null,
): Promise<void> {
  const { db } = context.database;
  const { request } = subject;
  if (body.paymentRequestId && body.paymentRequestId !== request.id) throw invalidLink();
  if (request.payerBusinessId !== scope.businessId) {
    // The request went to a guest business someone else holds: this person's own cannot pay it.
    throw new AppError('CONFLICT', GUEST_MESSAGES.requestClosed);
  }
  if (subject.status === 'CANCELLED') throw new AppError('CONFLICT', GUEST_MESSAGES.requestClosed);
  const actor = userActor(scope.user);
  const [business] = await db
    .select({ isGuest: businesses.isGuest })
    .from(businesses)
    .where(eq(businesses.id, scope.businessId))
    .limit(1);
  if (body.businessName && business?.isGuest && invitation.data.businessNamed !== true) {
    await db.transaction(async (tx) => {
      await tx
        .update(businesses)
        .set({ businessName: body.businessName, updatedAt: context.clock.now() })
        .where(eq(businesses.id, scope.businessId));
      await tx
        .update(invitations)
        .set({ data: sql`${invitations.data} || '{"businessNamed": true}'::jsonb` })
        .where(eq(invitations.id, invitation.id));
    });
  }
  const instrument = await findInstrument(db, scope.businessId, body.paymentInstrumentId).catch((error) => {
    if (error instanceof AppError && error.errorCode === 'NOT_FOUND') {
      throw fieldError('UNPROCESSABLE', 'paymentInstrumentId', GUEST_MESSAGES.invalidBank);
    }
    throw error;
  });
  if (instrument.kind === 'BANK' && !isPayingBank(instrument.bank)) {
    throw fieldError('UNVERIFIED_BANK', 'paymentInstrumentId', GUEST_MESSAGES.invalidBank);
  }
  if (
    instrument.kind === 'CARD' &&
    !(await cardAcceptanceOf(db, context, request.payeeBusinessId)).accepting
  ) {
    throw fieldError('UNPROCESSABLE', 'paymentInstrumentId', GUEST_MESSAGES.cardNotAccepted);
  }
  const billId = await ensureRequestBill(context, { businessId: scope.businessId, request, actor });
  const { bill } = await findBillOrThrow(db, { businessId: scope.businessId, billId });
  const dueCents = Math.max(0, bill.balanceCents - bill.scheduledCents);
  if (dueCents <= 0) {
    throw fieldError(
      'UNPROCESSABLE',
      'amount',
      bill.balanceCents <= 0 ? GUEST_MESSAGES.alreadyPaid : GUEST_MESSAGES.requestClosed,
    );
  }
  const parsed = partialPaymentAmountSchema(dueCents).safeParse(amountText(body.amount));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? GUEST_MESSAGES.fillRequired;
    throw fieldError('UNPROCESSABLE', 'amount', message);
  }
  // The same service as POST business/{id}/payments: under the bill's row lock it refuses (422) an
  // amount above what is left, so concurrent guest payments never pay more than the request.
  await createPayment(context, {
    businessId: scope.businessId,
    actor,
    idempotencyKey,
    request: {
      billId,
      paymentInstrumentId: instrument.kind === 'BANK' ? instrument.bank.id : instrument.card.id,
      amount: parsed.data,
      deliverySpeed: 'STANDARD',
      processDate: body.scheduledDate ?? firstProcessDate(context, parsed.data),
      remarks: undefined,
      paymentRequestId: request.id,
    },
  });
  // Nothing left to pay: every guest link of the request is spent.
  const after = await requestSubject(db, request.id);
  if (after.dueCents <= 0) {
    await db
      .update(invitations)
      .set({ usedAt: context.clock.now() })
      .where(
        and(
          eq(invitations.invitationType, BUSINESS_PAYMENT),
          sql`${invitations.data} ->> 'paymentRequestId' = ${request.id}`,
          isNull(invitations.usedAt),
        ),
      );
  }
}

async function acceptPayment(
  context: Ctx,
  scope: Scope,
  invitation: InvitationRow,
  subject: PaymentSubject,
  body: GuestAcceptPaymentRequest & { amount: number },
): Promise<void> {
  const { db } = context.database;
  const { payment } = subject;
  if (body.paymentId && body.paymentId !== payment.id) throw invalidLink();
  if (subject.closed) throw new AppError('CONFLICT', GUEST_MESSAGES.paymentClosed);
  if (body.amount !== payment.amountCents) {
    throw fieldError(
      'UNPROCESSABLE',
      'amount',
      `Amount must be ${centsToAmount(payment.amountCents).toLocaleString('en-US', { style: 'currency', currency: 'USD' })}.`,
    );
  }
  const instrument = await findInstrument(db, scope.businessId, body.paymentInstrumentId).catch(() => null);
  if (instrument?.kind !== 'BANK' || !isPayingBank(instrument.bank)) {
    throw fieldError('UNVERIFIED_BANK', 'paymentInstrumentId', GUEST_MESSAGES.invalidBank);
  }
  const bank = instrument.bank;
  // Spend the link first: of two concurrent accepts only one goes on.
  const [claimed] = await db
    .update(invitations)
    .set({ usedAt: context.clock.now() })
    .where(and(eq(invitations.id, invitation.id), isNull(invitations.usedAt)))
    .returning({ id: invitations.id });
  if (!claimed) throw new AppError('CONFLICT', GUEST_MESSAGES.paymentClosed);
  try {
    // The payer-side vendor bank entry (POST business/{payer}/vendor-banks): the engine releases the
    // payment waiting for the vendor's details at once.
    await addVendorBank(context, {
      businessId: payment.businessId,
      actor: userActor(scope.user),
      request: {
        vendorId: payment.vendorId,
        bankName: bank.bankName,
        accountType: bank.accountType,
        accountHolderName: bank.accountHolderName ?? scope.user.firstName,
        routingNumber: bank.routingNumber,
        ...(() => {
          const accountNumber = revealAccountNumber(context, bank);
          return { accountNumber, confirmAccountNumber: accountNumber };
        })(),
        consent: true,
      },
    });
  } catch (error) {
    await db.update(invitations).set({ usedAt: null }).where(eq(invitations.id, invitation.id));
    throw error;
  }
}

/** POST /payments/guest/accept/payment: pays the request (SEND) or accepts the payment (RECEIVE). */
export async function acceptGuestPayment(
  context: Ctx,
  auth: AuthContext | null,
  body: GuestAcceptPaymentRequest & { amount: number },
  idempotencyKey: string | null,
): Promise<GuestPaymentInfo> {
  const scope = guestScopeOf(auth);
  assertPhoneVerified(scope);
  const { db } = context.database;
  const invitation = await findGuestInvitation(context, body.token);
  if (invitation.id !== scope.invitationId) throw invalidLink();
  if (body.invitationType !== invitation.invitationType) throw invalidLink();
  if (body.businessId !== scope.businessId) throw invalidLink();
  const subject = await subjectOf(db, invitation);
  if (subject.kind === AUTO_PAYMENT) {
    // An auto-payment link authorises (PATCH /auto-payment/{id}); it has nothing to pay or accept.
    throw invalidLink();
  }
  if (subject.kind === BUSINESS_PAYMENT) {
    await payRequest(context, scope, invitation, subject, body, idempotencyKey);
  } else {
    await acceptPayment(context, scope, invitation, subject, body);
  }
  return guestPaymentInfo(context, scope);
}
