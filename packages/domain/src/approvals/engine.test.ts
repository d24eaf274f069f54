import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPROVAL_TEXTS } from '../catalogues/approvals.js';
import {
  decide,
  evaluateFlow,
  matchesConditions,
  pendingApprovers,
  requiresApproval,
  selectPolicy,
  snapshotFlow,
  viewerState,
} from './engine.js';
import {
  applyEdits,
  decideInputArb,
  decideInputsAmongArb,
  type EditablePolicyRule,
  editArb,
  type Scenario,
  scenarioArb,
  USERS,
} from './engine-arbitraries.js';
import type {
  ApprovalDecision,
  ApprovalFlow,
  DecideInput,
  DecideResult,
  DecisionKind,
  FlowEvaluation,
  FlowStage,
  PolicyConditions,
  PolicyRule,
  PolicyStageRule,
} from './types.js';

// The domain package compiles without DOM or Node types (tsconfig "types": []); the test runner is Node ≥ 17,
// which has the global.
declare const structuredClone: <T>(value: T) => T;

// ---------------------------------------------------------------------------------------------------------
// Helpers

const DOLLARS = 100;
const facts = (amountCents: number, vendorId = 'v1') => ({ amountCents, vendorId });
const amount = (
  operator: 'lessThan' | 'greaterThan' | 'inBetween',
  minCents: number | null,
  maxCents: number | null,
): PolicyConditions => ({ amount: { operator, minCents, maxCents }, vendorIds: null });

const rule = (order: number, overrides: Partial<PolicyStageRule> = {}): PolicyStageRule => ({
  order,
  criteria: 'ANYONE',
  minApprovals: null,
  bypassLowerLevelApprovals: false,
  userIds: [],
  groupIds: [],
  ...overrides,
});

const policy = (overrides: Partial<PolicyRule> = {}): PolicyRule => ({
  id: 'p1',
  name: 'Policy',
  order: 1,
  isDefault: false,
  conditions: { amount: null, vendorIds: null },
  stages: [],
  ...overrides,
});

const NO_GROUPS: ReadonlyMap<string, readonly string[]> = new Map();

/** Snapshots a policy submitted by 'sub', failing the test when it cannot. */
const snap = (stages: PolicyStageRule[], groups = NO_GROUPS, submittedBy = 'sub'): ApprovalFlow => {
  const result = snapshotFlow(policy({ stages }), { submittedBy, groupMembers: groups });
  if (!result.ok) throw new Error(`snapshot refused: ${JSON.stringify(result.error)}`);
  return result.flow;
};

type Act = [userId: string, decision?: DecisionKind, bypass?: boolean];

/** Plays decisions through decide, failing the test on the first refusal. */
const play = (flow: ApprovalFlow, acts: Act[], decisions: ApprovalDecision[] = []): ApprovalDecision[] => {
  let current = decisions;
  for (const [userId, decision = 'APPROVED', bypass = false] of acts) {
    const result = decide(flow, current, { userId, decision, bypass });
    if (!result.ok) throw new Error(`${userId} ${decision}: ${result.error}`);
    current = result.decisions;
  }
  return current;
};

const approve = (userId: string, bypass = false): DecideInput => ({ userId, decision: 'APPROVED', bypass });
const errorOf = (result: DecideResult) => (result.ok ? 'OK' : result.error);
const d = (stageOrder: number, userId: string, decision: DecisionKind = 'APPROVED', bypassed = false) => ({
  stageOrder,
  userId,
  decision,
  bypassed,
});

/** A hand-made flow (no snapshot), for the defensive rules. */
const handFlow = (
  stages: Array<Partial<FlowStage> & { users: string[] }>,
  submittedBy = 'sub',
): ApprovalFlow => ({
  policyId: 'p1',
  policyName: 'Policy',
  submittedBy,
  stages: stages.map(({ users, ...stage }, index) => ({
    order: index + 1,
    criteria: 'ANYONE',
    required: 1,
    bypassLowerLevelApprovals: false,
    approvers: users.map((userId) => ({ userId, direct: true, groupIds: [] })),
    ...stage,
  })),
});

// ---------------------------------------------------------------------------------------------------------
// Examples

describe('matchesConditions', () => {
  it('greaterThan $1,000 excludes exactly $1,000.00 and includes one cent more', () => {
    const over1000 = amount('greaterThan', 1000 * DOLLARS, null);
    expect(matchesConditions(over1000, facts(1000 * DOLLARS))).toBe(false);
    expect(matchesConditions(over1000, facts(1000 * DOLLARS + 1))).toBe(true);
    expect(matchesConditions(over1000, facts(999 * DOLLARS))).toBe(false);
  });

  it('lessThan is strict', () => {
    const under1000 = amount('lessThan', null, 1000 * DOLLARS);
    expect(matchesConditions(under1000, facts(1000 * DOLLARS - 1))).toBe(true);
    expect(matchesConditions(under1000, facts(1000 * DOLLARS))).toBe(false);
    expect(matchesConditions(under1000, facts(0))).toBe(true);
  });

  it('inBetween includes both bounds', () => {
    const between = amount('inBetween', 1000 * DOLLARS, 5000 * DOLLARS);
    expect(matchesConditions(between, facts(1000 * DOLLARS))).toBe(true);
    expect(matchesConditions(between, facts(5000 * DOLLARS))).toBe(true);
    expect(matchesConditions(between, facts(3000 * DOLLARS))).toBe(true);
    expect(matchesConditions(between, facts(1000 * DOLLARS - 1))).toBe(false);
    expect(matchesConditions(between, facts(5000 * DOLLARS + 1))).toBe(false);
  });

  it('a bound the operator needs that is null matches nothing', () => {
    expect(matchesConditions(amount('lessThan', 0, null), facts(1))).toBe(false);
    expect(matchesConditions(amount('greaterThan', null, 10_000), facts(1))).toBe(false);
    expect(matchesConditions(amount('inBetween', null, 10_000), facts(1))).toBe(false);
    expect(matchesConditions(amount('inBetween', 0, null), facts(1))).toBe(false);
  });

  it('vendors: the payment’s vendor must be listed', () => {
    expect(matchesConditions({ amount: null, vendorIds: ['v1', 'v2'] }, facts(1, 'v2'))).toBe(true);
    expect(matchesConditions({ amount: null, vendorIds: ['v1', 'v2'] }, facts(1, 'v3'))).toBe(false);
    expect(matchesConditions({ amount: null, vendorIds: [] }, facts(1, 'v1'))).toBe(false);
  });

  it('both conditions must hold; no condition matches nothing', () => {
    const both: PolicyConditions = {
      amount: { operator: 'greaterThan', minCents: 100, maxCents: null },
      vendorIds: ['v1'],
    };
    expect(matchesConditions(both, facts(101, 'v1'))).toBe(true);
    expect(matchesConditions(both, facts(100, 'v1'))).toBe(false);
    expect(matchesConditions(both, facts(101, 'v2'))).toBe(false);
    expect(matchesConditions({ amount: null, vendorIds: null }, facts(101, 'v1'))).toBe(false);
  });
});

