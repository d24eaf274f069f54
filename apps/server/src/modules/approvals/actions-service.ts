import {
  type ApprovalDecision,
  type DecideError,
  type DecideResult,
  decide,
  pendingApprovers,
  requiresApproval,
  selectPolicy,
  snapshotFlow,
} from '@ferry/domain/approvals';
import { APPROVAL_ACTIVITY_LABELS, APPROVAL_TEXTS, type ApprovalAction } from '@ferry/domain/catalogues';
import { centsToAmount } from '@ferry/domain/money';
import { adjustProcessDate, newYorkDate } from '@ferry/domain/payments';
import {
  APPROVAL_MESSAGES,
  type ApprovalActionResult,
  type ApprovalMatch,
  type ApprovalOutcome,
  type ApprovalOverview,
  type ApprovePaymentItem,
  type BulkApproveResult,
  type ParsedApprovePaymentsQuery,
} from '@ferry/domain/schemas';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { businesses } from '../businesses/tables.js';
import {
  findVendor,
  lockOwnPayment,
  type PaymentsContext,
  payeeBankOf,
  releasePayment,
} from '../payments/service.js';
import { appendTimeline, applyPaymentEvent } from '../payments/state.js';
import { loadPaymentViews } from '../payments/views.js';
import { SettingsError } from '../roles/errors.js';
import { rowsOf } from '../users/business-users-queries.js';
import {
  type ApprovalViewer,
  approvalError,
  approvalViews,
  delegatorsOf,
  loadApprovals,
  mailApprovers,
  mailSubmitter,
  peopleOf,
} from './flow.js';
import { eligibleApproverIds, groupMembersOf, policyRulesOf } from './rules.js';
import { paymentApprovalDecisions, paymentApprovals } from './tables.js';

/** The approve call's actions and the reject call's (spec 001 §4 "Actions"). */
export const APPROVE_ACTIONS: readonly ApprovalAction[] = [
  'approve',
  'approve&Submit',
  'approveAndSchedule',
  'byPassAndApprove',
  'byPassAndApproveSchedule',
];
export const REJECT_ACTIONS: readonly ApprovalAction[] = ['reject', 'byPassAndReject'];

const isBypass = (action: ApprovalAction) => action.startsWith('byPass');

const decideError = (error: DecideError): AppError => {
  switch (error) {
    case 'FLOW_CLOSED':
      return approvalError('notInApproval', APPROVAL_MESSAGES.notInApproval);
    case 'SELF_APPROVAL':
      return approvalError('selfApproval', APPROVAL_MESSAGES.selfApproval);
    case 'NOT_AN_APPROVER':
      return new SettingsError('FORBIDDEN', 'NOT_AN_APPROVER', APPROVAL_MESSAGES.notAnApprover);
    case 'ALREADY_ACTED':
      return approvalError('alreadyActed', APPROVAL_TEXTS.alreadyActed);
    case 'BYPASS_REQUIRED':
      return approvalError('bypassRequired', APPROVAL_MESSAGES.bypassRequired);
    case 'AWAITING_PRIOR':
      return approvalError('awaitingPrior', APPROVAL_TEXTS.awaitingPrior);
  }
};

/** Which error says most: an approver's own refusal beats "not an approver" from a delegator. */
const RANK: Record<DecideError, number> = {
  FLOW_CLOSED: 6,
  SELF_APPROVAL: 5,
  ALREADY_ACTED: 4,
  BYPASS_REQUIRED: 3,
  AWAITING_PRIOR: 2,
  NOT_AN_APPROVER: 1,
};

/**
 * The decision the user takes: in their own name, or else for an approver away who named them delegate
 * (recorded 'on behalf of'). Answers the engine's result and whose place was taken.
 */
