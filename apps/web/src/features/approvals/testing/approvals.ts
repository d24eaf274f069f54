import type { ApprovalOverview, ApprovePaymentItem, PaymentApproval, PaymentDetail } from '@ferry/domain';
import { TEST_BUSINESS_ID } from '@/testing/businesses';
import { makeTestPayment, TEST_PAYMENT_ID } from '@/testing/payments';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const API = `/business/${BUSINESS_ID}`;
export const PAYMENT_ID = TEST_PAYMENT_ID;
export const APPROVE_API = `${API}/payment-approval-policy/approve`;
export const REJECT_API = `${API}/payment-approval-policy/reject`;
export const BULK_API = `${API}/payment-approval-policy/bulk-approve`;
export const UNAPPROVED_API = `/approve-payment/${BUSINESS_ID}/unapproved`;
export const APPROVED_API = `/approve-payment/${BUSINESS_ID}/approved`;
export const OVERVIEW_API = `/approve-payment/${BUSINESS_ID}/summary/overview`;

type Stage = PaymentApproval['stages'][number];
type Approver = Stage['approvers'][number];

export const makeApprover = (overrides: Partial<Approver> = {}): Approver => ({
  userId: 'aaaaaaaaaaaaaaaaaaaaaa01',
  userName: 'Grace Hopper',
  label: 'Grace Hopper',
  isGroup: false,
  groupNames: [],
  approvalStatus: 'PENDING',
  reviewedAt: null,
  remarks: null,
  hasBypassedLowerLevel: false,
  onBehalfOf: null,
  ...overrides,
});

export const makeStage = (overrides: Partial<Stage> = {}): Stage => ({
  order: 1,
  stage: `Stage ${overrides.order ?? 1}`,
  approvalRequiredFrom: 'ANYONE',
  required: 1,
  bypassLowerLevelApprovals: false,
  isApproved: false,
  isBypassed: false,
  isCurrentStage: true,
  approvers: [makeApprover()],
  ...overrides,
});

/**
 * A payment in approval under 'Payments over $1,000': two stages, the first (Anyone of Grace Hopper, Alan
 * Turing) current, the second (All of Katherine Johnson) to come. The signed-in member may approve at stage 1.
 */
export const makeApproval = (overrides: Partial<PaymentApproval> = {}): PaymentApproval => ({
  policyId: 'ccccccccccccccccccccc0a1',
  policyName: 'Payments over $1,000',
  status: 'IN_PROGRESS',
  submittedBy: { id: 'dddddddddddddddddddddd01', name: 'Ada Lovelace' },
  submittedAt: '2026-11-05T14:05:00.000Z',
  decidedAt: null,
  currentStage: 1,
  stageCount: 2,
  stages: [
    makeStage({
      order: 1,
      approvers: [
        makeApprover(),
        makeApprover({ userId: 'aaaaaaaaaaaaaaaaaaaaaa02', userName: 'Alan Turing', label: 'Alan Turing' }),
      ],
    }),
    makeStage({
      order: 2,
      approvalRequiredFrom: 'ALL',
      isCurrentStage: false,
      approvers: [
        makeApprover({
          userId: 'aaaaaaaaaaaaaaaaaaaaaa03',
          userName: 'Katherine Johnson',
          label: 'Katherine Johnson',
        }),
      ],
    }),
  ],
  awaiting: ['Grace Hopper', 'Alan Turing'],
  viewer: { state: 'APPROVAL_ALLOWED', isFinal: false, stageOrder: 1, message: null },
  ...overrides,
});

/** The payment of BILL-0001 in approval, as the payment page reads it. */
export const makeApprovalPayment = (
  approval: Partial<PaymentApproval> = {},
  overrides: Partial<PaymentDetail> = {},
): PaymentDetail => ({
  ...makeTestPayment({ status: 'IN_APPROVAL', canReschedule: false }),
  timeline: [],
  approval: makeApproval(approval),
  ...overrides,
});

/** An item of the approve-payment lists. */
export const makeApprovalItem = (
  overrides: Partial<ApprovePaymentItem> = {},
  approval: Partial<PaymentApproval> = {},
): ApprovePaymentItem => {
  const { stages: _stages, policyId: _policyId, ...summary } = makeApproval(approval);
  return {
    ...makeTestPayment({ status: 'IN_APPROVAL', canReschedule: false }),
    approval: summary,
    ...overrides,
  };
};

export const OVERVIEW: ApprovalOverview = {
  awaitingYourApproval: { amount: 3250.5, total: 3 },
  awaitingOthers: { amount: 1200, total: 1 },
  approved: { amount: 9800, total: 7 },
  rejected: { amount: 450, total: 2 },
};

/** The answer of an approve or reject call. */
export const decisionReply = (
  outcome: 'STAGE_APPROVED' | 'APPROVED' | 'REJECTED',
  approval: Partial<PaymentApproval> = {},
) => ({
  outcome,
  payment: makeTestPayment({ status: outcome === 'REJECTED' ? 'REJECTED' : 'IN_APPROVAL' }),
  approval: makeApproval(approval),
});
