import type { ApprovalDecision, ApprovalFlow, PolicyStageRule } from '@ferry/domain/approvals';
import type { ApprovalConditionOperator } from '@ferry/domain/catalogues';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, timestampColumn, updatedAt } from '../../platform/db/columns.js';
import { businesses } from '../businesses/tables.js';
import { payments } from '../payments/tables.js';
import { users } from '../users/tables.js';

/** An approval group (spec 001 §2, §3): a named set of members who can approve bills. */
export const approvalGroups = pgTable(
  'approval_groups',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('approval_groups_name_unique').on(table.businessId, sql`lower(${table.name})`)],
);
export type ApprovalGroupRow = typeof approvalGroups.$inferSelect;

export const approvalGroupMembers = pgTable(
  'approval_group_members',
  {
    groupId: refColumn('group_id')
      .notNull()
      .references(() => approvalGroups.id, { onDelete: 'cascade' }),
    userId: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index('approval_group_members_user_idx').on(table.businessId, table.userId),
  ],
);

/** A policy's conditions as stored (amounts in cents; vendors with the label shown when saved). */
export interface StoredPolicyConditions {
  amount: { operator: ApprovalConditionOperator; minCents: number | null; maxCents: number | null } | null;
  vendors: { id: string; label: string }[] | null;
}

/**
 * An approval policy (spec 001 §2–§4). `stages` holds PolicyStageRule[] (users and groups by id);
 * deleted policies are kept (deleted_at) for the audit trail. One Default Policy per business.
 */
export const approvalPolicies = pgTable(
  'approval_policies',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Priority: among matching policies the lowest applies. The Default Policy sorts last. */
    orderNumber: integer('order_number').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    conditions: jsonb('conditions').$type<StoredPolicyConditions>().notNull(),
    stages: jsonb('stages').$type<PolicyStageRule[]>().notNull(),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestampColumn('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('approval_policies_name_unique')
      .on(table.businessId, sql`lower(${table.name})`)
      .where(sql`${table.deletedAt} is null`),
    uniqueIndex('approval_policies_default_unique')
      .on(table.businessId)
      .where(sql`${table.isDefault} and ${table.deletedAt} is null`),
  ],
);
export type ApprovalPolicyRow = typeof approvalPolicies.$inferSelect;

/**
 * The approval of one payment: the policy snapshotted at submission (`flow`: stages with their approvers
 * resolved to users), so later policy or group edits never change it. Status IN_PROGRESS until the
 * flow is APPROVED or REJECTED, or CANCELLED with the payment.
 */
export const paymentApprovals = pgTable(
  'payment_approvals',
  {
    paymentId: refColumn('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    policyId: refColumn('policy_id').notNull(),
    policyName: text('policy_name').notNull(),
    flow: jsonb('flow').$type<ApprovalFlow>().notNull(),
    status: text('status').$type<'IN_PROGRESS' | 'APPROVED' | 'REJECTED' | 'CANCELLED'>().notNull(),
    /** Current stage's approvers who have not decided (user ids), for the "awaiting you" lists. */
    pendingUserIds: jsonb('pending_user_ids').$type<string[]>().notNull().default([]),
    submittedBy: refColumn('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestampColumn('submitted_at').notNull(),
    decidedAt: timestampColumn('decided_at'),
    updatedAt: updatedAt(),
  },
  (table) => [index('payment_approvals_business_status_idx').on(table.businessId, table.status)],
);
export type PaymentApprovalRow = typeof paymentApprovals.$inferSelect;

/**
 * One approver's decision at one stage. The unique index makes "each approver acts once per stage" a
 * database fact. `userId` is the approver whose place it takes; `actedBy` differs when a delegate acted
 * on their behalf.
 */
export const paymentApprovalDecisions = pgTable(
  'payment_approval_decisions',
  {
    id: idColumn(),
    paymentId: refColumn('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    stageOrder: integer('stage_order').notNull(),
    userId: refColumn('user_id').notNull(),
    actedBy: refColumn('acted_by').notNull(),
    decision: text('decision').$type<ApprovalDecision['decision']>().notNull(),
    bypassed: boolean('bypassed').notNull().default(false),
    remarks: text('remarks'),
    decidedAt: timestampColumn('decided_at').notNull(),
  },
  (table) => [
    uniqueIndex('payment_approval_decisions_unique').on(table.paymentId, table.stageOrder, table.userId),
  ],
);
export type PaymentApprovalDecisionRow = typeof paymentApprovalDecisions.$inferSelect;

/** An approver away: their delegate approves in their place between the two dates (New York days). */
export const approvalDelegations = pgTable(
  'approval_delegations',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delegateUserId: refColumn('delegate_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsOn: text('starts_on').notNull(),
    endsOn: text('ends_on').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('approval_delegations_user_unique').on(table.businessId, table.userId)],
);
export type ApprovalDelegationRow = typeof approvalDelegations.$inferSelect;
