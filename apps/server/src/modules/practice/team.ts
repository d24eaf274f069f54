import { defineAbilityFor } from '@ferry/domain/permissions';
import {
  PRACTICE_INVITATION,
  type practiceMembersQuerySchema,
  SETTINGS_API_MESSAGES,
  type TeamMember,
  type TeamMemberInvite,
  type TeamMemberStatus,
} from '@ferry/domain/schemas';
import { and, count, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { getPgErrorCode, PG_UNIQUE_VIOLATION, type Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type InvitationRow, invitations } from '../auth/tables.js';
import { findMembership, removePracticeMemberships } from '../businesses/service.js';
import { businessMembers } from '../businesses/tables.js';
import { createInvitation } from '../invitations/service.js';
import { renderPracticeInvitationMail } from '../notifications/practice-templates.js';
import { queueMessage } from '../notifications/service.js';
import type { UserRow } from '../users/tables.js';
import { PRACTICE_MEMBER, requireOwnedPractice, TEAM_ACTIVE, TEAM_PENDING } from './service.js';
import { type PracticeMemberRow, type PracticeRow, practiceMembers } from './tables.js';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>;

/** The shortest wait between two invitation emails to the same person (a resend). */
export const RESEND_COOLDOWN_MS = 60_000;

const BUSINESS_NOT_FOUND_MESSAGE = 'Business not found';

const emailError = (errorCode: 'CONFLICT' | 'VALIDATION_ERROR', message: string) =>
  new AppError(errorCode, message, { errors: [{ field: 'email', message }] });
const memberExists = () => emailError('CONFLICT', SETTINGS_API_MESSAGES.teamMemberExists);
const invitationNotFound = () => new AppError('NOT_FOUND', SETTINGS_API_MESSAGES.invitationNotFound);

/** The invite form's name split at its first space (whitespace collapsed): first and last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const collapsed = name.trim().replace(/\s+/g, ' ');
  const space = collapsed.indexOf(' ');
  if (space === -1) return { firstName: collapsed, lastName: '' };
  return { firstName: collapsed.slice(0, space), lastName: collapsed.slice(space + 1) };
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

type InvitationState = Pick<InvitationRow, 'expiresAt' | 'usedAt' | 'revokedAt'> | null;

/** PENDING while the current invitation can still be accepted, EXPIRED after; ACTIVE once accepted. */
function statusOf(row: PracticeMemberRow, invitation: InvitationState, now: Date): TeamMemberStatus {
  if (row.status === TEAM_ACTIVE) return 'ACTIVE';
  const usable = invitation && !invitation.usedAt && !invitation.revokedAt && invitation.expiresAt > now;
  return usable ? 'PENDING' : 'EXPIRED';
}

function toTeamMember(
  row: PracticeMemberRow,
  invitation: InvitationState,
  now: Date,
  isInBusiness?: boolean,
): TeamMember {
  const status = statusOf(row, invitation, now);
  return {
    id: row.id,
    invitationId: status === 'ACTIVE' ? null : row.invitationId,
    user: { id: row.userId, firstName: row.firstName, lastName: row.lastName, email: row.email },
    status,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    joinedAt: row.joinedAt?.toISOString() ?? null,
    ...(isInBusiness === undefined ? {} : { isInBusiness }),
  };
}

const invitationState = {
  expiresAt: invitations.expiresAt,
  usedAt: invitations.usedAt,
  revokedAt: invitations.revokedAt,
};

/** The SQL filter of a team status (EXPIRED: pending, its invitation no longer usable). */
function statusFilter(status: TeamMemberStatus, now: Date): SQL | undefined {
  if (status === 'ACTIVE') return eq(practiceMembers.status, TEAM_ACTIVE);
  const usable = and(
    isNull(invitations.usedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, now),
  );
  return and(
    eq(practiceMembers.status, TEAM_PENDING),
    status === 'PENDING' ? usable : sql`not coalesce(${usable}, false)`,
  );
}

/**
 * `GET /practice-members`: the owner's team, newest first, by status. With `businessId` (a business the
 * owner is an ACTIVE member of with manage on Users, else 404): the ACTIVE members, each with whether
 * they already belong to that business (the add-user picker).
 */
export async function listTeamMembers(
  context: Ctx,
  options: { user: UserRow; query: z.output<typeof practiceMembersQuerySchema> },
): Promise<{ items: TeamMember[]; total: number; pageNumber: number; pageSize: number }> {
  const { db } = context.database;
  const { user, query } = options;
  const practice = await requireOwnedPractice(db, user);
  const now = context.clock.now();
  let status = query.status;
  let inBusiness: SQL<boolean> | undefined;
  if (query.businessId) {
    const membership = await findMembership({ db, businessId: query.businessId, userId: user.id });
    const canManageUsers =
      membership?.status === 'ACTIVE' && defineAbilityFor(membership.permissions).can('manage', 'Users');
    if (!canManageUsers) throw new AppError('BUSINESS_NOT_FOUND', BUSINESS_NOT_FOUND_MESSAGE);
    status = 'ACTIVE';
    inBusiness = sql<boolean>`exists (select 1 from ${businessMembers} where ${businessMembers.businessId} = ${query.businessId} and ${businessMembers.userId} = ${practiceMembers.userId} and ${businessMembers.status} = 'ACTIVE')`;
  }
  const where = and(
    eq(practiceMembers.practiceId, practice.id),
    status ? statusFilter(status, now) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        member: practiceMembers,
        invitation: invitationState,
        isInBusiness: inBusiness ?? sql<boolean>`false`,
      })
      .from(practiceMembers)
      .leftJoin(invitations, eq(invitations.id, practiceMembers.invitationId))
      .where(where)
      .orderBy(desc(practiceMembers.createdAt), desc(practiceMembers.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(practiceMembers)
      .leftJoin(invitations, eq(invitations.id, practiceMembers.invitationId))
      .where(where),
  ]);
  return {
    items: rows.map((row) =>
      toTeamMember(
        row.member,
        row.invitation?.expiresAt ? (row.invitation as InvitationState) : null,
        now,
        inBusiness ? row.isInBusiness : undefined,
      ),
    ),
    total: totals[0]?.total ?? 0,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

/**
 * Sends a pending team member a new invitation (PRACTICE, no business) and its email: the link
 * `/accept-invitation?token=` and the `/go` code, naming the practice and the accountant. Makes it the
 * member's current invitation.
 */
async function sendTeamInvitation(
  tx: Tx,
  context: Ctx,
  options: { practice: PracticeRow; owner: UserRow; member: PracticeMemberRow; origin: string },
): Promise<{ member: PracticeMemberRow; invitation: InvitationRow }> {
  const { practice, owner, member } = options;
  const created = await createInvitation(context, {
    db: tx,
    type: PRACTICE_INVITATION,
    email: member.email,
    sentByUserId: owner.id,
    data: {
      practiceId: practice.id,
      teamMemberId: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      practiceName: practice.practiceFirmName,
      userType: PRACTICE_MEMBER,
    },
  });
  const now = context.clock.now();
  const [updated] = await tx
    .update(practiceMembers)
    .set({ invitationId: created.invitation.id, invitedAt: now, updatedAt: now })
    .where(eq(practiceMembers.id, member.id))
    .returning();
  if (!updated) throw new Error('team member vanished while inviting');
  const mail = renderPracticeInvitationMail({
    inviteeFirstName: member.firstName,
    accountantName: `${owner.firstName} ${owner.lastName}`.trim() || owner.email,
    practiceName: practice.practiceFirmName,
    link: new URL(`/accept-invitation?token=${encodeURIComponent(created.token)}`, options.origin).toString(),
    code: created.code,
    goLink: new URL('/go', options.origin).toString(),
    validHours: Math.round((created.invitation.expiresAt.getTime() - now.getTime()) / 3_600_000),
  });
  await queueMessage(context, { db: tx, message: { channel: 'email', to: member.email, ...mail } });
  return { member: updated, invitation: created.invitation };
}

/** A unique-index race (another row took the email meanwhile) answers as the pre-check does. */
async function withEmailRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (getPgErrorCode(error) === PG_UNIQUE_VIOLATION) throw memberExists();
    throw error;
  }
}