function decideAs(
  flow: Parameters<typeof decide>[0],
  decisions: readonly ApprovalDecision[],
  input: {
    userId: string;
    delegators: readonly string[];
    decision: 'APPROVED' | 'REJECTED';
    bypass: boolean;
  },
): { result: Extract<DecideResult, { ok: true }>; approver: string } | { error: DecideError } {
  let best: DecideError | null = null;
  for (const approver of [input.userId, ...input.delegators]) {
    // The submitter's delegate never approves in the submitter's place.
    if (approver !== input.userId && approver === flow.submittedBy) continue;
    const result = decide(flow, decisions, {
      userId: approver,
      decision: input.decision,
      bypass: input.bypass,
    });
    if (result.ok) return { result, approver };
    if (approver === input.userId && result.error === 'SELF_APPROVAL') return { error: 'SELF_APPROVAL' };
    if (!best || RANK[result.error] > RANK[best]) best = result.error;
  }
  return { error: best ?? 'NOT_AN_APPROVER' };
}

interface DecideOptions {
  businessId: string;
  paymentId: string;
  action: ApprovalAction;
  remarks?: string | undefined;
  actor: Actor & { userId: string };
  viewer: ApprovalViewer;
}

/**
 * One approver's decision on a payment in approval, under the payment's row lock: two approvals, or an
 * approval and a cancel, arriving together are taken one after the other, and the second sees the first's
 * outcome (the unique decision index backs "once per stage" too). The final approval schedules the
 * payment on its date (moved to the next business day if it passed); a rejection ends the flow and
 * frees the bill's scheduled amount; otherwise the next stage's approvers are mailed.
 */
