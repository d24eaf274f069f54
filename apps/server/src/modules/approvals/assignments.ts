import type { UserApprovalAssignments } from '@ferry/domain/schemas';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { businessMembers } from '../businesses/tables.js';
import { roles } from '../roles/tables.js';
import { type ApprovalPolicyRow, approvalGroupMembers, approvalGroups, approvalPolicies } from './tables.js';

/**
 * Who approves where: the active approval policies naming a user in a stage and the approval groups the
 * user belongs to. A user who appears here cannot have their role changed nor be removed, and a role held
 * by such a user cannot be modified (spec 001 §4).
 */

/** The business's active (not deleted) policies, the Default Policy included, in priority order. */
export async function activePoliciesOf(db: DbOrTx, businessId: string): Promise<ApprovalPolicyRow[]> {
  return db
    .select()
    .from(approvalPolicies)
    .where(and(eq(approvalPolicies.businessId, businessId), isNull(approvalPolicies.deletedAt)))
    .orderBy(asc(approvalPolicies.orderNumber), asc(approvalPolicies.id));
}

/** Whether a stage of the policy names the user directly. */
export const policyNamesUser = (policy: Pick<ApprovalPolicyRow, 'stages'>, userId: string): boolean =>
  policy.stages.some((stage) => stage.userIds.includes(userId));

/** Whether a stage of the policy names the group. */
export const policyNamesGroup = (policy: Pick<ApprovalPolicyRow, 'stages'>, groupId: string): boolean =>
  policy.stages.some((stage) => stage.groupIds.includes(groupId));

/** `GET .../users/{userId}/user-approval-assignments`: policies naming the user, groups holding them. */
export async function userApprovalAssignments(
  db: DbOrTx,
  options: { businessId: string; userId: string },
): Promise<UserApprovalAssignments> {
  const policies = (await activePoliciesOf(db, options.businessId))
    .filter((policy) => policyNamesUser(policy, options.userId))
    .map((policy) => ({ id: policy.id, name: policy.name }));
  const groups = await db
    .select({ id: approvalGroups.id, name: approvalGroups.name })
    .from(approvalGroupMembers)
    .innerJoin(approvalGroups, eq(approvalGroups.id, approvalGroupMembers.groupId))
    .where(
      and(
        eq(approvalGroupMembers.businessId, options.businessId),
        eq(approvalGroupMembers.userId, options.userId),
      ),
    )
    .orderBy(sql`lower(${approvalGroups.name})`, asc(approvalGroups.id));
  return { policies, groups };
}

/** Whether a member holding the role is named in an active policy or belongs to an approval group. */
export async function roleHasApprovers(
  db: DbOrTx,
  options: { businessId: string; roleId: string },
): Promise<boolean> {
  const holders = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .where(
      and(eq(businessMembers.businessId, options.businessId), eq(businessMembers.roleId, options.roleId)),
    );
  const userIds = holders.map((holder) => holder.userId);
  if (userIds.length === 0) return false;
  const [inGroup] = await db
    .select({ userId: approvalGroupMembers.userId })
    .from(approvalGroupMembers)
    .where(
      and(
        eq(approvalGroupMembers.businessId, options.businessId),
        inArray(approvalGroupMembers.userId, userIds),
      ),
    )
    .limit(1);
  if (inGroup) return true;
  const policies = await activePoliciesOf(db, options.businessId);
  return userIds.some((userId) => policies.some((policy) => policyNamesUser(policy, userId)));
}

/**
 * Locks (for share, until the transaction ends) the memberships of the users about to become approvers
 * and the roles they hold. A change of role, a removal or a role edit running meanwhile waits, then sees
 * the new approver and is refused; one that ran first is seen by the eligibility check that follows.
 */
export async function lockApprovers(tx: Tx, businessId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const members = await tx
    .select({ roleId: businessMembers.roleId })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, [...userIds])))
    .orderBy(asc(businessMembers.id))
    .for('share');
  const roleIds = [...new Set(members.map((member) => member.roleId))];
  if (roleIds.length === 0) return;
  await tx
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.id, roleIds))
    .orderBy(asc(roles.id))
    .for('share');
}
