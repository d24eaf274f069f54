import type { PolicyStageRule } from '@ferry/domain/approvals';
import { centsToAmount } from '@ferry/domain/money';
import type { PolicyView } from '@ferry/domain/schemas';
import { and, eq, inArray, isNull, max, not } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { contacts } from '../contacts/tables.js';
import { fullName, groupMemberDetails, peopleOf } from './groups-service.js';
import { type ApprovalPolicyRow, approvalGroups, approvalPolicies } from './tables.js';

/**
 * Policies as the API answers them (policyViewSchema): amounts in dollars, approvers with their names —
 * users by full name and email, groups by name with their members' names — and vendors by their current
 * name (the name saved with the policy when the vendor is gone).
 */

const dollars = (cents: number | null): number | null => (cents === null ? null : centsToAmount(cents));

/** The Default Policy's place: after every other active policy of the business. */
async function defaultOrderOf(db: DbOrTx, businessId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(approvalPolicies.orderNumber) })
    .from(approvalPolicies)
    .where(
      and(
        eq(approvalPolicies.businessId, businessId),
        isNull(approvalPolicies.deletedAt),
        not(approvalPolicies.isDefault),
      ),
    );
  return (row?.last ?? 0) + 1;
}

/** The views of policies of one business, in the order given. */
export async function policyViews(
  db: DbOrTx,
  businessId: string,
  rows: readonly ApprovalPolicyRow[],
): Promise<PolicyView[]> {
  if (rows.length === 0) return [];
  const stages = rows.flatMap((row) => row.stages);
  const groupIds = [...new Set(stages.flatMap((stage) => stage.groupIds))];
  const vendorIds = [...new Set(rows.flatMap((row) => row.conditions.vendors?.map((v) => v.id) ?? []))];
  const people = await peopleOf(db, [
    ...stages.flatMap((stage) => stage.userIds),
    ...rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])),
  ]);
  const groups =
    groupIds.length === 0
      ? []
      : await db
          .select({ id: approvalGroups.id, name: approvalGroups.name })
          .from(approvalGroups)
          .where(and(eq(approvalGroups.businessId, businessId), inArray(approvalGroups.id, groupIds)));
  const groupNames = new Map(groups.map((group) => [group.id, group.name]));
  const members = await groupMemberDetails(db, businessId, groupIds);
  const vendors =
    vendorIds.length === 0
      ? []
      : await db
          .select({ id: contacts.id, name: contacts.name })
          .from(contacts)
          .where(and(eq(contacts.businessId, businessId), inArray(contacts.id, vendorIds)));
  const vendorNames = new Map(vendors.map((vendor) => [vendor.id, vendor.name]));
  const defaultOrder = rows.some((row) => row.isDefault) ? await defaultOrderOf(db, businessId) : 0;

  const stageView = (stage: PolicyStageRule): PolicyView['stages'][number] => ({
    order: stage.order,
    approvalRequiredFrom: stage.criteria,
    minApprovals: stage.criteria === 'QUORUM' ? stage.minApprovals : null,
    bypassLowerLevelApprovals: stage.bypassLowerLevelApprovals,
    approvers: {
      users: stage.userIds.flatMap((userId) => {
        const person = people.get(userId);
        return person ? [{ userId, label: person.name, email: person.email, isGroup: false as const }] : [];
      }),
      approvalGroups: stage.groupIds.flatMap((groupId) => {
        const name = groupNames.get(groupId);
        if (name === undefined) return [];
        const userNames = (members.get(groupId) ?? []).map((member) => fullName(member.user));
        return [{ groupId, label: name, isGroup: true as const, userNames }];
      }),
    },
  });

  return rows.map((row) => {
    const { amount, vendors: stored } = row.conditions;
    const creator = row.createdBy ? people.get(row.createdBy) : undefined;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      order: row.isDefault ? defaultOrder : row.orderNumber,
      isDefault: row.isDefault,
      conditions: {
        amount: amount
          ? {
              operator: amount.operator,
              min_value: dollars(amount.minCents),
              max_value: dollars(amount.maxCents),
            }
          : null,
        vendorIds: stored
          ? stored.map((vendor) => ({ value: vendor.id, label: vendorNames.get(vendor.id) ?? vendor.label }))
          : null,
      },
      stages: [...row.stages].sort((a, b) => a.order - b.order).map(stageView),
      createdBy: row.createdBy && creator ? { id: row.createdBy, name: creator.name } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function policyView(db: DbOrTx, row: ApprovalPolicyRow): Promise<PolicyView> {
  const [view] = await policyViews(db, row.businessId, [row]);
  if (!view) throw new Error('policy view missing');
  return view;
}
