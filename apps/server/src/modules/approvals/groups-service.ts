import type { Subject } from '@ferry/domain/permissions';
import {
  APPROVAL_ERROR_CODES,
  APPROVAL_MESSAGES,
  type ApprovalGroup,
  type ApprovalGroupMember,
  type ApprovalGroupView,
  type approvalGroupsQuerySchema,
  SETTINGS_ERROR_CODES,
} from '@ferry/domain/schemas';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { businessMembers } from '../businesses/tables.js';
import { violatedUniqueIndex } from '../contacts/access.js';
import { containsPattern } from '../contacts/service.js';
import { SettingsError } from '../roles/errors.js';
import { roles } from '../roles/tables.js';
import { users } from '../users/tables.js';
import { activePoliciesOf, lockApprovers, policyNamesGroup } from './assignments.js';
import { eligibleApproverIds } from './rules.js';
import { type ApprovalGroupRow, approvalGroupMembers, approvalGroups } from './tables.js';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

/** Approval groups and policies: reading needs read on payment approvals, changing them manage (spec 001 §6). */
export const APPROVALS_READ: ['read', Subject] = ['read', 'PaymentApproval'];
export const APPROVALS_MANAGE: ['manage', Subject] = ['manage', 'PaymentApproval'];

export const GROUP_ENTITY_TYPE = 'approval_groups';
const GROUP_NAME_INDEX = 'approval_groups_name_unique';
const ID = /^[0-9a-f]{24}$/;

export const groupNotFound = () => new AppError('NOT_FOUND', APPROVAL_MESSAGES.groupNotFound);

const groupNameExists = () =>
  new SettingsError('CONFLICT', APPROVAL_ERROR_CODES.groupNameExists, APPROVAL_MESSAGES.groupNameExists, [
    { field: 'name', message: APPROVAL_MESSAGES.groupNameExists },
  ]);

const memberNotEligible = () =>
  new AppError('UNPROCESSABLE', APPROVAL_MESSAGES.groupMemberNotEligible, {
    errors: [{ field: 'userIds', message: APPROVAL_MESSAGES.groupMemberNotEligible }],
  });

export const fullName = (user: { firstName: string; lastName: string }): string =>
  `${user.firstName} ${user.lastName}`.trim();

/** The users' names (and emails) by id; a user gone from Ferry is absent. */
export async function peopleOf(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, { name: fullName(row), email: row.email }]));
}

/** The members of each group with their names, emails and current role in the business, by name. */
export async function groupMemberDetails(
  db: DbOrTx,
  businessId: string,
  groupIds: readonly string[],
): Promise<Map<string, ApprovalGroupMember[]>> {
  const members = new Map<string, ApprovalGroupMember[]>();
  if (groupIds.length === 0) return members;
  const rows = await db
    .select({
      groupId: approvalGroupMembers.groupId,
      userId: approvalGroupMembers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roleName: roles.name,
    })
    .from(approvalGroupMembers)
    .innerJoin(users, eq(users.id, approvalGroupMembers.userId))
    .leftJoin(
      businessMembers,
      and(
        eq(businessMembers.businessId, approvalGroupMembers.businessId),
        eq(businessMembers.userId, approvalGroupMembers.userId),
      ),
    )
    .leftJoin(roles, eq(roles.id, businessMembers.roleId))
    .where(
      and(
        eq(approvalGroupMembers.businessId, businessId),
        inArray(approvalGroupMembers.groupId, [...new Set(groupIds)]),
      ),
    )
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id));
  for (const row of rows) {
    const member: ApprovalGroupMember = {
      userId: row.userId,
      user: { firstName: row.firstName, lastName: row.lastName, email: row.email },
      roleDetails: { name: row.roleName ?? '' },
    };
    members.set(row.groupId, [...(members.get(row.groupId) ?? []), member]);
  }
  return members;
}

