import {
  type ApprovalDecision,
  type ApprovalFlow,
  evaluateFlow,
  pendingApprovers,
  requiresApproval,
  selectPolicy,
  snapshotFlow,
  viewerState,
} from '@ferry/domain/approvals';
import { APPROVAL_ACTIVITY_LABELS } from '@ferry/domain/catalogues';
import { formatMoney } from '@ferry/domain/format';
import { paths } from '@ferry/domain/routes';
import {
  APPROVAL_ERROR_CODES,
  APPROVAL_MESSAGES,
  type ApproverStatus,
  type PaymentApproval,
} from '@ferry/domain/schemas';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Actor } from '../activity/service.js';
import { mailOrigin } from '../banking/notify.js';
import { queueMessages } from '../notifications/service.js';
import { renderLinkNoticeMail } from '../notifications/templates.js';
import { applyPaymentEvent } from '../payments/state.js';
import { SettingsError } from '../roles/errors.js';
import { users } from '../users/tables.js';
import { eligibleApproverIds, groupMembersOf, policyRulesOf } from './rules.js';
import {
  approvalDelegations,
  approvalGroups,
  type PaymentApprovalDecisionRow,
  type PaymentApprovalRow,
  paymentApprovalDecisions,
  paymentApprovals,
} from './tables.js';

type Ctx = Pick<AppContext, 'clock' | 'jobs' | 'config'>;

/** Who is looking at an approval: their id and whether their role may approve (approve-and-pay manage). */
export interface ApprovalViewer {
  userId: string;
  canApprove: boolean;
}

export const approvalError = (code: keyof typeof APPROVAL_ERROR_CODES, message: string) =>
  new SettingsError('CONFLICT', APPROVAL_ERROR_CODES[code], message);

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

const toDecision = (row: PaymentApprovalDecisionRow): ApprovalDecision => ({
  stageOrder: row.stageOrder,
  userId: row.userId,
  decision: row.decision,
  bypassed: row.bypassed,
});

/** The people behind user ids: full names and addresses. */
export async function peopleOf(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, { name: string; firstName: string; email: string }>> {
  const ids = unique(userIds);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { name: `${r.firstName} ${r.lastName}`.trim(), firstName: r.firstName, email: r.email },
    ]),
  );
}

/** Today in New York ('YYYY-MM-DD'), the day delegations are read on. */
export const newYorkDay = (at: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);

/** Approvers who are away today and named `userId` to act for them. */
export async function delegatorsOf(
  db: DbOrTx,
  businessId: string,
  userId: string,
  at: Date,
): Promise<string[]> {
  const today = newYorkDay(at);
  const rows = await db
    .select({ userId: approvalDelegations.userId })
    .from(approvalDelegations)
    .where(
      and(
        eq(approvalDelegations.businessId, businessId),
        eq(approvalDelegations.delegateUserId, userId),
        lte(approvalDelegations.startsOn, today),
        gte(approvalDelegations.endsOn, today),
      ),
    );
  return rows.map((r) => r.userId);
}

// ---------------------------------------------------------------------------------------------
// Submission

/**
 * Puts a just-created payment through approval when a policy covers it: snapshots the policy (groups
 * expanded, the submitter and members who cannot approve left out), moves the payment PENDING →
 * IN_APPROVAL and mails the first stage's approvers. Answers false when no policy requires approval.
 * A stage left with no one to approve refuses the payment (409 APPROVAL_NO_APPROVERS), so nothing
 * covered by a policy is ever scheduled without its approvals.
 */
