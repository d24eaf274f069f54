import fc from 'fast-check';
import type { ApprovalCriteria } from '../catalogues/approvals.js';
import type { DecideInput, PolicyConditions } from './types.js';

/**
 * fast-check arbitraries for the approval engine's property tests: small worlds (users u0..u5, groups
 * g0..g2 plus one that is never defined) so that random policies, submitters and decision sequences
 * collide often. The policy types are the mutable twins of PolicyRule/PolicyStageRule so a test can edit
 * a structuredClone'd copy in place; they are assignable to the readonly contract types.
 */

export const USERS = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5'] as const;
export const GROUPS = ['g0', 'g1', 'g2'] as const;
/** A group a stage may name but the group map never holds (deleted since, or never had members). */
export const MISSING_GROUP = 'g-missing';

export interface EditableStageRule {
  order: number;
  criteria: ApprovalCriteria;
  minApprovals: number | null;
  bypassLowerLevelApprovals: boolean;
  userIds: string[];
  groupIds: string[];
}

export interface EditablePolicyRule {
  id: string;
  name: string;
  order: number;
  isDefault: boolean;
  conditions: PolicyConditions;
  stages: EditableStageRule[];
}

export const userArb = fc.constantFrom(...USERS);
export const groupArb = fc.constantFrom(...GROUPS, MISSING_GROUP);
export const criteriaArb = fc.constantFrom<ApprovalCriteria>('ANYONE', 'ALL', 'QUORUM');

/** A stage as configured: stage orders may repeat or skip; users and groups may repeat. */
export const stageRuleArb: fc.Arbitrary<EditableStageRule> = fc.record({
  order: fc.integer({ min: 1, max: 6 }),
  criteria: criteriaArb,
  minApprovals: fc.option(fc.integer({ min: 2, max: 4 }), { nil: null }),
  bypassLowerLevelApprovals: fc.boolean(),
  userIds: fc.array(userArb, { minLength: 1, maxLength: 4 }),
  groupIds: fc.array(groupArb, { maxLength: 2 }),
});

/** A policy of 1–4 stages (conditions do not matter to a snapshot). */
export const policyArb: fc.Arbitrary<EditablePolicyRule> = fc.record({
  id: fc.constantFrom('p1', 'p2', 'p3'),
  name: fc.constantFrom('Over $1,000', 'Vendors', 'Default Policy'),
  order: fc.integer({ min: 1, max: 5 }),
  isDefault: fc.boolean(),
  conditions: fc.constant({ amount: null, vendorIds: null }),
  stages: fc.array(stageRuleArb, { minLength: 1, maxLength: 4 }),
});

/** Members of g0..g2 (possibly empty, possibly repeating a user). */
export const groupMembersArb: fc.Arbitrary<Map<string, string[]>> = fc
  .tuple(...GROUPS.map(() => fc.array(userArb, { maxLength: 4 })))
  .map((lists) => new Map(GROUPS.map((groupId, index) => [groupId, lists[index] ?? []])));

export const decisionKindArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant('APPROVED' as const) },
  { weight: 1, arbitrary: fc.constant('REJECTED' as const) },
);

export const decideInputArb: fc.Arbitrary<DecideInput> = fc.record({
  userId: userArb,
  decision: decisionKindArb,
  bypass: fc.boolean(),
});

/** decide calls mostly by the given users (a flow's approvers), so sequences get somewhere; some by anyone. */
export const decideInputsAmongArb = (userIds: readonly string[]): fc.Arbitrary<DecideInput[]> =>
  fc.array(
    fc.oneof(
      { weight: 1, arbitrary: decideInputArb },
      {
        weight: userIds.length === 0 ? 0 : 3,
        arbitrary: fc.record({
          userId: fc.constantFrom(...(userIds.length === 0 ? USERS : userIds)),
          decision: decisionKindArb,
          bypass: fc.boolean(),
        }),
      },
    ),
    { maxLength: 30, size: 'medium' },
  );

export interface Scenario {
  policy: EditablePolicyRule;
  groupMembers: Map<string, string[]>;
  submittedBy: string;
  /** Users isEligible turns down. */
  ineligible: string[];
  /** decide calls to make in order (refused ones are dropped from the sequence). */
  inputs: DecideInput[];
}

export const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  policy: policyArb,
  groupMembers: groupMembersArb,
  submittedBy: userArb,
  ineligible: fc.subarray([...USERS], { maxLength: 2 }),
  inputs: fc.array(decideInputArb, { maxLength: 24 }),
});

