import type { Subject } from '@ferry/domain/permissions';
import { paths } from '@ferry/domain/routes';
import {
  ADD_USER_MESSAGES,
  addUserNameSchema,
  type BusinessUser,
  OTHER_USER_INVITATION,
  SETTINGS_API_MESSAGES,
  SETTINGS_ERROR_CODES,
  strictWorkEmailSchema,
} from '@ferry/domain/schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError, type FieldError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { type InvitationRow, invitations } from '../auth/tables.js';
import { businessMembers } from '../businesses/tables.js';
import { violatedUniqueIndex } from '../contacts/access.js';
import { createInvitation } from '../invitations/service.js';
import {
  renderBusinessUserAddedMail,
  renderBusinessUserInvitationMail,
} from '../notifications/business-user-templates.js';
import { queueMessage } from '../notifications/service.js';
import { findActiveTeamMember } from '../practice/service.js';
import {
  assertMayGrant,
  type Caller,
  findBuiltInRole,
  findRoleOrThrow,
  SettingsError,
} from '../roles/service.js';
import type { RoleRow } from '../roles/tables.js';
import { findBusinessUser } from './business-users-queries.js';
import { findUserByEmail, findUserById } from './service.js';
import { type UserRow, users } from './tables.js';

export { findBusinessUser, listBusinessUsers } from './business-users-queries.js';

export type Ctx = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>;

/** Reading the users of a business needs read on Users; adding, changing and removing them manage. */
export const USERS_READ: ['read', Subject] = ['read', 'Users'];
export const USERS_MANAGE: ['manage', Subject] = ['manage', 'Users'];

export const USER_ENTITY_TYPE = 'business_users';
export const ACCEPT_OTHER_USER_ACTION = 'ACCEPT_OTHER_USER_INVITE';

/** A pending invitation is sent again at most once a minute (each send is a mail to someone else). */
export const INVITATION_RESEND_COOLDOWN_SECONDS = 60;
export const RESEND_TOO_SOON_MESSAGE =
  'The invitation was just sent. Please wait a minute before sending it again.';

const ID = /^[0-9a-f]{24}$/;

export const userIdNotFound = () => new AppError('NOT_FOUND', SETTINGS_API_MESSAGES.userIdNotFound);

/** The body of `POST /business/{id}/users`: an emailed invitation or (an accountant's) team member. */
export interface AddBusinessUserBody {
  userId?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  roleId?: string | undefined;
}

/** The member (with their name, for mails and activity) calling a users route. */
export interface UserCaller extends Caller {
  user: UserRow;
}

const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

/** Locks the business row (serialising invitations of one business) and answers its name. */
async function lockBusiness(tx: Tx, businessId: string): Promise<string> {
  const result = (await tx.execute(
    sql`select business_name from businesses where id = ${businessId} for update`,
  )) as unknown as { rows: { business_name: string }[] };
  const name = result.rows[0]?.business_name;
  if (name === undefined) throw new AppError('BUSINESS_NOT_FOUND', 'Business not found');
  return name;
}

