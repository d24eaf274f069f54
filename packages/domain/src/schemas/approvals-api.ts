import { z } from 'zod';
import {
  APPROVAL_ACTIONS,
  APPROVAL_AUDIT_ACTION_LABELS,
  APPROVAL_CONDITION_OPERATORS,
  APPROVAL_CRITERIA,
  MAX_POLICY_STAGES,
  MAX_STAGE_GROUPS,
  MAX_STAGE_USERS,
} from '../catalogues/approvals.js';
import { idSchema } from '../ids/id.js';
import { amountSchema } from '../money/schemas.js';
import { paymentApprovalSchema } from './approval-flow.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './envelope.js';
import { paymentViewSchema } from './payments-api.js';
import { APPROVAL_GROUP_MESSAGES } from './settings.js';
import { textField } from './text-field.js';

/**
 * Requests and answers of approval groups, approval policies and payment approvals (spec 001 §2–§9,
 * 002 §7; issue 18), shared by the server and the browser. Group field rules are in settings.ts.
 */

/** Toasts, answers and error messages (spec 001 §5, §8 verbatim where it gives them; the rest Ferry's). */
export const APPROVAL_MESSAGES = {
  groupCreated: 'Approval group created successfully.',
  groupModified: 'Approval group modified successfully.',
  groupDeleted: 'Approval group deleted.',
  groupNotFound: 'Approval group not found.',
  groupNameExists: 'An approval group with this name already exists.',
  /** A userId that is not an active member holding the approve-and-pay right (field `userIds`). */
  groupMemberNotEligible: 'Only active members who can approve bills can be added to an approval group.',
  /** An empty `userIds` (field `userIds`): a group needs at least one member. */
  groupMembersRequired: APPROVAL_GROUP_MESSAGES.membersRequired,
  groupInPolicy: 'This group approves in an approval policy. Remove it from the policy before deleting it.',
  groupUnchanged: 'No changes made to update',
  /** The modify dialog's note: groups are snapshotted when a payment is submitted. */
  futureOnly:
    'Changes apply only to payments submitted from now on; payments already in approval keep their approvers.',

  policyNameRequired: 'Policy name is required.',
  policyNameTooLong: 'Policy name cannot exceed 60 characters.',
  policyDescriptionTooLong: 'Policy description cannot exceed 200 characters.',
  policyConditions: 'Please ensure the added policy conditions are correctly defined before proceeding.',
  policyApprovers: 'Please assign approvers to all approval levels before proceeding.',
  policyVendors: 'Please assign vendor(s)',
  policyNameExists: 'Policy name exists',
  /** A QUORUM stage needs 2 or more approvals, and no more than the approvers it names. */
  policyQuorum: 'A quorum needs at least 2 approvals and no more than the stage’s approvers.',
  /** A user or group in a stage that is not (or no longer) an eligible approver of this business. */
  policyApproverNotEligible:
    'Only active members who can approve bills, and this business’s groups, can approve.',
  policyCreated: 'Policy created successfully.',
  policyUpdated: 'Policy updated successfully.',
  policyOrderUpdated: 'Policy order updated successfully.',
  policyDeleted: 'Policy deleted successfully.',
  policyCreateFailed: 'Failed to create policy',
  policyUpdateFailed: 'Error updating policy',
  policyDeleteFailed: 'Error deleting policy',
  policyOrderFailed: 'Error updating order',
  policyNotFound: 'Approval policy not found.',
  defaultPolicyFixed:
    'The Default Policy applies when no other policy does: it cannot be deleted, renamed or given conditions.',
  /** PATCH .../policies/order with a list that is not exactly the business's current policies. */
  policyOrderStale: 'The policies changed since this page was loaded. Reload and try again.',
  /** Create Policy's tooltip for a member who may only view (spec 001 §6: text not shown). */
  createPolicyReadOnly:
    'You can view approval policies, but creating one needs manage access to payment approvals.',

  /** Scheduling a payment a policy covers, when a stage has no one left to approve it. */
  noApprovers: (policyName: string, stage: number) =>
    `Stage ${stage} of the “${policyName}” approval policy has no one who can approve this payment. Ask an admin to add approvers to it.`,
  submittedForApproval: 'Payment submitted for approval.',
  approved: 'Payment approved.',
  approvedAndScheduled: 'Payment approved and scheduled.',
  rejected: 'Payment rejected.',
  notInApproval: 'This payment is not awaiting approval.',
  selfApproval: 'You submitted this payment, so someone else must approve it.',
  notAnApprover: 'You are not an approver of this payment.',
  bypassRequired: 'Tick ‘Bypass approval’ to approve before the earlier stages.',
  bulkApproved: (done: number, total: number) => `${done} of ${total} payments approved.`,
} as const;

