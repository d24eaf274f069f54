import { z } from 'zod';
import { APPROVAL_BAR_STATES, APPROVAL_CRITERIA } from '../catalogues/approvals.js';
import { idSchema } from '../ids/id.js';

/** A payment's approval as the payment page and the approvals lists show it (issue 18; spec 001 §3–§4). */

export const APPROVER_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'BYPASSED', 'NOT_REQUIRED'] as const;
export type ApproverStatus = (typeof APPROVER_STATUSES)[number];

export const PAYMENT_APPROVAL_STATUSES = ['IN_PROGRESS', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type PaymentApprovalStatus = (typeof PAYMENT_APPROVAL_STATUSES)[number];

export const viewerStateSchema = z.object({
  state: z.enum(APPROVAL_BAR_STATES),
  isFinal: z.boolean(),
  stageOrder: z.number().int().nullable(),
  message: z.string().nullable(),
});

export const flowApproverViewSchema = z.object({
  userId: idSchema,
  userName: z.string(),
  /** The name shown on the avatar (the group names follow it). */
  label: z.string(),
  isGroup: z.boolean(),
  groupNames: z.array(z.string()),
  approvalStatus: z.enum(APPROVER_STATUSES),
  reviewedAt: z.string().nullable(),
  remarks: z.string().nullable(),
  hasBypassedLowerLevel: z.boolean(),
  /** Acted for this approver while they were away (approval delegation). */
  onBehalfOf: z.object({ id: idSchema, name: z.string() }).nullable(),
});

export const flowStageViewSchema = z.object({
  order: z.number().int(),
  stage: z.string(),
  approvalRequiredFrom: z.enum(APPROVAL_CRITERIA),
  required: z.number().int(),
  bypassLowerLevelApprovals: z.boolean(),
  isApproved: z.boolean(),
  isBypassed: z.boolean(),
  isCurrentStage: z.boolean(),
  approvers: z.array(flowApproverViewSchema),
});

/** The approval of one payment: the snapshotted policy, its progress and what the viewer may do. */
export const paymentApprovalSchema = z
  .object({
    policyId: idSchema,
    policyName: z.string(),
    status: z.enum(PAYMENT_APPROVAL_STATUSES),
    submittedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
    submittedAt: z.string(),
    decidedAt: z.string().nullable(),
    currentStage: z.number().int().nullable(),
    stageCount: z.number().int(),
    stages: z.array(flowStageViewSchema),
    /** Names of the current stage's approvers who have not decided. */
    awaiting: z.array(z.string()),
    viewer: viewerStateSchema,
  })
  .meta({ id: 'PaymentApproval' });
export type PaymentApproval = z.infer<typeof paymentApprovalSchema>;
