/** Approval-policy audit actions with their labels (spec 001 §4), verbatim. */
export const APPROVAL_AUDIT_ACTION_LABELS = {
  POLICY_CREATED: 'Policy Created',
  POLICY_DELETED: 'Policy Deleted',
  POLICY_UPDATED: 'Policy Modified',
  POLICY_ORDER_UPDATED: 'Priority Changed',
} as const;
export type ApprovalAuditAction = keyof typeof APPROVAL_AUDIT_ACTION_LABELS;

/** Who of a stage's approvers must approve: one, every one, or (Ferry's addition) a quorum of them. */
export const APPROVAL_CRITERIA = ['ANYONE', 'ALL', 'QUORUM'] as const;
export type ApprovalCriteria = (typeof APPROVAL_CRITERIA)[number];

export const APPROVAL_CONDITION_FIELDS = ['billAmount', 'vendors'] as const;
export const APPROVAL_CONDITION_OPERATORS = ['lessThan', 'greaterThan', 'inBetween'] as const;
export type ApprovalConditionOperator = (typeof APPROVAL_CONDITION_OPERATORS)[number];

/** Approval actions sent by the action bar. */
export const APPROVAL_ACTIONS = [
  'reject',
  'approve',
  'approve&Submit',
  'approveAndSchedule',
  'byPassAndReject',
  'byPassAndApprove',
  'byPassAndApproveSchedule',
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** Action bar states per user. */
export const APPROVAL_BAR_STATES = [
  'NONE',
  'SUBMIT_FOR_APPROVAL',
  'BYPASS_ALLOWED',
  'FINAL_BYPASS_ALLOWED',
  'APPROVAL_ALLOWED',
  'FINAL_APPROVAL',
  'SHOW_MESSAGE',
] as const;
export type ApprovalBarState = (typeof APPROVAL_BAR_STATES)[number];

/** A policy has at most this many stages, a stage at most this many named users and groups. */
export const MAX_POLICY_STAGES = 10;
export const MAX_STAGE_USERS = 50;
export const MAX_STAGE_GROUPS = 20;

/** Approval activity labels on a payment's timeline (spec 001 §4, 002 §4), verbatim. */
export const APPROVAL_ACTIVITY_LABELS = {
  SUBMITTED_FOR_APPROVAL: 'Submitted for Approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  BYPASSED_AND_APPROVED: 'Bypassed and Approved',
  BYPASS_AND_REJECT: 'Bypass and Reject',
  APPROVED_AND_SCHEDULED: 'Approved and Scheduled',
} as const;
export type ApprovalActivity = keyof typeof APPROVAL_ACTIVITY_LABELS;

export const DEFAULT_POLICY_NAME = 'Default Policy';
export const APPROVER_PALETTE_SIZE = 17;

export const APPROVAL_TEXTS = {
  finalApprover: "Since you're the final approver, the payment will process on the scheduled date.",
  awaitingPrior: "You can't approve this bill yet as it's awaiting prior approvals.",
  bypassApproval: 'Bypass approval',
  alreadyActed: 'This bill is awaiting approval. See the approval log above to find out who`s up next',
  selectPaymentMethod: 'Please select a payment method.',
  selectVerifiedBank: 'Please select a verified bank account.',
  noUsersAvailable: 'No users available',
} as const;