/** Error codes of this area (spec 001 §8 names the group one), beside the platform's. */
export const APPROVAL_ERROR_CODES = {
  groupNameExists: 'APPROVAL_GROUP_NAME_ALREADY_EXISTS',
  groupInPolicy: 'APPROVAL_GROUP_IN_POLICY',
  policyNameExists: 'POLICY_NAME_EXISTS',
  defaultPolicyFixed: 'DEFAULT_POLICY_FIXED',
  policyOrderStale: 'POLICY_ORDER_STALE',
  noApprovers: 'APPROVAL_NO_APPROVERS',
  notInApproval: 'PAYMENT_NOT_IN_APPROVAL',
  selfApproval: 'SELF_APPROVAL',
  notAnApprover: 'NOT_AN_APPROVER',
  alreadyActed: 'APPROVAL_ALREADY_ACTED',
  bypassRequired: 'BYPASS_REQUIRED',
  awaitingPrior: 'AWAITING_PRIOR_APPROVALS',
} as const;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

const pageFields = {
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

// ---------------------------------------------------------------------------------------------
// Approval groups

/** `GET /business/{id}/approval-groups` (paged, sorted). */
export const approvalGroupsQuerySchema = z.object({
  ...pageFields,
  sortBy: z.enum(['name', 'createdAt', 'updatedAt']).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  searchBy: z.string().trim().max(50).optional(),
});
export type ApprovalGroupsQuery = z.input<typeof approvalGroupsQuerySchema>;

export const approvalGroupMemberSchema = z.object({
  userId: idSchema,
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  roleDetails: z.object({ name: z.string() }),
});
export type ApprovalGroupMember = z.infer<typeof approvalGroupMemberSchema>;

export const approvalGroupViewSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    userIds: z.array(idSchema),
    members: z.array(approvalGroupMemberSchema),
    /** Active policies with a stage naming this group. */
    policies: z.array(z.object({ id: idSchema, name: z.string() })),
    createdBy: z.object({ id: idSchema, name: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ApprovalGroup' });
export type ApprovalGroupView = z.infer<typeof approvalGroupViewSchema>;

/** `POST .../approval-group` and `PATCH .../approval-group/{groupId}` answer `{ message, group }`. */
export const approvalGroupWriteResultSchema = z.object({
  message: z.string(),
  group: approvalGroupViewSchema,
});

// ---------------------------------------------------------------------------------------------
// Approval policies

export const policyNameSchema = textField({
  required: APPROVAL_MESSAGES.policyNameRequired,
  onlySpaces: APPROVAL_MESSAGES.policyNameRequired,
  max: { length: 60, message: APPROVAL_MESSAGES.policyNameTooLong },
});
export const policyDescriptionSchema = textField({
  max: { length: 200, message: APPROVAL_MESSAGES.policyDescriptionTooLong },
});

const conditionAmount = amountSchema.refine((cents) => cents >= 0, {
  error: APPROVAL_MESSAGES.policyConditions,
});

/** The amount condition: lessThan needs max_value, greaterThan min_value, inBetween both (min < max). */
export const policyAmountConditionSchema = z
  .object({
    operator: z.enum(APPROVAL_CONDITION_OPERATORS, { error: APPROVAL_MESSAGES.policyConditions }),
    min_value: conditionAmount.nullable().optional(),
    max_value: conditionAmount.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const min = value.min_value ?? null;
    const max = value.max_value ?? null;
    const ok =
      value.operator === 'lessThan'
        ? max !== null && max > 0
        : value.operator === 'greaterThan'
          ? min !== null
          : min !== null && max !== null && min < max;
    if (!ok) ctx.addIssue({ code: 'custom', message: APPROVAL_MESSAGES.policyConditions });
  });

export const vendorOptionSchema = z.object({ label: z.string().max(200), value: idSchema });

export const policyConditionsSchema = z.object({
  amount: policyAmountConditionSchema.nullable().optional(),
  /** Vendors as label/value (spec 001 §3); present means the vendors condition is on. */
  vendorIds: z
    .array(vendorOptionSchema)
    .min(1, { error: APPROVAL_MESSAGES.policyVendors })
    .max(200)
    .nullable()
    .optional(),
});

export const policyStageRequestSchema = z
  .object({
    order: z.number().int().min(1).max(MAX_POLICY_STAGES),
    bypassLowerLevelApprovals: z.boolean().default(false),
    approvalRequiredFrom: z.enum(APPROVAL_CRITERIA).default('ANYONE'),
    /** QUORUM only: how many approvals (2 or more). */
    minApprovals: z.number().int().min(2).max(MAX_STAGE_USERS).nullable().optional(),
    approvers: z.object({
      users: z.array(idSchema).max(MAX_STAGE_USERS).default([]),
      approvalGroups: z.array(idSchema).max(MAX_STAGE_GROUPS).default([]),
    }),
  })
  .superRefine((stage, ctx) => {
    if (stage.approvers.users.length + stage.approvers.approvalGroups.length === 0)
      ctx.addIssue({ code: 'custom', path: ['approvers'], message: APPROVAL_MESSAGES.policyApprovers });
    if (stage.approvalRequiredFrom === 'QUORUM' && !stage.minApprovals)
      ctx.addIssue({ code: 'custom', path: ['minApprovals'], message: APPROVAL_MESSAGES.policyQuorum });
  });
export type PolicyStageRequest = z.input<typeof policyStageRequestSchema>;

const stagesSchema = z
  .array(policyStageRequestSchema, { error: APPROVAL_MESSAGES.policyApprovers })
  .min(1, { error: APPROVAL_MESSAGES.policyApprovers })
  .max(MAX_POLICY_STAGES);

/**
 * `POST /business/{id}/approvals/policies`: name, description, conditions (amount and/or vendors) and
 * numbered stages. The server puts a new policy last (`priority` is its answer, not an input).
 */
export const policyRequestSchema = z
  .object({
    name: policyNameSchema,
    description: policyDescriptionSchema.optional(),
    conditions: policyConditionsSchema,
    stages: stagesSchema,
  })
  .superRefine((policy, ctx) => {
    if (!policy.conditions.amount && !policy.conditions.vendorIds)
      ctx.addIssue({ code: 'custom', path: ['conditions'], message: APPROVAL_MESSAGES.policyConditions });
  });
export type PolicyRequest = z.input<typeof policyRequestSchema>;

/**
 * `PATCH /business/{id}/approvals/policies`: the policy id and the whole policy. For the Default Policy
 * only `description` and `stages` are taken (its name is fixed and it has no conditions; stages: [] means
 * payments no other policy covers need no approval).
 */
export const policyUpdateRequestSchema = z.union([
  z
    .object({
      policyId: idSchema,
      isDefault: z.literal(true),
      description: policyDescriptionSchema.optional(),
      stages: z.array(policyStageRequestSchema).max(MAX_POLICY_STAGES),
    })
    .strict(),
  z.object({ policyId: idSchema, isDefault: z.literal(false).optional() }).and(policyRequestSchema),
]);
export type PolicyUpdateRequest = z.input<typeof policyUpdateRequestSchema>;

/** `POST .../approvals/policies/name/exists`: `{ name, policyId? }` → `{ exists }` (the edited one excluded). */
export const policyNameExistsRequestSchema = z.object({
  name: z.string().max(200),
  policyId: idSchema.optional(),
});
export const policyNameExistsSchema = z.object({ exists: z.boolean() });

/** `PATCH .../approvals/policies/order`: every non-default policy's id, highest priority first. */
export const policyOrderRequestSchema = z.object({
  policyIds: z.array(idSchema).min(1).max(500),
});

export const policyApproverUserSchema = z.object({
  userId: idSchema,
  label: z.string(),
  email: z.string(),
  isGroup: z.literal(false),
});
export const policyApproverGroupSchema = z.object({
  groupId: idSchema,
  label: z.string(),
  isGroup: z.literal(true),
  userNames: z.array(z.string()),
});

export const policyStageViewSchema = z.object({
  order: z.number().int(),
  approvalRequiredFrom: z.enum(APPROVAL_CRITERIA),
  minApprovals: z.number().int().nullable(),
  bypassLowerLevelApprovals: z.boolean(),
  approvers: z.object({
    users: z.array(policyApproverUserSchema),
    approvalGroups: z.array(policyApproverGroupSchema),
  }),
});
export type PolicyStageView = z.infer<typeof policyStageViewSchema>;

export const policyViewSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    /** Priority: 1 is the highest; the Default Policy always comes last. */
    order: z.number().int(),
    isDefault: z.boolean(),
    conditions: z.object({
      amount: z
        .object({
          operator: z.enum(APPROVAL_CONDITION_OPERATORS),
          min_value: z.number().nullable(),
          max_value: z.number().nullable(),
        })
        .nullable(),
      vendorIds: z.array(vendorOptionSchema).nullable(),
    }),
    stages: z.array(policyStageViewSchema),
    createdBy: z.object({ id: idSchema, name: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ApprovalPolicy' });
export type PolicyView = z.infer<typeof policyViewSchema>;

export const policyWriteResultSchema = z.object({ message: z.string(), policy: policyViewSchema });

/** Audit actions (spec 001 §4) as the activity log's `action` of `entity=approval_policies`. */
export const APPROVAL_AUDIT_ACTIONS = Object.keys(
  APPROVAL_AUDIT_ACTION_LABELS,
) as (keyof typeof APPROVAL_AUDIT_ACTION_LABELS)[];

// ---------------------------------------------------------------------------------------------
// A payment's approval (its shape is in approval-flow.ts)

/** `POST /business/{id}/payment-approval-policy/approve` and `/reject` (needs an Idempotency-Key). */
export const approvalActionRequestSchema = z.object({
  paymentId: idSchema,
  action: z.enum(APPROVAL_ACTIONS),
  remarks: z.string().trim().max(500).optional(),
});
export type ApprovalActionRequest = z.input<typeof approvalActionRequestSchema>;

export const APPROVAL_OUTCOMES = ['STAGE_APPROVED', 'APPROVED', 'REJECTED'] as const;
export type ApprovalOutcome = (typeof APPROVAL_OUTCOMES)[number];

export const approvalActionResultSchema = z.object({
  outcome: z.enum(APPROVAL_OUTCOMES),
  payment: paymentViewSchema,
  approval: paymentApprovalSchema,
});
export type ApprovalActionResult = z.infer<typeof approvalActionResultSchema>;

/** `POST .../payment-approval-policy/bulk-approve`: approve where the user may (no bypass). */
export const bulkApproveRequestSchema = z.object({
  paymentIds: z.array(idSchema).min(1).max(50),
  remarks: z.string().trim().max(500).optional(),
});
export const bulkApproveResultSchema = z.object({
  results: z.array(
    z.discriminatedUnion('ok', [
      z.object({ paymentId: z.string(), ok: z.literal(true), outcome: z.enum(APPROVAL_OUTCOMES) }),
      z.object({
        paymentId: z.string(),
        ok: z.literal(false),
        error: z.object({ errorCode: z.string(), message: z.string() }),
      }),
    ]),
  ),
});
export type BulkApproveResult = z.infer<typeof bulkApproveResultSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `GET /approve-payment/{businessId}/unapproved` (payments in approval: by default those awaiting the
 * signed-in user; `awaitingApprovalFromOthers=true` those waiting on someone else) and `/approved` (flows
 * that ended: status APPROVED or REJECTED). Newest first by default (spec 001 §9).
 */
export const approvePaymentsQuerySchema = z.object({
  ...pageFields,
  sortBy: z.enum(['submittedAt', 'processDate', 'amount', 'vendorName']).default('submittedAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  vendorName: z.string().trim().max(50).optional(),
  status: z.enum(['APPROVED', 'REJECTED']).optional(),
  /** `from,to` process dates ('YYYY-MM-DD,YYYY-MM-DD'). */
  dateRange: z
    .string()
    .max(21)
    .refine(
      (v) => {
        const [from, to, ...rest] = v.split(',');
        return rest.length === 0 && !!from && !!to && DATE.test(from) && DATE.test(to) && from <= to;
      },
      { error: 'Choose a valid date range.' },
    )
    .optional(),
  awaitingApprovalFromOthers: booleanQuery,
});
export type ApprovePaymentsQuery = z.input<typeof approvePaymentsQuerySchema>;
export type ParsedApprovePaymentsQuery = z.output<typeof approvePaymentsQuerySchema>;

export const approvalSummarySchema = paymentApprovalSchema.pick({
  policyName: true,
  status: true,
  submittedBy: true,
  submittedAt: true,
  decidedAt: true,
  currentStage: true,
  stageCount: true,
  awaiting: true,
  viewer: true,
});
export const approvePaymentItemSchema = paymentViewSchema
  .extend({ approval: approvalSummarySchema })
  .meta({ id: 'ApprovePaymentItem' });
export type ApprovePaymentItem = z.infer<typeof approvePaymentItemSchema>;

const bucket = z.object({ amount: z.number(), total: z.number().int() });
/** `GET /approve-payment/{businessId}/summary/overview`: the Approvals view's counts. */
export const approvalOverviewSchema = z.object({
  awaitingYourApproval: bucket,
  awaitingOthers: bucket,
  approved: bucket,
  rejected: bucket,
});
export type ApprovalOverview = z.infer<typeof approvalOverviewSchema>;

// ---------------------------------------------------------------------------------------------
// Delegation (beyond the spec: an approver away names who approves for them)

export const approvalDelegationRequestSchema = z
  .object({
    delegateUserId: idSchema,
    startsOn: z.string().regex(DATE, { error: 'Choose a start date.' }),
    endsOn: z.string().regex(DATE, { error: 'Choose an end date.' }),
  })
  .refine((v) => v.startsOn <= v.endsOn, {
    path: ['endsOn'],
    error: 'The end date must be on or after the start date.',
  });
export const approvalDelegationSchema = z.object({
  delegate: z.object({ id: idSchema, name: z.string() }),
  startsOn: z.string(),
  endsOn: z.string(),
  isActive: z.boolean(),
});
export type ApprovalDelegation = z.infer<typeof approvalDelegationSchema>;

/**
 * `POST /business/{id}/approvals/policies/match`: which policy a payment of this amount to this vendor
 * would go through (the pay page says 'Submit for approval' instead of paying, and names the policy).
 */
export const approvalMatchRequestSchema = z.object({ vendorId: idSchema, amount: amountSchema });
export const approvalMatchSchema = z.object({
  policy: z
    .object({
      id: idSchema,
      name: z.string(),
      stageCount: z.number().int(),
      /** Who approves first (names), for the review step. */
      firstApprovers: z.array(z.string()),
    })
    .nullable(),
});
export type ApprovalMatch = z.infer<typeof approvalMatchSchema>;