describe('selectPolicy', () => {
  const over = (id: string, order: number, minCents: number) =>
    policy({
      id,
      order,
      conditions: amount('greaterThan', minCents, null),
      stages: [rule(1, { userIds: ['a'] })],
    });
  const fallback = policy({ id: 'default', order: 0, isDefault: true });

  it('the matching policy with the lowest order wins, whatever the list order', () => {
    const policies = [over('p-late', 3, 0), over('p-first', 1, 0), over('p-second', 2, 0)];
    expect(selectPolicy(policies, facts(50))?.id).toBe('p-first');
    expect(selectPolicy([...policies].reverse(), facts(50))?.id).toBe('p-first');
  });

  it('a policy that does not match is skipped even when it comes first', () => {
    const policies = [over('big', 1, 10_000), over('any', 2, 0)];
    expect(selectPolicy(policies, facts(50))?.id).toBe('any');
    expect(selectPolicy(policies, facts(20_000))?.id).toBe('big');
  });

  it('a tie on order goes to the lowest id by string comparison', () => {
    const policies = [over('p2', 1, 0), over('p10', 1, 0), over('p3', 1, 0)];
    expect(selectPolicy(policies, facts(50))?.id).toBe('p10');
  });

  it('falls back to the default policy, which never competes with a matching one', () => {
    expect(selectPolicy([over('big', 1, 10_000), fallback], facts(50))?.id).toBe('default');
    expect(selectPolicy([fallback, over('any', 5, 0)], facts(50))?.id).toBe('any');
    expect(selectPolicy([over('big', 1, 10_000)], facts(50))).toBeNull();
    expect(selectPolicy([], facts(50))).toBeNull();
  });

  it('a default policy with conditions is not matched on them', () => {
    const conditionedDefault = policy({
      id: 'd',
      isDefault: true,
      conditions: amount('greaterThan', 0, null),
    });
    expect(selectPolicy([conditionedDefault, over('any', 9, 0)], facts(50))?.id).toBe('any');
  });
});

describe('requiresApproval', () => {
  it('needs a policy with at least one stage', () => {
    expect(requiresApproval(null)).toBe(false);
    expect(requiresApproval(policy({ isDefault: true }))).toBe(false);
    expect(requiresApproval(policy({ stages: [rule(1, { userIds: ['a'] })] }))).toBe(true);
  });
});