/** The open (unused, unrevoked) OTHER_USER invitation of the business by id or email, locked. */
export async function findOpenInvitation(
  tx: DbOrTx,
  options: { businessId: string; invitationId?: string; email?: string },
): Promise<InvitationRow | null> {
  if (options.invitationId !== undefined && !ID.test(options.invitationId)) return null;
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.businessId, options.businessId),
        eq(invitations.invitationType, OTHER_USER_INVITATION),
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
        options.invitationId !== undefined ? eq(invitations.id, options.invitationId) : undefined,
        options.email !== undefined ? eq(invitations.email, options.email.trim().toLowerCase()) : undefined,
      ),
    )
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The membership row of a user in the business, if any. */
async function findMemberRow(db: DbOrTx, businessId: string, userId: string) {
  const [row] = await db
    .select()
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

const alreadyMember = (field: string) =>
  new SettingsError('CONFLICT', SETTINGS_ERROR_CODES.alreadyMember, SETTINGS_API_MESSAGES.alreadyMember, [
    { field, message: SETTINGS_API_MESSAGES.alreadyMember },
  ]);

const teamMemberNotFound = () =>
  new AppError('NOT_FOUND', SETTINGS_API_MESSAGES.teamMemberNotFound, {
    errors: [{ field: 'userId', message: SETTINGS_API_MESSAGES.teamMemberNotFound }],
  });

function recordUserActivity(
  tx: Tx,
  context: Pick<Ctx, 'clock'>,
  entry: { businessId: string; entityId: string; actor: Actor; action: string; label: string; data: object },
) {
  return recordActivity(tx, {
    businessId: entry.businessId,
    entityType: USER_ENTITY_TYPE,
    entityId: entry.entityId,
    subject: 'Users',
    action: entry.action,
    label: entry.label,
    actor: entry.actor,
    data: { ...entry.data },
    at: context.clock.now(),
  });
}

/** The role of a request, present and of this business (400 'Role is required' / 404 'Role not found.'). */
function requireRoleId(roleId: string | undefined): string {
  if (roleId === undefined || roleId.trim() === '') {
    throw new AppError('VALIDATION_ERROR', ADD_USER_MESSAGES.roleRequired, {
      errors: [{ field: 'roleId', message: ADD_USER_MESSAGES.roleRequired }],
    });
  }
  return roleId.trim();
}

/** Creates the OTHER_USER invitation and queues its mail, in the caller's transaction. */
async function sendInvitation(
  tx: Tx,
  context: Ctx,
  options: {
    businessId: string;
    businessName: string;
    inviter: UserRow;
    email: string;
    firstName: string;
    lastName: string;
    role: RoleRow;
    origin: string;
  },
): Promise<InvitationRow> {
  const created = await createInvitation(context, {
    db: tx,
    type: OTHER_USER_INVITATION,
    action: ACCEPT_OTHER_USER_ACTION,
    email: options.email,
    sentByUserId: options.inviter.id,
    businessId: options.businessId,
    data: { firstName: options.firstName, lastName: options.lastName, roleId: options.role.id },
  });
  const mail = renderBusinessUserInvitationMail({
    firstName: options.firstName,
    inviterName: fullName(options.inviter),
    businessName: options.businessName,
    roleName: options.role.name,
    link: new URL(`/accept-invitation?token=${encodeURIComponent(created.token)}`, options.origin).toString(),
    code: created.code,
    goLink: new URL('/go', options.origin).toString(),
    validHours: Math.round(
      (created.invitation.expiresAt.getTime() - created.invitation.createdAt.getTime()) / 3_600_000,
    ),
  });
  await queueMessage(context, {
    db: tx,
    message: { channel: 'email', to: created.invitation.email, ...mail },
  });
  return created.invitation;
}

async function answerRow(
  db: DbOrTx,
  context: Pick<Ctx, 'clock'>,
  options: { businessId: string; id: string; currentUserId: string },
): Promise<BusinessUser> {
  const row = await findBusinessUser(db, { ...options, now: context.clock.now() });
  if (!row) throw userIdNotFound();
  return row;
}

/**
 * `POST /business/{id}/users` by email: checks the name, work email and role (the spec's messages),
 * refuses an active member's or a pending invitation's email (409 on `email`), and invites the person
 * with the role. An expired invitation for the email is replaced. Invitations of one business are
 * serialised on its row, so two requests for one email cannot both invite.
 */
async function inviteBusinessUser(
  context: Ctx,
  options: { businessId: string; caller: UserCaller; body: AddBusinessUserBody; origin: string },
): Promise<BusinessUser> {
  const { body, caller } = options;
  const errors: FieldError[] = [];
  const joined = [body.firstName ?? '', body.lastName ?? '']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const name = addUserNameSchema.safeParse(joined);
  if (!name.success)
    errors.push({ field: 'name', message: name.error.issues[0]?.message ?? ADD_USER_MESSAGES.nameRequired });
  const email = strictWorkEmailSchema.safeParse(body.email ?? '');
  if (!email.success)
    errors.push({ field: 'email', message: email.error.issues[0]?.message ?? 'Email is required' });
  if (body.roleId === undefined || body.roleId.trim() === '') {
    errors.push({ field: 'roleId', message: ADD_USER_MESSAGES.roleRequired });
  }
  const [first] = errors;
  if (first || !email.success || !name.success) {
    throw new AppError('VALIDATION_ERROR', first?.message ?? ADD_USER_MESSAGES.nameRequired, { errors });
  }
  const roleId = requireRoleId(body.roleId);
  const address = email.data.toLowerCase();
  // The name splits where the form's did: first name, then the rest.
  const firstName = (body.firstName ?? '').trim().replace(/\s+/g, ' ');
  const lastName = (body.lastName ?? '').trim().replace(/\s+/g, ' ');

  const invitation = await context.database.db.transaction(async (tx) => {
    const businessName = await lockBusiness(tx, options.businessId);
    const role = await findRoleOrThrow(tx, { businessId: options.businessId, roleId, lock: 'share' });
    assertMayGrant(caller, role.permissions);
    const existing = await findUserByEmail({ db: tx, email: address });
    if (existing) {
      const member = await findMemberRow(tx, options.businessId, existing.id);
      if (member?.status === 'ACTIVE') throw alreadyMember('email');
    }
    const open = await findOpenInvitation(tx, { businessId: options.businessId, email: address });
    if (open && open.expiresAt.getTime() > context.clock.now().getTime()) {
      throw new SettingsError(
        'CONFLICT',
        SETTINGS_ERROR_CODES.alreadyInvited,
        SETTINGS_API_MESSAGES.alreadyInvited,
        [{ field: 'email', message: SETTINGS_API_MESSAGES.alreadyInvited }],
      );
    }
    if (open)
      await tx.update(invitations).set({ revokedAt: context.clock.now() }).where(eq(invitations.id, open.id));
    const sent = await sendInvitation(tx, context, {
      businessId: options.businessId,
      businessName,
      inviter: caller.user,
      email: address,
      firstName,
      lastName,
      role,
      origin: options.origin,
    });
    await recordUserActivity(tx, context, {
      businessId: options.businessId,
      entityId: sent.id,
      actor: caller.actor,
      action: 'USER_INVITED',
      label: 'User invited',
      data: { email: address, roleId: role.id, roleName: role.name },
    });
    return sent;
  });
  return answerRow(context.database.db, context, {
    businessId: options.businessId,
    id: invitation.id,
    currentUserId: caller.userId,
  });
}

/**
 * `POST /business/{id}/users` with `userId`: an accountant adds an ACTIVE member of their own practice
 * team to the business at once (no invitation), with the role, and the member is told by mail.
 */
async function addPracticeTeamMember(
  context: Ctx,
  options: { businessId: string; caller: UserCaller; body: AddBusinessUserBody; origin: string },
): Promise<BusinessUser> {
  const { caller } = options;
  const roleId = requireRoleId(options.body.roleId);
  const memberUserId = options.body.userId ?? '';
  if (caller.user.userType !== 'ACCOUNTANT' || !ID.test(memberUserId)) throw teamMemberNotFound();
  try {
    await context.database.db.transaction(async (tx) => {
      const businessName = await lockBusiness(tx, options.businessId);
      const role = await findRoleOrThrow(tx, { businessId: options.businessId, roleId, lock: 'share' });
      assertMayGrant(caller, role.permissions);
      const teamMember = await findActiveTeamMember(tx, { ownerUserId: caller.userId, memberUserId });
      const member = teamMember ? await findUserById({ db: tx, userId: teamMember.userId }) : null;
      if (!member) throw teamMemberNotFound();
      if (await findMemberRow(tx, options.businessId, member.id)) throw alreadyMember('userId');
      const now = context.clock.now();
      // Their open invitation to this business (if any) is no longer needed.
      await tx
        .update(invitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(invitations.businessId, options.businessId),
            eq(invitations.invitationType, OTHER_USER_INVITATION),
            eq(invitations.email, member.email.toLowerCase()),
            isNull(invitations.usedAt),
            isNull(invitations.revokedAt),
          ),
        );
      await tx.insert(businessMembers).values({
        id: newId(),
        businessId: options.businessId,
        userId: member.id,
        roleId: role.id,
        status: 'ACTIVE',
        isPracticeMember: true,
        createdAt: now,
      });
      const mail = renderBusinessUserAddedMail({
        firstName: member.firstName,
        inviterName: fullName(caller.user),
        businessName,
        roleName: role.name,
        link: new URL(paths.businessHome(options.businessId), options.origin).toString(),
      });
      await queueMessage(context, { db: tx, message: { channel: 'email', to: member.email, ...mail } });
      await recordUserActivity(tx, context, {
        businessId: options.businessId,
        entityId: member.id,
        actor: caller.actor,
        action: 'USER_ADDED',
        label: 'Practice team member added',
        data: { userId: member.id, roleId: role.id, roleName: role.name },
      });
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'business_members_unique') throw alreadyMember('userId');
    throw error;
  }
  return answerRow(context.database.db, context, {
    businessId: options.businessId,
    id: memberUserId,
    currentUserId: caller.userId,
  });
}

/** `POST /business/{id}/users`: by email (an invitation) or, for an accountant, a practice team member. */
export function addBusinessUser(
  context: Ctx,
  options: { businessId: string; caller: UserCaller; body: AddBusinessUserBody; origin: string },
): Promise<BusinessUser> {
  return options.body.userId !== undefined
    ? addPracticeTeamMember(context, options)
    : inviteBusinessUser(context, options);
}

/**
 * Sends a pending (or expired) invitation again: the old link stops working and a fresh one (new id,
 * token, code and expiry, same name and role) is mailed. At most once a minute per person (429).
 */
export async function resendBusinessInvitation(
  context: Ctx,
  options: {
    businessId: string;
    caller: UserCaller;
    target: { invitationId: string } | { email: string };
    origin: string;
  },
): Promise<BusinessUser> {
  const { caller } = options;
  const invitation = await context.database.db.transaction(async (tx) => {
    const businessName = await lockBusiness(tx, options.businessId);
    const open = await findOpenInvitation(tx, { businessId: options.businessId, ...options.target });
    if (!open) throw new AppError('NOT_FOUND', SETTINGS_API_MESSAGES.invitationNotFound);
    const now = context.clock.now();
    const waitMs = open.createdAt.getTime() + INVITATION_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime();
    if (waitMs > 0) {
      throw new AppError('RATE_LIMITED', RESEND_TOO_SOON_MESSAGE, {
        headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) },
      });
    }
    const data = open.data;
    const roleId = typeof data.roleId === 'string' ? data.roleId : '';
    const role = await findRoleOrThrow(tx, { businessId: options.businessId, roleId, lock: 'share' });
    assertMayGrant(caller, role.permissions);
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, open.id));
    const sent = await sendInvitation(tx, context, {
      businessId: options.businessId,
      businessName,
      inviter: caller.user,
      email: open.email,
      firstName: typeof data.firstName === 'string' ? data.firstName : '',
      lastName: typeof data.lastName === 'string' ? data.lastName : '',
      role,
      origin: options.origin,
    });
    await recordUserActivity(tx, context, {
      businessId: options.businessId,
      entityId: sent.id,
      actor: caller.actor,
      action: 'USER_INVITATION_RESENT',
      label: 'Invitation sent again',
      data: { email: open.email, previousInvitationId: open.id },
    });
    return sent;
  });
  return answerRow(context.database.db, context, {
    businessId: options.businessId,
    id: invitation.id,
    currentUserId: caller.userId,
  });
}