/** The views of groups of one business: members, the active policies naming each, who made it. */
async function groupViews(db: DbOrTx, businessId: string, rows: ApprovalGroupRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const members = await groupMemberDetails(db, businessId, ids);
  const policies = await activePoliciesOf(db, businessId);
  const creators = await peopleOf(
    db,
    rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])),
  );
  return rows.map((row): ApprovalGroupView => {
    const groupMembers = members.get(row.id) ?? [];
    const creator = row.createdBy ? creators.get(row.createdBy) : undefined;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      userIds: groupMembers.map((member) => member.userId),
      members: groupMembers,
      policies: policies
        .filter((policy) => policyNamesGroup(policy, row.id))
        .map((policy) => ({ id: policy.id, name: policy.name })),
      createdBy: row.createdBy && creator ? { id: row.createdBy, name: creator.name } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

async function groupView(db: DbOrTx, row: ApprovalGroupRow): Promise<ApprovalGroupView> {
  const [view] = await groupViews(db, row.businessId, [row]);
  if (!view) throw groupNotFound();
  return view;
}

/** A page of the business's groups, sorted, optionally those whose name contains `searchBy`. */
export async function listApprovalGroups(
  db: DbOrTx,
  options: { businessId: string; query: z.output<typeof approvalGroupsQuerySchema> },
): Promise<{ items: ApprovalGroupView[]; total: number; pageNumber: number; pageSize: number }> {
  const { query } = options;
  const direction = query.sortOrder === 'desc' ? desc : asc;
  const sortColumn =
    query.sortBy === 'name'
      ? sql`lower(${approvalGroups.name})`
      : query.sortBy === 'createdAt'
        ? approvalGroups.createdAt
        : approvalGroups.updatedAt;
  const where = and(
    eq(approvalGroups.businessId, options.businessId),
    query.searchBy ? ilike(approvalGroups.name, containsPattern(query.searchBy)) : undefined,
  );
  const rows = await db
    .select()
    .from(approvalGroups)
    .where(where)
    .orderBy(direction(sortColumn), direction(approvalGroups.id))
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  const [totals] = await db.select({ total: count() }).from(approvalGroups).where(where);
  return {
    items: await groupViews(db, options.businessId, rows),
    total: Number(totals?.total ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

/**
 * A group of the business, or 404 (another business's group is as unknown as a missing one). `lock`
 * holds the row until the transaction ends: 'update' to change or delete it, 'share' to name it in a
 * policy (a deletion then waits, and sees the policy).
 */
export async function findGroupOrThrow(
  db: DbOrTx,
  options: { businessId: string; groupId: string; lock?: 'update' | 'share' },
): Promise<ApprovalGroupRow> {
  if (!ID.test(options.groupId)) throw groupNotFound();
  const query = db
    .select()
    .from(approvalGroups)
    .where(and(eq(approvalGroups.id, options.groupId), eq(approvalGroups.businessId, options.businessId)))
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  if (!row) throw groupNotFound();
  return row;
}

export async function getApprovalGroup(
  db: DbOrTx,
  options: { businessId: string; groupId: string },
): Promise<ApprovalGroupView> {
  return groupView(db, await findGroupOrThrow(db, options));
}

/** Throws 422 on `userIds` unless every one is an active member of the business who can approve bills. */
async function assertEligibleMembers(tx: Tx, businessId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await lockApprovers(tx, businessId, userIds);
  const eligible = await eligibleApproverIds(tx, businessId);
  if (userIds.some((userId) => !eligible.has(userId))) throw memberNotEligible();
}

/** Runs a write that may break the unique group name: the index, not a prior read, decides (races too). */
async function withGroupNameGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueIndex(error) === GROUP_NAME_INDEX) throw groupNameExists();
    throw error;
  }
}

/** What the activity log keeps of a group: its name, description and members' names. */
const auditOf = (view: ApprovalGroupView) => ({
  name: view.name,
  description: view.description,
  members: view.members.map((member) => fullName(member.user)),
});

function recordGroupActivity(
  tx: Tx,
  context: Ctx,
  entry: {
    businessId: string;
    groupId: string;
    actor: Actor;
    action: 'APPROVAL_GROUP_CREATED' | 'APPROVAL_GROUP_UPDATED' | 'APPROVAL_GROUP_DELETED';
    label: string;
    data: Record<string, unknown>;
  },
) {
  return recordActivity(tx, {
    businessId: entry.businessId,
    entityType: GROUP_ENTITY_TYPE,
    entityId: entry.groupId,
    subject: 'PaymentApproval',
    action: entry.action,
    label: entry.label,
    actor: entry.actor,
    data: entry.data,
    at: context.clock.now(),
  });
}

/** `POST /business/{id}/approval-group`: a new group of eligible approvers; its name unique (any case). */
export async function createApprovalGroup(
  context: Ctx,
  options: { businessId: string; actor: Actor; body: ApprovalGroup },
): Promise<ApprovalGroupView> {
  const { businessId, body } = options;
  const userIds = [...new Set(body.userIds)];
  const now = context.clock.now();
  return withGroupNameGuard(() =>
    context.database.db.transaction(async (tx) => {
      await assertEligibleMembers(tx, businessId, userIds);
      const [row] = await tx
        .insert(approvalGroups)
        .values({
          id: newId(),
          businessId,
          name: body.name,
          description: body.description,
          createdBy: options.actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('approval group not created');
      await tx
        .insert(approvalGroupMembers)
        .values(userIds.map((userId) => ({ groupId: row.id, userId, businessId, createdAt: now })));
      const view = await groupView(tx, row);
      await recordGroupActivity(tx, context, {
        businessId,
        groupId: row.id,
        actor: options.actor,
        action: 'APPROVAL_GROUP_CREATED',
        label: `Approval group ${row.name} created`,
        data: { oldData: null, newData: auditOf(view) },
      });
      return view;
    }),
  );
}

/**
 * `PATCH /business/{id}/approval-group/{groupId}`: name, description and members. An unchanged edit is
 * refused; members added must be eligible approvers (those already in stay, even if they no longer are:
 * a payment's approvers are taken, eligible ones only, when it is submitted). Payments already in
 * approval keep their approvers.
 */
export async function updateApprovalGroup(
  context: Ctx,
  options: { businessId: string; groupId: string; actor: Actor; body: ApprovalGroup },
): Promise<ApprovalGroupView> {
  const { businessId, body } = options;
  const userIds = [...new Set(body.userIds)];
  return withGroupNameGuard(() =>
    context.database.db.transaction(async (tx) => {
      const row = await findGroupOrThrow(tx, { ...options, lock: 'update' });
      const before = await groupView(tx, row);
      const current = new Set(before.userIds);
      const added = userIds.filter((userId) => !current.has(userId));
      const removed = before.userIds.filter((userId) => !userIds.includes(userId));
      if (
        row.name === body.name &&
        row.description === body.description &&
        added.length === 0 &&
        removed.length === 0
      ) {
        throw new SettingsError(
          'BAD_REQUEST',
          SETTINGS_ERROR_CODES.noChanges,
          APPROVAL_MESSAGES.groupUnchanged,
        );
      }
      await assertEligibleMembers(tx, businessId, added);
      const now = context.clock.now();
      const [updated] = await tx
        .update(approvalGroups)
        .set({ name: body.name, description: body.description, updatedAt: now })
        .where(eq(approvalGroups.id, row.id))
        .returning();
      if (!updated) throw groupNotFound();
      if (removed.length > 0) {
        await tx
          .delete(approvalGroupMembers)
          .where(
            and(eq(approvalGroupMembers.groupId, row.id), inArray(approvalGroupMembers.userId, removed)),
          );
      }
      if (added.length > 0) {
        await tx
          .insert(approvalGroupMembers)
          .values(added.map((userId) => ({ groupId: row.id, userId, businessId, createdAt: now })))
          .onConflictDoNothing();
      }
      const after = await groupView(tx, updated);
      const names = await peopleOf(tx, [...added, ...removed]);
      const nameOf = (userId: string) => names.get(userId)?.name ?? '';
      await recordGroupActivity(tx, context, {
        businessId,
        groupId: row.id,
        actor: options.actor,
        action: 'APPROVAL_GROUP_UPDATED',
        label: `Approval group ${updated.name} modified`,
        data: {
          oldData: auditOf(before),
          newData: auditOf(after),
          added: added.map(nameOf),
          removed: removed.map(nameOf),
        },
      });
      return after;
    }),
  );
}

/** `DELETE /business/{id}/approval-group/{groupId}`: refused (409) while an active policy names it. */
export async function deleteApprovalGroup(
  context: Ctx,
  options: { businessId: string; groupId: string; actor: Actor },
): Promise<void> {
  await context.database.db.transaction(async (tx) => {
    const row = await findGroupOrThrow(tx, { ...options, lock: 'update' });
    const before = await groupView(tx, row);
    if (before.policies.length > 0) {
      throw new SettingsError(
        'CONFLICT',
        APPROVAL_ERROR_CODES.groupInPolicy,
        APPROVAL_MESSAGES.groupInPolicy,
      );
    }
    await tx.delete(approvalGroups).where(eq(approvalGroups.id, row.id));
    await recordGroupActivity(tx, context, {
      businessId: options.businessId,
      groupId: row.id,
      actor: options.actor,
      action: 'APPROVAL_GROUP_DELETED',
      label: `Approval group ${row.name} deleted`,
      data: { oldData: auditOf(before), newData: null },
    });
  });
}