describe('snapshotFlow', () => {
  it('sorts the stages by order and renumbers them 1..n', () => {
    const flow = snap([
      rule(9, { userIds: ['c'] }),
      rule(2, { userIds: ['a'] }),
      rule(5, { userIds: ['b'], bypassLowerLevelApprovals: true }),
    ]);
    expect(flow.stages.map((stage) => [stage.order, stage.approvers[0]?.userId])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    expect(flow.stages[1]?.bypassLowerLevelApprovals).toBe(true);
    expect(flow).toMatchObject({ policyId: 'p1', policyName: 'Policy', submittedBy: 'sub' });
  });

  it('expands groups after the named users, one entry per user with every group that holds them', () => {
    const groups = new Map([
      ['g1', ['b', 'c', 'c']],
      ['g2', ['c', 'd', 'a']],
    ]);
    const flow = snap([rule(1, { userIds: ['a', 'b', 'a'], groupIds: ['g1', 'g2', 'gone', 'g1'] })], groups);
    expect(flow.stages[0]?.approvers).toEqual([
      { userId: 'a', direct: true, groupIds: ['g2'] },
      { userId: 'b', direct: true, groupIds: ['g1'] },
      { userId: 'c', direct: false, groupIds: ['g1', 'g2'] },
      { userId: 'd', direct: false, groupIds: ['g2'] },
    ]);
  });

  it('takes the submitter and ineligible users out, named or in a group', () => {
    const groups = new Map([['g1', ['sub', 'x', 'b']]]);
    const result = snapshotFlow(policy({ stages: [rule(1, { userIds: ['sub', 'a'], groupIds: ['g1'] })] }), {
      submittedBy: 'sub',
      groupMembers: groups,
      isEligible: (userId) => userId !== 'x',
    });
    expect(result.ok && result.flow.stages[0]?.approvers.map((approver) => approver.userId)).toEqual([
      'a',
      'b',
    ]);
  });

  it('NO_APPROVERS names the (renumbered) stage left without anyone', () => {
    const result = snapshotFlow(
      policy({ stages: [rule(4, { userIds: ['a'] }), rule(7, { userIds: ['sub'], groupIds: ['empty'] })] }),
      { submittedBy: 'sub', groupMembers: new Map([['empty', []]]) },
    );
    expect(result).toEqual({ ok: false, error: { code: 'NO_APPROVERS', stageOrder: 2 } });
    const ineligible = snapshotFlow(policy({ stages: [rule(1, { userIds: ['a'] })] }), {
      submittedBy: 'sub',
      groupMembers: NO_GROUPS,
      isEligible: () => false,
    });
    expect(ineligible).toEqual({ ok: false, error: { code: 'NO_APPROVERS', stageOrder: 1 } });
  });

  it('required: ANYONE 1, ALL every approver, QUORUM its minimum (2 when unset)', () => {
    const flow = snap([
      rule(1, { criteria: 'ANYONE', userIds: ['a', 'b', 'c'] }),
      rule(2, { criteria: 'ALL', userIds: ['a', 'b', 'c', 'sub'] }),
      rule(3, { criteria: 'QUORUM', minApprovals: 3, userIds: ['a', 'b', 'c'] }),
      rule(4, { criteria: 'QUORUM', minApprovals: null, userIds: ['a', 'b', 'c'] }),
    ]);
    expect(flow.stages.map((stage) => stage.required)).toEqual([1, 3, 3, 2]);
  });

  it('NOT_ENOUGH_APPROVERS when a quorum outnumbers the approvers left', () => {
    const tooFew = (stages: PolicyStageRule[]) =>
      snapshotFlow(policy({ stages }), { submittedBy: 'sub', groupMembers: NO_GROUPS });
    expect(
      tooFew([
        rule(1, { userIds: ['a'] }),
        rule(2, { criteria: 'QUORUM', minApprovals: 3, userIds: ['a', 'b', 'sub'] }),
      ]),
    ).toEqual({
      ok: false,
      error: { code: 'NOT_ENOUGH_APPROVERS', stageOrder: 2 },
    });
    expect(tooFew([rule(1, { criteria: 'QUORUM', userIds: ['a'] })])).toEqual({
      ok: false,
      error: { code: 'NOT_ENOUGH_APPROVERS', stageOrder: 1 },
    });
  });

  it('stage 1 never bypasses', () => {
    const flow = snap([
      rule(1, { userIds: ['a'], bypassLowerLevelApprovals: true }),
      rule(2, { userIds: ['b'], bypassLowerLevelApprovals: true }),
    ]);
    expect(flow.stages.map((stage) => stage.bypassLowerLevelApprovals)).toEqual([false, true]);
  });

  it('an empty policy snapshots to an empty flow, which is approved at once', () => {
    const flow = snap([]);
    expect(flow.stages).toEqual([]);
    expect(evaluateFlow(flow, [])).toEqual({ status: 'APPROVED', currentStage: null, stages: [] });
  });

  it('shares nothing with the policy or the group map', () => {
    const userIds = ['a'];
    const members = ['b'];
    const groups = new Map([['g', members]]);
    const stages = [rule(1, { userIds, groupIds: ['g'] })];
    const source = policy({ stages });
    const result = snapshotFlow(source, { submittedBy: 'sub', groupMembers: groups });
    userIds.push('x');
    members.push('y');
    groups.set('g', ['z']);
    stages.push(rule(2, { userIds: ['w'] }));
    source.name = 'Renamed';
    expect(result).toEqual({
      ok: true,
      flow: {
        policyId: 'p1',
        policyName: 'Policy',
        submittedBy: 'sub',
        stages: [
          {
            order: 1,
            criteria: 'ANYONE',
            required: 1,
            bypassLowerLevelApprovals: false,
            approvers: [
              { userId: 'a', direct: true, groupIds: [] },
              { userId: 'b', direct: false, groupIds: ['g'] },
            ],
          },
        ],
      },
    });
  });
});

describe('evaluateFlow', () => {
  const twoStages = () => snap([rule(1, { userIds: ['a', 'b'] }), rule(2, { userIds: ['c'] })]);

  it('starts at stage 1', () => {
    expect(evaluateFlow(twoStages(), [])).toEqual({
      status: 'IN_PROGRESS',
      currentStage: 1,
      stages: [
        { order: 1, approvals: 0, isApproved: false, isBypassed: false, isCurrentStage: true },
        { order: 2, approvals: 0, isApproved: false, isBypassed: false, isCurrentStage: false },
      ],
    });
  });

  it('moves on when a stage has its approvals and ends APPROVED after the last', () => {
    const flow = twoStages();
    expect(evaluateFlow(flow, [d(1, 'b')]).currentStage).toBe(2);
    const done = evaluateFlow(flow, [d(1, 'b'), d(2, 'c')]);
    expect(done.status).toBe('APPROVED');
    expect(done.currentStage).toBeNull();
    expect(done.stages.every((stage) => stage.isApproved && !stage.isCurrentStage)).toBe(true);
  });

  it('a rejection ends the flow, with no current stage', () => {
    const rejected = evaluateFlow(twoStages(), [d(1, 'a', 'REJECTED')]);
    expect(rejected.status).toBe('REJECTED');
    expect(rejected.currentStage).toBeNull();
    expect(rejected.stages.some((stage) => stage.isCurrentStage)).toBe(false);
  });

  it('ignores decisions by non-approvers, at unknown stages, by the submitter, and second decisions', () => {
    const flow = twoStages();
    expect(evaluateFlow(flow, [d(1, 'c'), d(1, 'stranger'), d(7, 'a'), d(1, 'sub')]).currentStage).toBe(1);
    expect(evaluateFlow(flow, [d(1, 'c', 'REJECTED'), d(2, 'a', 'REJECTED')]).status).toBe('IN_PROGRESS');
    expect(evaluateFlow(flow, [d(1, 'a', 'REJECTED'), d(1, 'a')]).status).toBe('REJECTED');
    expect(evaluateFlow(flow, [d(1, 'a'), d(1, 'a', 'REJECTED')]).status).toBe('IN_PROGRESS');
    const hand = handFlow([{ users: ['sub', 'a'] }]);
    expect(evaluateFlow(hand, [d(1, 'sub')]).status).toBe('IN_PROGRESS');
  });

  it('counts distinct approvals against required (ALL, QUORUM)', () => {
    const flow = snap([
      rule(1, { criteria: 'ALL', userIds: ['a', 'b'] }),
      rule(2, { criteria: 'QUORUM', userIds: ['a', 'b', 'c'] }),
    ]);
    expect(evaluateFlow(flow, [d(1, 'a'), d(1, 'a')]).stages[0]).toMatchObject({
      approvals: 1,
      isApproved: false,
    });
    const progressed = evaluateFlow(flow, [d(1, 'a'), d(1, 'b'), d(2, 'c')]);
    expect(progressed.currentStage).toBe(2);
    expect(progressed.stages[1]).toMatchObject({ approvals: 1, isApproved: false, isCurrentStage: true });
    expect(evaluateFlow(flow, [d(1, 'a'), d(1, 'b'), d(2, 'c'), d(2, 'a')]).status).toBe('APPROVED');
  });

  it('a bypass decision marks every unapproved stage below it bypassed, none at or above it', () => {
    const flow = snap([
      rule(1, { userIds: ['a'] }),
      rule(2, { userIds: ['b'] }),
      rule(3, { userIds: ['c'], criteria: 'ALL', bypassLowerLevelApprovals: true }),
      rule(4, { userIds: ['e'] }),
    ]);
    const withBypass = evaluateFlow(flow, [d(1, 'a'), d(3, 'c', 'APPROVED', true)]);
    expect(withBypass.stages.map((stage) => [stage.isApproved, stage.isBypassed])).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [false, false],
    ]);
    expect(withBypass.currentStage).toBe(4);
  });

  it('a bypass flag at a stage that does not allow bypass bypasses nothing (fail closed)', () => {
    const flow = snap([rule(1, { userIds: ['a'] }), rule(2, { userIds: ['b'] })]);
    const evaluation = evaluateFlow(flow, [d(2, 'b', 'APPROVED', true)]);
    expect(evaluation.stages[0]?.isBypassed).toBe(false);
    expect(evaluation.currentStage).toBe(1);
  });

  it('a stage that would need no approval is not approved without one (fail closed)', () => {
    const flow = handFlow([{ users: ['a'], required: 0 }]);
    expect(evaluateFlow(flow, []).currentStage).toBe(1);
  });
});

