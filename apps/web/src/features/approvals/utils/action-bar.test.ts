import { APPROVAL_TEXTS } from '@ferry/domain';
import { describe, expect, it } from 'vitest';
import { makeTestBank } from '@/testing/banks';
import { makeApproval, makeApprover, makeStage } from '../testing/approvals';
import { actionBarModel, criteriaLabel, methodBlocker } from './action-bar';

const BANK = {
  type: 'BANK',
  id: 'bank-1',
  bankName: 'Chase',
  accountType: 'C',
  accountMask: '1234',
} as const;

describe('actionBarModel', () => {
  it('approves and hands on to the next stage when this approval completes the stage', () => {
    expect(actionBarModel(makeApproval())).toEqual({
      kind: 'act',
      isFinal: false,
      notice: null,
      actions: { approve: 'approve&Submit', reject: 'reject' },
      bypass: null,
    });
  });

  it("approves only ('approve') while an ALL or quorum stage still waits for others", () => {
    const approval = makeApproval({
      stages: [
        makeStage({
          order: 1,
          approvalRequiredFrom: 'ALL',
          required: 2,
          approvers: [makeApprover(), makeApprover({ userId: 'aaaaaaaaaaaaaaaaaaaaaa02' })],
        }),
        makeStage({ order: 2, isCurrentStage: false }),
      ],
    });
    const model = actionBarModel(approval);
    expect(model.kind === 'act' && model.actions).toEqual({ approve: 'approve', reject: 'reject' });
  });

  it('approves and schedules as the final approver, with the spec sentence', () => {
    const model = actionBarModel(
      makeApproval({ viewer: { state: 'FINAL_APPROVAL', isFinal: true, stageOrder: 2, message: null } }),
    );
    expect(model).toMatchObject({
      kind: 'act',
      isFinal: true,
      notice: APPROVAL_TEXTS.finalApprover,
      actions: { approve: 'approveAndSchedule', reject: 'reject' },
    });
  });

  it('offers only the bypass variants before the earlier stages are done', () => {
    const viewer = { isFinal: false, stageOrder: 2, message: APPROVAL_TEXTS.awaitingPrior };
    expect(actionBarModel(makeApproval({ viewer: { ...viewer, state: 'BYPASS_ALLOWED' } }))).toEqual({
      kind: 'act',
      isFinal: false,
      notice: APPROVAL_TEXTS.awaitingPrior,
      actions: null,
      bypass: { approve: 'byPassAndApprove', reject: 'byPassAndReject' },
    });
    expect(
      actionBarModel(makeApproval({ viewer: { ...viewer, isFinal: true, state: 'FINAL_BYPASS_ALLOWED' } })),
    ).toMatchObject({
      isFinal: true,
      bypass: { approve: 'byPassAndApproveSchedule', reject: 'byPassAndReject' },
    });
  });

  it('shows the message only, or nothing', () => {
    const message = {
      state: 'SHOW_MESSAGE',
      isFinal: false,
      stageOrder: null,
      message: APPROVAL_TEXTS.alreadyActed,
    } as const;
    expect(actionBarModel(makeApproval({ viewer: message }))).toEqual({
      kind: 'message',
      message: APPROVAL_TEXTS.alreadyActed,
    });
    const none = { state: 'NONE', isFinal: false, stageOrder: null, message: null } as const;
    expect(actionBarModel(makeApproval({ viewer: none }))).toEqual({ kind: 'none' });
    expect(actionBarModel(makeApproval({ status: 'APPROVED' }))).toEqual({ kind: 'none' });
  });
});

describe('methodBlocker', () => {
  it('needs a method, and a bank that may pay', () => {
    expect(methodBlocker(null, [], { bypass: false })).toBe(APPROVAL_TEXTS.selectPaymentMethod);
    expect(methodBlocker(BANK, [makeTestBank({ id: 'bank-1' })], { bypass: false })).toBeNull();
    expect(
      methodBlocker(BANK, [makeTestBank({ id: 'bank-1', verificationStatus: 'PENDING' })], { bypass: false }),
    ).toBe(APPROVAL_TEXTS.selectVerifiedBank);
    expect(methodBlocker(BANK, [], { bypass: false })).toBe(APPROVAL_TEXTS.selectVerifiedBank);
    // A member who may not read the banks: the server checks.
    expect(methodBlocker(BANK, undefined, { bypass: false })).toBeNull();
    expect(
      methodBlocker({ type: 'CARD', id: 'c', cardBrand: 'VISA', cardMask: '4242' }, [], { bypass: true }),
    ).toBeNull();
  });

  it('accepts an expired bank, except with bypass (only verified)', () => {
    const expired = [makeTestBank({ id: 'bank-1', accountStatus: 'EXPIRED', status: 'EXPIRED' })];
    expect(methodBlocker(BANK, expired, { bypass: false })).toBeNull();
    expect(methodBlocker(BANK, expired, { bypass: true })).toBe(APPROVAL_TEXTS.selectVerifiedBank);
  });
});

describe('criteriaLabel', () => {
  it('names the criteria', () => {
    expect(criteriaLabel({ approvalRequiredFrom: 'ANYONE', required: 1 })).toBe('Anyone of');
    expect(criteriaLabel({ approvalRequiredFrom: 'ALL', required: 3 })).toBe('All of');
    expect(criteriaLabel({ approvalRequiredFrom: 'QUORUM', required: 2 })).toBe('2 of');
  });
});
