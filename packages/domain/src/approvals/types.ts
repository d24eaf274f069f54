import type {
  ApprovalBarState,
  ApprovalConditionOperator,
  ApprovalCriteria,
} from '../catalogues/approvals.js';

/**
 * The approval engine's data (issue 18; spec 001 §3–§4). Everything here is plain data: a flow is a
 * snapshot taken when a payment is submitted, so later edits of the policy or its groups never change an
 * approval in flight. Amounts are integer cents; ids are strings.
 */

/** A policy's IF block. Both parts present: both must hold. Neither: the policy matches nothing (unless default). */
export interface PolicyConditions {
  /** lessThan: amount < maxCents; greaterThan: amount > minCents; inBetween: minCents ≤ amount ≤ maxCents. */
  amount: { operator: ApprovalConditionOperator; minCents: number | null; maxCents: number | null } | null;
  /** The payment's vendor is one of these. */
  vendorIds: readonly string[] | null;
}

/** One numbered stage of a policy's THEN block, as configured (approvers by user and by group). */
export interface PolicyStageRule {
  /** 1-based position; stages run in ascending order. */
  order: number;
  criteria: ApprovalCriteria;
  /** QUORUM only: how many distinct approvals the stage needs (≥ 2). */
  minApprovals: number | null;
  /** An approver of this stage may approve (or reject) before the lower stages finish, bypassing them. */
  bypassLowerLevelApprovals: boolean;
  userIds: readonly string[];
  groupIds: readonly string[];
}

export interface PolicyRule {
  id: string;
  name: string;
  /** Priority: among matching policies the lowest order applies. */
  order: number;
  /** The Default Policy applies when no other matches; it has no conditions. No stages = no approval. */
  isDefault: boolean;
  conditions: PolicyConditions;
  stages: readonly PolicyStageRule[];
}

/** What a policy is matched on. */
export interface PaymentFacts {
  amountCents: number;
  vendorId: string;
}

/** A stage of a snapshotted flow: its approvers resolved to users (groups expanded at submission). */
export interface FlowStage {
  order: number;
  criteria: ApprovalCriteria;
  /** Distinct approvals the stage needs: 1 (ANYONE), every approver (ALL) or the quorum. */
  required: number;
  bypassLowerLevelApprovals: boolean;
  approvers: readonly FlowApprover[];
}

export interface FlowApprover {
  userId: string;
  /** Named in the stage directly. */
  direct: boolean;
  /** The stage's groups that brought this user in. */
  groupIds: readonly string[];
}

/** The approval flow of one payment, frozen at submission. */
export interface ApprovalFlow {
  policyId: string;
  policyName: string;
  /** Who submitted the payment: never an approver of it. */
  submittedBy: string;
  stages: readonly FlowStage[];
}

export type DecisionKind = 'APPROVED' | 'REJECTED';

/** A decision an approver took, at the stage they acted in. */
export interface ApprovalDecision {
  stageOrder: number;
  userId: string;
  decision: DecisionKind;
  /** Taken at a stage above the current one, bypassing every lower stage not yet complete. */
  bypassed: boolean;
}

export type FlowStatus = 'IN_PROGRESS' | 'APPROVED' | 'REJECTED';

export interface StageProgress {
  order: number;
  approvals: number;
  isApproved: boolean;
  /** Not approved, but a bypass decision at a higher stage carried the flow past it. */
  isBypassed: boolean;
  isCurrentStage: boolean;
}

export interface FlowEvaluation {
  status: FlowStatus;
  /** The first stage neither approved nor bypassed; null when the flow ended. */
  currentStage: number | null;
  stages: StageProgress[];
}

export type SnapshotError =
  /** A stage with no approver left once the submitter and ineligible users are taken out. */
  | { code: 'NO_APPROVERS'; stageOrder: number }
  /** A QUORUM stage with fewer approvers than its quorum. */
  | { code: 'NOT_ENOUGH_APPROVERS'; stageOrder: number };

export type DecideError =
  | 'FLOW_CLOSED'
  | 'SELF_APPROVAL'
  | 'NOT_AN_APPROVER'
  | 'ALREADY_ACTED'
  /** An approver of a later stage that allows bypass, acting without asking to bypass. */
  | 'BYPASS_REQUIRED'
  /** An approver of a later stage that does not allow bypass. */
  | 'AWAITING_PRIOR';

export interface DecideInput {
  userId: string;
  decision: DecisionKind;
  /** The approver asks to bypass the lower stages (the action bar's 'Bypass approval' box). */
  bypass: boolean;
}

export type DecideResult =
  | {
      ok: true;
      decision: ApprovalDecision;
      decisions: ApprovalDecision[];
      evaluation: FlowEvaluation;
      /** The flow is APPROVED after this decision: the payment goes on to be scheduled. */
      isFinal: boolean;
    }
  | { ok: false; error: DecideError };

/** What the action bar offers one user on a payment in approval (spec 001 §4). */
export interface ViewerState {
  state: ApprovalBarState;
  /** Approving now ends the flow (FINAL_APPROVAL, FINAL_BYPASS_ALLOWED). */
  isFinal: boolean;
  /** The stage the user would act in, null when they cannot act. */
  stageOrder: number | null;
  /** SHOW_MESSAGE's text (alreadyActed or awaitingPrior), BYPASS states' notice; else null. */
  message: string | null;
}
