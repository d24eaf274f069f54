import {
  APPROVAL_TEXTS,
  type ApprovalAction,
  type BankAccountView,
  type PaymentApproval,
  type PaymentMethodView,
} from '@ferry/domain';
import { isUsableBank } from '@/components/pay/pay-from';

/** The two buttons' actions (spec 001 §4 'Actions'). */
export type BarActions = { approve: ApprovalAction; reject: ApprovalAction };

/**
 * What the action bar shows one member (spec 001 §2 'Approval action bar', §4 states):
 * - `none`: nothing (NONE, SUBMIT_FOR_APPROVAL: the payment is already submitted);
 * - `message`: a sentence only (SHOW_MESSAGE);
 * - `act`: Reject and Approve, with the final-approver sentence, or the awaiting-prior notice and the
 *   'Bypass approval' box that must be ticked first (`bypass` holds the bypass variants of the actions).
 */
export type ActionBarModel =
  | { kind: 'none' }
  | { kind: 'message'; message: string }
  | {
      kind: 'act';
      /** Approving ends the flow: the payment goes on to be paid (a confirm step first). */
      isFinal: boolean;
      /** The sentence above the buttons: the final approver's, or the awaiting-prior notice. */
      notice: string | null;
      /** Without bypass: the actions. With bypass: null until the box is ticked. */
      actions: BarActions | null;
      bypass: BarActions | null;
    };

/** Whether this member's approval completes their stage (ANYONE: yes; ALL / QUORUM: the last one needed). */
const completesStage = (approval: PaymentApproval, stageOrder: number): boolean => {
  const stage = approval.stages.find((candidate) => candidate.order === stageOrder);
  if (!stage) return true;
  const approvals = stage.approvers.filter((approver) => approver.approvalStatus === 'APPROVED').length;
  return approvals + 1 >= stage.required;
};

/** Approve at the current stage: 'approve&Submit' when it hands the payment to a later stage, else 'approve'. */
const approveAtStage = (approval: PaymentApproval): ApprovalAction => {
  const order = approval.viewer.stageOrder ?? approval.currentStage ?? approval.stageCount;
  const laterStages = approval.stages.some((stage) => stage.order > order);
  return laterStages && completesStage(approval, order) ? 'approve&Submit' : 'approve';
};

export const actionBarModel = (approval: PaymentApproval): ActionBarModel => {
  if (approval.status !== 'IN_PROGRESS') return { kind: 'none' };
  const { viewer } = approval;
  switch (viewer.state) {
    case 'APPROVAL_ALLOWED':
      return {
        kind: 'act',
        isFinal: false,
        notice: null,
        actions: { approve: approveAtStage(approval), reject: 'reject' },
        bypass: null,
      };
    case 'FINAL_APPROVAL':
      return {
        kind: 'act',
        isFinal: true,
        notice: APPROVAL_TEXTS.finalApprover,
        actions: { approve: 'approveAndSchedule', reject: 'reject' },
        bypass: null,
      };
    case 'BYPASS_ALLOWED':
      return {
        kind: 'act',
        isFinal: false,
        notice: APPROVAL_TEXTS.awaitingPrior,
        actions: null,
        bypass: { approve: 'byPassAndApprove', reject: 'byPassAndReject' },
      };
    case 'FINAL_BYPASS_ALLOWED':
      return {
        kind: 'act',
        isFinal: true,
        notice: APPROVAL_TEXTS.awaitingPrior,
        actions: null,
        bypass: { approve: 'byPassAndApproveSchedule', reject: 'byPassAndReject' },
      };
    case 'SHOW_MESSAGE':
      return viewer.message ? { kind: 'message', message: viewer.message } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
};

/** A bank verified and connected: the bypass variant accepts only these (spec 001 §4). */
export const isVerifiedBank = (bank: BankAccountView): boolean =>
  bank.verificationStatus === 'VERIFIED' && bank.accountStatus === 'VERIFIED' && bank.status !== 'EXPIRED';

/**
 * Why the buttons are disabled by the payment's method (spec 001 §4, 002 §5 'Action buttons'), or null:
 * no method → 'Please select a payment method.'; a bank that may not pay → 'Please select a verified bank
 * account.' A verified or expired bank, or a card, may pay; with bypass, only a verified bank (or a card).
 * `banks` is undefined when the member may not read the business's banks: the server checks then.
 */
export const methodBlocker = (
  method: PaymentMethodView | null,
  banks: readonly BankAccountView[] | undefined,
  options: { bypass: boolean },
): string | null => {
  if (!method) return APPROVAL_TEXTS.selectPaymentMethod;
  if (method.type === 'CARD' || banks === undefined) return null;
  const bank = banks.find((candidate) => candidate.id === method.id);
  if (!bank) return APPROVAL_TEXTS.selectVerifiedBank;
  const accepted = options.bypass ? isVerifiedBank(bank) : isUsableBank(bank);
  return accepted ? null : APPROVAL_TEXTS.selectVerifiedBank;
};

/** 'Anyone of', 'All of', or '2 of' for a quorum (the stage heading after 'Stage n · '). */
export const criteriaLabel = (stage: {
  approvalRequiredFrom: PaymentApproval['stages'][number]['approvalRequiredFrom'];
  required: number;
}): string => {
  if (stage.approvalRequiredFrom === 'ANYONE') return 'Anyone of';
  if (stage.approvalRequiredFrom === 'ALL') return 'All of';
  return `${stage.required} of`;
};
