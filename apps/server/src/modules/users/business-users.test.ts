import { ACCESS_DENIED_MESSAGE, ADMIN_PERMISSIONS } from '@ferry/domain/permissions';
import { ADD_USER_MESSAGES, SETTINGS_API_MESSAGES } from '@ferry/domain/schemas';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { invitations } from '../auth/tables.js';
import { addMember } from '../businesses/service.js';
import { businessMembers } from '../businesses/tables.js';
import { practiceMembers, practices } from '../practice/tables.js';
import { roles } from '../roles/tables.js';
import { users } from './tables.js';

const t = useTestApp();

const get = (headers: AuthHeaders, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const send = (
  method: 'POST' | 'PATCH' | 'DELETE',
  headers: AuthHeaders | undefined,
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers: headers ?? {}, ...(payload ? { payload } : {}) });

async function makeRole(businessId: string, permissions: readonly string[]) {
  const id = newId();
  await t.context.database.db.insert(roles).values({
    id,
    businessId,
    name: `Custom ${id.slice(0, 6)}`,
    description: 'Made by the test',
    permissions: [...permissions],
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  });
  return id;
}

async function makeMember(
  businessId: string,
  roleId: string,
  overrides: Parameters<typeof makeUser>[1] = {},
) {
  const user = await makeUser(t.context, overrides);
  await addMember({ db: t.context.database.db, clock: t.clock, businessId, userId: user.id, roleId });
  return { user, headers: await signIn(t.context, user) };
}

const uniqueEmail = (label = 'invitee') => `${label}.${newId().slice(0, 10)}@harbor-example.com`;

const invite = (headers: AuthHeaders, businessId: string, body: Record<string, unknown>) =>
  send('POST', headers, `/business/${businessId}/users`, body);

async function outbox(to: string): Promise<{ subject: string; text: string }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().data.items;
}

const tokenOf = (text: string) => /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

