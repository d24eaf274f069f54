import {
  APPROVAL_MESSAGES,
  type ApprovalConditionOperator,
  type ApprovalCriteria,
  type PolicyRequest,
  type PolicyStageRequest,
  type PolicyUpdateRequest,
  type PolicyView,
  policyDescriptionSchema,
  policyRequestSchema,
  policyStageRequestSchema,
} from '@ferry/domain';
import type { VendorOption } from '../api/get-vendor-options';

/** A stage approver as the picker holds it: `user:{id}` or `group:{id}`. */
export type ApproverValue = `user:${string}` | `group:${string}`;

export const userApprover = (id: string): ApproverValue => `user:${id}`;
export const groupApprover = (id: string): ApproverValue => `group:${id}`;

export const splitApprovers = (values: readonly string[]): { users: string[]; approvalGroups: string[] } => ({
  users: values.filter((v) => v.startsWith('user:')).map((v) => v.slice('user:'.length)),
  approvalGroups: values.filter((v) => v.startsWith('group:')).map((v) => v.slice('group:'.length)),
});

export type StageFormValues = {
  /** A stable key for React while stages are added and removed. */
  key: string;
  approvers: string[];
  criteria: ApprovalCriteria;
  /** QUORUM: how many approvals; '' while empty. */
  minApprovals: number | string;
  bypass: boolean;
};

export type AmountFormValues = {
  operator: ApprovalConditionOperator;
  /** Dollars as typed ('' when empty). */
  min: number | string;
  max: number | string;
};

export type PolicyFormValues = {
  name: string;
  description: string;
  /** The amount condition, when added. */
  amount: AmountFormValues | null;
  /** The vendors condition, when added (its vendors, label and id). */
  vendors: VendorOption[] | null;
  stages: StageFormValues[];
};

let stageKeys = 0;
const nextStageKey = () => {
  stageKeys += 1;
  return `stage-${stageKeys}`;
};

export const newStage = (): StageFormValues => ({
  key: nextStageKey(),
  approvers: [],
  criteria: 'ANYONE',
  minApprovals: '',
  bypass: false,
});

export const newAmountCondition = (): AmountFormValues => ({ operator: 'greaterThan', min: '', max: '' });

/** A new policy starts with one empty stage (a policy needs at least one). */
export const emptyPolicyValues = (): PolicyFormValues => ({
  name: '',
  description: '',
  amount: null,
  vendors: null,
  stages: [newStage()],
});

export const toPolicyFormValues = (policy: PolicyView): PolicyFormValues => ({
  name: policy.name,
  description: policy.description,
  amount: policy.conditions.amount
    ? {
        operator: policy.conditions.amount.operator,
        min: policy.conditions.amount.min_value ?? '',
        max: policy.conditions.amount.max_value ?? '',
      }
    : null,
  vendors: policy.conditions.vendorIds ? policy.conditions.vendorIds.map((v) => ({ ...v })) : null,
  stages: [...policy.stages]
    .sort((a, b) => a.order - b.order)
    .map((stage) => ({
      key: nextStageKey(),
      approvers: [
        ...stage.approvers.users.map((user) => userApprover(user.userId)),
        ...stage.approvers.approvalGroups.map((group) => groupApprover(group.groupId)),
      ],
      criteria: stage.approvalRequiredFrom,
      minApprovals: stage.minApprovals ?? '',
      bypass: stage.bypassLowerLevelApprovals,
    })),
});

/** A typed amount as the API takes it (dollars), or null when empty. */
const amountOf = (value: number | string): number | string | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.replace(/[,\s$]/g, '');
  return text === '' ? null : text;
};

const toStageRequest = (stage: StageFormValues, index: number): PolicyStageRequest => {
  const minApprovals = stage.minApprovals === '' ? null : Number(stage.minApprovals);
  return {
    order: index + 1,
    // Stage 1 has no lower stage to bypass.
    bypassLowerLevelApprovals: index > 0 && stage.bypass,
    approvalRequiredFrom: stage.criteria,
    minApprovals: stage.criteria === 'QUORUM' ? minApprovals : null,
    approvers: splitApprovers(stage.approvers),
  };
};

/** The body of `POST .../approvals/policies`: trimmed texts, the conditions added, numbered stages. */
export const toPolicyRequest = (values: PolicyFormValues): PolicyRequest => {
  const amount = values.amount;
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    conditions: {
      amount: amount
        ? {
            operator: amount.operator,
            min_value: amount.operator === 'lessThan' ? null : amountOf(amount.min),
            max_value: amount.operator === 'greaterThan' ? null : amountOf(amount.max),
          }
        : null,
      vendorIds: values.vendors ? values.vendors.map((v) => ({ label: v.label, value: v.value })) : null,
    },
    stages: values.stages.map(toStageRequest),
  };
};

