import type { PolicyRule } from '@ferry/domain/approvals';
import { DEFAULT_POLICY_NAME } from '@ferry/domain/catalogues';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { businessMembers } from '../businesses/tables.js';
import { roles } from '../roles/tables.js';
import { BILL_APPROVAL_KEYS } from '../users/business-users-queries.js';
import { type ApprovalPolicyRow, approvalGroupMembers, approvalPolicies } from './tables.js';

/**
 * What the approval engine reads from the database: a business's policies as rules, its groups' members,
 * and who may approve at all (active members whose role holds the approve-and-pay right).
 */

/** Active members of the business whose role can approve bills (approve-and-pay manage, or Pay full access). */
export async function eligibleApproverIds(db: DbOrTx, businessId: string): Promise<Set<string>> {
  const [approve, full] = BILL_APPROVAL_KEYS;
  const rows = await db
    .select({ userId: businessMembers.userId })
    .from(businessMembers)
    .innerJoin(roles, eq(roles.id, businessMembers.roleId))
    .where(
      and(
        eq(businessMembers.businessId, businessId),
        eq(businessMembers.status, 'ACTIVE'),
        sql`(${roles.permissions} @> ${JSON.stringify([approve])}::jsonb or ${roles.permissions} @> ${JSON.stringify([full])}::jsonb)`,
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

/** The members of each of the given groups (a group of another business, or gone, has none). */
export async function groupMembersOf(
  db: DbOrTx,
  businessId: string,
  groupIds: readonly string[],
): Promise<Map<string, string[]>> {
  const members = new Map<string, string[]>();
  if (groupIds.length === 0) return members;
  const rows = await db
    .select({ groupId: approvalGroupMembers.groupId, userId: approvalGroupMembers.userId })
    .from(approvalGroupMembers)
    .where(
      and(
        eq(approvalGroupMembers.businessId, businessId),
        inArray(approvalGroupMembers.groupId, [...groupIds]),
      ),
    )
    .orderBy(asc(approvalGroupMembers.createdAt), asc(approvalGroupMembers.userId));
  for (const row of rows) members.set(row.groupId, [...(members.get(row.groupId) ?? []), row.userId]);
  return members;
}

export const toPolicyRule = (row: ApprovalPolicyRow): PolicyRule => ({
  id: row.id,
  name: row.name,
  order: row.orderNumber,
  isDefault: row.isDefault,
  conditions: {
    amount: row.conditions.amount,
    vendorIds: row.conditions.vendors ? row.conditions.vendors.map((v) => v.id) : null,
  },
  stages: row.stages,
});

/** Makes the business's Default Policy (no stages: no approval) if it has none; a race inserts it once. */
export async function ensureDefaultPolicy(db: DbOrTx, businessId: string): Promise<void> {
  await db
    .insert(approvalPolicies)
    .values({
      id: newId(),
      businessId,
      name: DEFAULT_POLICY_NAME,
      description: 'Applies to payments no other policy covers.',
      orderNumber: 2_147_483_647,
      isDefault: true,
      conditions: { amount: null, vendors: null },
      stages: [],
    })
    .onConflictDoNothing();
}

/** The business's active policies (the Default Policy included, when it has one) as engine rules. */
export async function policyRulesOf(db: DbOrTx, businessId: string): Promise<PolicyRule[]> {
  const rows = await db
    .select()
    .from(approvalPolicies)
    .where(and(eq(approvalPolicies.businessId, businessId), isNull(approvalPolicies.deletedAt)))
    .orderBy(asc(approvalPolicies.orderNumber), asc(approvalPolicies.id));
  return rows.map(toPolicyRule);
}
