import {
  CARD_BRAND_LABELS,
  type CardBrand,
  formatMoney,
  maskLast4,
  type PaymentApproval,
  type PaymentMethodView,
  prettifyStatus,
  type StatusColour,
  toCents,
} from '@ferry/domain';

type Approver = PaymentApproval['stages'][number]['approvers'][number];
type Stage = PaymentApproval['stages'][number];

/** An approver's status in the approval log (spec 001 §3 'approvalStatus'). */
export const APPROVER_STATUS_DISPLAY: Record<
  Approver['approvalStatus'],
  { label: string; colour: StatusColour }
> = {
  PENDING: { label: 'Pending', colour: 'amber' },
  APPROVED: { label: 'Approved', colour: 'green' },
  REJECTED: { label: 'Rejected', colour: 'red' },
  BYPASSED: { label: 'Bypassed', colour: 'grey' },
  NOT_REQUIRED: { label: 'Not required', colour: 'grey' },
};

/** The flow's status next to the policy name. */
export const APPROVAL_STATUS_DISPLAY: Record<
  PaymentApproval['status'],
  { label: string; colour: StatusColour }
> = {
  IN_PROGRESS: { label: 'In-Approval', colour: 'amber' },
  APPROVED: { label: 'Approved', colour: 'green' },
  REJECTED: { label: 'Rejected', colour: 'red' },
  CANCELLED: { label: 'Canceled', colour: 'grey' },
};

/**
 * A stage's state in the log: rejected in it, bypassed, approved, the current one, or still to come;
 * null once the flow ended before reaching it.
 */
export const stageState = (
  stage: Stage,
  flowOpen: boolean,
): { label: string; colour: StatusColour } | null => {
  if (stage.approvers.some((approver) => approver.approvalStatus === 'REJECTED'))
    return { label: 'Rejected', colour: 'red' };
  if (stage.isBypassed) return { label: 'Bypassed', colour: 'grey' };
  if (stage.isApproved) return { label: 'Approved', colour: 'green' };
  if (stage.isCurrentStage) return { label: 'Current stage', colour: 'amber' };
  return flowOpen ? { label: 'Upcoming', colour: 'grey' } : null;
};

/** Dollars (the API's decimal amounts) as '$1,250.50'. */
export const formatDollars = (amount: number): string => formatMoney(toCents(amount));

/** 'Chase *** 6789' for a bank, 'Visa *** 4242' for a card; '' without a method. */
export const formatMethod = (method: PaymentMethodView | null): string => {
  if (!method) return '';
  if (method.type === 'BANK') return `${method.bankName} ${maskLast4(method.accountMask)}`.trim();
  const brand = CARD_BRAND_LABELS[method.cardBrand as CardBrand] ?? prettifyStatus(method.cardBrand);
  return `${brand} ${maskLast4(method.cardMask)}`.trim();
};

/** 'Stage 2 of 3' while in approval. */
export const stageProgressText = (approval: { currentStage: number | null; stageCount: number }): string =>
  approval.currentStage === null ? '—' : `${approval.currentStage} of ${approval.stageCount}`;