async function decideInTx(
  context: PaymentsContext,
  tx: Tx,
  options: DecideOptions,
): Promise<ApprovalOutcome> {
  const { businessId, actor } = options;
  const now = context.clock.now();
  const payment = await lockOwnPayment(tx, businessId, options.paymentId);
  const loaded = (await loadApprovals(tx, businessId, [payment.id])).get(payment.id);
  if (payment.status !== 'IN_APPROVAL' || !loaded || loaded.row.status !== 'IN_PROGRESS') {
    throw approvalError('notInApproval', APPROVAL_MESSAGES.notInApproval);
  }
  const { row } = loaded;
  const decisions: ApprovalDecision[] = loaded.decisions.map((d) => ({
    stageOrder: d.stageOrder,
    userId: d.userId,
    decision: d.decision,
    bypassed: d.bypassed,
  }));
  const reject = REJECT_ACTIONS.includes(options.action);
  const outcome = decideAs(row.flow, decisions, {
    userId: actor.userId,
    delegators: await delegatorsOf(tx, businessId, actor.userId, now),
    decision: reject ? 'REJECTED' : 'APPROVED',
    bypass: isBypass(options.action),
  });
  if ('error' in outcome) throw decideError(outcome.error);
  const { result, approver } = outcome;
  const inserted = await tx
    .insert(paymentApprovalDecisions)
    .values({
      id: newId(),
      paymentId: payment.id,
      businessId,
      stageOrder: result.decision.stageOrder,
      userId: approver,
      actedBy: actor.userId,
      decision: result.decision.decision,
      bypassed: result.decision.bypassed,
      remarks: options.remarks?.trim() || null,
      decidedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentApprovalDecisions.id });
  if (inserted.length === 0) throw decideError('ALREADY_ACTED');

  const paymentActor = { userId: actor.userId, name: actor.name ?? 'Ferry' };
  const onBehalf =
    approver === actor.userId ? null : `on behalf of ${(await peopleOf(tx, [approver])).get(approver)?.name}`;
  const remarks = [options.remarks?.trim(), onBehalf].filter(Boolean).join(' — ') || null;
  const bypassed = result.decision.bypassed;
  const status = result.evaluation.status;
  const pending = pendingApprovers(row.flow, result.decisions);

  let outcomeKind: ApprovalOutcome;
  if (status === 'REJECTED') {
    outcomeKind = 'REJECTED';
    await applyPaymentEvent(tx, {
      paymentId: payment.id,
      event: { type: 'REJECT' },
      actor: paymentActor,
      timeline: {
        action: bypassed ? 'BYPASS_AND_REJECT' : 'REJECTED',
        label: bypassed ? APPROVAL_ACTIVITY_LABELS.BYPASS_AND_REJECT : APPROVAL_ACTIVITY_LABELS.REJECTED,
        remarks,
      },
      at: now,
    });
  } else if (status === 'APPROVED') {
    outcomeKind = 'APPROVED';
    await applyPaymentEvent(tx, {
      paymentId: payment.id,
      event: { type: 'APPROVE' },
      actor: paymentActor,
      timeline: {
        action: bypassed ? 'BYPASSED_AND_APPROVED' : 'APPROVED_AND_SCHEDULED',
        label: bypassed
          ? APPROVAL_ACTIVITY_LABELS.BYPASSED_AND_APPROVED
          : APPROVAL_ACTIVITY_LABELS.APPROVED_AND_SCHEDULED,
        remarks,
      },
      at: now,
    });
    const [business] = await tx
      .select({ verificationStatus: businesses.verificationStatus })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .limit(1);
    const vendor = await findVendor(tx, businessId, payment.vendorId);
    await releasePayment(context, tx, {
      paymentId: payment.id,
      verified: business?.verificationStatus === 'FULL_VERIFIED',
      payee: await payeeBankOf(tx, vendor),
      actor: paymentActor,
      at: now,
      processDate: adjustProcessDate(payment.processDate, { today: newYorkDate(now) }).date,
    });
  } else {
    outcomeKind = 'STAGE_APPROVED';
    await appendTimeline(tx, {
      paymentId: payment.id,
      status: 'IN_APPROVAL',
      actor: paymentActor,
      timeline: {
        action: bypassed ? 'BYPASSED_AND_APPROVED' : 'APPROVED',
        label: bypassed ? APPROVAL_ACTIVITY_LABELS.BYPASSED_AND_APPROVED : APPROVAL_ACTIVITY_LABELS.APPROVED,
        remarks,
        data: { stage: result.decision.stageOrder },
      },
      at: now,
    });
  }
  const ended = status !== 'IN_PROGRESS';
  await tx
    .update(paymentApprovals)
    .set({
      status: ended ? status : 'IN_PROGRESS',
      pendingUserIds: ended ? [] : pending,
      decidedAt: ended ? now : null,
      updatedAt: now,
    })
    .where(eq(paymentApprovals.paymentId, payment.id));
  if (ended) {
    await mailSubmitter(context, tx, {
      paymentId: payment.id,
      businessId,
      submittedBy: row.submittedBy,
      outcome: status,
      amountCents: payment.amountCents,
      decidedBy: actor.name ?? 'An approver',
    });
  } else {
    const before = new Set(row.pendingUserIds);
    const fresh = pending.filter((id) => !before.has(id));
    await mailApprovers(context, tx, { paymentId: payment.id, businessId, userIds: fresh, flow: row.flow });
  }
  const label = {
    REJECTED: bypassed ? APPROVAL_ACTIVITY_LABELS.BYPASS_AND_REJECT : APPROVAL_ACTIVITY_LABELS.REJECTED,
    APPROVED: bypassed
      ? APPROVAL_ACTIVITY_LABELS.BYPASSED_AND_APPROVED
      : APPROVAL_ACTIVITY_LABELS.APPROVED_AND_SCHEDULED,
    STAGE_APPROVED: bypassed
      ? APPROVAL_ACTIVITY_LABELS.BYPASSED_AND_APPROVED
      : APPROVAL_ACTIVITY_LABELS.APPROVED,
  }[outcomeKind];
  await recordActivity(tx, {
    businessId,
    entityType: 'payments',
    entityId: payment.id,
    subject: 'PayPayments',
    action: `PAYMENT_${outcomeKind}`,
    label: `${label} (stage ${result.decision.stageOrder} of ${row.flow.stages.length}, ${row.policyName})`,
    actor,
    remarks,
    at: now,
  });
  return outcomeKind;
}

/** POST payment-approval-policy/approve and /reject. */
export async function decidePayment(
  context: PaymentsContext,
  options: DecideOptions & { call: 'approve' | 'reject' },
): Promise<ApprovalActionResult> {
  const allowed = options.call === 'reject' ? REJECT_ACTIONS : APPROVE_ACTIONS;
  if (!allowed.includes(options.action)) {
    throw new AppError('UNPROCESSABLE', `Use one of: ${allowed.join(', ')}.`, {
      errors: [{ field: 'action', message: `Use one of: ${allowed.join(', ')}.` }],
    });
  }
  const { db } = context.database;
  const outcome = await db.transaction((tx) => decideInTx(context, tx, options));
  return {
    outcome,
    ...(await paymentWithApproval(context, options.businessId, options.paymentId, options.viewer)),
  };
}

