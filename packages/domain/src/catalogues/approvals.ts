/** Approval-policy audit actions with their labels (spec 001 §4), verbatim. */
export const APPROVAL_AUDIT_ACTION_LABELS = {
  POLICY_CREATED: 'Policy Created',
  POLICY_DELETED: 'Policy Deleted',
  POLICY_UPDATED: 'Policy Modified',
  POLICY_ORDER_UPDATED: 'Priority Changed',
} as const;
export type ApprovalAuditAction = keyof typeof APPROVAL_AUDIT_ACTION_LABELS;

export const APPROVAL_CRITERIA = ['ANYONE', 'ALL'] as const;
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