export async function submitForApprovalIfCovered(
  context: Ctx,
  tx: DbOrTx,
  options: {
    paymentId: string;
    businessId: string;
    vendorId: string;
    amountCents: number;
    actor: Actor;
    at: Date;
  },
): Promise<boolean> {
  const { businessId } = options;
  const policy = selectPolicy(await policyRulesOf(tx, businessId), {
    amountCents: options.amountCents,
    vendorId: options.vendorId,
  });
  if (!policy || !requiresApproval(policy)) return false;
  const submittedBy = options.actor.userId ?? '';
  const [members, eligible] = await Promise.all([
    groupMembersOf(tx, businessId, unique(policy.stages.flatMap((s) => s.groupIds))),
    eligibleApproverIds(tx, businessId),
  ]);
  const snapshot = snapshotFlow(policy, {
    submittedBy,
    groupMembers: members,
    isEligible: (userId) => eligible.has(userId),
  });
  if (!snapshot.ok) {
    throw approvalError('noApprovers', APPROVAL_MESSAGES.noApprovers(policy.name, snapshot.error.stageOrder));
  }
  const flow = snapshot.flow;
  const pending = pendingApprovers(flow, []);
  await applyPaymentEvent(tx, {
    paymentId: options.paymentId,
    event: { type: 'SUBMIT_FOR_APPROVAL' },
    actor: { userId: options.actor.userId, name: options.actor.name ?? 'Ferry' },
    timeline: {
      action: 'SUBMITTED_FOR_APPROVAL',
      label: APPROVAL_ACTIVITY_LABELS.SUBMITTED_FOR_APPROVAL,
      remarks: `Approval policy: ${policy.name}`,
      data: { policyId: policy.id },
    },
    at: options.at,
  });
  await tx.insert(paymentApprovals).values({
    paymentId: options.paymentId,
    businessId,
    policyId: policy.id,
    policyName: policy.name,
    flow,
    status: 'IN_PROGRESS',
    pendingUserIds: pending,
    submittedBy: options.actor.userId,
    submittedAt: options.at,
    updatedAt: options.at,
  });
  await mailApprovers(context, tx, { paymentId: options.paymentId, businessId, userIds: pending, flow });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Reading

export interface LoadedApproval {
  row: PaymentApprovalRow;
  decisions: PaymentApprovalDecisionRow[];
}

/** The approvals (with their decisions) of payments of the business, by payment id. */
export async function loadApprovals(
  db: DbOrTx,
  businessId: string,
  paymentIds: readonly string[],
  options: { forUpdate?: boolean } = {},
): Promise<Map<string, LoadedApproval>> {
  const ids = unique(paymentIds);
  if (ids.length === 0) return new Map();
  const query = db
    .select()
    .from(paymentApprovals)
    .where(and(eq(paymentApprovals.businessId, businessId), inArray(paymentApprovals.paymentId, ids)));
  const rows = options.forUpdate ? await query.for('update') : await query;
  const decisions = await db
    .select()
    .from(paymentApprovalDecisions)
    .where(inArray(paymentApprovalDecisions.paymentId, ids))
    .orderBy(asc(paymentApprovalDecisions.decidedAt), asc(paymentApprovalDecisions.id));
  return new Map(
    rows.map((row) => [
      row.paymentId,
      { row, decisions: decisions.filter((d) => d.paymentId === row.paymentId) },
    ]),
  );
}

/** The viewer's state, acting for themselves or, failing that, for an approver who delegated to them. */
export function viewerOf(
  flow: ApprovalFlow,
  decisions: readonly ApprovalDecision[],
  viewer: ApprovalViewer,
  delegators: readonly string[],
): { state: ReturnType<typeof viewerState>; actingFor: string } {
  const own = viewerState(flow, decisions, viewer);
  if (own.state !== 'NONE' || !viewer.canApprove) return { state: own, actingFor: viewer.userId };
  for (const delegator of delegators) {
    if (delegator === flow.submittedBy) continue;
    const state = viewerState(flow, decisions, { userId: delegator, canApprove: true });
    if (state.state !== 'NONE') return { state, actingFor: delegator };
  }
  return { state: own, actingFor: viewer.userId };
}

/** The approval of a payment as the API shows it (spec 001 §3 "Stage", "Approver"). */
export async function approvalViews(
  db: DbOrTx,
  businessId: string,
  loaded: ReadonlyMap<string, LoadedApproval>,
  viewer: ApprovalViewer,
  at: Date,
): Promise<Map<string, PaymentApproval>> {
  const all = [...loaded.values()];
  const userIds = all.flatMap(({ row, decisions }) => [
    ...row.flow.stages.flatMap((s) => s.approvers.map((a) => a.userId)),
    ...decisions.map((d) => d.actedBy),
    ...(row.submittedBy ? [row.submittedBy] : []),
  ]);
  const groupIds = unique(
    all.flatMap(({ row }) => row.flow.stages.flatMap((s) => s.approvers.flatMap((a) => a.groupIds))),
  );
  const [people, groups, delegators] = await Promise.all([
    peopleOf(db, userIds),
    groupIds.length
      ? db
          .select({ id: approvalGroups.id, name: approvalGroups.name })
          .from(approvalGroups)
          .where(inArray(approvalGroups.id, groupIds))
      : Promise.resolve([]),
    delegatorsOf(db, businessId, viewer.userId, at),
  ]);
  const groupNames = new Map(groups.map((g) => [g.id, g.name]));
  const nameOf = (id: string) => people.get(id)?.name ?? 'Former member';
  const views = new Map<string, PaymentApproval>();
  for (const [paymentId, { row, decisions }] of loaded) {
    const flow = row.flow;
    const engineDecisions = decisions.map(toDecision);
    const evaluation = evaluateFlow(flow, engineDecisions);
    const open = row.status === 'IN_PROGRESS';
    const { state } = open
      ? viewerOf(flow, engineDecisions, viewer, delegators)
      : { state: { state: 'NONE' as const, isFinal: false, stageOrder: null, message: null } };
    views.set(paymentId, {
      policyId: row.policyId,
      policyName: row.policyName,
      status: row.status,
      submittedBy: row.submittedBy ? { id: row.submittedBy, name: nameOf(row.submittedBy) } : null,
      submittedAt: row.submittedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      currentStage: open ? evaluation.currentStage : null,
      stageCount: flow.stages.length,
      stages: flow.stages.map((stage) => {
        const progress = evaluation.stages.find((s) => s.order === stage.order);
        return {
          order: stage.order,
          stage: `Stage ${stage.order}`,
          approvalRequiredFrom: stage.criteria,
          required: stage.required,
          bypassLowerLevelApprovals: stage.bypassLowerLevelApprovals,
          isApproved: progress?.isApproved ?? false,
          isBypassed: progress?.isBypassed ?? false,
          isCurrentStage: open && (progress?.isCurrentStage ?? false),
          approvers: stage.approvers.map((approver) => {
            const decision = decisions.find(
              (d) => d.stageOrder === stage.order && d.userId === approver.userId,
            );
            let approvalStatus: ApproverStatus = 'PENDING';
            if (decision) approvalStatus = decision.decision;
            else if (progress?.isBypassed) approvalStatus = 'BYPASSED';
            else if (progress?.isApproved || !open) approvalStatus = 'NOT_REQUIRED';
            const names = approver.groupIds.flatMap((id) => {
              const name = groupNames.get(id);
              return name ? [name] : [];
            });
            return {
              userId: approver.userId,
              userName: nameOf(approver.userId),
              label: nameOf(approver.userId),
              isGroup: !approver.direct,
              groupNames: names,
              approvalStatus,
              reviewedAt: decision?.decidedAt.toISOString() ?? null,
              remarks: decision?.remarks ?? null,
              hasBypassedLowerLevel: decision?.bypassed ?? false,
              onBehalfOf:
                decision && decision.actedBy !== decision.userId
                  ? { id: decision.actedBy, name: nameOf(decision.actedBy) }
                  : null,
            };
          }),
        };
      }),
      awaiting: open ? row.pendingUserIds.map(nameOf) : [],
      viewer: state,
    });
  }
  return views;
}

// ---------------------------------------------------------------------------------------------
// Mails

/** Tells approvers a payment waits for them (the first stage at submission, the next one after). */
export async function mailApprovers(
  context: Ctx,
  db: DbOrTx,
  options: { paymentId: string; businessId: string; userIds: readonly string[]; flow: ApprovalFlow },
): Promise<void> {
  if (options.userIds.length === 0) return;
  const people = await peopleOf(db, options.userIds);
  const link = `${mailOrigin(context.config)}${paths.billPaymentDetail(options.businessId, options.paymentId)}`;
  const mails = [...people.values()].map((person) => {
    const mail = renderLinkNoticeMail({
      subject: `A payment is waiting for your approval (${options.flow.policyName})`,
      firstName: person.firstName,
      why: `A payment on Ferry needs your approval under the “${options.flow.policyName}” approval policy. Review it and approve or reject it.`,
      link,
      buttonLabel: 'Review the payment',
    });
    return {
      channel: 'email' as const,
      to: person.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    };
  });
  await queueMessages(context, { db, messages: mails });
}

/** Tells the submitter their payment was approved (and scheduled) or rejected. */
export async function mailSubmitter(
  context: Ctx,
  db: DbOrTx,
  options: {
    paymentId: string;
    businessId: string;
    submittedBy: string | null;
    outcome: 'APPROVED' | 'REJECTED';
    amountCents: number;
    decidedBy: string;
  },
): Promise<void> {
  if (!options.submittedBy) return;
  const person = (await peopleOf(db, [options.submittedBy])).get(options.submittedBy);
  if (!person) return;
  const amount = formatMoney(options.amountCents);
  const link = `${mailOrigin(context.config)}${paths.billPaymentDetail(options.businessId, options.paymentId)}`;
  const mail = renderLinkNoticeMail({
    subject:
      options.outcome === 'APPROVED'
        ? `Your payment of ${amount} was approved`
        : `Your payment of ${amount} was rejected`,
    firstName: person.firstName,
    why:
      options.outcome === 'APPROVED'
        ? `${options.decidedBy} gave the final approval: the payment will process on its scheduled date.`
        : `${options.decidedBy} rejected the payment: it will not be sent.`,
    link,
    buttonLabel: 'View the payment',
  });
  await queueMessages(context, {
    db,
    messages: [
      { channel: 'email', to: person.email, subject: mail.subject, text: mail.text, html: mail.html },
    ],
  });
}

/** Cancelling a payment in approval ends its approval (called under the payment's row lock). */
export async function cancelApproval(db: DbOrTx, paymentId: string, at: Date): Promise<void> {
  await db
    .update(paymentApprovals)
    .set({ status: 'CANCELLED', pendingUserIds: [], decidedAt: at, updatedAt: at })
    .where(and(eq(paymentApprovals.paymentId, paymentId), eq(paymentApprovals.status, 'IN_PROGRESS')));
}
