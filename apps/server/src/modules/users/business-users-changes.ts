import {
  type BusinessUser,
  SETTINGS_API_MESSAGES,
  SETTINGS_ERROR_CODES,
  type UserApprovalAssignments,
} from '@ferry/domain/schemas';
import { and, asc, eq, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { recordActivity } from '../activity/service.js';
import { userApprovalAssignments as approvalAssignmentsOf } from '../approvals/assignments.js';
import { invitations } from '../auth/tables.js';
import { businessMembers } from '../businesses/tables.js';
import { assertMayGrant, findBuiltInRole, findRoleOrThrow, SettingsError } from '../roles/service.js';
import { roles } from '../roles/tables.js';
import { findBusinessUser } from './business-users-queries.js';
import {
  type Ctx,
  findOpenInvitation,
  USER_ENTITY_TYPE,
  type UserCaller,
  userIdNotFound,
} from './business-users-service.js';

/**
 * Where the user approves payments: the active approval policies naming them in a stage and the approval
 * groups they belong to. Change-role and removal refuse a user who appears here (spec 001 §4).
 */
export async function userApprovalAssignments(
  db: DbOrTx,
  options: { businessId: string; userId: string },
): Promise<UserApprovalAssignments> {
  return approvalAssignmentsOf(db, options);
}

const hasAssignments = (assignments: UserApprovalAssignments) =>
  assignments.policies.length > 0 || assignments.groups.length > 0;

const lastAdmin = () =>
  new SettingsError('CONFLICT', SETTINGS_ERROR_CODES.lastAdmin, SETTINGS_API_MESSAGES.lastAdmin);

const userInApproval = () =>
  new SettingsError('CONFLICT', SETTINGS_ERROR_CODES.userInApproval, SETTINGS_API_MESSAGES.userInApproval);

const noChanges = () =>
  new SettingsError('BAD_REQUEST', SETTINGS_ERROR_CODES.noChanges, SETTINGS_API_MESSAGES.noChanges);

/**
 * Locks, in id order, the target's membership and every membership holding the built-in Admin role.
 * Two requests demoting or removing the last two Admins then run one after the other, and the second
 * sees the first's change (a row no longer matching is dropped from its locked set).
 */
async function lockMemberAndAdmins(tx: Tx, options: { businessId: string; userId: string }) {
  const admin = await findBuiltInRole(tx, { businessId: options.businessId, name: 'Admin' });
  const rows = await tx
    .select({
      id: businessMembers.id,
      userId: businessMembers.userId,
      roleId: businessMembers.roleId,
      status: businessMembers.status,
    })
    .from(businessMembers)
    .where(
      and(
        eq(businessMembers.businessId, options.businessId),
        admin
          ? or(eq(businessMembers.userId, options.userId), eq(businessMembers.roleId, admin.id))
          : eq(businessMembers.userId, options.userId),
      ),
    )
    .orderBy(asc(businessMembers.id))
    .for('update');
  const member = rows.find((row) => row.userId === options.userId) ?? null;
  const activeAdmins = admin
    ? rows.filter((row) => row.roleId === admin.id && row.status === 'ACTIVE').length
    : 0;
  const isAdmin = Boolean(admin && member?.roleId === admin.id && member.status === 'ACTIVE');
  return { member, adminRoleId: admin?.id ?? null, isAdmin, activeAdmins };
}

/** The permissions of a role of the business (a member's current role). */
async function permissionsOf(tx: Tx, roleId: string): Promise<string[]> {
  const [row] = await tx
    .select({ permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.id, roleId))
    .limit(1);
  return row?.permissions ?? [];
}

async function answer(
  tx: DbOrTx,
  context: Pick<Ctx, 'clock'>,
  businessId: string,
  id: string,
  caller: UserCaller,
) {
  const row = await findBusinessUser(tx, {
    businessId,
    id,
    currentUserId: caller.userId,
    now: context.clock.now(),
  });
  if (!row) throw userIdNotFound();
  return row;
}

/**
 * `PATCH /business/{id}/users/{userId}/change-role`: a member's role, or a pending invitation's. Not
 * one's own (403), not to the same role (400), not for an approver (409), not to a role — nor from a
 * role — holding rights the caller lacks (403), never leaving the business without an active Admin (409).
 */
export async function changeBusinessUserRole(
  context: Ctx,
  options: { businessId: string; caller: UserCaller; targetId: string; roleId: string },
): Promise<BusinessUser> {
  const { caller, businessId, targetId } = options;
  if (!/^[0-9a-f]{24}$/.test(targetId)) throw userIdNotFound();
  return context.database.db.transaction(async (tx) => {
    const locked = await lockMemberAndAdmins(tx, { businessId, userId: targetId });
    const { member } = locked;
    const now = context.clock.now();
    if (member) {
      if (member.userId === caller.userId) {
        throw new SettingsError(
          'FORBIDDEN',
          SETTINGS_ERROR_CODES.changeOwnRole,
          SETTINGS_API_MESSAGES.changeOwnRole,
        );
      }
      const role = await findRoleOrThrow(tx, { businessId, roleId: options.roleId, lock: 'share' });
      if (member.roleId === role.id) throw noChanges();
      if (hasAssignments(await userApprovalAssignments(tx, { businessId, userId: member.userId }))) {
        throw userInApproval();
      }
      assertMayGrant(caller, role.permissions);
      assertMayGrant(caller, await permissionsOf(tx, member.roleId));
      if (locked.isAdmin && role.id !== locked.adminRoleId && locked.activeAdmins <= 1) throw lastAdmin();
      await tx.update(businessMembers).set({ roleId: role.id }).where(eq(businessMembers.id, member.id));
      await recordActivity(tx, {
        businessId,
        entityType: USER_ENTITY_TYPE,
        entityId: member.userId,
        subject: 'Users',
        action: 'USER_ROLE_CHANGED',
        label: 'User role changed',
        actor: caller.actor,
        data: { oldData: { roleId: member.roleId }, newData: { roleId: role.id, roleName: role.name } },
        at: now,
      });
      return answer(tx, context, businessId, member.userId, caller);
    }
    const invitation = await findOpenInvitation(tx, { businessId, invitationId: targetId });
    if (!invitation) throw userIdNotFound();
    const role = await findRoleOrThrow(tx, { businessId, roleId: options.roleId, lock: 'share' });
    const previousRoleId = typeof invitation.data.roleId === 'string' ? invitation.data.roleId : null;
    if (previousRoleId === role.id) throw noChanges();
    assertMayGrant(caller, role.permissions);
    if (previousRoleId) assertMayGrant(caller, await permissionsOf(tx, previousRoleId));
    await tx
      .update(invitations)
      .set({ data: { ...invitation.data, roleId: role.id } })
      .where(eq(invitations.id, invitation.id));
    await recordActivity(tx, {
      businessId,
      entityType: USER_ENTITY_TYPE,
      entityId: invitation.id,
      subject: 'Users',
      action: 'USER_ROLE_CHANGED',
      label: 'Invitation role changed',
      actor: caller.actor,
      data: { oldData: { roleId: previousRoleId }, newData: { roleId: role.id, roleName: role.name } },
      at: now,
    });
    return answer(tx, context, businessId, invitation.id, caller);
  });
}

/**
 * `DELETE /business/{id}/users/{userId}`: removes a member (their next request to the business answers
 * 404) or revokes a pending invitation. Never oneself (403), never the last active Admin (409), not an
 * approver (409), not someone holding rights the caller lacks (403).
 */
export async function removeBusinessUser(
  context: Ctx,
  options: { businessId: string; caller: UserCaller; targetId: string },
): Promise<{ id: string; kind: 'member' | 'invitation' }> {
  const { caller, businessId, targetId } = options;
  if (!/^[0-9a-f]{24}$/.test(targetId)) throw userIdNotFound();
  return context.database.db.transaction(async (tx) => {
    const locked = await lockMemberAndAdmins(tx, { businessId, userId: targetId });
    const { member } = locked;
    const now = context.clock.now();
    if (member) {
      if (member.userId === caller.userId) {
        throw new SettingsError(
          'FORBIDDEN',
          SETTINGS_ERROR_CODES.removeYourself,
          SETTINGS_API_MESSAGES.removeYourself,
        );
      }
      if (hasAssignments(await userApprovalAssignments(tx, { businessId, userId: member.userId }))) {
        throw userInApproval();
      }
      assertMayGrant(caller, await permissionsOf(tx, member.roleId));
      if (locked.isAdmin && locked.activeAdmins <= 1) throw lastAdmin();
      await tx.delete(businessMembers).where(eq(businessMembers.id, member.id));
      await recordActivity(tx, {
        businessId,
        entityType: USER_ENTITY_TYPE,
        entityId: member.userId,
        subject: 'Users',
        action: 'USER_REMOVED',
        label: 'User removed',
        actor: caller.actor,
        data: { roleId: member.roleId },
        at: now,
      });
      return { id: member.userId, kind: 'member' as const };
    }
    const invitation = await findOpenInvitation(tx, { businessId, invitationId: targetId });
    if (!invitation) throw userIdNotFound();
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, invitation.id));
    await recordActivity(tx, {
      businessId,
      entityType: USER_ENTITY_TYPE,
      entityId: invitation.id,
      subject: 'Users',
      action: 'USER_INVITATION_REVOKED',
      label: 'Invitation revoked',
      actor: caller.actor,
      data: { email: invitation.email },
      at: now,
    });
    return { id: invitation.id, kind: 'invitation' as const };
  });
}

/** `GET .../users/{userId}/user-approval-assignments`: the user must be a member or pending invitation. */
export async function getUserApprovalAssignments(
  context: Pick<Ctx, 'database' | 'clock'>,
  options: { businessId: string; caller: UserCaller; targetId: string },
): Promise<UserApprovalAssignments> {
  const { db } = context.database;
  const row = await findBusinessUser(db, {
    businessId: options.businessId,
    id: options.targetId,
    currentUserId: options.caller.userId,
    now: context.clock.now(),
  });
  if (!row) throw new AppError('NOT_FOUND', SETTINGS_API_MESSAGES.userIdNotFound);
  return row.userId
    ? userApprovalAssignments(db, { businessId: options.businessId, userId: row.userId })
    : { policies: [], groups: [] };
}
