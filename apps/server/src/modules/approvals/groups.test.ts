import { ACCESS_DENIED_MESSAGE } from '@ferry/domain/permissions';
import { APPROVAL_GROUP_MESSAGES, APPROVAL_MESSAGES, SETTINGS_API_MESSAGES } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { activityLogs } from '../activity/tables.js';
import { addMember } from '../businesses/service.js';
import { businessMembers } from '../businesses/tables.js';
import { roles } from '../roles/tables.js';

const t = useTestApp();

const get = (headers: AuthHeaders, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const send = (method: 'POST' | 'PATCH' | 'DELETE', headers: AuthHeaders, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const APPROVER_KEYS = ['PAY_APPROVE_AND_PAY_BILLS.manage', 'PAY_APPROVE_AND_PAY_BILLS.view'];

async function makeRole(businessId: string, permissions: string[]) {
  const id = newId();
  await t.context.database.db.insert(roles).values({
    id,
    businessId,
    name: `Custom ${id.slice(0, 6)}`,
    description: 'Made by the test',
    permissions,
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  });
  return id;
}

/** A member of the business holding a role of its own with `permissions` (by default: approves bills). */
async function makeMember(
  businessId: string,
  options: { permissions?: string[]; roleId?: string; firstName?: string; lastName?: string } = {},
) {
  const roleId = options.roleId ?? (await makeRole(businessId, options.permissions ?? APPROVER_KEYS));
  const user = await makeUser(t.context, {
    ...(options.firstName ? { firstName: options.firstName } : {}),
    ...(options.lastName ? { lastName: options.lastName } : {}),
  });
  await addMember({ db: t.context.database.db, clock: t.clock, businessId, userId: user.id, roleId });
  return { user, roleId, headers: await signIn(t.context, user) };
}

const groupsUrl = (businessId: string) => `/business/${businessId}/approval-groups`;
const groupUrl = (businessId: string, id = '') =>
  `/business/${businessId}/approval-group${id ? `/${id}` : ''}`;

async function createGroup(headers: AuthHeaders, businessId: string, body: object) {
  const res = await send('POST', headers, groupUrl(businessId), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.group as { id: string; name: string; userIds: string[] };
}

const messagesOf = (res: { json: () => { errors: { field: string; message: string }[] } }) =>
  res.json().errors.map((e) => e.message);

describe('creating an approval group', () => {
  it('answers 201 with the spec message and the group, its members (name, email, role) and who made it', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const ada = await makeMember(businessId, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await send('POST', headers, groupUrl(businessId), {
      name: "Finance & Ops / West, Inc.'s_1",
      description: 'Approves large bills.',
      userIds: [ada.user.id, owner.id, ada.user.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Approval group created successfully.');
    const { message, group } = res.json().data;
    expect(message).toBe('Approval group created successfully.');
    expect(group).toMatchObject({
      name: "Finance & Ops / West, Inc.'s_1",
      description: 'Approves large bills.',
      policies: [],
      createdBy: { id: owner.id, name: `${owner.firstName} ${owner.lastName}` },
    });
    // De-duplicated; members by name (Ada before "Test UserN"), with their role in the business.
    expect(group.userIds).toEqual([ada.user.id, owner.id]);
    expect(group.members[0]).toEqual({
      userId: ada.user.id,
      user: { firstName: 'Ada', lastName: 'Lovelace', email: ada.user.email },
      roleDetails: { name: expect.stringMatching(/^Custom /) },
    });
    expect(group.members[1].roleDetails).toEqual({ name: 'Admin' });

    const read = await get(headers, groupUrl(businessId, group.id));
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(group);
  });

  it.each([
    [{ name: '' }, APPROVAL_GROUP_MESSAGES.nameRequired],
    [{ name: '   ' }, APPROVAL_GROUP_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(61) }, APPROVAL_GROUP_MESSAGES.nameTooLong],
    [{ name: 'Finance!' }, APPROVAL_GROUP_MESSAGES.characters],
    [{ name: ' Finance' }, APPROVAL_GROUP_MESSAGES.characters],
    [{ name: 'Finance ' }, APPROVAL_GROUP_MESSAGES.characters],
    [{ description: '' }, APPROVAL_GROUP_MESSAGES.descriptionRequired],
    [{ description: 'x'.repeat(201) }, APPROVAL_GROUP_MESSAGES.descriptionTooLong],
    [{ description: 'Pays <everything>' }, APPROVAL_GROUP_MESSAGES.characters],
    [{ userIds: [] }, APPROVAL_MESSAGES.groupMembersRequired],
  ])('refuses %j with the spec message', async (change, message) => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const res = await send('POST', headers, groupUrl(businessId), {
      name: 'Finance',
      description: 'Approves bills',
      userIds: [owner.id],
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesOf(res)).toContain(message);
  });

  it('accepts 60 and 200 characters exactly', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    await createGroup(headers, businessId, {
      name: 'x'.repeat(60),
      description: 'y'.repeat(200),
      userIds: [owner.id],
    });
  });

  it('refuses a name the business already uses, in any case, with APPROVAL_GROUP_NAME_ALREADY_EXISTS on name', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    await createGroup(headers, businessId, { name: 'Finance', description: 'One', userIds: [owner.id] });
    const res = await send('POST', headers, groupUrl(businessId), {
      name: 'FINANCE',
      description: 'Two',
      userIds: [owner.id],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      errorCode: 'APPROVAL_GROUP_NAME_ALREADY_EXISTS',
      message: APPROVAL_MESSAGES.groupNameExists,
      errors: [{ field: 'name', message: APPROVAL_MESSAGES.groupNameExists }],
    });
    // Another business may use the name.
    const other = await makeSignedInBusiness(t.context);
    await createGroup(other.headers, other.businessId, {
      name: 'Finance',
      description: 'Theirs',
      userIds: [other.owner.id],
    });
  });

  it('refuses members who cannot approve bills: no right, not active, unknown, or of another business (422 on userIds)', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const viewer = await makeMember(businessId, { permissions: ['PAY_APPROVE_AND_PAY_BILLS.view'] });
    const suspended = await makeMember(businessId);
    await t.context.database.db
      .update(businessMembers)
      .set({ status: 'SUSPENDED' })
      .where(eq(businessMembers.userId, suspended.user.id));
    const other = await makeSignedInBusiness(t.context);
    const stranger = await makeUser(t.context);
    for (const userId of [viewer.user.id, suspended.user.id, other.owner.id, stranger.id, newId()]) {
      const res = await send('POST', headers, groupUrl(businessId), {
        name: `Group ${newId().slice(0, 6)}`,
        description: 'Approves',
        userIds: [owner.id, userId],
      });
      expect(res.statusCode, userId).toBe(422);
      expect(res.json()).toMatchObject({
        message: APPROVAL_MESSAGES.groupMemberNotEligible,
        errors: [{ field: 'userIds', message: APPROVAL_MESSAGES.groupMemberNotEligible }],
      });
      // Nothing about the id is told back.
      expect(res.body).not.toContain(userId);
    }
    const list = await get(headers, groupsUrl(businessId));
    expect(list.json().data.total).toBe(0);
  });

  it('takes a member holding Pay full access as an approver', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const payer = await makeMember(businessId, {
      permissions: ['PAY_FULL_ACCESS.manage', 'PAY_FULL_ACCESS.view'],
    });
    const group = await createGroup(headers, businessId, {
      name: 'Payers',
      description: 'Pay people',
      userIds: [payer.user.id],
    });
    expect(group.userIds).toEqual([payer.user.id]);
  });
});

describe('listing approval groups', () => {
  it('pages, sorts and searches by name, and names the active policies using each group', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const names = ['Treasury', 'accounts payable', 'Board', 'Audit committee'];
    const groups: Record<string, string> = {};
    for (const name of names) {
      groups[name] = (
        await createGroup(headers, businessId, { name, description: name, userIds: [owner.id] })
      ).id;
    }
    const first = await get(headers, `${groupsUrl(businessId)}?pageSize=2`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ total: 4, pageNumber: 1, pageSize: 2 });
    expect(first.json().data.items.map((g: { name: string }) => g.name)).toEqual([
      'accounts payable',
      'Audit committee',
    ]);
    const desc = await get(headers, `${groupsUrl(businessId)}?sortOrder=desc&pageNumber=1&pageSize=10`);
    expect(desc.json().data.items.map((g: { name: string }) => g.name)).toEqual([
      'Treasury',
      'Board',
      'Audit committee',
      'accounts payable',
    ]);
    const search = await get(headers, `${groupsUrl(businessId)}?searchBy=${encodeURIComponent('AU')}`);
    expect(search.json().data.items.map((g: { name: string }) => g.name)).toEqual(['Audit committee']);
    const wildcard = await get(headers, `${groupsUrl(businessId)}?searchBy=${encodeURIComponent('%')}`);
    expect(wildcard.json().data.total).toBe(0);

    const policy = await send('POST', headers, `/business/${businessId}/approvals/policies`, {
      name: 'Large bills',
      conditions: { amount: { operator: 'greaterThan', min_value: 1000 } },
      stages: [{ order: 1, approvers: { approvalGroups: [groups.Board] } }],
    });
    expect(policy.statusCode, policy.body).toBe(201);
    const board = await get(headers, groupUrl(businessId, groups.Board));
    expect(board.json().data.policies).toEqual([{ id: policy.json().data.policy.id, name: 'Large bills' }]);
  });

  it("answers 404 for another business's group and for ids of nothing", async () => {
    const a = await makeSignedInBusiness(t.context);
    const b = await makeSignedInBusiness(t.context);
    const theirs = await createGroup(b.headers, b.businessId, {
      name: 'Secret',
      description: 'Theirs',
      userIds: [b.owner.id],
    });
    for (const id of [theirs.id, newId(), 'not-an-id']) {
      const read = await get(a.headers, groupUrl(a.businessId, id));
      expect(read.statusCode, id).toBe(404);
      expect(read.json().message).toBe(APPROVAL_MESSAGES.groupNotFound);
      const patch = await send('PATCH', a.headers, groupUrl(a.businessId, id), {
        name: 'Mine',
        description: 'Mine',
        userIds: [a.owner.id],
      });
      expect(patch.statusCode, id).toBe(404);
      expect((await send('DELETE', a.headers, groupUrl(a.businessId, id))).statusCode, id).toBe(404);
    }
    expect((await get(b.headers, groupUrl(b.businessId, theirs.id))).json().data.name).toBe('Secret');
    expect((await get(a.headers, groupsUrl(a.businessId))).json().data.total).toBe(0);
  });
});

