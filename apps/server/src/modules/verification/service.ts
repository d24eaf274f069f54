import { businessOnboardingState, formatTaxId } from '@ferry/domain';
import type { BeneficialOwnersRequest, PersonIdentityStatus, VerificationForm } from '@ferry/domain/schemas';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import type { InquiryKind, InquiryStatus } from '../../providers/identity/identity.js';
import { isPhoneVerificationRequired } from '../auth/set-password.js';
import { invitations } from '../auth/tables.js';
import { releaseHeldAutoPayments } from '../auto-payments/service.js';
import { businesses } from '../businesses/tables.js';
import {
  type AcceptedInvitation,
  acceptInvitation,
  createInvitation,
  invalidInvitation,
  isUsable,
} from '../invitations/service.js';
import { queueMessage } from '../notifications/service.js';
import { renderVerificationInvitationMail } from '../notifications/templates.js';
import { requestPaymentRelease } from '../payments/engine/jobs.js';
import { findUserById, markUserActive } from '../users/service.js';
import { type UserRow, users } from '../users/tables.js';
import {
  type BusinessPersonRow,
  businessPeople,
  businessVerifications,
  type IdentityInquiryRow,
  identityInquiries,
} from './tables.js';

export const CONTROL_PERSON = 'CONTROL_PERSON';
export const BENEFICIAL_OWNER = 'BUSINESS_BENEFICIAL_OWNER';
export type PersonRole = typeof CONTROL_PERSON | typeof BENEFICIAL_OWNER;

export const VERIFICATION_ERRORS = {
  alreadyVerified: 'Your identity is already verified.',
  unknownInquiry: 'This verification was not found.',
  submitted: 'Business verification has been submitted; the details can no longer change.',
  formFirst: 'Please complete the business details first.',
  identityFirst: 'Please verify your identity first.',
  unknownPerson: 'This person is not part of the business verification.',
  noInvitationNeeded: 'This person does not need an invitation.',
} as const;

type Ctx = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs' | 'providers'>;

const OPEN: ReadonlySet<string> = new Set(['CREATED', 'PENDING']);
const DECIDED: ReadonlySet<string> = new Set(['APPROVED', 'DECLINED', 'FAILED', 'EXPIRED']);
/** Identity statuses after which the person's step is COMPLETED (the provider may still be reviewing). */
const FINISHED: ReadonlySet<string> = new Set(['COMPLETED', 'NEEDS_REVIEW', 'APPROVED']);
const LOCKED_STATUSES: ReadonlySet<string> = new Set(['SUBMITTED', 'FULL_VERIFIED']);

/** The verification steps in order (spec 000 §3); a step only ever moves forward. */
const STEP_ORDER = ['NOT_INITIATED', 'BUSINESS_DETAILS', 'FORM_FILLER', 'OWNERS'] as const;
type Step = (typeof STEP_ORDER)[number];

async function advanceStep(db: DbOrTx, context: Pick<Ctx, 'clock'>, businessId: string, to: Step) {
  const earlier = STEP_ORDER.slice(0, STEP_ORDER.indexOf(to));
  if (earlier.length === 0) return;
  await db
    .update(businesses)
    .set({ verificationStep: to, updatedAt: context.clock.now() })
    .where(and(eq(businesses.id, businessId), inArray(businesses.verificationStep, [...earlier])));
}

/** A person's identity as the business verification sees it, from their latest INDIVIDUAL inquiry. */
export function personIdentityStatus(
  userId: string | null,
  inquiry: IdentityInquiryRow | null,
): PersonIdentityStatus {
  if (!userId) return 'INVITED';
  switch (inquiry?.status) {
    case 'APPROVED':
      return 'VERIFIED';
    case 'COMPLETED':
    case 'NEEDS_REVIEW':
      return 'IN_REVIEW';
    case 'DECLINED':
      return 'DECLINED';
    default:
      return 'PENDING';
  }
}

export async function latestIndividualInquiry(
  db: DbOrTx,
  userId: string,
): Promise<IdentityInquiryRow | null> {
  const [row] = await db
    .select()
    .from(identityInquiries)
    .where(and(eq(identityInquiries.userId, userId), eq(identityInquiries.kind, 'INDIVIDUAL')))
    .orderBy(desc(identityInquiries.createdAt), desc(identityInquiries.id))
    .limit(1);
  return row ?? null;
}