async function paymentWithApproval(
  context: PaymentsContext,
  businessId: string,
  paymentId: string,
  viewer: ApprovalViewer,
): Promise<Pick<ApprovalActionResult, 'payment' | 'approval'>> {
  const { db } = context.database;
  const [payment] = await loadPaymentViews(db, businessId, [paymentId]);
  const loaded = await loadApprovals(db, businessId, [paymentId]);
  const approval = (await approvalViews(db, businessId, loaded, viewer, context.clock.now())).get(paymentId);
  if (!payment || !approval) throw new AppError('NOT_FOUND', 'Payment not found.');
  return { payment, approval };
}

export const outcomeMessage = (outcome: ApprovalOutcome): string =>
  outcome === 'APPROVED'
    ? APPROVAL_MESSAGES.approvedAndScheduled
    : outcome === 'REJECTED'
      ? APPROVAL_MESSAGES.rejected
      : APPROVAL_MESSAGES.approved;

/** POST payment-approval-policy/bulk-approve: each payment on its own (no bypass), a result each. */
export async function bulkApprove(
  context: PaymentsContext,
  options: Omit<DecideOptions, 'paymentId' | 'action'> & { paymentIds: readonly string[] },
): Promise<BulkApproveResult> {
  const { db } = context.database;
  const results: BulkApproveResult['results'] = [];
  for (const paymentId of [...new Set(options.paymentIds)]) {
    try {
      const outcome = await db.transaction((tx) =>
        decideInTx(context, tx, { ...options, paymentId, action: 'approve' }),
      );
      results.push({ paymentId, ok: true, outcome });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const body = error.toBody();
      results.push({ paymentId, ok: false, error: { errorCode: body.errorCode, message: body.message } });
    }
  }
  return { results };
}

// ---------------------------------------------------------------------------------------------
// Lists

type ListKind = 'unapproved' | 'approved';

/** Whose approvals the viewer answers for: their own and those of approvers away who named them. */
async function answeringFor(db: DbOrTx, businessId: string, viewer: ApprovalViewer, at: Date): Promise<SQL> {
  const ids = [viewer.userId, ...(await delegatorsOf(db, businessId, viewer.userId, at))];
  return sql.join(
    ids.map((id) => sql`pa.pending_user_ids @> ${JSON.stringify([id])}::jsonb`),
    sql` or `,
  );
}

const SORT: Record<ParsedApprovePaymentsQuery['sortBy'], SQL> = {
  submittedAt: sql`pa.submitted_at`,
  processDate: sql`p.process_date`,
  amount: sql`p.amount_cents`,
  vendorName: sql`lower(c.name)`,
};

