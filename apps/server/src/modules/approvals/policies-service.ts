import { isDeepStrictEqual } from 'node:util';
import type { PolicyStageRule } from '@ferry/domain/approvals';
import { APPROVAL_AUDIT_ACTION_LABELS, type ApprovalAuditAction } from '@ferry/domain/catalogues';
import {
  APPROVAL_ERROR_CODES,
  APPROVAL_MESSAGES,
  type PolicyView,
  type policyNameExistsRequestSchema,
  type policyOrderRequestSchema,
  type policyRequestSchema,
  type policyStageRequestSchema,
  type policyUpdateRequestSchema,
} from '@ferry/domain/schemas';
import { and, asc, eq, gt, inArray, isNull, ne, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { violatedUniqueIndex } from '../contacts/access.js';
import { contacts } from '../contacts/tables.js';
import { SettingsError } from '../roles/errors.js';
import { activePoliciesOf, lockApprovers } from './assignments.js';
import { policyView, policyViews } from './policies-views.js';
import { eligibleApproverIds, ensureDefaultPolicy, groupMembersOf } from './rules.js';
import {
  type ApprovalPolicyRow,
  approvalGroups,
  approvalPolicies,
  type StoredPolicyConditions,
} from './tables.js';

type Ctx = Pick<AppContext, 'database' | 'clock'>;
type PolicyRequest = z.output<typeof policyRequestSchema>;
type PolicyUpdateRequest = z.output<typeof policyUpdateRequestSchema>;
type StageRequest = z.output<typeof policyStageRequestSchema>;

export const POLICY_ENTITY_TYPE = 'approval_policies';
const POLICY_NAME_INDEX = 'approval_policies_name_unique';
const ID = /^[0-9a-f]{24}$/;

const policyNotFound = () => new AppError('NOT_FOUND', APPROVAL_MESSAGES.policyNotFound);

const policyNameExists = () =>
  new SettingsError('CONFLICT', APPROVAL_ERROR_CODES.policyNameExists, APPROVAL_MESSAGES.policyNameExists, [
    { field: 'name', message: APPROVAL_MESSAGES.policyNameExists },
  ]);

const defaultPolicyFixed = () =>
  new SettingsError(
    'CONFLICT',
    APPROVAL_ERROR_CODES.defaultPolicyFixed,
    APPROVAL_MESSAGES.defaultPolicyFixed,
  );

const unprocessable = (field: 'stages' | 'conditions', message: string) =>
  new AppError('UNPROCESSABLE', message, { errors: [{ field, message }] });

// ---------------------------------------------------------------------------------------------
// Reading

/** The business's active policies, highest priority first and the Default Policy (made if missing) last. */
export async function listPolicies(db: DbOrTx, options: { businessId: string }): Promise<PolicyView[]> {
  await ensureDefaultPolicy(db, options.businessId);
  return policyViews(db, options.businessId, await activePoliciesOf(db, options.businessId));
}

/** An active policy of the business, or 404 (deleted ones and another business's are unknown). */
async function findPolicyOrThrow(
  db: DbOrTx,
  options: { businessId: string; policyId: string },
): Promise<ApprovalPolicyRow> {
  if (!ID.test(options.policyId)) throw policyNotFound();
  const [row] = await db
    .select()
    .from(approvalPolicies)
    .where(
      and(
        eq(approvalPolicies.id, options.policyId),
        eq(approvalPolicies.businessId, options.businessId),
        isNull(approvalPolicies.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw policyNotFound();
  return row;
}

export async function getPolicy(db: DbOrTx, options: { businessId: string; policyId: string }) {
  return policyView(db, await findPolicyOrThrow(db, options));
}

/** `POST .../policies/name/exists`: an active policy has the name (any case), the edited one aside. */
export async function policyNameTaken(
  db: DbOrTx,
  options: { businessId: string } & z.output<typeof policyNameExistsRequestSchema>,
): Promise<boolean> {
  const name = options.name.trim();
  if (name === '') return false;
  const [row] = await db
    .select({ id: approvalPolicies.id })
    .from(approvalPolicies)
    .where(
      and(
        eq(approvalPolicies.businessId, options.businessId),
        isNull(approvalPolicies.deletedAt),
        sql`lower(${approvalPolicies.name}) = lower(${name})`,
        options.policyId ? ne(approvalPolicies.id, options.policyId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// From the request to what is stored

/** Stages by their `order`, renumbered 1..n; stage 1 bypasses nothing; approvers without repeats. */
export function normaliseStages(stages: readonly StageRequest[]): PolicyStageRule[] {
  return [...stages]
    .sort((a, b) => a.order - b.order)
    .map((stage, index) => ({
      order: index + 1,
      criteria: stage.approvalRequiredFrom,
      minApprovals: stage.approvalRequiredFrom === 'QUORUM' ? (stage.minApprovals ?? null) : null,
      bypassLowerLevelApprovals: index === 0 ? false : stage.bypassLowerLevelApprovals,
      userIds: [...new Set(stage.approvers.users)],
      groupIds: [...new Set(stage.approvers.approvalGroups)],
    }));
}

/**
 * Throws 422 on `stages` unless every user is an eligible approver (one already named by the policy
 * may stay) and every group is one of the business's, and no quorum exceeds the distinct users its
 * stage resolves to. Locks the users' memberships and the groups (for share) so that a role change, a
 * removal or a group deletion running meanwhile waits and then sees the policy.
 */
async function assertApprovers(
  tx: Tx,
  businessId: string,
  stages: readonly PolicyStageRule[],
  alreadyNamed: ReadonlySet<string> = new Set(),
): Promise<void> {
  const userIds = [...new Set(stages.flatMap((stage) => stage.userIds))];
  const groupIds = [...new Set(stages.flatMap((stage) => stage.groupIds))];
  const notEligible = () => unprocessable('stages', APPROVAL_MESSAGES.policyApproverNotEligible);
  const added = userIds.filter((userId) => !alreadyNamed.has(userId));
  await lockApprovers(tx, businessId, added);
  if (added.length > 0) {
    const eligible = await eligibleApproverIds(tx, businessId);
    if (added.some((userId) => !eligible.has(userId))) throw notEligible();
  }
  if (groupIds.length > 0) {
    const found = await tx
      .select({ id: approvalGroups.id })
      .from(approvalGroups)
      .where(and(eq(approvalGroups.businessId, businessId), inArray(approvalGroups.id, groupIds)))
      .orderBy(asc(approvalGroups.id))
      .for('share');
    if (found.length !== groupIds.length) throw notEligible();
  }
  const members = await groupMembersOf(tx, businessId, groupIds);
  for (const stage of stages) {
    if (stage.criteria !== 'QUORUM') continue;
    const resolved = new Set([...stage.userIds, ...stage.groupIds.flatMap((id) => members.get(id) ?? [])]);
    if ((stage.minApprovals ?? 0) > resolved.size)
      throw unprocessable('stages', APPROVAL_MESSAGES.policyQuorum);
  }
}

/** The amount condition in cents, keeping only the bounds its operator reads. */
function storedAmount(amount: PolicyRequest['conditions']['amount']): StoredPolicyConditions['amount'] {
  if (!amount) return null;
  const min = amount.min_value ?? null;
  const max = amount.max_value ?? null;
  if (amount.operator === 'lessThan') return { operator: 'lessThan', minCents: null, maxCents: max };
  if (amount.operator === 'greaterThan') return { operator: 'greaterThan', minCents: min, maxCents: null };
  return { operator: 'inBetween', minCents: min, maxCents: max };
}

/** The vendors condition with each vendor's current name; 422 on `conditions` for one not the business's. */
async function storedVendors(
  db: DbOrTx,
  businessId: string,
  options: PolicyRequest['conditions']['vendorIds'],
): Promise<StoredPolicyConditions['vendors']> {
  if (!options) return null;
  const ids = [...new Set(options.map((option) => option.value))];
  const rows = await db
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.type, 'VENDOR'), inArray(contacts.id, ids)));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  if (ids.some((id) => !names.has(id))) throw unprocessable('conditions', APPROVAL_MESSAGES.policyConditions);
  return ids.map((id) => ({ id, label: names.get(id) ?? '' }));
}

async function storedConditions(
  db: DbOrTx,
  businessId: string,
  conditions: PolicyRequest['conditions'],
): Promise<StoredPolicyConditions> {
  return {
    amount: storedAmount(conditions.amount),
    vendors: await storedVendors(db, businessId, conditions.vendorIds),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Makes the Default Policy if missing and locks every active policy of the business until the
 * transaction ends: policy writes of one business run one after the other (priorities stay 1..n).
 */
async function lockPolicies(tx: Tx, businessId: string): Promise<ApprovalPolicyRow[]> {
  await ensureDefaultPolicy(tx, businessId);
  return tx
    .select()
    .from(approvalPolicies)
    .where(and(eq(approvalPolicies.businessId, businessId), isNull(approvalPolicies.deletedAt)))
    .orderBy(asc(approvalPolicies.orderNumber), asc(approvalPolicies.id))
    .for('update');
}

/** Runs a write that may break the unique policy name: the index, not a prior read, decides (races too). */
async function withPolicyNameGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueIndex(error) === POLICY_NAME_INDEX) throw policyNameExists();
    throw error;
  }
}

/** The audit trail's entry (spec 001 §4): the action's label with the policy's name, data before/after. */
function recordPolicyActivity(
  tx: Tx,
  context: Ctx,
  entry: {
    businessId: string;
    entityId: string;
    actor: Actor;
    action: ApprovalAuditAction;
    policyName: string | null;
    oldData: unknown;
    newData: unknown;
  },
) {
  const label = APPROVAL_AUDIT_ACTION_LABELS[entry.action];
  return recordActivity(tx, {
    businessId: entry.businessId,
    entityType: POLICY_ENTITY_TYPE,
    entityId: entry.entityId,
    subject: 'PaymentApproval',
    action: entry.action,
    label: entry.policyName ? `${label}: ${entry.policyName}` : label,
    actor: entry.actor,
    data: { oldData: entry.oldData, newData: entry.newData },
    at: context.clock.now(),
  });
}

/** `POST .../approvals/policies`: a new policy, last among the business's own (above the Default Policy). */
export async function createPolicy(
  context: Ctx,
  options: { businessId: string; actor: Actor; body: PolicyRequest },
): Promise<PolicyView> {
  const { businessId, body } = options;
  return withPolicyNameGuard(() =>
    context.database.db.transaction(async (tx) => {
      const current = await lockPolicies(tx, businessId);
      const stages = normaliseStages(body.stages);
      await assertApprovers(tx, businessId, stages);
      const conditions = await storedConditions(tx, businessId, body.conditions);
      const last = Math.max(0, ...current.filter((p) => !p.isDefault).map((p) => p.orderNumber));
      const now = context.clock.now();
      const [row] = await tx
        .insert(approvalPolicies)
        .values({
          id: newId(),
          businessId,
          name: body.name.trim(),
          description: body.description?.trim() ?? '',
          orderNumber: last + 1,
          isDefault: false,
          conditions,
          stages,
          createdBy: options.actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('policy not created');
      const view = await policyView(tx, row);
      await recordPolicyActivity(tx, context, {
        businessId,
        entityId: row.id,
        actor: options.actor,
        action: 'POLICY_CREATED',
        policyName: row.name,
        oldData: null,
        newData: view,
      });
      return view;
    }),
  );
}

/** Equal as data (jsonb read back orders an object's keys its own way). */
const sameJson = (a: unknown, b: unknown) => isDeepStrictEqual(JSON.parse(JSON.stringify(a)), b);

/**
 * `PATCH .../approvals/policies`: the whole policy. The Default Policy takes only its description and
 * stages (409 DEFAULT_POLICY_FIXED otherwise); an omitted description stays. Payments already in
 * approval keep the flow they were given. An edit that changes nothing answers the policy as it is.
 */
export async function updatePolicy(
  context: Ctx,
  options: { businessId: string; actor: Actor; body: PolicyUpdateRequest },
): Promise<PolicyView> {
  const { businessId, body } = options;
  return withPolicyNameGuard(() =>
    context.database.db.transaction(async (tx) => {
      await lockPolicies(tx, businessId);
      const row = await findPolicyOrThrow(tx, { businessId, policyId: body.policyId });
      const isDefaultBody = body.isDefault === true;
      if (row.isDefault && !isDefaultBody) throw defaultPolicyFixed();
      if (!row.isDefault && isDefaultBody)
        throw unprocessable('conditions', APPROVAL_MESSAGES.policyConditions);
      const stages = normaliseStages(body.stages);
      const named = new Set(row.stages.flatMap((stage) => stage.userIds));
      await assertApprovers(tx, businessId, stages, named);
      const changes = {
        name: 'name' in body ? body.name.trim() : row.name,
        description: body.description?.trim() ?? row.description,
        conditions:
          'conditions' in body ? await storedConditions(tx, businessId, body.conditions) : row.conditions,
        stages,
      };
      const unchanged =
        changes.name === row.name &&
        changes.description === row.description &&
        sameJson(changes.conditions, row.conditions) &&
        sameJson(changes.stages, row.stages);
      const before = await policyView(tx, row);
      if (unchanged) return before;
      const [updated] = await tx
        .update(approvalPolicies)
        .set({ ...changes, updatedAt: context.clock.now() })
        .where(eq(approvalPolicies.id, row.id))
        .returning();
      if (!updated) throw policyNotFound();
      const after = await policyView(tx, updated);
      await recordPolicyActivity(tx, context, {
        businessId,
        entityId: row.id,
        actor: options.actor,
        action: 'POLICY_UPDATED',
        policyName: updated.name,
        oldData: before,
        newData: after,
      });
      return after;
    }),
  );
}

/**
 * `PATCH .../approvals/policies/{policyId}/delete`: the policy leaves the list (kept, deleted_at set, for
 * the audit trail) and those below it move up one place. Never the Default Policy (409).
 */
export async function deletePolicy(
  context: Ctx,
  options: { businessId: string; policyId: string; actor: Actor },
): Promise<void> {
  const { businessId } = options;
  await context.database.db.transaction(async (tx) => {
    await lockPolicies(tx, businessId);
    const row = await findPolicyOrThrow(tx, options);
    if (row.isDefault) throw defaultPolicyFixed();
    const before = await policyView(tx, row);
    const now = context.clock.now();
    await tx
      .update(approvalPolicies)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(approvalPolicies.id, row.id));
    await tx
      .update(approvalPolicies)
      .set({ orderNumber: sql`${approvalPolicies.orderNumber} - 1` })
      .where(
        and(
          eq(approvalPolicies.businessId, businessId),
          isNull(approvalPolicies.deletedAt),
          not(approvalPolicies.isDefault),
          gt(approvalPolicies.orderNumber, row.orderNumber),
        ),
      );
    await recordPolicyActivity(tx, context, {
      businessId,
      entityId: row.id,
      actor: options.actor,
      action: 'POLICY_DELETED',
      policyName: row.name,
      oldData: before,
      newData: null,
    });
  });
}

/**
 * `PATCH .../approvals/policies/order`: the business's own policies, highest priority first, numbered
 * 1..n. The list must be exactly the active non-default policies (409 POLICY_ORDER_STALE otherwise: one
 * was added or deleted since the page loaded). Answers every active policy in the new order.
 */
export async function reorderPolicies(
  context: Ctx,
  options: { businessId: string; actor: Actor; body: z.output<typeof policyOrderRequestSchema> },
): Promise<PolicyView[]> {
  const { businessId } = options;
  return context.database.db.transaction(async (tx) => {
    const current = (await lockPolicies(tx, businessId)).filter((policy) => !policy.isDefault);
    const wanted = options.body.policyIds;
    const byId = new Map(current.map((policy) => [policy.id, policy]));
    if (
      wanted.length !== current.length ||
      new Set(wanted).size !== wanted.length ||
      wanted.some((id) => !byId.has(id))
    ) {
      throw new SettingsError(
        'CONFLICT',
        APPROVAL_ERROR_CODES.policyOrderStale,
        APPROVAL_MESSAGES.policyOrderStale,
      );
    }
    const moved = wanted.some((id, index) => byId.get(id)?.orderNumber !== index + 1);
    if (moved) {
      const now = context.clock.now();
      for (const [index, id] of wanted.entries()) {
        if (byId.get(id)?.orderNumber === index + 1) continue;
        await tx
          .update(approvalPolicies)
          .set({ orderNumber: index + 1, updatedAt: now })
          .where(eq(approvalPolicies.id, id));
      }
      await recordPolicyActivity(tx, context, {
        businessId,
        entityId: businessId,
        actor: options.actor,
        action: 'POLICY_ORDER_UPDATED',
        policyName: null,
        oldData: current.map((policy) => policy.name),
        newData: wanted.map((id) => byId.get(id)?.name ?? ''),
      });
    }
    return policyViews(tx, businessId, await activePoliciesOf(tx, businessId));
  });
}