async function latestIndividualInquiries(db: DbOrTx, userIds: string[]) {
  const map = new Map<string, IdentityInquiryRow>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select()
    .from(identityInquiries)
    .where(and(inArray(identityInquiries.userId, userIds), eq(identityInquiries.kind, 'INDIVIDUAL')))
    .orderBy(desc(identityInquiries.createdAt), desc(identityInquiries.id));
  for (const row of rows) if (row.userId && !map.has(row.userId)) map.set(row.userId, row);
  return map;
}

async function loadBusiness(db: DbOrTx, businessId: string) {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
  if (!business) throw new AppError('BUSINESS_NOT_FOUND', 'Business not found');
  return business;
}

// ---------------------------------------------------------------------------------------------
// Identity verification of a person (KYC)
// ---------------------------------------------------------------------------------------------

export interface StartedVerification {
  inquiryId: string;
  sessionToken: string;
  hostedUrl: string;
}

/**
 * Starts (or resumes) the signed-in user's identity verification: an INDIVIDUAL inquiry at the provider
 * and a session for its hosted page, which comes back to /verify/identity. From a business it also marks
 * the business's verification as started (which locks its name and type).
 */
export async function startIdentityVerification(
  context: Ctx,
  options: { user: UserRow; businessId: string | null; origin: string },
): Promise<StartedVerification> {
  const { user, businessId } = options;
  const { db } = context.database;
  const { identity } = context.providers;
  const latest = await latestIndividualInquiry(db, user.id);
  if (latest && FINISHED.has(latest.status) && user.verificationStep === 'COMPLETED') {
    throw new AppError('CONFLICT', VERIFICATION_ERRORS.alreadyVerified);
  }
  let inquiry = latest && latest.provider === identity.name && OPEN.has(latest.status) ? latest : null;
  if (!inquiry) {
    const id = newId();
    const created = await identity.createInquiry({
      kind: 'INDIVIDUAL',
      referenceId: user.id,
      fields: { nameFirst: user.firstName, nameLast: user.lastName, emailAddress: user.email },
      idempotencyKey: `individual:${id}`,
    });
    const now = context.clock.now();
    const [stored] = await db
      .insert(identityInquiries)
      .values({
        id,
        provider: identity.name,
        providerInquiryId: created.inquiryId,
        kind: 'INDIVIDUAL',
        userId: user.id,
        businessId,
        status: created.status,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!stored) throw new Error('inquiry not stored');
    inquiry = stored;
  }
  if (businessId) await advanceStep(db, context, businessId, 'BUSINESS_DETAILS');
  const session = await identity.createSession(inquiry.providerInquiryId);
  const redirect = new URL('/verify/identity', options.origin);
  if (businessId) redirect.searchParams.set('businessId', businessId);
  return {
    inquiryId: inquiry.providerInquiryId,
    sessionToken: session.sessionToken,
    hostedUrl: identity.hostedUrl({ session, redirectUri: redirect.toString(), origin: options.origin }),
  };
}

async function findInquiry(db: DbOrTx, provider: string, providerInquiryId: string) {
  const [row] = await db
    .select()
    .from(identityInquiries)
    .where(
      and(
        eq(identityInquiries.provider, provider),
        eq(identityInquiries.providerInquiryId, providerInquiryId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Reads an inquiry's state from the provider and applies it: the inquiry's record, then the person's
 * verification step (COMPLETED, with mark-active of a pending or guest-active user; ACTION_REQUIRED when
 * it failed) or the business check, then every business verification it affects. Safe to run any
 * number of times (webhook, redirect, polling).
 */
export async function syncInquiry(context: Ctx, inquiry: IdentityInquiryRow): Promise<IdentityInquiryRow> {
  const state = await context.providers.identity.getInquiry(inquiry.providerInquiryId);
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const now = context.clock.now();
    const [row] = await tx
      .update(identityInquiries)
      .set({
        status: state.status,
        updatedAt: now,
        ...(DECIDED.has(state.status) && !inquiry.decidedAt ? { decidedAt: now } : {}),
      })
      .where(eq(identityInquiries.id, inquiry.id))
      .returning();
    if (!row) throw new Error('inquiry vanished');
    if (row.kind === 'INDIVIDUAL' && row.userId) {
      await applyPersonOutcome(tx, context, row.userId, state.status);
      const affected = await tx
        .select({ businessId: businessPeople.businessId })
        .from(businessPeople)
        .where(eq(businessPeople.userId, row.userId));
      for (const businessId of new Set(affected.map((a) => a.businessId))) {
        await evaluateBusiness(tx, context, businessId);
      }
    } else if (row.kind === 'BUSINESS' && row.businessId) {
      await evaluateBusiness(tx, context, row.businessId);
    }
    return row;
  });
}

async function applyPersonOutcome(tx: Tx, context: Ctx, userId: string, status: InquiryStatus) {
  const now = context.clock.now();
  if (FINISHED.has(status)) {
    await tx.update(users).set({ verificationStep: 'COMPLETED', updatedAt: now }).where(eq(users.id, userId));
    const user = await findUserById({ db: tx, userId });
    if (user && (user.activeStatus === 'PENDING' || user.activeStatus === 'GUEST_ACTIVE')) {
      // Mark-active on completion (spec 000 §3) when nothing else is missing; otherwise it waits.
      await markUserActive({
        db: tx,
        clock: context.clock,
        user,
        phoneRequired: isPhoneVerificationRequired(context, user),
      }).catch(() => undefined);
    }
  } else if (status === 'DECLINED' || status === 'FAILED' || status === 'EXPIRED') {
    await tx
      .update(users)
      .set({ verificationStep: 'ACTION_REQUIRED', updatedAt: now })
      .where(eq(users.id, userId));
  }
}

export interface VerificationOutcome {
  inquiryId: string;
  inquiryStatus: InquiryStatus;
  verificationStep: string;
  activeStatus: string;
  businessId: string | null;
  business: { id: string; verificationStep: string; status: string | null } | null;
}

async function outcome(
  db: DbOrTx,
  inquiry: IdentityInquiryRow,
  userId: string,
): Promise<VerificationOutcome> {
  const user = await findUserById({ db, userId });
  const business = inquiry.businessId
    ? await db
        .select({
          id: businesses.id,
          verificationStep: businesses.verificationStep,
          status: businesses.verificationStatus,
        })
        .from(businesses)
        .where(eq(businesses.id, inquiry.businessId))
        .limit(1)
        .then((rows) => rows[0] ?? null)
    : null;
  return {
    inquiryId: inquiry.providerInquiryId,
    inquiryStatus: inquiry.status as InquiryStatus,
    verificationStep: user?.verificationStep ?? 'NOT_INITIATED',
    activeStatus: user?.activeStatus ?? 'PENDING',
    businessId: inquiry.businessId,
    business,
  };
}

async function ownInquiry(context: Ctx, user: UserRow, inquiryId: string) {
  const inquiry = await findInquiry(context.database.db, context.providers.identity.name, inquiryId);
  if (inquiry?.kind !== 'INDIVIDUAL' || inquiry.userId !== user.id) {
    throw new AppError('NOT_FOUND', VERIFICATION_ERRORS.unknownInquiry);
  }
  return inquiry;
}

/** The person came back from the hosted page: read the inquiry from the provider (never the URL) and apply it. */
export async function completeIdentityVerification(
  context: Ctx,
  options: { user: UserRow; inquiryId: string },
): Promise<VerificationOutcome> {
  const inquiry = await ownInquiry(context, options.user, options.inquiryId);
  const synced = await syncInquiry(context, inquiry);
  return outcome(context.database.db, synced, options.user.id);
}

/**
 * The person left the hosted page without finishing: their step becomes ACTION_REQUIRED (spec 000 §3),
 * unless the provider says they did finish after all. The inquiry stays open to resume.
 */
export async function cancelIdentityVerification(
  context: Ctx,
  options: { user: UserRow; inquiryId: string },
): Promise<VerificationOutcome> {
  const inquiry = await ownInquiry(context, options.user, options.inquiryId);
  const synced = await syncInquiry(context, inquiry);
  if (!FINISHED.has(synced.status)) {
    await context.database.db
      .update(users)
      .set({ verificationStep: 'ACTION_REQUIRED', updatedAt: context.clock.now() })
      .where(
        and(
          eq(users.id, options.user.id),
          inArray(users.verificationStep, ['NOT_INITIATED', 'ACTION_REQUIRED']),
        ),
      );
  }
  return outcome(context.database.db, synced, options.user.id);
}

/** A verified webhook named an inquiry: apply its current state (unknown inquiries are ignored). */
export async function syncInquiryByProviderId(context: Ctx, providerInquiryId: string): Promise<boolean> {
  const inquiry = await findInquiry(context.database.db, context.providers.identity.name, providerInquiryId);
  if (!inquiry) return false;
  await syncInquiry(context, inquiry);
  return true;
}

/** Polls the provider for inquiries still waiting on a decision (in case a webhook was missed). */
export async function syncPendingInquiries(context: Ctx): Promise<number> {
  const rows = await context.database.db
    .select()
    .from(identityInquiries)
    .where(
      and(
        eq(identityInquiries.provider, context.providers.identity.name),
        inArray(identityInquiries.status, ['COMPLETED', 'NEEDS_REVIEW', 'PENDING']),
      ),
    )
    .limit(200);
  for (const row of rows) await syncInquiry(context, row);
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Business verification (KYB)
// ---------------------------------------------------------------------------------------------

/**
 * Decides a submitted business from what is known: a declined business check or a declined person
 * makes it REJECTED; an approved business check with every listed person verified makes it
 * FULL_VERIFIED; anything else keeps it SUBMITTED. A decided business only changes by resubmission.
 */
export async function evaluateBusiness(
  tx: DbOrTx,
  context: Pick<Ctx, 'database' | 'clock' | 'config' | 'jobs'>,
  businessId: string,
) {
  const business = await loadBusiness(tx, businessId);
  if (business.verificationStatus !== 'SUBMITTED') return business.verificationStatus;
  const [verification] = await tx
    .select()
    .from(businessVerifications)
    .where(eq(businessVerifications.businessId, businessId))
    .limit(1);
  if (!verification?.submittedAt) return business.verificationStatus;
  const check = verification.businessInquiryId
    ? await tx
        .select()
        .from(identityInquiries)
        .where(eq(identityInquiries.id, verification.businessInquiryId))
        .limit(1)
        .then((rows) => rows[0] ?? null)
    : null;
  const people = await tx.select().from(businessPeople).where(eq(businessPeople.businessId, businessId));
  const inquiries = await latestIndividualInquiries(
    tx,
    people.flatMap((p) => (p.userId ? [p.userId] : [])),
  );
  const statuses = people.map((p) =>
    personIdentityStatus(p.userId, p.userId ? (inquiries.get(p.userId) ?? null) : null),
  );
  let next: string = 'SUBMITTED';
  if (check?.status === 'DECLINED' || check?.status === 'FAILED' || statuses.includes('DECLINED'))
    next = 'REJECTED';
  else if (check?.status === 'APPROVED' && statuses.every((s) => s === 'VERIFIED')) next = 'FULL_VERIFIED';
  if (next !== 'SUBMITTED') {
    await tx
      .update(businesses)
      .set({ verificationStatus: next, updatedAt: context.clock.now() })
      .where(and(eq(businesses.id, businessId), eq(businesses.verificationStatus, 'SUBMITTED')));
    // Payments paused (IN_QUEUE) until verification go to the engine's release sweep at once.
    if (next === 'FULL_VERIFIED') {
      await requestPaymentRelease(context, tx);
      // Auto-payment authorisations held until the payer business was verified now start (issue 20).
      await releaseHeldAutoPayments(tx, context, businessId);
    }
  }
  return next;
}

export const BUSINESS_CHECK_JOB = 'verification.business-check';

/**
 * Asks the provider to check a submitted business (once per submission: the idempotency key is the
 * submission) and applies the answer. Runs right after submission and again from the job queue, so a
 * crash between the two loses nothing.
 */
export async function runBusinessCheck(context: Ctx, businessId: string): Promise<void> {
  const { db } = context.database;
  const [verification] = await db
    .select()
    .from(businessVerifications)
    .where(eq(businessVerifications.businessId, businessId))
    .limit(1);
  if (!verification?.submittedAt) return;
  const business = await loadBusiness(db, businessId);
  if (business.verificationStatus !== 'SUBMITTED') return;
  const existing = verification.businessInquiryId
    ? await db
        .select()
        .from(identityInquiries)
        .where(eq(identityInquiries.id, verification.businessInquiryId))
        .limit(1)
        .then((rows) => rows[0] ?? null)
    : null;
  if (existing) {
    await syncInquiry(context, existing);
    return;
  }
  const { identity } = context.providers;
  const kind: InquiryKind = 'BUSINESS';
  const created = await identity.createInquiry({
    kind,
    referenceId: businessId,
    fields: {
      businessName: verification.legalBusinessName,
      businessTaxId: verification.taxId,
      addressStreet1: verification.address.addressLine1,
      addressStreet2: verification.address.addressLine2 || undefined,
      addressCity: verification.address.city,
      addressSubdivision: verification.address.state,
      addressPostalCode: verification.address.zipCode,
      addressCountryCode: verification.address.country,
    },
    idempotencyKey: `business:${businessId}:${verification.submissionId ?? verification.submittedAt.getTime()}`,
  });
  const now = context.clock.now();
  const inquiry = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(identityInquiries)
      .values({
        id: newId(),
        provider: identity.name,
        providerInquiryId: created.inquiryId,
        kind,
        userId: verification.submittedBy,
        businessId,
        status: created.status,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    const stored = row ?? (await findInquiry(tx, identity.name, created.inquiryId));
    if (!stored) throw new Error('business inquiry not stored');
    await tx
      .update(businessVerifications)
      .set({ businessInquiryId: stored.id, updatedAt: now })
      .where(eq(businessVerifications.businessId, businessId));
    return stored;
  });
  await syncInquiry(context, inquiry);
}

export interface VerificationFormView {
  businessId: string;
  businessName: string;
  businessType: string | null;
  country: string | null;
  verificationStep: string;
  status: string | null;
  onboardingState: string;
  form: {
    legalBusinessName: string;
    taxId: string;
    website: string;
    employeeCount: string;
    address: VerificationForm['address'];
  } | null;
  identity: { verificationStep: string; status: PersonIdentityStatus };
  canEdit: boolean;
}

const maskTaxId = (taxId: string): string => `**-***${taxId.slice(-4)}`;

export async function getVerificationForm(
  context: Pick<Ctx, 'database'>,
  options: { businessId: string; user: UserRow; mayEdit: boolean },
): Promise<VerificationFormView> {
  const { db } = context.database;
  const business = await loadBusiness(db, options.businessId);
  const [verification] = await db
    .select()
    .from(businessVerifications)
    .where(eq(businessVerifications.businessId, options.businessId))
    .limit(1);
  const latest = await latestIndividualInquiry(db, options.user.id);
  return {
    businessId: business.id,
    businessName: business.businessName,
    businessType: business.businessType,
    country: business.country,
    verificationStep: business.verificationStep,
    status: business.verificationStatus,
    onboardingState: businessOnboardingState({
      verificationStep: business.verificationStep,
      status: business.verificationStatus,
      isMappingPending: false,
    }),
    form: verification
      ? {
          legalBusinessName: verification.legalBusinessName,
          taxId: options.mayEdit ? formatTaxId(verification.taxId) : maskTaxId(verification.taxId),
          website: verification.website ?? '',
          employeeCount: verification.employeeCount,
          address: verification.address,
        }
      : null,
    identity: {
      verificationStep: options.user.verificationStep,
      status: personIdentityStatus(options.user.id, latest),
    },
    canEdit: options.mayEdit && !LOCKED_STATUSES.has(business.verificationStatus ?? ''),
  };
}

/** Saves the verification form; once submitted (or verified) it cannot change. */
export async function saveVerificationForm(
  context: Pick<Ctx, 'database' | 'clock'>,
  options: { businessId: string; user: UserRow; form: VerificationForm },
): Promise<void> {
  const { form } = options;
  await context.database.db.transaction(async (tx) => {
    const business = await loadBusiness(tx, options.businessId);
    if (LOCKED_STATUSES.has(business.verificationStatus ?? '')) {
      throw new AppError('CONFLICT', VERIFICATION_ERRORS.submitted);
    }
    const now = context.clock.now();
    const values = {
      legalBusinessName: form.legalBusinessName,
      taxId: form.taxId,
      website: form.website || null,
      employeeCount: form.employeeCount,
      address: form.address,
      updatedBy: options.user.id,
      updatedAt: now,
    };
    await tx
      .insert(businessVerifications)
      .values({ businessId: options.businessId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: businessVerifications.businessId, set: values });
    await advanceStep(tx, context, options.businessId, 'FORM_FILLER');
  });
}

export interface PersonView {
  id: string;
  isSelf: boolean;
  userId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  identityStatus: PersonIdentityStatus;
  invitationSentAt: string | null;
}

export interface BeneficialView {
  businessId: string;
  verificationStep: string;
  status: string | null;
  submittedAt: string | null;
  canEdit: boolean;
  controlPerson: (PersonView & { title: string }) | null;
  owners: (PersonView & { ownershipPercent: number })[];
}

export async function getBeneficial(
  context: Pick<Ctx, 'database'>,
  options: { businessId: string; user: UserRow; mayEdit: boolean },
): Promise<BeneficialView> {
  const { db } = context.database;
  const business = await loadBusiness(db, options.businessId);
  const [verification] = await db
    .select({ submittedAt: businessVerifications.submittedAt })
    .from(businessVerifications)
    .where(eq(businessVerifications.businessId, options.businessId))
    .limit(1);
  const people = await db
    .select()
    .from(businessPeople)
    .where(eq(businessPeople.businessId, options.businessId))
    .orderBy(businessPeople.position, businessPeople.createdAt);
  const inquiries = await latestIndividualInquiries(
    db,
    people.flatMap((p) => (p.userId ? [p.userId] : [])),
  );
  const view = (p: BusinessPersonRow): PersonView => ({
    id: p.id,
    isSelf: p.userId === options.user.id,
    userId: p.userId,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    identityStatus: personIdentityStatus(p.userId, p.userId ? (inquiries.get(p.userId) ?? null) : null),
    invitationSentAt: p.invitationSentAt?.toISOString() ?? null,
  });
  const control = people.find((p) => p.role === CONTROL_PERSON);
  return {
    businessId: business.id,
    verificationStep: business.verificationStep,
    status: business.verificationStatus,
    submittedAt: verification?.submittedAt?.toISOString() ?? null,
    canEdit: options.mayEdit && !LOCKED_STATUSES.has(business.verificationStatus ?? ''),
    controlPerson: control ? { ...view(control), title: control.title ?? '' } : null,
    owners: people
      .filter((p) => p.role === BENEFICIAL_OWNER)
      .map((p) => ({ ...view(p), ownershipPercent: p.ownershipPercent ?? 0 })),
  };
}

interface DesiredPerson {
  role: PersonRole;
  userId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  title: string | null;
  ownershipPercent: number | null;
}

function desiredPeople(user: UserRow, request: BeneficialOwnersRequest): DesiredPerson[] {
  const self = {
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email.toLowerCase(),
  };
  const cp = request.controlPerson;
  const people: DesiredPerson[] = [
    cp.isSelf
      ? { role: CONTROL_PERSON, ...self, title: cp.title, ownershipPercent: null }
      : {
          role: CONTROL_PERSON,
          userId: null,
          firstName: cp.firstName,
          lastName: cp.lastName,
          email: cp.email.toLowerCase(),
          title: cp.title,
          ownershipPercent: null,
        },
  ];
  for (const owner of request.owners) {
    people.push(
      owner.isSelf
        ? { role: BENEFICIAL_OWNER, ...self, title: null, ownershipPercent: owner.ownershipPercent }
        : {
            role: BENEFICIAL_OWNER,
            userId: null,
            firstName: owner.firstName,
            lastName: owner.lastName,
            email: owner.email.toLowerCase(),
            title: null,
            ownershipPercent: owner.ownershipPercent,
          },
    );
  }
  return people;
}

/**
 * Saves the control person and beneficial owners. People are matched to the saved ones by role and
 * email, so an invited person keeps their invitation and identity across saves; someone removed loses
 * their pending invitation. With `submit`, everyone else listed is invited by email, the business is
 * SUBMITTED and the provider's business check runs.
 */
export async function saveBeneficial(
  context: Ctx,
  options: { businessId: string; user: UserRow; request: BeneficialOwnersRequest; origin: string },
): Promise<void> {
  const { user, request, businessId } = options;
  const submitted = await context.database.db.transaction(async (tx) => {
    const business = await loadBusiness(tx, businessId);
    if (LOCKED_STATUSES.has(business.verificationStatus ?? '')) {
      throw new AppError('CONFLICT', VERIFICATION_ERRORS.submitted);
    }
    const [verification] = await tx
      .select()
      .from(businessVerifications)
      .where(eq(businessVerifications.businessId, businessId))
      .limit(1);
    if (!verification) throw new AppError('CONFLICT', VERIFICATION_ERRORS.formFirst);
    const desired = desiredPeople(user, request);
    const selfListed = desired.some((p) => p.userId === user.id);
    if (request.submit && selfListed && user.verificationStep !== 'COMPLETED') {
      throw new AppError('CONFLICT', VERIFICATION_ERRORS.identityFirst);
    }
    const now = context.clock.now();
    const existing = await tx.select().from(businessPeople).where(eq(businessPeople.businessId, businessId));
    const key = (p: { role: string; email: string }) => `${p.role}:${p.email.toLowerCase()}`;
    const byKey = new Map(existing.map((p) => [key(p), p]));
    const kept = new Set<string>();
    const saved: BusinessPersonRow[] = [];
    for (const [position, person] of desired.entries()) {
      const match = byKey.get(key(person));
      if (match) {
        kept.add(match.id);
        const [row] = await tx
          .update(businessPeople)
          .set({
            firstName: person.firstName,
            lastName: person.lastName,
            title: person.title,
            ownershipPercent: person.ownershipPercent,
            position,
            userId: person.userId ?? match.userId,
            updatedAt: now,
          })
          .where(eq(businessPeople.id, match.id))
          .returning();
        if (row) saved.push(row);
      } else {
        const [row] = await tx
          .insert(businessPeople)
          .values({ id: newId(), businessId, ...person, position, createdAt: now, updatedAt: now })
          .returning();
        if (row) saved.push(row);
      }
    }
    const removed = existing.filter((p) => !kept.has(p.id));
    if (removed.length > 0) {
      const invitationIds = removed.flatMap((p) => (p.invitationId ? [p.invitationId] : []));
      if (invitationIds.length > 0) {
        await tx
          .update(invitations)
          .set({ revokedAt: now })
          .where(and(inArray(invitations.id, invitationIds), isNull(invitations.usedAt)));
      }
      await tx.delete(businessPeople).where(
        inArray(
          businessPeople.id,
          removed.map((p) => p.id),
        ),
      );
    }
    if (!request.submit) return false;
    for (const person of saved) {
      if (person.userId || person.invitationId) continue;
      await invitePerson(tx, context, {
        person,
        inviter: user,
        businessName: business.businessName,
        origin: options.origin,
      });
    }
    await tx
      .update(businessVerifications)
      .set({
        submittedAt: now,
        submittedBy: user.id,
        submissionId: newId(),
        businessInquiryId: null,
        updatedAt: now,
      })
      .where(eq(businessVerifications.businessId, businessId));
    await tx
      .update(businesses)
      .set({ verificationStatus: 'SUBMITTED', verificationStep: 'OWNERS', updatedAt: now })
      .where(eq(businesses.id, businessId));
    if (context.jobs.started) {
      await context.jobs.send(
        BUSINESS_CHECK_JOB,
        { businessId },
        { db: tx, singletonKey: `${businessId}:${now.getTime()}` },
      );
    }
    return true;
  });
  if (submitted) await runBusinessCheck(context, businessId);
}

async function invitePerson(
  tx: Tx,
  context: Ctx,
  options: { person: BusinessPersonRow; inviter: UserRow; businessName: string; origin: string },
) {
  const { person, inviter } = options;
  const created = await createInvitation(context, {
    db: tx,
    type: person.role,
    email: person.email,
    sentByUserId: inviter.id,
    businessId: person.businessId,
    data: { firstName: person.firstName, lastName: person.lastName, personId: person.id },
  });
  const now = context.clock.now();
  await tx
    .update(businessPeople)
    .set({ invitationId: created.invitation.id, invitationSentAt: now, updatedAt: now })
    .where(eq(businessPeople.id, person.id));
  const mail = renderVerificationInvitationMail({
    inviterName: `${inviter.firstName} ${inviter.lastName}`.trim(),
    businessName: options.businessName,
    role: person.role === CONTROL_PERSON ? 'control person' : 'beneficial owner',
    link: new URL(`/accept-invitation?token=${encodeURIComponent(created.token)}`, options.origin).toString(),
    code: created.code,
    goLink: new URL('/go', options.origin).toString(),
  });
  await queueMessage(context, { db: tx, message: { channel: 'email', to: person.email, ...mail } });
}

/** Sends a listed person a fresh invitation (the previous one stops working). */
export async function resendPersonInvite(
  context: Ctx,
  options: { businessId: string; personId: string; role: PersonRole; user: UserRow; origin: string },
): Promise<{ personId: string; invitationSentAt: string }> {
  return context.database.db.transaction(async (tx) => {
    const [person] = await tx
      .select()
      .from(businessPeople)
      .where(
        and(
          eq(businessPeople.id, options.personId),
          eq(businessPeople.businessId, options.businessId),
          eq(businessPeople.role, options.role),
        ),
      )
      .limit(1);
    if (!person) throw new AppError('NOT_FOUND', VERIFICATION_ERRORS.unknownPerson);
    if (person.userId) throw new AppError('CONFLICT', VERIFICATION_ERRORS.noInvitationNeeded);
    const business = await loadBusiness(tx, options.businessId);
    if (person.invitationId) {
      await tx
        .update(invitations)
        .set({ revokedAt: context.clock.now() })
        .where(and(eq(invitations.id, person.invitationId), isNull(invitations.usedAt)));
    }
    await invitePerson(tx, context, {
      person,
      inviter: options.user,
      businessName: business.businessName,
      origin: options.origin,
    });
    return { personId: person.id, invitationSentAt: context.clock.now().toISOString() };
  });
}

/**
 * The invited control person or owner accepts (in the invitation's transaction): they are linked to the
 * business verification and their identity counts from now on. They go on to verify their identity.
 */
export async function linkInvitedPerson(
  tx: Tx,
  context: Pick<Ctx, 'database' | 'clock' | 'config' | 'jobs'>,
  options: { invitationId: string; user: UserRow; businessId: string | null },
): Promise<{ redirectTo: string }> {
  const now = context.clock.now();
  await tx
    .update(businessPeople)
    .set({ userId: options.user.id, updatedAt: now })
    .where(eq(businessPeople.invitationId, options.invitationId));
  if (options.businessId) await evaluateBusiness(tx, context, options.businessId);
  return { redirectTo: '/verify/identity' };
}

/**
 * `POST /business/{id}/user/accept-business`: accepts the signed-in user's usable control-person or
 * beneficial-owner invitation of that business (the given one, else their newest). Authorised by the
 * invitation: the invitee is not a member of the business.
 */
export async function acceptBusinessInvitation(
  context: Ctx,
  options: { businessId: string; user: UserRow; invitationId?: string | undefined },
): Promise<AcceptedInvitation> {
  const { user } = options;
  const [invitation] = await context.database.db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.businessId, options.businessId),
        inArray(invitations.invitationType, [CONTROL_PERSON, BENEFICIAL_OWNER]),
        isUsable(context.clock.now()),
        options.invitationId
          ? eq(invitations.id, options.invitationId)
          : or(
              eq(invitations.sentToUserId, user.id),
              and(isNull(invitations.sentToUserId), eq(invitations.email, user.email.toLowerCase())),
            ),
      ),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(1);
  if (!invitation) throw invalidInvitation();
  return acceptInvitation(context, { invitationId: invitation.id, user });
}