/** GET approve-payment/{businessId}/unapproved and /approved. */
export async function listApprovePayments(
  context: PaymentsContext,
  options: {
    businessId: string;
    viewer: ApprovalViewer;
    kind: ListKind;
    query: ParsedApprovePaymentsQuery;
  },
): Promise<{ items: ApprovePaymentItem[]; total: number; pageNumber: number; pageSize: number }> {
  const { db } = context.database;
  const { businessId, query } = options;
  const now = context.clock.now();
  const filters: SQL[] = [sql`pa.business_id = ${businessId}`];
  if (options.kind === 'unapproved') {
    const mine = await answeringFor(db, businessId, options.viewer, now);
    filters.push(sql`pa.status = 'IN_PROGRESS'`);
    filters.push(query.awaitingApprovalFromOthers ? sql`not (${mine})` : sql`(${mine})`);
  } else {
    filters.push(
      query.status ? sql`pa.status = ${query.status}` : sql`pa.status in ('APPROVED', 'REJECTED')`,
    );
  }
  if (query.vendorName) {
    const pattern = `%${query.vendorName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(sql`c.name ilike ${pattern}`);
  }
  if (query.dateRange) {
    const [from, to] = query.dateRange.split(',');
    filters.push(sql`p.process_date between ${from} and ${to}`);
  }
  const where = sql.join(filters, sql` and `);
  const direction = sql.raw(query.sortOrder === 'asc' ? 'asc' : 'desc');
  const from = sql`payment_approvals pa join payments p on p.id = pa.payment_id join contacts c on c.id = p.vendor_id`;
  const [rows, totals] = await Promise.all([
    rowsOf<{ id: string }>(
      db,
      sql`select pa.payment_id as id from ${from} where ${where}
        order by ${SORT[query.sortBy]} ${direction}, pa.payment_id ${direction}
        limit ${query.pageSize} offset ${(query.pageNumber - 1) * query.pageSize}`,
    ),
    rowsOf<{ total: number | string }>(db, sql`select count(*)::int as total from ${from} where ${where}`),
  ]);
  const ids = rows.map((r) => r.id);
  const total = Number(totals[0]?.total ?? 0);
  const views = await loadPaymentViews(db, businessId, ids);
  const loaded = await loadApprovals(db, businessId, ids);
  const approvals = await approvalViews(db, businessId, loaded, options.viewer, now);
  const items = ids.flatMap((id): ApprovePaymentItem[] => {
    const view = views.find((v) => v.id === id);
    const approval = approvals.get(id);
    if (!view || !approval) return [];
    const { stages: _stages, policyId: _policyId, ...summary } = approval;
    return [{ ...view, approval: summary }];
  });
  return { items, total, pageNumber: query.pageNumber, pageSize: query.pageSize };
}

/** GET approve-payment/{businessId}/summary/overview. */
export async function approvalOverview(
  context: PaymentsContext,
  options: { businessId: string; viewer: ApprovalViewer },
): Promise<ApprovalOverview> {
  const { db } = context.database;
  const mine = await answeringFor(db, options.businessId, options.viewer, context.clock.now());
  const result = await rowsOf<{ bucket: string; total: number | string; cents: number | string }>(
    db,
    sql`select
      case when pa.status = 'IN_PROGRESS' then (case when (${mine}) then 'awaitingYourApproval' else 'awaitingOthers' end)
        when pa.status = 'APPROVED' then 'approved' when pa.status = 'REJECTED' then 'rejected' else 'other' end as bucket,
      count(*)::int as total, coalesce(sum(p.amount_cents), 0)::bigint as cents
    from payment_approvals pa join payments p on p.id = pa.payment_id
    where pa.business_id = ${options.businessId}
    group by 1`,
  );
  const overview: ApprovalOverview = {
    awaitingYourApproval: { amount: 0, total: 0 },
    awaitingOthers: { amount: 0, total: 0 },
    approved: { amount: 0, total: 0 },
    rejected: { amount: 0, total: 0 },
  };
  for (const row of result) {
    if (row.bucket in overview) {
      overview[row.bucket as keyof ApprovalOverview] = {
        total: Number(row.total),
        amount: centsToAmount(Number(row.cents)),
      };
    }
  }
  return overview;
}

/** POST approvals/policies/match: the policy a payment of this amount to this vendor goes through. */
export async function matchPolicy(
  context: PaymentsContext,
  options: { businessId: string; userId: string; vendorId: string; amountCents: number },
): Promise<ApprovalMatch> {
  const { db } = context.database;
  await findVendor(db, options.businessId, options.vendorId);
  const policy = selectPolicy(await policyRulesOf(db, options.businessId), {
    amountCents: options.amountCents,
    vendorId: options.vendorId,
  });
  if (!policy || !requiresApproval(policy)) return { policy: null };
  const [members, eligible] = await Promise.all([
    groupMembersOf(db, options.businessId, [...new Set(policy.stages.flatMap((s) => s.groupIds))]),
    eligibleApproverIds(db, options.businessId),
  ]);
  const snapshot = snapshotFlow(policy, {
    submittedBy: options.userId,
    groupMembers: members,
    isEligible: (id) => eligible.has(id),
  });
  const first = snapshot.ok ? (snapshot.flow.stages[0]?.approvers.map((a) => a.userId) ?? []) : [];
  const people = await peopleOf(db, first);
  return {
    policy: {
      id: policy.id,
      name: policy.name,
      stageCount: policy.stages.length,
      firstApprovers: first.flatMap((id) => {
        const name = people.get(id)?.name;
        return name ? [name] : [];
      }),
    },
  };
}
