import { APPROVAL_TEXTS } from '../catalogues/approvals.js';
import type {
  ApprovalDecision,
  ApprovalFlow,
  DecideError,
  DecideInput,
  DecideResult,
  FlowApprover,
  FlowEvaluation,
  FlowStage,
  PaymentFacts,
  PolicyConditions,
  PolicyRule,
  PolicyStageRule,
  SnapshotError,
  StageProgress,
  ViewerState,
} from './types.js';

/**
 * The approval engine (issue 18; spec 001 §3–§4): which policy applies to a payment, the flow snapshotted
 * from it at submission, and what each decision does to that flow. Pure functions over the plain data of
 * ./types.ts; nothing here mutates its inputs.
 *
 * Fail closed: data the engine itself would never produce (a decision by someone who is not an approver
 * of its stage, a second decision by the same user at a stage, a bypass at a stage that does not allow
 * bypass, a stage that needs no approval) never moves a flow forward.
 */

/** A QUORUM stage without a configured quorum needs this many approvals. */
const DEFAULT_QUORUM = 2;

type AmountCondition = NonNullable<PolicyConditions['amount']>;

const matchesAmount = (amount: AmountCondition, amountCents: number): boolean => {
  const { minCents, maxCents } = amount;
  switch (amount.operator) {
    case 'lessThan':
      return maxCents !== null && amountCents < maxCents;
    case 'greaterThan':
      return minCents !== null && amountCents > minCents;
    case 'inBetween':
      return minCents !== null && maxCents !== null && minCents <= amountCents && amountCents <= maxCents;
    default:
      return false;
  }
};

/**
 * Whether a policy's IF block matches a payment: the amount condition (lessThan: amount < max;
 * greaterThan: amount > min; inBetween: min ≤ amount ≤ max; a bound the operator needs that is null never
 * matches) and the vendor list, both when both are present. No condition at all matches nothing.
 */
export const matchesConditions = (conditions: PolicyConditions, facts: PaymentFacts): boolean => {
  const amount = conditions.amount ?? null;
  const vendorIds = conditions.vendorIds ?? null;
  if (amount === null && vendorIds === null) return false;
  if (amount !== null && !matchesAmount(amount, facts.amountCents)) return false;
  if (vendorIds !== null && !vendorIds.includes(facts.vendorId)) return false;
  return true;
};

/** Policy priority: lowest `order` first, then lowest id (plain string comparison, locale-independent). */
const byPriority = (a: PolicyRule, b: PolicyRule): number => {
  if (a.order !== b.order) return a.order - b.order;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
};

const firstByPriority = (policies: readonly PolicyRule[]): PolicyRule | null =>
  policies.reduce<PolicyRule | null>(
    (best, policy) => (best === null || byPriority(policy, best) < 0 ? policy : best),
    null,
  );

/**
 * The policy that applies to a payment: among the non-default policies whose conditions match, the one
 * with the lowest order (a tie goes to the lowest id); none → the Default Policy, or null without one.
 */
export const selectPolicy = (policies: readonly PolicyRule[], facts: PaymentFacts): PolicyRule | null =>
  firstByPriority(
    policies.filter((policy) => !policy.isDefault && matchesConditions(policy.conditions, facts)),
  ) ?? firstByPriority(policies.filter((policy) => policy.isDefault));

/** Whether a payment under this policy goes through approval: a policy with at least one stage. */
export const requiresApproval = (policy: PolicyRule | null): boolean =>
  policy !== null && policy.stages.length > 0;

export interface SnapshotOptions {
  /** The payment's submitter: taken out of every stage. */
  submittedBy: string;
  /** Each group's members at submission; a group missing here has no members. */
  groupMembers: ReadonlyMap<string, readonly string[]>;
  /** False for users who may not approve (deactivated, lost the permission): taken out of every stage. */
  isEligible?: (userId: string) => boolean;
}

export type SnapshotResult = { ok: true; flow: ApprovalFlow } | { ok: false; error: SnapshotError };