/** The body of `PATCH .../approvals/policies`: the Default Policy takes only its description and stages. */
export const toPolicyUpdateRequest = (
  policyId: string,
  values: PolicyFormValues,
  isDefault: boolean,
): PolicyUpdateRequest =>
  isDefault
    ? {
        policyId,
        isDefault: true,
        description: values.description.trim(),
        stages: values.stages.map(toStageRequest),
      }
    : { policyId, ...toPolicyRequest(values) };

/** What is wrong with the form: per field, and the spec's messages to show before saving (spec 001 §5). */
export type PolicyFormErrors = {
  fields: Record<string, string>;
  /** The form-level messages, in the order met, each once. */
  messages: string[];
};

/** The key of a stage field in `fields`: `stages.0.approvers`. */
export const stageField = (index: number, field: 'approvers' | 'minApprovals') => `stages.${index}.${field}`;

const collect = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  offset: readonly PropertyKey[] = [],
): PolicyFormErrors => {
  const fields: Record<string, string> = {};
  const messages: string[] = [];
  const note = (message: string) => {
    if (!messages.includes(message)) messages.push(message);
  };
  const setField = (field: string, message: string) => {
    if (fields[field] === undefined) fields[field] = message;
  };
  for (const issue of issues) {
    const path = [...offset, ...issue.path].map(String);
    const [first, second, third] = path;
    if (first === 'name' || first === 'description') {
      setField(first, issue.message);
    } else if (first === 'conditions' && second === 'vendorIds') {
      setField('vendors', APPROVAL_MESSAGES.policyVendors);
      note(APPROVAL_MESSAGES.policyVendors);
    } else if (first === 'conditions' && second === 'amount') {
      setField('amount', APPROVAL_MESSAGES.policyConditions);
      note(APPROVAL_MESSAGES.policyConditions);
    } else if (first === 'conditions') {
      note(APPROVAL_MESSAGES.policyConditions);
    } else if (first === 'stages' && second !== undefined && third === 'minApprovals') {
      setField(stageField(Number(second), 'minApprovals'), APPROVAL_MESSAGES.policyQuorum);
    } else if (first === 'stages' && second !== undefined && /^\d+$/.test(second)) {
      setField(stageField(Number(second), 'approvers'), APPROVAL_MESSAGES.policyApprovers);
      note(APPROVAL_MESSAGES.policyApprovers);
    } else if (first === 'stages') {
      note(APPROVAL_MESSAGES.policyApprovers);
    } else {
      note(issue.message);
    }
  }
  return { fields, messages };
};

/**
 * The checks made before saving, by the contract's schemas (the server applies the same): conditions
 * correctly defined, vendors chosen, approvers at every stage, a valid quorum. The Default Policy has only a
 * description and stages (none means no approval).
 */
export const validatePolicyForm = (values: PolicyFormValues, isDefault: boolean): PolicyFormErrors => {
  if (isDefault) {
    const issues: { path: readonly PropertyKey[]; message: string }[] = [];
    const description = policyDescriptionSchema.safeParse(values.description.trim());
    if (!description.success)
      issues.push(...description.error.issues.map((i) => ({ ...i, path: ['description'] })));
    values.stages.forEach((stage, index) => {
      const result = policyStageRequestSchema.safeParse(toStageRequest(stage, index));
      if (!result.success)
        issues.push(...result.error.issues.map((i) => ({ ...i, path: ['stages', index, ...i.path] })));
    });
    return collect(issues);
  }
  const result = policyRequestSchema.safeParse(toPolicyRequest(values));
  return result.success ? { fields: {}, messages: [] } : collect(result.error.issues);
};

/** Reads a server refusal's field errors (`stages`, `conditions`, `name`…) the same way. */
export const collectServerErrors = (
  errors: readonly { field: string; message: string }[],
): PolicyFormErrors => {
  const fields: Record<string, string> = {};
  const messages: string[] = [];
  for (const error of errors) {
    const [first] = error.field.split('.');
    if (first === 'name' || first === 'description') {
      if (fields[first] === undefined) fields[first] = error.message;
    } else if (!messages.includes(error.message)) {
      messages.push(error.message);
    }
  }
  return { fields, messages };
};