describe('modifying an approval group', () => {
  it('changes name, description and members, and logs who was added and removed', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const ada = await makeMember(businessId, { firstName: 'Ada', lastName: 'Lovelace' });
    const bob = await makeMember(businessId, { firstName: 'Bob', lastName: 'Marley' });
    const group = await createGroup(headers, businessId, {
      name: 'Finance',
      description: 'Approves bills',
      userIds: [owner.id, ada.user.id],
    });
    const res = await send('PATCH', headers, groupUrl(businessId, group.id), {
      name: 'Finance team',
      description: 'Approves bills',
      userIds: [ada.user.id, bob.user.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Approval group modified successfully.');
    expect(res.json().data.message).toBe('Approval group modified successfully.');
    expect(res.json().data.group).toMatchObject({
      name: 'Finance team',
      userIds: [ada.user.id, bob.user.id],
    });

    const logs = await get(
      headers,
      `/business/${businessId}/user-activity-logs?entity=approval_groups&pageSize=1000`,
    );
    expect(logs.statusCode, logs.body).toBe(200);
    const [updated, created] = logs.json().data.items;
    const ownerName = `${owner.firstName} ${owner.lastName}`;
    expect(updated).toMatchObject({
      entityType: 'approval_groups',
      entityId: group.id,
      action: 'APPROVAL_GROUP_UPDATED',
      label: 'Approval group Finance team modified',
      actor: { type: 'USER', name: ownerName, performedByName: ownerName },
      metadata: {
        oldData: { name: 'Finance', description: 'Approves bills', members: ['Ada Lovelace', ownerName] },
        newData: {
          name: 'Finance team',
          description: 'Approves bills',
          members: ['Ada Lovelace', 'Bob Marley'],
        },
      },
    });
    expect(created).toMatchObject({
      action: 'APPROVAL_GROUP_CREATED',
      label: 'Approval group Finance created',
      metadata: { oldData: null, newData: { name: 'Finance', members: ['Ada Lovelace', ownerName] } },
    });
    // The added and removed names are kept with the entry.
    const [row] = await t.context.database.db
      .select({ data: activityLogs.data })
      .from(activityLogs)
      .where(eq(activityLogs.id, updated.id));
    expect(row?.data).toMatchObject({ added: ['Bob Marley'], removed: [ownerName] });
  });

  it("refuses an unchanged edit with 'No changes made to update', a taken name with 409, a member added who cannot approve with 422", async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const group = await createGroup(headers, businessId, {
      name: 'Finance',
      description: 'Approves bills',
      userIds: [owner.id],
    });
    await createGroup(headers, businessId, { name: 'Treasury', description: 'Cash', userIds: [owner.id] });
    const body = { name: 'Finance', description: 'Approves bills', userIds: [owner.id, owner.id] };
    const same = await send('PATCH', headers, groupUrl(businessId, group.id), body);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ errorCode: 'NO_CHANGES', message: 'No changes made to update' });

    const taken = await send('PATCH', headers, groupUrl(businessId, group.id), { ...body, name: 'treasury' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      errorCode: 'APPROVAL_GROUP_NAME_ALREADY_EXISTS',
      errors: [{ field: 'name', message: APPROVAL_MESSAGES.groupNameExists }],
    });
    // Its own name in another case is a change, not a clash.
    const recased = await send('PATCH', headers, groupUrl(businessId, group.id), {
      ...body,
      name: 'FINANCE',
    });
    expect(recased.statusCode, recased.body).toBe(200);

    const viewer = await makeMember(businessId, { permissions: ['PAY_APPROVE_AND_PAY_BILLS.view'] });
    const ineligible = await send('PATCH', headers, groupUrl(businessId, group.id), {
      ...body,
      userIds: [owner.id, viewer.user.id],
    });
    expect(ineligible.statusCode).toBe(422);
    expect(ineligible.json().errors).toEqual([
      { field: 'userIds', message: APPROVAL_MESSAGES.groupMemberNotEligible },
    ]);
    const empty = await send('PATCH', headers, groupUrl(businessId, group.id), { ...body, userIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(messagesOf(empty)).toContain(APPROVAL_MESSAGES.groupMembersRequired);
  });
});

describe('deleting an approval group', () => {
  it('is refused while an active policy names the group, and allowed once the policy is deleted', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const group = await createGroup(headers, businessId, {
      name: 'Board',
      description: 'Directors',
      userIds: [owner.id],
    });
    const created = await send('POST', headers, `/business/${businessId}/approvals/policies`, {
      name: 'Vendors',
      conditions: { amount: { operator: 'lessThan', max_value: '500.00' } },
      stages: [{ order: 1, approvers: { approvalGroups: [group.id] } }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const refused = await send('DELETE', headers, groupUrl(businessId, group.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'APPROVAL_GROUP_IN_POLICY',
      message: APPROVAL_MESSAGES.groupInPolicy,
    });
    const policyId = created.json().data.policy.id;
    const removed = await send(
      'PATCH',
      headers,
      `/business/${businessId}/approvals/policies/${policyId}/delete`,
    );
    expect(removed.statusCode, removed.body).toBe(200);

    const res = await send('DELETE', headers, groupUrl(businessId, group.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: APPROVAL_MESSAGES.groupDeleted, data: { id: group.id } });
    expect((await get(headers, groupUrl(businessId, group.id))).statusCode).toBe(404);
    const logs = await get(headers, `/business/${businessId}/user-activity-logs?entity=approval_groups`);
    expect(logs.json().data.items[0]).toMatchObject({
      action: 'APPROVAL_GROUP_DELETED',
      label: 'Approval group Board deleted',
      metadata: { oldData: { name: 'Board' }, newData: null },
    });
  });
});

describe('who may use approval groups', () => {
  it('lets a member with read on payment approvals read but not write; one without read gets 403', async () => {
    const { businessId, headers, owner, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const group = await createGroup(headers, businessId, {
      name: 'Finance',
      description: 'Approves',
      userIds: [owner.id],
    });
    const reader = await makeMember(businessId, { roleId: readOnlyRoleId });
    const outsider = await makeMember(businessId, { permissions: ['PAY_INBOX.view'] });
    expect((await get(reader.headers, groupsUrl(businessId))).statusCode).toBe(200);
    expect((await get(reader.headers, groupUrl(businessId, group.id))).statusCode).toBe(200);
    const body = { name: 'Other', description: 'Other', userIds: [owner.id] };
    for (const res of [
      await send('POST', reader.headers, groupUrl(businessId), body),
      await send('PATCH', reader.headers, groupUrl(businessId, group.id), body),
      await send('DELETE', reader.headers, groupUrl(businessId, group.id)),
      await get(outsider.headers, groupsUrl(businessId)),
      await get(outsider.headers, groupUrl(businessId, group.id)),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCESS_DENIED_MESSAGE);
    }
    // The activity log shows the group entries to the reader, not to the outsider.
    const readerLogs = await get(
      reader.headers,
      `/business/${businessId}/user-activity-logs?entity=approval_groups`,
    );
    expect(readerLogs.json().data.total).toBe(1);
    const outsiderLogs = await get(
      outsider.headers,
      `/business/${businessId}/user-activity-logs?entity=approval_groups`,
    );
    expect(outsiderLogs.json().data.total).toBe(0);
  });
});

describe('a group member', () => {
  it('cannot have their role changed nor be removed, nor their role modified, while in a group', async () => {
    const { businessId, headers, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const ada = await makeMember(businessId, { firstName: 'Ada', lastName: 'Lovelace' });
    const group = await createGroup(headers, businessId, {
      name: 'Finance',
      description: 'Approves',
      userIds: [ada.user.id],
    });
    const assignments = await get(
      headers,
      `/business/${businessId}/users/${ada.user.id}/user-approval-assignments`,
    );
    expect(assignments.statusCode).toBe(200);
    expect(assignments.json().data).toEqual({ policies: [], groups: [{ id: group.id, name: 'Finance' }] });

    const change = await send('PATCH', headers, `/business/${businessId}/users/${ada.user.id}/change-role`, {
      roleId: readOnlyRoleId,
    });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({
      errorCode: 'USER_IN_APPROVAL',
      message: SETTINGS_API_MESSAGES.userInApproval,
    });
    const remove = await send('DELETE', headers, `/business/${businessId}/users/${ada.user.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().errorCode).toBe('USER_IN_APPROVAL');
    const edit = await send('PATCH', headers, `/business/${businessId}/role/${ada.roleId}`, {
      name: 'Approvers',
      description: 'Approve bills',
      permissions: ['PAY_INBOX.view'],
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().errorCode).toBe('ROLE_CANNOT_BE_MODIFIED');

    // Out of the group (deleted), all three are possible again.
    expect((await send('DELETE', headers, groupUrl(businessId, group.id))).statusCode).toBe(200);
    const free = await get(headers, `/business/${businessId}/users/${ada.user.id}/user-approval-assignments`);
    expect(free.json().data).toEqual({ policies: [], groups: [] });
    const edited = await send('PATCH', headers, `/business/${businessId}/role/${ada.roleId}`, {
      name: 'Approvers',
      description: 'Approve bills',
      permissions: ['PAY_INBOX.view'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = await send('PATCH', headers, `/business/${businessId}/users/${ada.user.id}/change-role`, {
      roleId: readOnlyRoleId,
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });
});