/**
 * A stage's approvers: its named users, then the members of each of its groups in order, one entry per
 * user (direct when named, with every group of the stage that contains them), without the excluded users.
 */
const resolveApprovers = (
  stage: PolicyStageRule,
  groupMembers: ReadonlyMap<string, readonly string[]>,
  isExcluded: (userId: string) => boolean,
): FlowApprover[] => {
  const entries = new Map<string, { direct: boolean; groupIds: string[] }>();
  const entry = (userId: string) => {
    const existing = entries.get(userId);
    if (existing !== undefined) return existing;
    const created = { direct: false, groupIds: [] as string[] };
    entries.set(userId, created);
    return created;
  };
  for (const userId of stage.userIds) {
    if (!isExcluded(userId)) entry(userId).direct = true;
  }
  for (const groupId of new Set(stage.groupIds)) {
    for (const userId of groupMembers.get(groupId) ?? []) {
      if (isExcluded(userId)) continue;
      const approver = entry(userId);
      if (!approver.groupIds.includes(groupId)) approver.groupIds.push(groupId);
    }
  }
  return [...entries].map(([userId, { direct, groupIds }]) => ({ userId, direct, groupIds: [...groupIds] }));
};

const requiredApprovals = (stage: PolicyStageRule, approverCount: number): number => {
  switch (stage.criteria) {
    case 'ANYONE':
      return 1;
    case 'ALL':
      return approverCount;
    default:
      // QUORUM; a quorum below one would approve the stage with nobody's approval.
      return Math.max(1, stage.minApprovals ?? DEFAULT_QUORUM);
  }
};

/**
 * The approval flow of a payment submitted under `policy`: its stages in ascending order, renumbered
 * 1..n, each with its approvers resolved to users now (groups expanded) without the submitter and the
 * ineligible, and the approvals it needs. Stage 1 never bypasses (there is nothing below it). The flow
 * shares nothing with the policy or the group map, so editing them later leaves it as it is.
 *
 * Errors: a stage left without approvers (NO_APPROVERS) or a QUORUM stage with fewer approvers than its
 * quorum (NOT_ENOUGH_APPROVERS), for the first such stage.
 */
export const snapshotFlow = (policy: PolicyRule, options: SnapshotOptions): SnapshotResult => {
  const { submittedBy, groupMembers, isEligible } = options;
  const isExcluded = (userId: string) =>
    userId === submittedBy || (isEligible !== undefined && !isEligible(userId));
  const rules = [...policy.stages].sort((a, b) => a.order - b.order);
  const stages: FlowStage[] = [];
  for (const [index, rule] of rules.entries()) {
    const order = index + 1;
    const approvers = resolveApprovers(rule, groupMembers, isExcluded);
    if (approvers.length === 0) return { ok: false, error: { code: 'NO_APPROVERS', stageOrder: order } };
    const required = requiredApprovals(rule, approvers.length);
    if (approvers.length < required) {
      return { ok: false, error: { code: 'NOT_ENOUGH_APPROVERS', stageOrder: order } };
    }
    stages.push({
      order,
      criteria: rule.criteria,
      required,
      bypassLowerLevelApprovals: order > 1 && rule.bypassLowerLevelApprovals,
      approvers,
    });
  }
  return { ok: true, flow: { policyId: policy.id, policyName: policy.name, submittedBy, stages } };
};

const isApproverOf = (stage: FlowStage, userId: string): boolean =>
  stage.approvers.some((approver) => approver.userId === userId);

const hasDecidedAt = (decisions: readonly ApprovalDecision[], stageOrder: number, userId: string): boolean =>
  decisions.some((decision) => decision.stageOrder === stageOrder && decision.userId === userId);

const ascending = (stages: readonly FlowStage[]): FlowStage[] =>
  [...stages].sort((a, b) => a.order - b.order);

/**
 * The decisions that count: by a listed approver of the decision's stage who is not the submitter, the
 * first one of each (stage, user).
 */