describe('decide', () => {
  const threeStages = () =>
    snap([
      rule(1, { userIds: ['a'] }),
      rule(2, { userIds: ['b'] }),
      rule(3, { userIds: ['c'], bypassLowerLevelApprovals: true }),
    ]);

  it('FLOW_CLOSED once approved or rejected, for everyone', () => {
    const flow = snap([rule(1, { userIds: ['a', 'b'] })]);
    const approved = play(flow, [['a']]);
    const rejected = play(flow, [['a', 'REJECTED']]);
    for (const decisions of [approved, rejected]) {
      for (const userId of ['a', 'b', 'sub']) {
        expect(errorOf(decide(flow, decisions, approve(userId, true)))).toBe('FLOW_CLOSED');
      }
    }
  });

  it('SELF_APPROVAL for the submitter, even when a hand-made flow lists them', () => {
    expect(errorOf(decide(threeStages(), [], approve('sub')))).toBe('SELF_APPROVAL');
    expect(errorOf(decide(handFlow([{ users: ['sub', 'a'] }]), [], approve('sub')))).toBe('SELF_APPROVAL');
  });

  it('takes an approver’s decision at the current stage', () => {
    const flow = threeStages();
    const result = decide(flow, [], approve('a'));
    expect(result.ok && result.decision).toEqual(d(1, 'a'));
    expect(result.ok && result.evaluation.currentStage).toBe(2);
    expect(result.ok && result.isFinal).toBe(false);
  });

  it('a bypass request at the current stage is not a bypass', () => {
    const flow = threeStages();
    const result = decide(flow, play(flow, [['a']]), approve('b', true));
    expect(result.ok && result.decision).toEqual(d(2, 'b'));
  });

  it('ALREADY_ACTED for a second decision at the current stage', () => {
    const flow = snap([rule(1, { criteria: 'ALL', userIds: ['a', 'b'] })]);
    expect(errorOf(decide(flow, play(flow, [['a']]), approve('a')))).toBe('ALREADY_ACTED');
    expect(
      errorOf(decide(flow, play(flow, [['a']]), { userId: 'a', decision: 'REJECTED', bypass: false })),
    ).toBe('ALREADY_ACTED');
  });

  it('ALREADY_ACTED when the user decided in every stage from the current one they are in', () => {
    const flow = threeStages();
    // Only a hand-made history gets here: decide itself never lets anyone act above the current stage unflagged.
    expect(errorOf(decide(flow, [d(3, 'c')], approve('c', true)))).toBe('ALREADY_ACTED');
    const allStage = snap([
      rule(1, { userIds: ['a'] }),
      rule(2, { criteria: 'ALL', userIds: ['b', 'c'], bypassLowerLevelApprovals: true }),
    ]);
    const afterBypass = play(allStage, [['b', 'APPROVED', true]]);
    expect(errorOf(decide(allStage, afterBypass, approve('b', true)))).toBe('ALREADY_ACTED');
  });

  it('NOT_AN_APPROVER for strangers and for approvers of finished stages only', () => {
    const flow = threeStages();
    expect(errorOf(decide(flow, [], approve('stranger')))).toBe('NOT_AN_APPROVER');
    expect(errorOf(decide(flow, play(flow, [['a']]), approve('a')))).toBe('NOT_AN_APPROVER');
  });

  it('AWAITING_PRIOR for an approver of a later stage that does not allow bypass', () => {
    const flow = threeStages();
    expect(errorOf(decide(flow, [], approve('b')))).toBe('AWAITING_PRIOR');
    expect(errorOf(decide(flow, [], approve('b', true)))).toBe('AWAITING_PRIOR');
  });

  it('BYPASS_REQUIRED for an approver of a later bypass stage who does not ask to bypass', () => {
    expect(errorOf(decide(threeStages(), [], approve('c')))).toBe('BYPASS_REQUIRED');
  });

  it('a bypass decision is taken at the stage that allows it and carries the flow past the stages below', () => {
    const flow = threeStages();
    const result = decide(flow, [], approve('c', true));
    expect(result.ok && result.decision).toEqual(d(3, 'c', 'APPROVED', true));
    expect(result.ok && result.evaluation.stages.map((stage) => stage.isBypassed)).toEqual([
      true,
      true,
      false,
    ]);
    expect(result.ok && result.isFinal).toBe(true);
  });

  it('acts at the lowest undecided stage that allows bypass', () => {
    const flow = snap([
      rule(1, { userIds: ['a'] }),
      rule(2, { userIds: ['x'] }),
      rule(3, { userIds: ['x'], bypassLowerLevelApprovals: true }),
      rule(4, { userIds: ['x'], bypassLowerLevelApprovals: true }),
    ]);
    const result = decide(flow, [], approve('x', true));
    expect(result.ok && result.decision.stageOrder).toBe(3);
    expect(result.ok && result.evaluation.currentStage).toBe(4);
    expect(result.ok && result.evaluation.stages.map((stage) => stage.isBypassed)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('a bypass and reject rejects the flow', () => {
    const result = decide(threeStages(), [], { userId: 'c', decision: 'REJECTED', bypass: true });
    expect(result.ok && result.decision).toEqual(d(3, 'c', 'REJECTED', true));
    expect(result.ok && result.evaluation.status).toBe('REJECTED');
    expect(result.ok && result.isFinal).toBe(false);
  });

  it('returns the decisions with the new one appended, leaving the input alone', () => {
    const flow = threeStages();
    const before = Object.freeze([d(1, 'a')]);
    const result = decide(flow, before, approve('b'));
    expect(before).toEqual([d(1, 'a')]);
    expect(result.ok && result.decisions).toEqual([d(1, 'a'), d(2, 'b')]);
    expect(result.ok && result.decisions).not.toBe(before);
  });

  it('isFinal on the approval that completes the last stage', () => {
    const flow = snap([rule(1, { userIds: ['a'] }), rule(2, { criteria: 'ALL', userIds: ['b', 'c'] })]);
    const first = decide(flow, play(flow, [['a']]), approve('b'));
    expect(first.ok && first.isFinal).toBe(false);
    const last = decide(flow, play(flow, [['a'], ['b']]), approve('c'));
    expect(last.ok && last.isFinal).toBe(true);
    expect(last.ok && last.evaluation.status).toBe('APPROVED');
  });
});

describe('viewerState', () => {
  const NONE = { state: 'NONE', isFinal: false, stageOrder: null, message: null };
  const view = (flow: ApprovalFlow, decisions: ApprovalDecision[], userId: string, canApprove = true) =>
    viewerState(flow, decisions, { userId, canApprove });

  it('NONE for closed flows, users who may not approve, the submitter and non-approvers', () => {
    const flow = snap([rule(1, { userIds: ['a'] }), rule(2, { userIds: ['b'] })]);
    expect(view(flow, play(flow, [['a', 'REJECTED']]), 'b')).toEqual(NONE);
    expect(view(flow, play(flow, [['a'], ['b']]), 'b')).toEqual(NONE);
    expect(view(flow, [], 'a', false)).toEqual(NONE);
    expect(view(flow, [], 'sub')).toEqual(NONE);
    expect(view(flow, [], 'stranger')).toEqual(NONE);
    expect(view(flow, play(flow, [['a']]), 'a')).toEqual(NONE);
  });

  it('APPROVAL_ALLOWED at the current stage when more approval follows', () => {
    const flow = snap([rule(1, { userIds: ['a'] }), rule(2, { userIds: ['b'] })]);
    expect(view(flow, [], 'a')).toEqual({
      state: 'APPROVAL_ALLOWED',
      isFinal: false,
      stageOrder: 1,
      message: null,
    });
  });

  it('FINAL_APPROVAL for anyone of a last ANYONE stage', () => {
    const flow = snap([rule(1, { userIds: ['a'] }), rule(2, { userIds: ['b', 'c'] })]);
    const final = {
      state: 'FINAL_APPROVAL',
      isFinal: true,
      stageOrder: 2,
      message: APPROVAL_TEXTS.finalApprover,
    };
    expect(view(flow, play(flow, [['a']]), 'b')).toEqual(final);
    expect(view(flow, play(flow, [['a']]), 'c')).toEqual(final);
  });

  it('FINAL_APPROVAL on a last ALL stage only for the one approver still pending', () => {
    const flow = snap([rule(1, { criteria: 'ALL', userIds: ['a', 'b'] })]);
    expect(view(flow, [], 'a').state).toBe('APPROVAL_ALLOWED');
    expect(view(flow, [], 'b').state).toBe('APPROVAL_ALLOWED');
    expect(view(flow, play(flow, [['a']]), 'b')).toEqual({
      state: 'FINAL_APPROVAL',
      isFinal: true,
      stageOrder: 1,
      message: APPROVAL_TEXTS.finalApprover,
    });
  });

  it('BYPASS_ALLOWED / FINAL_BYPASS_ALLOWED for an approver of a later bypass stage', () => {
    const flow = snap([
      rule(1, { userIds: ['a'] }),
      rule(2, { userIds: ['b'], bypassLowerLevelApprovals: true }),
      rule(3, { userIds: ['c'], bypassLowerLevelApprovals: true }),
    ]);
    expect(view(flow, [], 'b')).toEqual({
      state: 'BYPASS_ALLOWED',
      isFinal: false,
      stageOrder: 2,
      message: APPROVAL_TEXTS.awaitingPrior,
    });
    expect(view(flow, [], 'c')).toEqual({
      state: 'FINAL_BYPASS_ALLOWED',
      isFinal: true,
      stageOrder: 3,
      message: APPROVAL_TEXTS.awaitingPrior,
    });
    const allLast = snap([
      rule(1, { userIds: ['a'] }),
      rule(2, { criteria: 'ALL', userIds: ['b', 'c'], bypassLowerLevelApprovals: true }),
    ]);
    expect(view(allLast, [], 'b').state).toBe('BYPASS_ALLOWED');
  });

  it('SHOW_MESSAGE: already acted, or awaiting prior approvals without bypass', () => {
    const flow = snap([rule(1, { criteria: 'ALL', userIds: ['a', 'b'] }), rule(2, { userIds: ['c'] })]);
    expect(view(flow, play(flow, [['a']]), 'a')).toEqual({
      state: 'SHOW_MESSAGE',
      isFinal: false,
      stageOrder: null,
      message: APPROVAL_TEXTS.alreadyActed,
    });
    expect(view(flow, [], 'c')).toEqual({
      state: 'SHOW_MESSAGE',
      isFinal: false,
      stageOrder: null,
      message: APPROVAL_TEXTS.awaitingPrior,
    });
  });
});

describe('pendingApprovers', () => {
  it('the current stage’s approvers who have not decided there; nobody once the flow ended', () => {
    const flow = snap([
      rule(1, { criteria: 'ALL', userIds: ['a', 'b', 'c'] }),
      rule(2, { userIds: ['d', 'e'] }),
    ]);
    expect(pendingApprovers(flow, [])).toEqual(['a', 'b', 'c']);
    expect(pendingApprovers(flow, play(flow, [['b']]))).toEqual(['a', 'c']);
    expect(pendingApprovers(flow, play(flow, [['b'], ['a'], ['c']]))).toEqual(['d', 'e']);
    expect(pendingApprovers(flow, play(flow, [['b'], ['a'], ['c'], ['e']]))).toEqual([]);
    expect(pendingApprovers(flow, play(flow, [['b', 'REJECTED']]))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties

const RUNS = { numRuns: 300 };

const snapshotOf = (scenario: Scenario) =>
  snapshotFlow(scenario.policy, {
    submittedBy: scenario.submittedBy,
    groupMembers: scenario.groupMembers,
    isEligible: (userId) => !scenario.ineligible.includes(userId),
  });

interface Step {
  before: FlowEvaluation;
  decisionsBefore: readonly ApprovalDecision[];
  input: DecideInput;
  result: DecideResult;
}

/** Calls decide for every input in turn, keeping the ok results: every step and the final decisions. */
const simulate = (flow: ApprovalFlow, inputs: readonly DecideInput[]) => {
  let decisions: ApprovalDecision[] = [];
  const steps: Step[] = [];
  for (const input of inputs) {
    const result = decide(flow, decisions, input);
    steps.push({ before: evaluateFlow(flow, decisions), decisionsBefore: decisions, input, result });
    if (result.ok) decisions = result.decisions;
  }
  // Every distinct state the sequence went through (a refused call leaves the same array).
  const states = [...new Set([...steps.map((step) => step.decisionsBefore), decisions])];
  return { decisions, steps, states };
};

/** A scenario whose policy snapshots, with its flow. */
const flowScenarioArb = scenarioArb
  .map((scenario) => ({ scenario, result: snapshotOf(scenario) }))
  .filter((entry) => entry.result.ok)
  .chain(({ scenario, result }) => {
    const flow = (result as { ok: true; flow: ApprovalFlow }).flow;
    const approvers = [
      ...new Set(flow.stages.flatMap((stage) => stage.approvers.map((approver) => approver.userId))),
    ];
    return decideInputsAmongArb(approvers).map((inputs) => ({ ...scenario, inputs, flow }));
  });

/** Who the policy (not the flow) makes an approver of a stage rule: its users and its groups' members. */
const configuredApprovers = (stage: PolicyStageRule, groups: ReadonlyMap<string, readonly string[]>) =>
  new Set([...stage.userIds, ...stage.groupIds.flatMap((groupId) => groups.get(groupId) ?? [])]);

const sortedRules = (policyRule: EditablePolicyRule) =>
  [...policyRule.stages].sort((a, b) => a.order - b.order);

describe('properties', () => {
  it('snapshot: approvers are the configured users and group members minus the submitter and the ineligible', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const result = snapshotOf(scenario);
        const expected = sortedRules(scenario.policy).map((stageRule, index) => {
          const users = [...configuredApprovers(stageRule, scenario.groupMembers)].filter(
            (userId) => userId !== scenario.submittedBy && !scenario.ineligible.includes(userId),
          );
          const required =
            stageRule.criteria === 'ANYONE'
              ? 1
              : stageRule.criteria === 'ALL'
                ? users.length
                : (stageRule.minApprovals ?? 2);
          return { stageRule, order: index + 1, users, required };
        });
        const firstBad = expected.find(
          ({ users, required }) => users.length === 0 || users.length < required,
        );
        if (firstBad !== undefined) {
          expect(result).toEqual({
            ok: false,
            error: {
              code: firstBad.users.length === 0 ? 'NO_APPROVERS' : 'NOT_ENOUGH_APPROVERS',
              stageOrder: firstBad.order,
            },
          });
          return;
        }
        if (!result.ok) throw new Error('expected a flow');
        expect(result.flow.stages).toHaveLength(expected.length);
        for (const [index, stage] of result.flow.stages.entries()) {
          const { stageRule, order, users, required } = expected[index] as (typeof expected)[number];
          expect(stage.order).toBe(order);
          expect(stage.criteria).toBe(stageRule.criteria);
          expect(stage.required).toBe(required);
          expect(stage.bypassLowerLevelApprovals).toBe(order > 1 && stageRule.bypassLowerLevelApprovals);
          expect(new Set(stage.approvers.map((approver) => approver.userId))).toEqual(new Set(users));
          expect(stage.approvers).toHaveLength(users.length);
          for (const approver of stage.approvers) {
            expect(approver.direct).toBe(stageRule.userIds.includes(approver.userId));
            const groups = [...new Set(stageRule.groupIds)].filter((groupId) =>
              scenario.groupMembers.get(groupId)?.includes(approver.userId),
            );
            expect(approver.groupIds).toEqual(groups);
          }
        }
      }),
      RUNS,
    );
  });

  it('no flow is APPROVED unless every stage not bypassed has its approvals from its listed approvers', () => {
    fc.assert(
      fc.property(flowScenarioArb, ({ flow, inputs, policy: policyRule, groupMembers, submittedBy }) => {
        const rules = sortedRules(policyRule);
        for (const decisions of simulate(flow, inputs).states) {
          const evaluation = evaluateFlow(flow, decisions);
          if (evaluation.status !== 'APPROVED') continue;
          expect(decisions.some((decision) => decision.decision === 'REJECTED')).toBe(false);
          for (const [index, stage] of flow.stages.entries()) {
            if (evaluation.stages[index]?.isBypassed) continue;
            const configured = configuredApprovers(rules[index] as PolicyStageRule, groupMembers);
            const listed = new Set(stage.approvers.map((approver) => approver.userId));
            const approvers = new Set(
              decisions
                .filter((decision) => decision.stageOrder === stage.order && decision.decision === 'APPROVED')
                .map((decision) => decision.userId)
                .filter((userId) => listed.has(userId) && configured.has(userId) && userId !== submittedBy),
            );
            expect(stage.required).toBeGreaterThanOrEqual(1);
            expect(approvers.size).toBeGreaterThanOrEqual(stage.required);
          }
        }
      }),
      RUNS,
    );
  });

  it('the submitter never decides: decide refuses them every time', () => {
    fc.assert(
      fc.property(flowScenarioArb, ({ flow, inputs, submittedBy }) => {
        const { decisions, steps, states } = simulate(flow, inputs);
        expect(decisions.some((decision) => decision.userId === submittedBy)).toBe(false);
        for (const { input, result, before } of steps) {
          if (input.userId !== submittedBy) continue;
          expect(errorOf(result)).toBe(before.status === 'IN_PROGRESS' ? 'SELF_APPROVAL' : 'FLOW_CLOSED');
        }
        for (const state of states) {
          for (const decision of ['APPROVED', 'REJECTED'] as const) {
            for (const bypass of [true, false]) {
              expect(decide(flow, state, { userId: submittedBy, decision, bypass }).ok).toBe(false);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it('bypass only ever marks stages strictly below a decision taken at a stage that allows it', () => {
    fc.assert(
      fc.property(flowScenarioArb, ({ flow, inputs }) => {
        const flagged = (order: number) =>
          flow.stages.find((stage) => stage.order === order)?.bypassLowerLevelApprovals;
        expect(flow.stages[0]?.bypassLowerLevelApprovals).toBe(false);
        const { steps, states } = simulate(flow, inputs);
        for (const { before, result } of steps) {
          if (!result.ok) continue;
          if (result.decision.bypassed) {
            expect(result.decision.stageOrder).toBeGreaterThan(before.currentStage as number);
            expect(flagged(result.decision.stageOrder)).toBe(true);
          } else {
            expect(result.decision.stageOrder).toBe(before.currentStage);
          }
        }
        for (const decisions of states) {
          for (const stage of evaluateFlow(flow, decisions).stages) {
            if (!stage.isBypassed) continue;
            expect(stage.isApproved).toBe(false);
            const holders = decisions.filter(
              (decision) =>
                decision.bypassed && decision.stageOrder > stage.order && flagged(decision.stageOrder),
            );
            expect(holders.length).toBeGreaterThan(0);
          }
        }
      }),
      RUNS,
    );
  });

  it('each (stage, user) has at most one decision', () => {
    fc.assert(
      fc.property(flowScenarioArb, ({ flow, inputs }) => {
        const { decisions } = simulate(flow, inputs);
        const keys = decisions.map((decision) => `${decision.stageOrder}/${decision.userId}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      RUNS,
    );
  });

  it('after REJECTED or APPROVED decide always answers FLOW_CLOSED', () => {
    fc.assert(
      fc.property(flowScenarioArb, fc.array(decideInputArb, { maxLength: 6 }), ({ flow, inputs }, extra) => {
        const { steps, states } = simulate(flow, inputs);
        for (const { before, result } of steps) {
          if (before.status !== 'IN_PROGRESS') expect(errorOf(result)).toBe('FLOW_CLOSED');
        }
        for (const decisions of states) {
          if (evaluateFlow(flow, decisions).status === 'IN_PROGRESS') continue;
          for (const input of [...extra, ...USERS.map((userId) => approve(userId, true))]) {
            expect(errorOf(decide(flow, decisions, input))).toBe('FLOW_CLOSED');
          }
          expect(pendingApprovers(flow, decisions)).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it('a flow in progress always has someone pending who can act at the current stage', () => {
    fc.assert(
      fc.property(flowScenarioArb, ({ flow, inputs }) => {
        for (const decisions of simulate(flow, inputs).states) {
          const evaluation = evaluateFlow(flow, decisions);
          const pending = pendingApprovers(flow, decisions);
          expect(pending.length > 0).toBe(evaluation.status === 'IN_PROGRESS');
          for (const userId of pending) {
            const result = decide(flow, decisions, approve(userId));
            expect(result.ok && result.decision.stageOrder).toBe(evaluation.currentStage);
          }
        }
      }),
      RUNS,
    );
  });

  it('evaluateFlow ignores decisions decide would never have taken', () => {
    const junkArb = fc.array(
      fc.record({
        stageOrder: fc.integer({ min: 0, max: 6 }),
        userId: fc.constantFrom('stranger', ...USERS),
        decision: fc.constantFrom<DecisionKind>('APPROVED', 'REJECTED'),
        bypassed: fc.boolean(),
      }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(flowScenarioArb, junkArb, ({ flow, inputs }, junk) => {
        const { decisions } = simulate(flow, inputs);
        const listed = (decision: ApprovalDecision) =>
          flow.stages.some(
            (stage) =>
              stage.order === decision.stageOrder &&
              stage.approvers.some((approver) => approver.userId === decision.userId),
          );
        // Junk after the real decisions: non-approvers, and second decisions of those who already decided.
        const decided = new Set(decisions.map((decision) => `${decision.stageOrder}/${decision.userId}`));
        const ignorable = junk.filter(
          (decision) => !listed(decision) || decided.has(`${decision.stageOrder}/${decision.userId}`),
        );
        expect(evaluateFlow(flow, [...decisions, ...ignorable])).toEqual(evaluateFlow(flow, decisions));
        // Decisions by non-approvers change nothing wherever they sit.
        const strangers = junk.filter((decision) => !listed(decision));
        expect(evaluateFlow(flow, [...strangers, ...decisions])).toEqual(evaluateFlow(flow, decisions));
      }),
      RUNS,
    );
  });

  it('a snapshot is independent of later edits of the policy and its groups', () => {
    let changedSnapshots = 0;
    fc.assert(
      fc.property(
        flowScenarioArb,
        fc.array(editArb, { minLength: 1, maxLength: 8 }),
        ({ policy: original, groupMembers: originalGroups, submittedBy, ineligible, inputs }, edits) => {
          const options = (groupMembers: ReadonlyMap<string, readonly string[]>) => ({
            submittedBy,
            groupMembers,
            isEligible: (userId: string) => !ineligible.includes(userId),
          });
          const editable = structuredClone(original);
          const groups = structuredClone(originalGroups);
          const result = snapshotFlow(editable, options(groups));
          if (!result.ok) throw new Error('the scenario snapshots');
          const { flow } = result;
          const copy = structuredClone(flow);

          applyEdits(editable, groups, edits);

          expect(flow).toEqual(copy);
          const before = snapshotFlow(original, options(originalGroups));
          expect(before).toEqual({ ok: true, flow: copy });
          const after = snapshotFlow(editable, options(groups));
          if (!after.ok || JSON.stringify(after.flow) !== JSON.stringify(copy)) changedSnapshots += 1;

          const played = simulate(flow, inputs);
          const replayed = simulate(copy, inputs);
          expect(played.steps.map((step) => step.result)).toEqual(replayed.steps.map((step) => step.result));
          expect(evaluateFlow(flow, played.decisions)).toEqual(evaluateFlow(copy, played.decisions));
        },
      ),
      RUNS,
    );
    // The edits did change what a fresh snapshot would be, so the equality above was not vacuous.
    expect(changedSnapshots).toBeGreaterThan(RUNS.numRuns / 3);
  });

  it('viewerState agrees with decide', () => {
    fc.assert(
      fc.property(flowScenarioArb, ({ flow, inputs }) => {
        for (const decisions of simulate(flow, inputs).states) {
          const { currentStage } = evaluateFlow(flow, decisions);
          for (const userId of [...USERS, 'stranger']) {
            const view = viewerState(flow, decisions, { userId, canApprove: true });
            expect(viewerState(flow, decisions, { userId, canApprove: false }).state).toBe('NONE');
            const plain = decide(flow, decisions, approve(userId, false));
            const withBypass = decide(flow, decisions, approve(userId, true));
            const approvesHere = plain.ok && plain.decision.stageOrder === currentStage;
            expect(view.state === 'APPROVAL_ALLOWED' || view.state === 'FINAL_APPROVAL').toBe(approvesHere);
            if (plain.ok) expect(view.state === 'FINAL_APPROVAL').toBe(plain.isFinal);
            const bypasses = withBypass.ok && withBypass.decision.bypassed;
            expect(view.state === 'BYPASS_ALLOWED' || view.state === 'FINAL_BYPASS_ALLOWED').toBe(bypasses);
            if (bypasses) expect(view.state === 'FINAL_BYPASS_ALLOWED').toBe(withBypass.isFinal);
            expect(view.isFinal).toBe(
              view.state === 'FINAL_APPROVAL' || view.state === 'FINAL_BYPASS_ALLOWED',
            );
            expect(view.stageOrder).toBe(withBypass.ok ? withBypass.decision.stageOrder : null);
            if (view.state === 'SHOW_MESSAGE') {
              expect(withBypass.ok).toBe(false);
              expect(view.message).toBe(
                errorOf(withBypass) === 'ALREADY_ACTED'
                  ? APPROVAL_TEXTS.alreadyActed
                  : APPROVAL_TEXTS.awaitingPrior,
              );
            }
            if (view.state === 'NONE') expect(withBypass.ok).toBe(false);
          }
        }
      }),
      RUNS,
    );
  });
});