const openLink = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/invitation/verify/${token}`,
    payload: { recaptchaToken: 'test-token' },
  });

const accept = (headers: AuthHeaders, invitationId: string) =>
  send('POST', headers, `/auth/invitation/${invitationId}/accept`);

describe('listing users', () => {
  it('lists members, and with invitations=true the pending invitations; filters, search, sort, paging', async () => {
    const { businessId, headers, owner, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const reader = await makeMember(businessId, readOnlyRoleId, { firstName: 'Zoe', lastName: 'Quinn' });
    const email = uniqueEmail('casey');
    const added = await invite(headers, businessId, {
      firstName: 'Casey',
      lastName: 'Jones',
      email,
      roleId: readOnlyRoleId,
    });
    expect(added.statusCode, added.body).toBe(201);

    const members = (await get(headers, `/business/${businessId}/users`)).json().data;
    expect(members.total).toBe(2);
    const mine = members.items.find((u: { userId: string }) => u.userId === owner.id);
    expect(mine).toMatchObject({
      id: owner.id,
      mappingId: null,
      isCurrentUser: true,
      status: 'ACTIVE',
      activeStatus: 'ACTIVE',
      roleDetails: { name: 'Admin', isBuiltIn: true },
      user: { email: owner.email },
    });

    const all = (
      await get(headers, `/business/${businessId}/users?invitations=true&sortBy=email&sortOrder=desc`)
    ).json().data;
    expect(all.total).toBe(3);
    const emails = all.items.map((u: { user: { email: string } }) => u.user.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const pending = all.items.find((u: { user: { email: string } }) => u.user.email === email);
    expect(pending).toMatchObject({
      userId: null,
      status: 'PENDING',
      activeStatus: 'PENDING',
      isCurrentUser: false,
    });
    expect(pending.id).toBe(pending.mappingId);

    const byStatus = (
      await get(headers, `/business/${businessId}/users?invitations=true&status=PENDING`)
    ).json().data;
    expect(byStatus.items.map((u: { user: { email: string } }) => u.user.email)).toEqual([email]);
    const byRole = (
      await get(headers, `/business/${businessId}/users?invitations=true&roleId=${readOnlyRoleId}`)
    ).json().data;
    expect(byRole.total).toBe(2);
    const search = async (term: string) =>
      (
        await get(
          headers,
          `/business/${businessId}/users?invitations=true&searchBy=${encodeURIComponent(term)}`,
        )
      )
        .json()
        .data.items.map((u: { user: { firstName: string } }) => u.user.firstName);
    expect(await search('zoe q')).toEqual(['Zoe']);
    expect(await search('QUINN')).toEqual(['Zoe']);
    expect(await search('casey')).toEqual(['Casey']);
    expect(await search('harbor-example')).toEqual(['Casey']);
    // LIKE wildcards are taken literally.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);

    const approvers = (
      await get(headers, `/business/${businessId}/users?invitations=true&billApprovalPermissions=true`)
    ).json().data;
    expect(approvers.items.map((u: { userId: string }) => u.userId)).toEqual([owner.id]);

    const paged = (
      await get(headers, `/business/${businessId}/users?invitations=true&pageSize=1&pageNumber=3`)
    ).json().data;
    expect(paged).toMatchObject({ total: 3, pageNumber: 3, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
    expect(reader.user.id).toBeTruthy();
  });

  it('answers one user by user id or invitation id, and 404 User ID not found otherwise', async () => {
    const a = await makeSignedInBusiness(t.context);
    const b = await makeSignedInBusiness(t.context);
    const res = await get(a.headers, `/business/${a.businessId}/users/${a.owner.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userId).toBe(a.owner.id);
    for (const id of [b.owner.id, newId(), 'nope']) {
      const missing = await get(a.headers, `/business/${a.businessId}/users/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('User ID not found');
    }
  });

  it('needs read on Users (403 with the spec message otherwise)', async () => {
    const { businessId } = await makeSignedInBusiness(t.context);
    const billsOnly = await makeMember(businessId, await makeRole(businessId, ['PAY_DUE_BILLS.view']));
    const res = await get(billsOnly.headers, `/business/${businessId}/users`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'ACCESS_DENIED', message: ACCESS_DENIED_MESSAGE });
    const add = await invite(billsOnly.headers, businessId, {
      firstName: 'Pat',
      lastName: 'Doe',
      email: uniqueEmail(),
      roleId: newId(),
    });
    expect(add.statusCode).toBe(403);
  });
});

describe('adding a user by email', () => {
  it('invites with the spec message, mails the link and code, and refuses the same email twice', async () => {
    const { businessId, headers, owner, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const email = uniqueEmail('riley');
    const res = await invite(headers, businessId, {
      firstName: 'Riley',
      lastName: 'Chen',
      email,
      roleId: readOnlyRoleId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('User added successfully');
    expect(res.json().data).toMatchObject({
      status: 'PENDING',
      roleId: readOnlyRoleId,
      user: { firstName: 'Riley', lastName: 'Chen', email },
    });
    const [mail] = await outbox(email);
    expect(mail?.subject).toContain(`${owner.firstName} ${owner.lastName} invited you to`);
    expect(mail?.text).toContain('Read-only');
    expect(tokenOf(mail?.text ?? '')).not.toBe('');
    expect(mail?.text).toMatch(/\/go and enter the code [A-Z0-9]{8}/);

    const again = await invite(headers, businessId, {
      firstName: 'Riley',
      lastName: 'Chen',
      email: email.toUpperCase(),
      roleId: readOnlyRoleId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      errorCode: 'ALREADY_INVITED',
      errors: [{ field: 'email', message: SETTINGS_API_MESSAGES.alreadyInvited }],
    });
    const member = await invite(headers, businessId, {
      firstName: 'Own',
      lastName: 'Er',
      email: owner.email,
      roleId: readOnlyRoleId,
    });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({
      errorCode: 'ALREADY_MEMBER',
      errors: [{ field: 'email', message: SETTINGS_API_MESSAGES.alreadyMember }],
    });
  });

  it.each([
    [{ firstName: '', lastName: '' }, 'name', ADD_USER_MESSAGES.nameRequired],
    [{ firstName: 'A', lastName: '' }, 'name', 'Name must be at least 2 characters'],
    [{ firstName: 'R2', lastName: 'D2' }, 'name', 'Name can only contain letters and spaces'],
    [{ firstName: 'A'.repeat(30), lastName: 'B'.repeat(30) }, 'name', 'Name cannot exceed 50 characters'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [
      { email: 'someone@mailinator.com' },
      'email',
      'Please use a valid email address. Disposable email addresses are not allowed.',
    ],
    [
      { email: 'riley.chen@gmail.com' },
      'email',
      'Invalid email address. Please ensure you use a valid work email address. For example: name@yourcompany.com',
    ],
    [{ roleId: '' }, 'roleId', 'Role is required'],
    [{ roleId: undefined }, 'roleId', 'Role is required'],
  ])('refuses %j on %s with the spec message', async (override, field, message) => {
    const { businessId, headers, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const body = {
      firstName: 'Riley',
      lastName: 'Chen',
      email: uniqueEmail(),
      roleId: readOnlyRoleId,
      ...override,
    };
    const res = await invite(headers, businessId, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it("answers 404 Role not found for an unknown role or another business's", async () => {
    const a = await makeSignedInBusiness(t.context);
    const b = await makeSignedInBusiness(t.context);
    for (const roleId of [b.readOnlyRoleId, newId(), 'garbage']) {
      const res = await invite(a.headers, a.businessId, {
        firstName: 'Pat',
        lastName: 'Doe',
        email: uniqueEmail(),
        roleId,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SETTINGS_API_MESSAGES.roleNotFound);
    }
  });

  it('refuses to invite with a role holding rights the inviter lacks', async () => {
    const { businessId, adminRoleId, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const manager = await makeMember(
      businessId,
      await makeRole(businessId, ['SETTINGS_USERS_AND_ROLES.manage']),
    );
    const up = await invite(manager.headers, businessId, {
      firstName: 'Pat',
      lastName: 'Doe',
      email: uniqueEmail(),
      roleId: adminRoleId,
    });
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe(ACCESS_DENIED_MESSAGE);
    const read = await invite(manager.headers, businessId, {
      firstName: 'Pat',
      lastName: 'Doe',
      email: uniqueEmail(),
      roleId: readOnlyRoleId,
    });
    expect(read.statusCode).toBe(403);
    const own = await makeRole(businessId, ['SETTINGS_USERS_AND_ROLES.manage']);
    const same = await invite(manager.headers, businessId, {
      firstName: 'Pat',
      lastName: 'Doe',
      email: uniqueEmail(),
      roleId: own,
    });
    expect(same.statusCode, same.body).toBe(201);
  });
});

describe('the OTHER_USER invitation', () => {
  it('a new person opens the link, gets an account and a session, accepts and lands in the business with the role', async () => {
    const { businessId, headers, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const email = uniqueEmail('newbie');
    await invite(headers, businessId, {
      firstName: 'Nova',
      lastName: 'Reyes',
      email,
      roleId: readOnlyRoleId,
    });
    const [mail] = await outbox(email);
    const opened = await openLink(tokenOf(mail?.text ?? ''));
    expect(opened.statusCode, opened.body).toBe(200);
    const view = opened.json().data;
    expect(view).toMatchObject({
      invitationType: 'OTHER_USER',
      requiresPassword: true,
      invitationData: { roleName: 'Read-only', sentToUserFirstName: 'Nova', businessId },
    });
    const session = { authorization: `Bearer ${view.token}`, 'session-id': view.sessionId };
    const accepted = await accept(session, view.invitationId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toEqual({
      invitationType: 'OTHER_USER',
      businessId,
      redirectTo: `/b/${businessId}/home`,
    });
    expect((await get(session, `/business/${businessId}`)).statusCode).toBe(200);
    const [user] = await t.context.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.userType).toBe('SME_OWNER');
    const row = (await get(headers, `/business/${businessId}/users/${user?.id}`)).json().data;
    expect(row).toMatchObject({ status: 'ACTIVE', roleId: readOnlyRoleId });

    // The link cannot be replayed, nor the invitation accepted twice.
    expect((await openLink(tokenOf(mail?.text ?? ''))).statusCode).toBe(404);
    expect((await accept(session, view.invitationId)).statusCode).toBe(404);
    // It no longer shows as pending.
    const list = (await get(headers, `/business/${businessId}/users?invitations=true`)).json().data;
    expect(list.total).toBe(2);
  });

  it('an existing user signs in to accept; someone else cannot accept it', async () => {
    const { businessId, headers, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const existing = await makeUser(t.context, { password: 'Harbor-Crossing-2026!' });
    const res = await invite(headers, businessId, {
      firstName: 'Ex',
      lastName: 'Isting',
      email: existing.email,
      roleId: readOnlyRoleId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await outbox(existing.email);
    const opened = await openLink(tokenOf(mail?.text ?? ''));
    expect(opened.json().data).toMatchObject({ requiresSignIn: true, requiresPassword: false });
    expect(opened.json().data.token).toBeUndefined();
    const invitationId = opened.json().data.invitationId;

    const stranger = await signIn(t.context, await makeUser(t.context));
    expect((await accept(stranger, invitationId)).statusCode).toBe(404);

    const mine = await signIn(t.context, existing);
    expect((await get(mine, `/business/${businessId}`)).statusCode).toBe(404);
    const accepted = await accept(mine, invitationId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.redirectTo).toBe(`/b/${businessId}/home`);
    expect((await get(mine, `/business/${businessId}`)).statusCode).toBe(200);
    const [user] = await t.context.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(user?.userType).toBe('SME_OWNER');
  });

  it('expires: the link is refused, the row shows EXPIRED, and the person can be invited again', async () => {
    const { businessId, headers: before, owner, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const email = uniqueEmail('late');
    const first = (
      await invite(before, businessId, { firstName: 'Lee', lastName: 'Late', email, roleId: readOnlyRoleId })
    ).json().data;
    const [mail] = await outbox(email);
    t.clock.advance((t.context.config.INVITATION_TTL_HOURS * 60 + 1) * 60_000);
    expect((await openLink(tokenOf(mail?.text ?? ''))).statusCode).toBe(404);
    // The owner's earlier session has timed out meanwhile.
    const headers = await signIn(t.context, owner);
    const row = (await get(headers, `/business/${businessId}/users/${first.id}`)).json().data;
    expect(row.status).toBe('EXPIRED');
    const expired = (await get(headers, `/business/${businessId}/users?status=EXPIRED`)).json().data;
    expect(expired.items.map((u: { id: string }) => u.id)).toEqual([first.id]);

    const again = await invite(headers, businessId, {
      firstName: 'Lee',
      lastName: 'Late',
      email,
      roleId: readOnlyRoleId,
    });
    expect(again.statusCode, again.body).toBe(201);
    const [fresh] = await outbox(email);
    expect((await openLink(tokenOf(fresh?.text ?? ''))).statusCode).toBe(200);
    const [old] = await t.context.database.db.select().from(invitations).where(eq(invitations.id, first.id));
    expect(old?.revokedAt).not.toBeNull();
  });

  it('resends: a fresh link replaces the old one, at most once a minute, by mapping id or by email', async () => {
    const { businessId, headers, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const email = uniqueEmail('again');
    const first = (
      await invite(headers, businessId, { firstName: 'Ana', lastName: 'Gain', email, roleId: readOnlyRoleId })
    ).json().data;
    const [firstMail] = await outbox(email);
    const url = `/business/${businessId}/user/mapping/${first.mappingId}/resend-invite`;
    const soon = await send('POST', headers, url);
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('60');

    t.clock.advance(61_000);
    const resent = await send('POST', headers, url);
    expect(resent.statusCode, resent.body).toBe(200);
    const row = resent.json().data;
    expect(row.mappingId).not.toBe(first.mappingId);
    expect(row).toMatchObject({
      status: 'PENDING',
      roleId: readOnlyRoleId,
      user: { firstName: 'Ana', email },
    });
    expect((await openLink(tokenOf(firstMail?.text ?? ''))).statusCode).toBe(404);
    // The old mapping is gone.
    expect((await send('POST', headers, url)).statusCode).toBe(404);

    t.clock.advance(61_000);
    const byEmail = await send('POST', headers, `/business/${businessId}/user/send-invite`, {
      email: email.toUpperCase(),
    });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    t.clock.advance(61_000);
    const byId = await send('POST', headers, `/business/${businessId}/user/send-invite`, {
      id: byEmail.json().data.id,
    });
    expect(byId.statusCode, byId.body).toBe(200);
    const mails = await outbox(email);
    expect(mails).toHaveLength(4);
    expect((await openLink(tokenOf(mails[0]?.text ?? ''))).statusCode).toBe(200);
    expect((await send('POST', headers, `/business/${businessId}/user/send-invite`, {})).statusCode).toBe(
      400,
    );
    expect(
      (await send('POST', headers, `/business/${businessId}/user/send-invite`, { email: uniqueEmail() }))
        .statusCode,
    ).toBe(404);
  });

  it('revokes: deleting the pending row kills the link', async () => {
    const { businessId, headers, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const email = uniqueEmail('gone');
    const row = (
      await invite(headers, businessId, { firstName: 'Gus', lastName: 'Gone', email, roleId: readOnlyRoleId })
    ).json().data;
    const [mail] = await outbox(email);
    const revoked = await send('DELETE', headers, `/business/${businessId}/users/${row.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().message).toBe(SETTINGS_API_MESSAGES.invitationRevoked);
    expect((await openLink(tokenOf(mail?.text ?? ''))).statusCode).toBe(404);
    expect((await get(headers, `/business/${businessId}/users/${row.id}`)).statusCode).toBe(404);
  });

  it("changing a pending invitation's role changes what accepting gives", async () => {
    const { businessId, headers, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const roleId = await makeRole(businessId, ['PAY_INBOX.view']);
    const email = uniqueEmail('switch');
    const row = (
      await invite(headers, businessId, {
        firstName: 'Sy',
        lastName: 'Switch',
        email,
        roleId: readOnlyRoleId,
      })
    ).json().data;
    const changed = await send('PATCH', headers, `/business/${businessId}/users/${row.id}/change-role`, {
      roleId,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'User role updated successfully',
      data: { roleId, status: 'PENDING' },
    });
    const [mail] = await outbox(email);
    const view = (await openLink(tokenOf(mail?.text ?? ''))).json().data;
    const session = { authorization: `Bearer ${view.token}`, 'session-id': view.sessionId };
    expect((await accept(session, view.invitationId)).statusCode).toBe(200);
    const [member] = await t.context.database.db
      .select()
      .from(businessMembers)
      .where(
        and(
          eq(businessMembers.businessId, businessId),
          eq(businessMembers.userId, view.invitationData.sentToUserId),
        ),
      );
    expect(member?.roleId).toBe(roleId);
  });
});