const countedDecisions = (flow: ApprovalFlow, decisions: readonly ApprovalDecision[]): ApprovalDecision[] => {
  const approvers = new Map<number, Set<string>>();
  for (const stage of flow.stages) {
    const users = approvers.get(stage.order) ?? new Set<string>();
    for (const approver of stage.approvers) users.add(approver.userId);
    approvers.set(stage.order, users);
  }
  const seen = new Map<number, Set<string>>();
  const counted: ApprovalDecision[] = [];
  for (const decision of decisions) {
    if (decision.userId === flow.submittedBy) continue;
    if (!approvers.get(decision.stageOrder)?.has(decision.userId)) continue;
    const decided = seen.get(decision.stageOrder) ?? new Set<string>();
    if (decided.has(decision.userId)) continue;
    decided.add(decision.userId);
    seen.set(decision.stageOrder, decided);
    counted.push(decision);
  }
  return counted;
};

/**
 * Where a flow stands after these decisions. Only counted decisions matter (a listed approver of the
 * decision's stage, the first per stage and user). A rejection ends the flow as REJECTED. A stage is
 * approved with `required` distinct approvals, and bypassed when not approved but below a stage holding a
 * bypass decision (at a stage that allows bypass). The current stage is the first neither approved nor
 * bypassed; without one the flow is APPROVED.
 */
export const evaluateFlow = (flow: ApprovalFlow, decisions: readonly ApprovalDecision[]): FlowEvaluation => {
  const counted = countedDecisions(flow, decisions);
  const bypassingStages = new Set(
    flow.stages.filter((stage) => stage.bypassLowerLevelApprovals).map((stage) => stage.order),
  );
  const highestBypass = counted
    .filter((decision) => decision.bypassed && bypassingStages.has(decision.stageOrder))
    .reduce((highest, decision) => Math.max(highest, decision.stageOrder), Number.NEGATIVE_INFINITY);
  const rejected = counted.some((decision) => decision.decision === 'REJECTED');

  const progress = flow.stages.map((stage) => {
    const approvals = counted.filter(
      (decision) => decision.stageOrder === stage.order && decision.decision === 'APPROVED',
    ).length;
    // A stage that would need no approval is never approved by default.
    const isApproved = approvals >= Math.max(1, stage.required);
    return {
      order: stage.order,
      approvals,
      isApproved,
      isBypassed: !isApproved && stage.order < highestBypass,
    };
  });
  const open = progress
    .filter((stage) => !stage.isApproved && !stage.isBypassed)
    .reduce<number | null>(
      (lowest, stage) => (lowest === null ? stage.order : Math.min(lowest, stage.order)),
      null,
    );
  const currentStage = rejected ? null : open;
  const status = rejected ? 'REJECTED' : currentStage === null ? 'APPROVED' : 'IN_PROGRESS';
  const stages: StageProgress[] = progress.map((stage) => ({
    ...stage,
    isCurrentStage: currentStage !== null && stage.order === currentStage,
  }));
  return { status, currentStage, stages };
};

const refuse = (error: DecideError): DecideResult => ({ ok: false, error });

/**
 * One user's approve or reject on a flow. At the current stage it is an ordinary decision (a bypass
 * request there is not a bypass). An approver only of later stages acts at the lowest of them, not yet
 * decided, that allows bypass, and only when asking to bypass (BYPASS_REQUIRED otherwise); with no such
 * stage they wait (AWAITING_PRIOR). Refused: a closed flow, the submitter, a non-approver of every stage
 * from the current one on, and a user who already decided everywhere they could.
 */