/**
 * The OTHER_USER invitation accepted (inside the transaction that claims it): the invitee becomes an
 * ACTIVE member with the invited role — Read-only if that role is gone — or an inactive membership is
 * reactivated; an active one is left as it is. A user without an account type becomes SME_OWNER (a
 * business user; without it the route guard would hold them at the account-type page).
 */
export async function acceptBusinessUserInvitation(
  tx: Tx,
  context: Pick<Ctx, 'clock'>,
  options: { invitation: InvitationRow; user: UserRow },
): Promise<{ businessId: string; redirectTo: string }> {
  const { invitation, user } = options;
  const businessId = invitation.businessId;
  if (!businessId) throw new AppError('INVALID_INVITATION', SETTINGS_API_MESSAGES.invitationNotFound);
  const roleId = typeof invitation.data.roleId === 'string' ? invitation.data.roleId : '';
  let role: RoleRow | null = null;
  try {
    role = await findRoleOrThrow(tx, { businessId, roleId, lock: 'share' });
  } catch {
    role = await findBuiltInRole(tx, { businessId, name: 'Read-only', lock: 'share' });
  }
  if (!role) throw new AppError('INVALID_INVITATION', SETTINGS_API_MESSAGES.invitationNotFound);
  const now = context.clock.now();
  const [existing] = await tx
    .select()
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, user.id)))
    .limit(1)
    .for('update');
  if (!existing) {
    await tx
      .insert(businessMembers)
      .values({ id: newId(), businessId, userId: user.id, roleId: role.id, status: 'ACTIVE', createdAt: now })
      .onConflictDoNothing();
  } else if (existing.status !== 'ACTIVE') {
    await tx
      .update(businessMembers)
      .set({ status: 'ACTIVE', roleId: role.id })
      .where(eq(businessMembers.id, existing.id));
  }
  if (!user.userType) {
    await tx
      .update(users)
      .set({ userType: 'SME_OWNER', updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.userType)));
  }
  await recordActivity(tx, {
    businessId,
    entityType: USER_ENTITY_TYPE,
    entityId: user.id,
    subject: 'Users',
    action: 'USER_JOINED',
    label: 'Invitation accepted',
    actor: { type: 'USER', userId: user.id, name: fullName(user) },
    data: { invitationId: invitation.id, roleId: role.id, roleName: role.name },
    at: now,
  });
  return { businessId, redirectTo: paths.businessHome(businessId) };
}
