import { APPROVAL_MESSAGES } from '@ferry/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { makePolicy } from '../testing/approval-policies';
import { classifyPolicyError } from './policy-errors';
import {
  emptyPolicyValues,
  newStage,
  type PolicyFormValues,
  stageField,
  toPolicyFormValues,
  toPolicyRequest,
  validatePolicyForm,
} from './policy-form';

const ADA = 'user:e00000000000000000000001';
const GROUP = 'group:d00000000000000000000001';

const valid = (overrides: Partial<PolicyFormValues> = {}): PolicyFormValues => ({
  ...emptyPolicyValues(),
  name: 'Big bills',
  amount: { operator: 'greaterThan', min: 1000, max: '' },
  stages: [{ ...newStage(), approvers: [ADA] }],
  ...overrides,
});

describe('policy form rules (spec 001 §5)', () => {
  it('accepts a complete policy', () => {
    expect(validatePolicyForm(valid(), false)).toEqual({ fields: {}, messages: [] });
  });

  it('asks for well-defined conditions: none at all, a missing amount, or a range the wrong way round', () => {
    expect(validatePolicyForm(valid({ amount: null }), false).messages).toEqual([
      APPROVAL_MESSAGES.policyConditions,
    ]);
    const noAmount = validatePolicyForm(valid({ amount: { operator: 'lessThan', min: '', max: '' } }), false);
    expect(noAmount.fields.amount).toBe(APPROVAL_MESSAGES.policyConditions);
    const backwards = validatePolicyForm(
      valid({ amount: { operator: 'inBetween', min: 500, max: '100' } }),
      false,
    );
    expect(backwards.messages).toEqual([APPROVAL_MESSAGES.policyConditions]);
    expect(
      validatePolicyForm(valid({ amount: { operator: 'inBetween', min: 100, max: '500' } }), false).messages,
    ).toEqual([]);
  });

  it("asks for vendors when the vendors condition has none: 'Please assign vendor(s)'", () => {
    const errors = validatePolicyForm(valid({ vendors: [] }), false);
    expect(errors.fields.vendors).toBe(APPROVAL_MESSAGES.policyVendors);
    expect(errors.messages).toEqual([APPROVAL_MESSAGES.policyVendors]);
  });

  it('asks for approvers at every stage, and a quorum of at least 2', () => {
    const errors = validatePolicyForm(
      valid({
        stages: [
          { ...newStage(), approvers: [ADA] },
          { ...newStage(), approvers: [] },
          { ...newStage(), approvers: [ADA, GROUP], criteria: 'QUORUM', minApprovals: 1 },
        ],
      }),
      false,
    );
    expect(errors.fields[stageField(1, 'approvers')]).toBe(APPROVAL_MESSAGES.policyApprovers);
    expect(errors.fields[stageField(2, 'minApprovals')]).toBe(APPROVAL_MESSAGES.policyQuorum);
    expect(errors.messages).toEqual([APPROVAL_MESSAGES.policyApprovers]);
    expect(validatePolicyForm(valid({ stages: [] }), false).messages).toEqual([
      APPROVAL_MESSAGES.policyApprovers,
    ]);
  });

  it('lets the Default Policy have no stage and no condition', () => {
    expect(validatePolicyForm(valid({ amount: null, stages: [] }), true)).toEqual({
      fields: {},
      messages: [],
    });
  });

  it('sends trimmed texts, only the amounts the operator uses, and never a bypass on stage 1', () => {
    const body = toPolicyRequest(
      valid({
        name: '  Big bills ',
        amount: { operator: 'lessThan', min: 50, max: '1,250.5' },
        stages: [
          { ...newStage(), approvers: [ADA, GROUP], bypass: true },
          { ...newStage(), approvers: [GROUP], criteria: 'ALL', bypass: true, minApprovals: 3 },
        ],
      }),
    );
    expect(body.name).toBe('Big bills');
    expect(body.conditions.amount).toEqual({ operator: 'lessThan', min_value: null, max_value: '1250.5' });
    expect(body.stages.map((s) => [s.order, s.bypassLowerLevelApprovals, s.minApprovals])).toEqual([
      [1, false, null],
      [2, true, null],
    ]);
    expect(body.stages[0]?.approvers).toEqual({
      users: ['e00000000000000000000001'],
      approvalGroups: ['d00000000000000000000001'],
    });
  });

  it('reads a saved policy back into the same request', () => {
    const policy = makePolicy();
    const body = toPolicyRequest(toPolicyFormValues(policy));
    expect(body.conditions).toEqual({
      amount: { operator: 'greaterThan', min_value: 1000, max_value: null },
      vendorIds: null,
    });
    expect(body.stages.map((s) => [s.approvalRequiredFrom, s.bypassLowerLevelApprovals])).toEqual([
      ['ANYONE', false],
      ['ALL', true],
    ]);
  });
});

describe('policy save failures (spec 001 §8)', () => {
  it('marks a taken name, shows field refusals in the form, and toasts the rest with the spec’s text', () => {
    expect(
      classifyPolicyError(
        new ApiError({ statusCode: 409, message: 'x', errorCode: 'POLICY_NAME_EXISTS' }),
        'create',
      ),
    ).toEqual({
      kind: 'form',
      errors: { fields: { name: APPROVAL_MESSAGES.policyNameExists }, messages: [] },
    });
    expect(
      classifyPolicyError(
        new ApiError({
          statusCode: 422,
          message: 'Validation failed',
          errors: [{ field: 'stages', message: APPROVAL_MESSAGES.policyQuorum }],
        }),
        'edit',
      ),
    ).toEqual({ kind: 'form', errors: { fields: {}, messages: [APPROVAL_MESSAGES.policyQuorum] } });
    expect(classifyPolicyError(new ApiError({ statusCode: 500 }), 'create')).toEqual({
      kind: 'toast',
      message: APPROVAL_MESSAGES.policyCreateFailed,
    });
    expect(classifyPolicyError(new Error('offline'), 'edit')).toEqual({
      kind: 'toast',
      message: APPROVAL_MESSAGES.policyUpdateFailed,
    });
  });
});