/** In-place edits of a policy clone and its group map, to prove a snapshot shares nothing with them. */
export type Edit =
  | { kind: 'pushUser'; stage: number; userId: string }
  | { kind: 'replaceUser'; stage: number; index: number; userId: string }
  | { kind: 'clearUsers'; stage: number }
  | { kind: 'pushGroup'; stage: number; groupId: string }
  | { kind: 'criteria'; stage: number; criteria: ApprovalCriteria; minApprovals: number | null }
  | { kind: 'flipBypass'; stage: number }
  | { kind: 'reorder'; stage: number; order: number }
  | { kind: 'dropStage'; stage: number }
  | { kind: 'rename'; name: string; id: string }
  | { kind: 'pushMember'; groupId: string; userId: string }
  | { kind: 'replaceMember'; groupId: string; index: number; userId: string }
  | { kind: 'clearMembers'; groupId: string }
  | { kind: 'deleteGroup'; groupId: string }
  | { kind: 'setGroup'; groupId: string; members: string[] };

const stageIndexArb = fc.nat({ max: 3 });

export const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('pushUser' as const), stage: stageIndexArb, userId: userArb }),
  fc.record({
    kind: fc.constant('replaceUser' as const),
    stage: stageIndexArb,
    index: fc.nat({ max: 3 }),
    userId: fc.constantFrom('intruder', ...USERS),
  }),
  fc.record({ kind: fc.constant('clearUsers' as const), stage: stageIndexArb }),
  fc.record({ kind: fc.constant('pushGroup' as const), stage: stageIndexArb, groupId: groupArb }),
  fc.record({
    kind: fc.constant('criteria' as const),
    stage: stageIndexArb,
    criteria: criteriaArb,
    minApprovals: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant('flipBypass' as const), stage: stageIndexArb }),
  fc.record({
    kind: fc.constant('reorder' as const),
    stage: stageIndexArb,
    order: fc.integer({ min: 0, max: 9 }),
  }),
  fc.record({ kind: fc.constant('dropStage' as const), stage: stageIndexArb }),
  fc.record({ kind: fc.constant('rename' as const), name: fc.string(), id: fc.constantFrom('p1', 'p9') }),
  fc.record({ kind: fc.constant('pushMember' as const), groupId: groupArb, userId: userArb }),
  fc.record({
    kind: fc.constant('replaceMember' as const),
    groupId: groupArb,
    index: fc.nat({ max: 3 }),
    userId: fc.constantFrom('intruder', ...USERS),
  }),
  fc.record({ kind: fc.constant('clearMembers' as const), groupId: groupArb }),
  fc.record({ kind: fc.constant('deleteGroup' as const), groupId: groupArb }),
  fc.record({
    kind: fc.constant('setGroup' as const),
    groupId: groupArb,
    members: fc.array(fc.constantFrom('intruder', ...USERS), { maxLength: 4 }),
  }),
);

/** Applies the edits in place (that is their point); edits naming a stage or entry that is not there do nothing. */
export const applyEdits = (
  policy: EditablePolicyRule,
  groupMembers: Map<string, string[]>,
  edits: readonly Edit[],
): void => {
  for (const edit of edits) {
    switch (edit.kind) {
      case 'rename':
        policy.name = edit.name;
        policy.id = edit.id;
        continue;
      case 'pushMember':
        groupMembers.get(edit.groupId)?.push(edit.userId);
        continue;
      case 'replaceMember': {
        const members = groupMembers.get(edit.groupId);
        if (members !== undefined && edit.index < members.length) members[edit.index] = edit.userId;
        continue;
      }
      case 'clearMembers':
        groupMembers.get(edit.groupId)?.splice(0);
        continue;
      case 'deleteGroup':
        groupMembers.delete(edit.groupId);
        continue;
      case 'setGroup':
        groupMembers.set(edit.groupId, [...edit.members]);
        continue;
      default:
        break;
    }
    const stage = policy.stages[edit.stage];
    if (stage === undefined) continue;
    switch (edit.kind) {
      case 'pushUser':
        stage.userIds.push(edit.userId);
        break;
      case 'replaceUser':
        if (edit.index < stage.userIds.length) stage.userIds[edit.index] = edit.userId;
        break;
      case 'clearUsers':
        stage.userIds.splice(0);
        break;
      case 'pushGroup':
        stage.groupIds.push(edit.groupId);
        break;
      case 'criteria':
        stage.criteria = edit.criteria;
        stage.minApprovals = edit.minApprovals;
        break;
      case 'flipBypass':
        stage.bypassLowerLevelApprovals = !stage.bypassLowerLevelApprovals;
        break;
      case 'reorder':
        stage.order = edit.order;
        break;
      case 'dropStage':
        policy.stages.splice(edit.stage, 1);
        break;
    }
  }
};