function assertNotOwnEmail(owner: UserRow, email: string): void {
  if (email === normaliseEmail(owner.email)) {
    throw emailError('VALIDATION_ERROR', SETTINGS_API_MESSAGES.teamInviteYourself);
  }
}

/**
 * `POST /practice-members/send-invite`: a PENDING team member and their invitation email. An email
 * already on the team (pending or active) answers 409 on `email`; the unique index decides a race.
 */
export async function inviteTeamMember(
  context: Ctx,
  options: { user: UserRow; invite: TeamMemberInvite; origin: string },
): Promise<TeamMember> {
  const { db } = context.database;
  const { user: owner } = options;
  const practice = await requireOwnedPractice(db, owner);
  const email = normaliseEmail(options.invite.email);
  assertNotOwnEmail(owner, email);
  const { firstName, lastName } = splitName(options.invite.name);
  return withEmailRace(() =>
    db.transaction(async (tx) => {
      const now = context.clock.now();
      const [member] = await tx
        .insert(practiceMembers)
        .values({
          id: newId(),
          practiceId: practice.id,
          email,
          firstName,
          lastName,
          status: TEAM_PENDING,
          invitedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!member) throw memberExists();
      const sent = await sendTeamInvitation(tx, context, { practice, owner, member, origin: options.origin });
      return toTeamMember(sent.member, sent.invitation, now);
    }),
  );
}

/** The owner's pending member whose current invitation is `invitationId` (unlocked read), else 404. */
async function findPendingByInvitation(tx: Tx, practice: PracticeRow, invitationId: string) {
  const [member] = await tx
    .select()
    .from(practiceMembers)
    .where(
      and(
        eq(practiceMembers.practiceId, practice.id),
        eq(practiceMembers.invitationId, invitationId),
        eq(practiceMembers.status, TEAM_PENDING),
      ),
    )
    .limit(1);
  if (!member) throw invitationNotFound();
  return member;
}

/**
 * Revokes an unused invitation, then locks its pending member: the same order as accepting (the claim
 * of the invitation, then the member), so the two never deadlock. Null when it was accepted or
 * replaced meanwhile.
 */
async function revokeAndLock(tx: Tx, context: Ctx, member: PracticeMemberRow) {
  if (!member.invitationId) return null;
  const [revoked] = await tx
    .update(invitations)
    .set({ revokedAt: context.clock.now() })
    .where(
      and(eq(invitations.id, member.invitationId), isNull(invitations.usedAt), isNull(invitations.revokedAt)),
    )
    .returning({ id: invitations.id });
  if (!revoked) return null;
  const [locked] = await tx
    .select()
    .from(practiceMembers)
    .where(
      and(
        eq(practiceMembers.id, member.id),
        eq(practiceMembers.invitationId, member.invitationId),
        eq(practiceMembers.status, TEAM_PENDING),
      ),
    )
    .for('update');
  return locked ?? null;
}

/**
 * `POST /practice-members/{invitationId}/resend-invite`: the old link stops working and a fresh
 * invitation is emailed (at most one a minute). Answers the member with their new invitation id.
 */
export async function resendTeamInvite(
  context: Ctx,
  options: { user: UserRow; invitationId: string; origin: string },
): Promise<TeamMember> {
  const { db } = context.database;
  const practice = await requireOwnedPractice(db, options.user);
  return db.transaction(async (tx) => {
    const member = await findPendingByInvitation(tx, practice, options.invitationId);
    const now = context.clock.now();
    if (member.invitedAt && now.getTime() - member.invitedAt.getTime() < RESEND_COOLDOWN_MS) {
      throw new AppError('RATE_LIMITED', SETTINGS_API_MESSAGES.teamInviteTooSoon);
    }
    const locked = await revokeAndLock(tx, context, member);
    if (!locked) throw invitationNotFound();
    const sent = await sendTeamInvitation(tx, context, {
      practice,
      owner: options.user,
      member: locked,
      origin: options.origin,
    });
    return toTeamMember(sent.member, sent.invitation, now);
  });
}

/**
 * `PATCH /practice-members/invitation/{invitationId}`: corrects a pending invitation's name or email.
 * A new email revokes the old link and sends a new one there; a new name alone keeps the link (the
 * invitation shows the new name). Unchanged: 400 'No changes made to update'.
 */
export async function editTeamInvite(
  context: Ctx,
  options: { user: UserRow; invitationId: string; invite: TeamMemberInvite; origin: string },
): Promise<TeamMember> {
  const { db } = context.database;
  const { user: owner } = options;
  const practice = await requireOwnedPractice(db, owner);
  const email = normaliseEmail(options.invite.email);
  const { firstName, lastName } = splitName(options.invite.name);
  return withEmailRace(() =>
    db.transaction(async (tx) => {
      const member = await findPendingByInvitation(tx, practice, options.invitationId);
      const now = context.clock.now();
      const emailChanged = email !== normaliseEmail(member.email);
      if (!emailChanged && firstName === member.firstName && lastName === member.lastName) {
        throw new AppError('BAD_REQUEST', SETTINGS_API_MESSAGES.noChanges);
      }
      if (emailChanged) {
        assertNotOwnEmail(owner, email);
        const [taken] = await tx
          .select({ id: practiceMembers.id })
          .from(practiceMembers)
          .where(
            and(
              eq(practiceMembers.practiceId, practice.id),
              sql`lower(${practiceMembers.email}) = ${email}`,
              ne(practiceMembers.id, member.id),
            ),
          )
          .limit(1);
        if (taken) throw memberExists();
        const locked = await revokeAndLock(tx, context, member);
        if (!locked) throw invitationNotFound();
        const [changed] = await tx
          .update(practiceMembers)
          .set({ email, firstName, lastName, updatedAt: now })
          .where(eq(practiceMembers.id, member.id))
          .returning();
        if (!changed) throw invitationNotFound();
        const sent = await sendTeamInvitation(tx, context, {
          practice,
          owner,
          member: changed,
          origin: options.origin,
        });
        return toTeamMember(sent.member, sent.invitation, now);
      }
      // Same link: its invitation shows the new name (locked first, as accepting does).
      const [invitation] = await tx
        .update(invitations)
        .set({ data: sql`${invitations.data} || ${JSON.stringify({ firstName, lastName })}::jsonb` })
        .where(and(eq(invitations.id, options.invitationId), isNull(invitations.usedAt)))
        .returning();
      if (!invitation) throw invitationNotFound();
      const [changed] = await tx
        .update(practiceMembers)
        .set({ firstName, lastName, updatedAt: now })
        .where(
          and(
            eq(practiceMembers.id, member.id),
            eq(practiceMembers.invitationId, options.invitationId),
            eq(practiceMembers.status, TEAM_PENDING),
          ),
        )
        .returning();
      if (!changed) throw invitationNotFound();
      return toTeamMember(changed, invitation, now);
    }),
  );
}

/**
 * `DELETE /practice-members/{teamMemberId}`: a pending member's invitation is revoked; an active
 * member leaves the team and the client businesses the owner added them to (`isPracticeMember`
 * memberships in businesses the owner belongs to). Either way the row goes, so they can be invited
 * again. Answers the member as they were, and the businesses they left.
 */
export async function removeTeamMember(
  context: Ctx,
  options: { user: UserRow; teamMemberId: string },
): Promise<TeamMember & { removedFromBusinessIds: string[] }> {
  const { db } = context.database;
  const practice = await requireOwnedPractice(db, options.user);
  return db.transaction(async (tx) => {
    const now = context.clock.now();
    const [found] = await tx
      .select({ member: practiceMembers, invitation: invitationState })
      .from(practiceMembers)
      .leftJoin(invitations, eq(invitations.id, practiceMembers.invitationId))
      .where(and(eq(practiceMembers.id, options.teamMemberId), eq(practiceMembers.practiceId, practice.id)))
      .limit(1);
    if (!found) throw new AppError('NOT_FOUND', SETTINGS_API_MESSAGES.teamMemberNotFound);
    const { member } = found;
    // A pending member's link is revoked first (waiting for an accept under way, as accepting locks).
    if (member.status === TEAM_PENDING) await revokeAndLock(tx, context, member);
    const [locked] = await tx
      .select()
      .from(practiceMembers)
      .where(eq(practiceMembers.id, member.id))
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND', SETTINGS_API_MESSAGES.teamMemberNotFound);
    const removedFromBusinessIds =
      locked.status === TEAM_ACTIVE && locked.userId
        ? await removePracticeMemberships(tx, {
            ownerUserId: practice.ownerUserId,
            memberUserId: locked.userId,
          })
        : [];
    await tx.delete(practiceMembers).where(eq(practiceMembers.id, locked.id));
    const invitation = found.invitation?.expiresAt ? (found.invitation as InvitationState) : null;
    return { ...toTeamMember(locked, invitation, now), removedFromBusinessIds };
  });
}