export const decide = (
  flow: ApprovalFlow,
  decisions: readonly ApprovalDecision[],
  input: DecideInput,
): DecideResult => {
  const before = evaluateFlow(flow, decisions);
  const current = before.currentStage;
  if (before.status !== 'IN_PROGRESS' || current === null) return refuse('FLOW_CLOSED');
  if (input.userId === flow.submittedBy) return refuse('SELF_APPROVAL');

  const take = (stageOrder: number, bypassed: boolean): DecideResult => {
    const decision: ApprovalDecision = {
      stageOrder,
      userId: input.userId,
      decision: input.decision,
      bypassed,
    };
    const next = [...decisions, decision];
    const evaluation = evaluateFlow(flow, next);
    return { ok: true, decision, decisions: next, evaluation, isFinal: evaluation.status === 'APPROVED' };
  };

  const stages = ascending(flow.stages).filter(
    (stage) => stage.order >= current && isApproverOf(stage, input.userId),
  );
  const atCurrent = stages.find((stage) => stage.order === current);
  if (atCurrent !== undefined) {
    return hasDecidedAt(decisions, current, input.userId) ? refuse('ALREADY_ACTED') : take(current, false);
  }
  if (stages.length === 0) return refuse('NOT_AN_APPROVER');
  const open = stages.filter((stage) => !hasDecidedAt(decisions, stage.order, input.userId));
  if (open.length === 0) return refuse('ALREADY_ACTED');
  const bypassing = open.find((stage) => stage.bypassLowerLevelApprovals);
  if (bypassing === undefined) return refuse('AWAITING_PRIOR');
  return input.bypass ? take(bypassing.order, true) : refuse('BYPASS_REQUIRED');
};

const NO_ACTION: ViewerState = { state: 'NONE', isFinal: false, stageOrder: null, message: null };

/**
 * What the action bar offers one user on a payment in approval: approve (final or not) at the current
 * stage, bypass (final or not) from a later stage, a message when they already acted or must wait, or
 * nothing for users who are not (or no longer) approvers, the submitter, and closed flows.
 */
export const viewerState = (
  flow: ApprovalFlow,
  decisions: readonly ApprovalDecision[],
  input: { userId: string; canApprove: boolean },
): ViewerState => {
  const { status, currentStage } = evaluateFlow(flow, decisions);
  if (status !== 'IN_PROGRESS' || currentStage === null || !input.canApprove) return { ...NO_ACTION };
  if (input.userId === flow.submittedBy) return { ...NO_ACTION };
  const approverAhead = flow.stages.some(
    (stage) => stage.order >= currentStage && isApproverOf(stage, input.userId),
  );
  if (!approverAhead) return { ...NO_ACTION };

  const result = decide(flow, decisions, { userId: input.userId, decision: 'APPROVED', bypass: true });
  if (result.ok) {
    const { stageOrder, bypassed } = result.decision;
    if (bypassed) {
      return {
        state: result.isFinal ? 'FINAL_BYPASS_ALLOWED' : 'BYPASS_ALLOWED',
        isFinal: result.isFinal,
        stageOrder,
        message: APPROVAL_TEXTS.awaitingPrior,
      };
    }
    return {
      state: result.isFinal ? 'FINAL_APPROVAL' : 'APPROVAL_ALLOWED',
      isFinal: result.isFinal,
      stageOrder,
      message: result.isFinal ? APPROVAL_TEXTS.finalApprover : null,
    };
  }
  if (result.error === 'ALREADY_ACTED') {
    return { state: 'SHOW_MESSAGE', isFinal: false, stageOrder: null, message: APPROVAL_TEXTS.alreadyActed };
  }
  if (result.error === 'AWAITING_PRIOR') {
    return { state: 'SHOW_MESSAGE', isFinal: false, stageOrder: null, message: APPROVAL_TEXTS.awaitingPrior };
  }
  return { ...NO_ACTION };
};

/**
 * Who the flow waits for: the current stage's approvers who have not decided there, in the stage's order
 * (empty once the flow ended). For "awaiting approval from" and the reminder emails.
 */
export const pendingApprovers = (flow: ApprovalFlow, decisions: readonly ApprovalDecision[]): string[] => {
  const { currentStage } = evaluateFlow(flow, decisions);
  if (currentStage === null) return [];
  const stage = flow.stages.find((candidate) => candidate.order === currentStage);
  if (stage === undefined) return [];
  return stage.approvers
    .map((approver) => approver.userId)
    .filter((userId) => userId !== flow.submittedBy && !hasDecidedAt(decisions, currentStage, userId));
};