describe('changing a role', () => {
  it('changes a member role, with the spec messages for no change, oneself and a missing user', async () => {
    const { businessId, headers, owner, readOnlyRoleId, adminRoleId } = await makeSignedInBusiness(t.context);
    const other = await makeSignedInBusiness(t.context);
    const member = await makeMember(businessId, readOnlyRoleId);
    const url = (id: string) => `/business/${businessId}/users/${id}/change-role`;

    const same = await send('PATCH', headers, url(member.user.id), { roleId: readOnlyRoleId });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ errorCode: 'NO_CHANGES', message: 'No changes made to update' });
    const self = await send('PATCH', headers, url(owner.id), { roleId: readOnlyRoleId });
    expect(self.statusCode).toBe(403);
    expect(self.json().errorCode).toBe('CANNOT_CHANGE_OWN_ROLE');
    for (const id of [newId(), other.owner.id]) {
      const missing = await send('PATCH', headers, url(id), { roleId: readOnlyRoleId });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('User ID not found');
    }
    const noRole = await send('PATCH', headers, url(member.user.id), {});
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().errors).toContainEqual({ field: 'roleId', message: 'Role is required' });
    const theirRole = await send('PATCH', headers, url(member.user.id), { roleId: other.adminRoleId });
    expect(theirRole.statusCode).toBe(404);

    // A changed role applies on the member's next request.
    expect(
      (
        await invite(member.headers, businessId, {
          firstName: 'Pat',
          lastName: 'Doe',
          email: uniqueEmail(),
          roleId: readOnlyRoleId,
        })
      ).statusCode,
    ).toBe(403);
    const promoted = await send('PATCH', headers, url(member.user.id), { roleId: adminRoleId });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({
      message: 'User role updated successfully',
      data: { roleId: adminRoleId },
    });
    expect(
      (
        await invite(member.headers, businessId, {
          firstName: 'Pat',
          lastName: 'Doe',
          email: uniqueEmail(),
          roleId: readOnlyRoleId,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('nobody raises someone to rights they lack, nor changes someone holding more', async () => {
    const { businessId, adminRoleId, readOnlyRoleId, owner } = await makeSignedInBusiness(t.context);
    const manager = await makeMember(
      businessId,
      await makeRole(businessId, ['SETTINGS_USERS_AND_ROLES.manage']),
    );
    const member = await makeMember(
      businessId,
      await makeRole(businessId, ['SETTINGS_USERS_AND_ROLES.view']),
    );
    const url = (id: string) => `/business/${businessId}/users/${id}/change-role`;
    const raise = await send('PATCH', manager.headers, url(member.user.id), { roleId: adminRoleId });
    expect(raise.statusCode).toBe(403);
    expect(raise.json()).toMatchObject({ errorCode: 'ACCESS_DENIED', message: ACCESS_DENIED_MESSAGE });
    const demoteAdmin = await send('PATCH', manager.headers, url(owner.id), { roleId: readOnlyRoleId });
    expect(demoteAdmin.statusCode).toBe(403);
    const removeAdmin = await send('DELETE', manager.headers, `/business/${businessId}/users/${owner.id}`);
    expect(removeAdmin.statusCode).toBe(403);
  });

  it('never leaves the business without an active Admin, even under concurrent demotions', async () => {
    const { businessId, owner, adminRoleId, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const fullRole = await makeRole(businessId, ADMIN_PERMISSIONS);
    const boss = await makeMember(businessId, fullRole);
    const second = await makeMember(businessId, adminRoleId);
    const url = (id: string) => `/business/${businessId}/users/${id}/change-role`;

    const results = await Promise.all(
      [owner.id, second.user.id].map((id) =>
        send('PATCH', boss.headers, url(id), { roleId: readOnlyRoleId }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      errorCode: 'LAST_ADMIN',
      message: SETTINGS_API_MESSAGES.lastAdmin,
    });
    const admins = await t.context.database.db
      .select()
      .from(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.roleId, adminRoleId)));
    expect(admins).toHaveLength(1);
    const lastId = admins[0]?.userId ?? '';
    const remove = await send('DELETE', boss.headers, `/business/${businessId}/users/${lastId}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().errorCode).toBe('LAST_ADMIN');
  });

  it('a member who only reads payment approvals lists the members who can approve, nothing more', async () => {
    const { businessId, headers, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const approver = await makeMember(businessId, await makeRole(businessId, ['PAY_FULL_ACCESS.manage']));
    await makeMember(businessId, readOnlyRoleId);
    await invite(headers, businessId, {
      firstName: 'Ines',
      lastName: 'Invited',
      email: uniqueEmail(),
      roleId: readOnlyRoleId,
    });
    const policyReader = await makeMember(
      businessId,
      await makeRole(businessId, ['SETTINGS_PAYMENT_APPROVALS.view']),
    );
    const res = await get(
      policyReader.headers,
      `/business/${businessId}/users?invitations=true&pageSize=100`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().data.items as { userId: string | null; status: string }[];
    // The owner (Admin) and the approver; not the read-only member, not the invitation.
    expect(listed).toHaveLength(2);
    expect(listed.map((u) => u.userId)).toContain(approver.user.id);
    expect(listed.every((u) => u.status === 'ACTIVE')).toBe(true);
    // With neither right: refused.
    const none = await makeMember(businessId, await makeRole(businessId, ['PAY_INBOX.view']));
    expect((await get(none.headers, `/business/${businessId}/users`)).statusCode).toBe(403);
  });

  it('user-approval-assignments are empty lists for someone in no group or policy; unknown users 404', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const res = await get(headers, `/business/${businessId}/users/${owner.id}/user-approval-assignments`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ policies: [], groups: [] });
    expect(
      (await get(headers, `/business/${businessId}/users/${newId()}/user-approval-assignments`)).statusCode,
    ).toBe(404);
  });
});

describe('removing a user', () => {
  it('removes a member (their next request answers 404), never oneself', async () => {
    const { businessId, headers, owner, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const member = await makeMember(businessId, readOnlyRoleId);
    expect((await get(member.headers, `/business/${businessId}`)).statusCode).toBe(200);
    const self = await send('DELETE', headers, `/business/${businessId}/users/${owner.id}`);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      errorCode: 'CANNOT_REMOVE_YOURSELF',
      message: SETTINGS_API_MESSAGES.removeYourself,
    });
    const removed = await send('DELETE', headers, `/business/${businessId}/users/${member.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(SETTINGS_API_MESSAGES.userRemoved);
    expect((await get(member.headers, `/business/${businessId}`)).statusCode).toBe(404);
    expect((await get(member.headers, `/business/${businessId}/users`)).statusCode).toBe(404);
    expect(
      (await send('DELETE', headers, `/business/${businessId}/users/${member.user.id}`)).statusCode,
    ).toBe(404);
  });

  it("another business's user or invitation answers 404 and stays", async () => {
    const a = await makeSignedInBusiness(t.context);
    const b = await makeSignedInBusiness(t.context);
    const invited = (
      await invite(b.headers, b.businessId, {
        firstName: 'Bo',
        lastName: 'Bee',
        email: uniqueEmail(),
        roleId: b.readOnlyRoleId,
      })
    ).json().data;
    for (const id of [b.owner.id, invited.id]) {
      expect((await send('DELETE', a.headers, `/business/${a.businessId}/users/${id}`)).statusCode).toBe(404);
      expect(
        (
          await send('PATCH', a.headers, `/business/${a.businessId}/users/${id}/change-role`, {
            roleId: a.readOnlyRoleId,
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(
      (await send('POST', a.headers, `/business/${a.businessId}/user/mapping/${invited.id}/resend-invite`))
        .statusCode,
    ).toBe(404);
    expect((await get(b.headers, `/business/${b.businessId}/users/${invited.id}`)).json().data.status).toBe(
      'PENDING',
    );
  });
});

describe('adding a practice team member', () => {
  async function makePractice() {
    const accountant = await makeUser(t.context, { userType: 'ACCOUNTANT' });
    const business = await makeSignedInBusiness(t.context, { owner: accountant });
    const practiceId = newId();
    await t.context.database.db.insert(practices).values({
      id: practiceId,
      ownerUserId: accountant.id,
      practiceFirmName: 'Ledger Partners',
      clientRange: 'ZERO_TO_FIVE',
    });
    const teamMember = await makeUser(t.context, { userType: 'PRACTICE_MEMBER' });
    await t.context.database.db.insert(practiceMembers).values({
      id: newId(),
      practiceId,
      userId: teamMember.id,
      email: teamMember.email,
      firstName: teamMember.firstName,
      lastName: teamMember.lastName,
      status: 'ACTIVE',
    });
    return { ...business, teamMember };
  }

  it('adds an active team member at once, marked as from the practice, and mails them', async () => {
    const { businessId, headers, teamMember, readOnlyRoleId, accountant } = await makePractice().then(
      (p) => ({ ...p, accountant: p.owner }),
    );
    const res = await invite(headers, businessId, { userId: teamMember.id, roleId: readOnlyRoleId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'User added successfully',
      data: { userId: teamMember.id, status: 'ACTIVE', isPracticeMember: true, roleId: readOnlyRoleId },
    });
    const [mail] = await outbox(teamMember.email);
    expect(mail?.subject).toBe(
      `${accountant.firstName} ${accountant.lastName} added you to ${(await get(headers, `/business/${businessId}`)).json().data.businessName} on Ferry`,
    );
    expect((await get(await signIn(t.context, teamMember), `/business/${businessId}`)).statusCode).toBe(200);
    const twice = await invite(headers, businessId, { userId: teamMember.id, roleId: readOnlyRoleId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorCode).toBe('ALREADY_MEMBER');
  });

  it('refuses someone outside the team, and any caller who is not the accountant, with Selected team member not found', async () => {
    const { businessId, headers, teamMember, readOnlyRoleId, adminRoleId } = await makePractice();
    const outsider = await makeUser(t.context);
    const res = await invite(headers, businessId, { userId: outsider.id, roleId: readOnlyRoleId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: 'Selected team member not found',
      errors: [{ field: 'userId', message: 'Selected team member not found' }],
    });
    const coAdmin = await makeMember(businessId, adminRoleId);
    const notAccountant = await invite(coAdmin.headers, businessId, {
      userId: teamMember.id,
      roleId: readOnlyRoleId,
    });
    expect(notAccountant.statusCode).toBe(404);
    expect(notAccountant.json().message).toBe('Selected team member not found');
  });
});
