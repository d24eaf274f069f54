import { ACCESS_DENIED_MESSAGE } from '@ferry/domain/permissions';
import { APPROVAL_MESSAGES } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { makeContact } from '../../testing/contact-factories.js';
import { makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { addMember } from '../businesses/service.js';
import { contacts } from '../contacts/tables.js';
import { roles } from '../roles/tables.js';

const t = useTestApp();

const get = (headers: AuthHeaders, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const send = (method: 'POST' | 'PATCH' | 'DELETE', headers: AuthHeaders, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const APPROVER_KEYS = ['PAY_APPROVE_AND_PAY_BILLS.manage', 'PAY_APPROVE_AND_PAY_BILLS.view'];

async function makeMember(
  businessId: string,
  options: { permissions?: string[]; roleId?: string; firstName?: string; lastName?: string } = {},
) {
  let roleId = options.roleId;
  if (!roleId) {
    roleId = newId();
    await t.context.database.db.insert(roles).values({
      id: roleId,
      businessId,
      name: `Custom ${roleId.slice(0, 6)}`,
      description: 'Made by the test',
      permissions: options.permissions ?? APPROVER_KEYS,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
  }
  const user = await makeUser(t.context, {
    ...(options.firstName ? { firstName: options.firstName } : {}),
    ...(options.lastName ? { lastName: options.lastName } : {}),
  });
  await addMember({ db: t.context.database.db, clock: t.clock, businessId, userId: user.id, roleId });
  return { user, roleId, headers: await signIn(t.context, user) };
}

const policiesUrl = (businessId: string) => `/business/${businessId}/approvals/policies`;

interface View {
  id: string;
  name: string;
  description: string;
  order: number;
  isDefault: boolean;
  conditions: unknown;
  stages: { order: number; bypassLowerLevelApprovals: boolean }[];
}

/** A business with two approvers besides the owner, a group of them, and a vendor. */
async function makeSetup() {
  const business = await makeSignedInBusiness(t.context);
  const { businessId, headers, owner } = business;
  const ada = await makeMember(businessId, { firstName: 'Ada', lastName: 'Lovelace' });
  const bob = await makeMember(businessId, { firstName: 'Bob', lastName: 'Marley' });
  const group = await send('POST', headers, `/business/${businessId}/approval-group`, {
    name: 'Board',
    description: 'Directors',
    userIds: [ada.user.id, bob.user.id],
  });
  expect(group.statusCode, group.body).toBe(201);
  const vendor = await makeContact(t.context, { businessId, name: 'Harbor Supplies' });
  const ownerName = `${owner.firstName} ${owner.lastName}`;
  return { ...business, ada, bob, groupId: group.json().data.group.id as string, vendor, ownerName };
}

const amountPolicy = (name: string, approverId: string, extra: object = {}) => ({
  name,
  conditions: { amount: { operator: 'greaterThan', min_value: 1000 } },
  stages: [{ order: 1, approvers: { users: [approverId] } }],
  ...extra,
});

async function createPolicy(headers: AuthHeaders, businessId: string, body: object): Promise<View> {
  const res = await send('POST', headers, policiesUrl(businessId), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.policy;
}

async function listPolicies(headers: AuthHeaders, businessId: string): Promise<View[]> {
  const res = await get(headers, policiesUrl(businessId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function auditTrail(headers: AuthHeaders, businessId: string) {
  const res = await get(
    headers,
    `/business/${businessId}/user-activity-logs?entity=approval_policies&pageNumber=1&pageSize=1000`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as {
    action: string;
    label: string;
    entityId: string;
    actor: { name: string; performedByName: string };
    metadata: { oldData: unknown; newData: unknown };
  }[];
}

describe('the Default Policy', () => {
  it('every business has one, last, with no conditions and no stages; its stages and description can be edited', async () => {
    const { businessId, headers, ada } = await makeSetup();
    const [fallback, ...rest] = await listPolicies(headers, businessId);
    expect(rest).toEqual([]);
    expect(fallback).toMatchObject({
      name: 'Default Policy',
      isDefault: true,
      order: 1,
      conditions: { amount: null, vendorIds: null },
      stages: [],
    });
    // Asked again: still one.
    expect(await listPolicies(headers, businessId)).toHaveLength(1);
    const id = fallback?.id ?? '';
    const edited = await send('PATCH', headers, policiesUrl(businessId), {
      policyId: id,
      isDefault: true,
      description: 'Everything else',
      stages: [{ order: 1, approvers: { users: [ada.user.id] } }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toBe('Policy updated successfully.');
    expect(edited.json().data.policy).toMatchObject({
      name: 'Default Policy',
      description: 'Everything else',
      stages: [{ order: 1, approvers: { users: [{ userId: ada.user.id, label: 'Ada Lovelace' }] } }],
    });

    const other = await createPolicy(headers, businessId, amountPolicy('Large', ada.user.id));
    expect(other.order).toBe(1);
    const list = await listPolicies(headers, businessId);
    expect(list.map((p) => [p.name, p.order])).toEqual([
      ['Large', 1],
      ['Default Policy', 2],
    ]);
  });

  it('cannot be renamed, given conditions or deleted (409 DEFAULT_POLICY_FIXED)', async () => {
    const { businessId, headers, ada } = await makeSetup();
    const [fallback] = await listPolicies(headers, businessId);
    const id = fallback?.id ?? '';
    const renamed = await send('PATCH', headers, policiesUrl(businessId), {
      policyId: id,
      ...amountPolicy('Renamed', ada.user.id),
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({
      errorCode: 'DEFAULT_POLICY_FIXED',
      message: APPROVAL_MESSAGES.defaultPolicyFixed,
    });
    const deleted = await send('PATCH', headers, `${policiesUrl(businessId)}/${id}/delete`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().errorCode).toBe('DEFAULT_POLICY_FIXED');
    // A name field with isDefault is not the Default Policy's body.
    const mixed = await send('PATCH', headers, policiesUrl(businessId), {
      policyId: id,
      isDefault: true,
      name: 'Renamed',
      stages: [],
    });
    expect(mixed.statusCode).toBe(400);
    expect((await listPolicies(headers, businessId))[0]).toMatchObject({
      name: 'Default Policy',
      stages: [],
    });
  });
});

describe('creating a policy', () => {
  it('answers 201 with the policy: dollars, vendors by name, stages renumbered, approvers named', async () => {
    const { businessId, headers, owner, ada, groupId, vendor, ownerName } = await makeSetup();
    const res = await send('POST', headers, policiesUrl(businessId), {
      name: '  Large bills  ',
      description: 'Over a thousand',
      conditions: {
        amount: { operator: 'inBetween', min_value: '1000.50', max_value: 25000 },
        vendorIds: [{ label: 'typed by the browser', value: vendor.id }],
      },
      stages: [
        {
          order: 7,
          bypassLowerLevelApprovals: true,
          approvalRequiredFrom: 'QUORUM',
          minApprovals: 2,
          approvers: { users: [owner.id], approvalGroups: [groupId] },
        },
        { order: 3, bypassLowerLevelApprovals: true, approvers: { users: [ada.user.id, ada.user.id] } },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Policy created successfully.');
    const { message, policy } = res.json().data;
    expect(message).toBe('Policy created successfully.');
    expect(policy).toMatchObject({
      name: 'Large bills',
      description: 'Over a thousand',
      order: 1,
      isDefault: false,
      conditions: {
        amount: { operator: 'inBetween', min_value: 1000.5, max_value: 25000 },
        vendorIds: [{ label: 'Harbor Supplies', value: vendor.id }],
      },
      createdBy: { id: owner.id, name: ownerName },
    });
    expect(policy.stages).toEqual([
      {
        order: 1,
        approvalRequiredFrom: 'ANYONE',
        minApprovals: null,
        // Stage 1 has nothing below it to bypass.
        bypassLowerLevelApprovals: false,
        approvers: {
          users: [{ userId: ada.user.id, label: 'Ada Lovelace', email: ada.user.email, isGroup: false }],
          approvalGroups: [],
        },
      },
      {
        order: 2,
        approvalRequiredFrom: 'QUORUM',
        minApprovals: 2,
        bypassLowerLevelApprovals: true,
        approvers: {
          users: [{ userId: owner.id, label: ownerName, email: owner.email, isGroup: false }],
          approvalGroups: [
            { groupId, label: 'Board', isGroup: true, userNames: ['Ada Lovelace', 'Bob Marley'] },
          ],
        },
      },
    ]);
    expect((await get(headers, `${policiesUrl(businessId)}/${policy.id}`)).json().data).toEqual(policy);

    // The vendor's name as it is now.
    await t.context.database.db
      .update(contacts)
      .set({ name: 'Harbor Supply Co' })
      .where(eq(contacts.id, vendor.id));
    const read = await get(headers, `${policiesUrl(businessId)}/${policy.id}`);
    expect(read.json().data.conditions.vendorIds).toEqual([{ label: 'Harbor Supply Co', value: vendor.id }]);

    // The next one goes last among the business's own, above the Default Policy.
    const second = await createPolicy(headers, businessId, amountPolicy('Second', ada.user.id));
    expect(second.order).toBe(2);
    expect((await listPolicies(headers, businessId)).map((p) => [p.name, p.order])).toEqual([
      ['Large bills', 1],
      ['Second', 2],
      ['Default Policy', 3],
    ]);
  });

  it.each([
    ['no condition', { conditions: {} }, APPROVAL_MESSAGES.policyConditions],
    [
      'lessThan without max',
      { conditions: { amount: { operator: 'lessThan', min_value: 5 } } },
      APPROVAL_MESSAGES.policyConditions,
    ],
    [
      'greaterThan without min',
      { conditions: { amount: { operator: 'greaterThan' } } },
      APPROVAL_MESSAGES.policyConditions,
    ],
    [
      'inBetween with min ≥ max',
      { conditions: { amount: { operator: 'inBetween', min_value: 500, max_value: 500 } } },
      APPROVAL_MESSAGES.policyConditions,
    ],
    [
      'a negative amount',
      { conditions: { amount: { operator: 'greaterThan', min_value: -1 } } },
      APPROVAL_MESSAGES.policyConditions,
    ],
    [
      'an unknown operator',
      { conditions: { amount: { operator: 'equals', min_value: 1 } } },
      APPROVAL_MESSAGES.policyConditions,
    ],
    ['no vendor', { conditions: { vendorIds: [] } }, APPROVAL_MESSAGES.policyVendors],
    ['no stage', { stages: [] }, APPROVAL_MESSAGES.policyApprovers],
    [
      'a stage without approvers',
      { stages: [{ order: 1, approvers: {} }] },
      APPROVAL_MESSAGES.policyApprovers,
    ],
    [
      'a quorum without its number',
      { stages: [{ order: 1, approvalRequiredFrom: 'QUORUM', approvers: { users: [newId()] } }] },
      APPROVAL_MESSAGES.policyQuorum,
    ],
    ['no name', { name: '' }, APPROVAL_MESSAGES.policyNameRequired],
    ['a blank name', { name: '   ' }, APPROVAL_MESSAGES.policyNameRequired],
    ['a long name', { name: 'x'.repeat(61) }, APPROVAL_MESSAGES.policyNameTooLong],
    ['a long description', { description: 'x'.repeat(201) }, APPROVAL_MESSAGES.policyDescriptionTooLong],
  ])('refuses %s with the spec message (400)', async (_what, change, message) => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const res = await send('POST', headers, policiesUrl(businessId), {
      ...amountPolicy('P', owner.id),
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('refuses approvers who cannot approve and groups or vendors not of the business (422)', async () => {
    const { businessId, headers, owner, ada, groupId } = await makeSetup();
    const viewer = await makeMember(businessId, { permissions: ['PAY_APPROVE_AND_PAY_BILLS.view'] });
    const other = await makeSignedInBusiness(t.context);
    const theirGroup = await send('POST', other.headers, `/business/${other.businessId}/approval-group`, {
      name: 'Theirs',
      description: 'Theirs',
      userIds: [other.owner.id],
    });
    const theirVendor = await makeContact(t.context, { businessId: other.businessId });
    const customer = await makeContact(t.context, { businessId, type: 'CUSTOMER' });
    const stage = (approvers: object) => ({ stages: [{ order: 1, approvers }] });
    const cases: [object, string, string][] = [
      [stage({ users: [viewer.user.id] }), 'stages', APPROVAL_MESSAGES.policyApproverNotEligible],
      [stage({ users: [other.owner.id] }), 'stages', APPROVAL_MESSAGES.policyApproverNotEligible],
      [stage({ users: [newId()] }), 'stages', APPROVAL_MESSAGES.policyApproverNotEligible],
      [
        stage({ approvalGroups: [theirGroup.json().data.group.id] }),
        'stages',
        APPROVAL_MESSAGES.policyApproverNotEligible,
      ],
      [stage({ approvalGroups: [newId()] }), 'stages', APPROVAL_MESSAGES.policyApproverNotEligible],
      [
        // The stage resolves to 3 people (the owner, and Ada and Bob through the group; Ada counted once).
        {
          stages: [
            {
              order: 1,
              approvalRequiredFrom: 'QUORUM',
              minApprovals: 4,
              approvers: { users: [owner.id, ada.user.id], approvalGroups: [groupId] },
            },
          ],
        },
        'stages',
        APPROVAL_MESSAGES.policyQuorum,
      ],
      [
        { conditions: { vendorIds: [{ label: 'X', value: theirVendor.id }] } },
        'conditions',
        APPROVAL_MESSAGES.policyConditions,
      ],
      [
        { conditions: { vendorIds: [{ label: 'X', value: customer.id }] } },
        'conditions',
        APPROVAL_MESSAGES.policyConditions,
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await send('POST', headers, policiesUrl(businessId), {
        ...amountPolicy('P', owner.id),
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json()).toMatchObject({ message, errors: [{ field, message }] });
    }
    // A quorum of 3 is exactly what the stage resolves to.
    await createPolicy(headers, businessId, {
      ...amountPolicy('Quorum', owner.id),
      stages: [
        {
          order: 1,
          approvalRequiredFrom: 'QUORUM',
          minApprovals: 3,
          approvers: { users: [owner.id, ada.user.id], approvalGroups: [groupId] },
        },
      ],
    });
    expect(await listPolicies(headers, businessId)).toHaveLength(2);
  });
});

describe('policy names', () => {
  it('are unique among active policies, in any case: the name check and 409 POLICY_NAME_EXISTS', async () => {
    const { businessId, headers, owner } = await makeSetup();
    const exists = async (name: string, policyId?: string) => {
      const res = await send('POST', headers, `${policiesUrl(businessId)}/name/exists`, {
        name,
        ...(policyId ? { policyId } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.exists;
    };
    expect(await exists('Large bills')).toBe(false);
    const large = await createPolicy(headers, businessId, amountPolicy('Large bills', owner.id));
    expect(await exists('large BILLS ')).toBe(true);
    expect(await exists('Large bills', large.id)).toBe(false);
    expect(await exists('default policy')).toBe(true);

    const taken = await send('POST', headers, policiesUrl(businessId), amountPolicy('LARGE BILLS', owner.id));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      errorCode: 'POLICY_NAME_EXISTS',
      message: 'Policy name exists',
      errors: [{ field: 'name', message: 'Policy name exists' }],
    });
    const small = await createPolicy(headers, businessId, amountPolicy('Small bills', owner.id));
    const renamed = await send('PATCH', headers, policiesUrl(businessId), {
      policyId: small.id,
      ...amountPolicy('large bills', owner.id),
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errorCode).toBe('POLICY_NAME_EXISTS');

    // A deleted policy's name is free again.
    expect((await send('PATCH', headers, `${policiesUrl(businessId)}/${large.id}/delete`)).statusCode).toBe(
      200,
    );
    expect(await exists('Large bills')).toBe(false);
    await createPolicy(headers, businessId, amountPolicy('Large bills', owner.id));
  });
});

describe('editing, ordering and deleting policies, and the audit trail', () => {
  it('records every change with its label and the policy before and after', async () => {
    const { businessId, headers, owner, ada, vendor, ownerName } = await makeSetup();
    const first = await createPolicy(headers, businessId, amountPolicy('Large bills', owner.id));
    const second = await createPolicy(headers, businessId, amountPolicy('Vendors', ada.user.id));
    const third = await createPolicy(headers, businessId, amountPolicy('Other', ada.user.id));

    const edited = await send('PATCH', headers, policiesUrl(businessId), {
      policyId: second.id,
      name: 'Harbor vendors',
      description: 'Harbor only',
      conditions: { vendorIds: [{ label: 'Harbor', value: vendor.id }] },
      stages: [
        { order: 1, approvers: { users: [ada.user.id] } },
        {
          order: 2,
          bypassLowerLevelApprovals: true,
          approvalRequiredFrom: 'ALL',
          approvers: { users: [owner.id] },
        },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.message).toBe('Policy updated successfully.');
    expect(edited.json().data.policy).toMatchObject({
      id: second.id,
      name: 'Harbor vendors',
      order: 2,
      conditions: { amount: null, vendorIds: [{ label: 'Harbor Supplies', value: vendor.id }] },
    });
    // The same body again changes nothing and logs nothing.
    const again = await send('PATCH', headers, policiesUrl(businessId), {
      policyId: second.id,
      name: 'Harbor vendors',
      description: 'Harbor only',
      conditions: { vendorIds: [{ label: 'Harbor', value: vendor.id }] },
      stages: [
        { order: 1, approvers: { users: [ada.user.id] } },
        {
          order: 2,
          bypassLowerLevelApprovals: true,
          approvalRequiredFrom: 'ALL',
          approvers: { users: [owner.id] },
        },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);

    // Priorities: a list that is not exactly the business's own policies is stale.
    const orderUrl = `${policiesUrl(businessId)}/order`;
    const [fallback] = (await listPolicies(headers, businessId)).filter((p) => p.isDefault);
    for (const policyIds of [
      [third.id, first.id],
      [third.id, second.id, first.id, fallback?.id],
      [third.id, second.id, second.id],
      [third.id, second.id, newId()],
    ]) {
      const stale = await send('PATCH', headers, orderUrl, { policyIds });
      expect(stale.statusCode, JSON.stringify(policyIds)).toBe(409);
      expect(stale.json()).toMatchObject({
        errorCode: 'POLICY_ORDER_STALE',
        message: APPROVAL_MESSAGES.policyOrderStale,
      });
    }
    const ordered = await send('PATCH', headers, orderUrl, { policyIds: [third.id, first.id, second.id] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json().message).toBe('Policy order updated successfully.');
    expect(ordered.json().data.map((p: View) => [p.name, p.order])).toEqual([
      ['Other', 1],
      ['Large bills', 2],
      ['Harbor vendors', 3],
      ['Default Policy', 4],
    ]);

    // Deleting is soft: gone from the list and from reads, the ones below move up.
    const deleted = await send('PATCH', headers, `${policiesUrl(businessId)}/${first.id}/delete`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ message: 'Policy deleted successfully.', data: { id: first.id } });
    expect((await listPolicies(headers, businessId)).map((p) => [p.name, p.order])).toEqual([
      ['Other', 1],
      ['Harbor vendors', 2],
      ['Default Policy', 3],
    ]);
    expect((await get(headers, `${policiesUrl(businessId)}/${first.id}`)).statusCode).toBe(404);
    expect((await send('PATCH', headers, `${policiesUrl(businessId)}/${first.id}/delete`)).statusCode).toBe(
      404,
    );

    const trail = await auditTrail(headers, businessId);
    expect(trail.map((entry) => [entry.action, entry.label])).toEqual([
      ['POLICY_DELETED', 'Policy Deleted: Large bills'],
      ['POLICY_ORDER_UPDATED', 'Priority Changed'],
      ['POLICY_UPDATED', 'Policy Modified: Harbor vendors'],
      ['POLICY_CREATED', 'Policy Created: Other'],
      ['POLICY_CREATED', 'Policy Created: Vendors'],
      ['POLICY_CREATED', 'Policy Created: Large bills'],
    ]);
    const [removed, reordered, modified, , created] = trail;
    expect(removed?.metadata).toMatchObject({
      oldData: { id: first.id, name: 'Large bills', order: 2 },
      newData: null,
    });
    expect(removed?.actor).toEqual({ type: 'USER', name: ownerName, performedByName: ownerName });
    expect(reordered?.metadata).toEqual({
      oldData: ['Large bills', 'Harbor vendors', 'Other'],
      newData: ['Other', 'Large bills', 'Harbor vendors'],
    });
    expect(modified?.metadata).toMatchObject({
      oldData: {
        name: 'Vendors',
        conditions: {
          amount: { operator: 'greaterThan', min_value: 1000, max_value: null },
          vendorIds: null,
        },
        stages: [{ order: 1, approvers: { users: [{ label: 'Ada Lovelace' }] } }],
      },
      newData: {
        name: 'Harbor vendors',
        description: 'Harbor only',
        conditions: { amount: null, vendorIds: [{ value: vendor.id }] },
        stages: [{ order: 1 }, { order: 2, approvalRequiredFrom: 'ALL', bypassLowerLevelApprovals: true }],
      },
    });
    expect(created?.metadata).toMatchObject({ oldData: null, newData: { id: second.id, name: 'Vendors' } });

    // The spec's audit trail page: 10 a page, the newest first.
    const page = await get(
      headers,
      `/business/${businessId}/user-activity-logs?entity=approval_policies&pageNumber=2&pageSize=5`,
    );
    expect(page.json().data).toMatchObject({ total: 6, pageNumber: 2, pageSize: 5 });
    expect(page.json().data.items.map((e: { label: string }) => e.label)).toEqual([
      'Policy Created: Large bills',
    ]);
    expect(
      (
        await get(
          headers,
          `/business/${businessId}/user-activity-logs?entity=approval_policies&pageSize=1001`,
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('who may use policies', () => {
  it("answers 404 for another business's policy and 403 to members without the right", async () => {
    const a = await makeSetup();
    const b = await makeSetup();
    const theirs = await createPolicy(b.headers, b.businessId, amountPolicy('Theirs', b.owner.id));
    const mine = await createPolicy(a.headers, a.businessId, amountPolicy('Mine', a.owner.id));
    expect((await get(a.headers, `${policiesUrl(a.businessId)}/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await send('PATCH', a.headers, `${policiesUrl(a.businessId)}/${theirs.id}/delete`)).statusCode,
    ).toBe(404);
    const patch = await send('PATCH', a.headers, policiesUrl(a.businessId), {
      policyId: theirs.id,
      ...amountPolicy('Taken over', a.owner.id),
    });
    expect(patch.statusCode).toBe(404);
    const order = await send('PATCH', a.headers, `${policiesUrl(a.businessId)}/order`, {
      policyIds: [theirs.id],
    });
    expect(order.statusCode).toBe(409);
    expect((await listPolicies(b.headers, b.businessId)).map((p) => p.name)).toEqual([
      'Theirs',
      'Default Policy',
    ]);

    const reader = await makeMember(a.businessId, { roleId: a.readOnlyRoleId });
    const outsider = await makeMember(a.businessId, { permissions: ['PAY_INBOX.view'] });
    expect((await get(reader.headers, policiesUrl(a.businessId))).statusCode).toBe(200);
    expect((await get(reader.headers, `${policiesUrl(a.businessId)}/${mine.id}`)).statusCode).toBe(200);
    const check = await send('POST', reader.headers, `${policiesUrl(a.businessId)}/name/exists`, {
      name: 'Mine',
    });
    expect(check.json().data).toEqual({ exists: true });
    for (const res of [
      await send('POST', reader.headers, policiesUrl(a.businessId), amountPolicy('New', a.owner.id)),
      await send('PATCH', reader.headers, policiesUrl(a.businessId), {
        policyId: mine.id,
        ...amountPolicy('Renamed', a.owner.id),
      }),
      await send('PATCH', reader.headers, `${policiesUrl(a.businessId)}/order`, { policyIds: [mine.id] }),
      await send('PATCH', reader.headers, `${policiesUrl(a.businessId)}/${mine.id}/delete`),
      await get(outsider.headers, policiesUrl(a.businessId)),
      await get(outsider.headers, `${policiesUrl(a.businessId)}/${mine.id}`),
      await send('POST', outsider.headers, `${policiesUrl(a.businessId)}/name/exists`, { name: 'Mine' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCESS_DENIED_MESSAGE);
    }
    expect(await auditTrail(reader.headers, a.businessId)).toHaveLength(1);
    expect(await auditTrail(outsider.headers, a.businessId)).toHaveLength(0);
  });
});

describe('an approver named in a policy', () => {
  it('is listed in their approval assignments and keeps their role until the policy no longer names them', async () => {
    const { businessId, headers, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const cleo = await makeMember(businessId, { firstName: 'Cleo', lastName: 'Park' });
    const policy = await createPolicy(headers, businessId, amountPolicy('Large bills', cleo.user.id));
    const assignments = `/business/${businessId}/users/${cleo.user.id}/user-approval-assignments`;
    expect((await get(headers, assignments)).json().data).toEqual({
      policies: [{ id: policy.id, name: 'Large bills' }],
      groups: [],
    });
    const changeRole = () =>
      send('PATCH', headers, `/business/${businessId}/users/${cleo.user.id}/change-role`, {
        roleId: readOnlyRoleId,
      });
    const editRole = () =>
      send('PATCH', headers, `/business/${businessId}/role/${cleo.roleId}`, {
        name: 'Approvers',
        description: 'Approve bills',
        permissions: ['PAY_INBOX.view'],
      });
    expect((await changeRole()).json().errorCode).toBe('USER_IN_APPROVAL');
    expect((await editRole()).json().errorCode).toBe('ROLE_CANNOT_BE_MODIFIED');
    expect((await send('DELETE', headers, `/business/${businessId}/users/${cleo.user.id}`)).statusCode).toBe(
      409,
    );

    // Once the policy is deleted she approves nowhere.
    expect((await send('PATCH', headers, `${policiesUrl(businessId)}/${policy.id}/delete`)).statusCode).toBe(
      200,
    );
    expect((await get(headers, assignments)).json().data).toEqual({ policies: [], groups: [] });
    expect((await editRole()).statusCode).toBe(200);
    expect((await changeRole()).statusCode).toBe(200);
  });
});
