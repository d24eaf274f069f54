import { ACCESS_DENIED_MESSAGE, ADMIN_PERMISSIONS } from '@ferry/domain/permissions';
import { OTHER_USER_INVITATION, ROLE_MESSAGES, SETTINGS_API_MESSAGES } from '@ferry/domain/schemas';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { activityLogs } from '../activity/tables.js';
import { addMember } from '../businesses/service.js';
import { createInvitation } from '../invitations/service.js';
import { roles } from './tables.js';

const t = useTestApp();

const get = (headers: AuthHeaders, url: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers });
const send = (method: 'POST' | 'PATCH' | 'DELETE', headers: AuthHeaders, url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

/** A role of the business with these keys (inserted directly) and, when `member` is true, a member holding it. */
async function makeRole(businessId: string, permissions: string[], name = `Custom ${newId().slice(0, 6)}`) {
  const id = newId();
  await t.context.database.db.insert(roles).values({
    id,
    businessId,
    name,
    description: 'Made by the test',
    permissions,
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  });
  return id;
}

async function makeMember(businessId: string, roleId: string) {
  const user = await makeUser(t.context);
  await addMember({ db: t.context.database.db, clock: t.clock, businessId, userId: user.id, roleId });
  return { user, headers: await signIn(t.context, user) };
}

const ROLE = {
  name: 'Accounts Payable',
  description: 'Pays the bills',
  permissions: ['PAY_DUE_BILLS.manage', 'PAY_DUE_BILLS.manage', 'PAY_INBOX.view'],
};

describe('listing roles', () => {
  it('answers the built-in roles with their user counts, paged and sorted', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const res = await get(headers, `/business/${businessId}/roles`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 2, pageNumber: 1, pageSize: 10 });
    expect(page.items.map((r: { name: string }) => r.name)).toEqual(['Admin', 'Read-only']);
    expect(page.items[0]).toMatchObject({ isBuiltIn: true, userCount: 1 });
    expect(page.items[0].permissions).toEqual([...ADMIN_PERMISSIONS]);
    expect(page.items[1]).toMatchObject({ isBuiltIn: true, userCount: 0 });

    const second = await get(headers, `/business/${businessId}/roles?pageSize=1&pageNumber=2&sortOrder=desc`);
    expect(second.json().data).toMatchObject({ total: 2, pageNumber: 2, pageSize: 1 });
    expect(second.json().data.items.map((r: { name: string }) => r.name)).toEqual(['Admin']);
  });

  it('counts pending invitations holding a role as users of it', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const roleId = await makeRole(businessId, ['PAY_INBOX.view']);
    await createInvitation(t.context, {
      db: t.context.database.db,
      type: OTHER_USER_INVITATION,
      email: `pending.${newId()}@example.com`,
      sentByUserId: owner.id,
      businessId,
      data: { firstName: 'Pat', lastName: 'Doe', roleId },
    });
    const res = await get(headers, `/business/${businessId}/role/${roleId}`);
    expect(res.json().data).toMatchObject({ id: roleId, userCount: 1 });
  });
});

describe('creating a role', () => {
  it('stores normalised permissions, answers the spec message and records the activity', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const res = await send('POST', headers, `/business/${businessId}/role`, ROLE);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Role Successfully Created');
    expect(body.data.message).toBe('Role Successfully Created');
    expect(body.data.role).toMatchObject({
      name: 'Accounts Payable',
      description: 'Pays the bills',
      isBuiltIn: false,
      userCount: 0,
      // Deduplicated, manage brings its view, in catalogue order.
      permissions: ['PAY_INBOX.view', 'PAY_DUE_BILLS.manage', 'PAY_DUE_BILLS.view'],
    });
    const logged = await t.context.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityType, 'roles'), eq(activityLogs.entityId, body.data.role.id)));
    expect(logged.map((row) => row.action)).toEqual(['ROLE_CREATED']);
  });

  it.each([
    [{ ...ROLE, name: '' }, ROLE_MESSAGES.nameRequired],
    [{ ...ROLE, name: 'x'.repeat(61) }, ROLE_MESSAGES.nameTooLong],
    [{ ...ROLE, name: 'Payables & Co' }, ROLE_MESSAGES.nameInvalid],
    [{ ...ROLE, description: '' }, ROLE_MESSAGES.descriptionRequired],
    [{ ...ROLE, description: 'x'.repeat(201) }, ROLE_MESSAGES.descriptionTooLong],
    [{ ...ROLE, permissions: [] }, ROLE_MESSAGES.permissionsCreate],
  ])('refuses %j with the spec message', async (payload, message) => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const res = await send('POST', headers, `/business/${businessId}/role`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('refuses unknown permission keys, NUL bytes and odd values with 400', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    for (const payload of [
      { ...ROLE, permissions: ['PAY_EVERYTHING.manage'] },
      { ...ROLE, name: 'Ops\u0000Team' },
      { ...ROLE, permissions: 'PAY_INBOX.view' },
      { ...ROLE, name: 42 },
    ]) {
      const res = await send('POST', headers, `/business/${businessId}/role`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses a name already used in the business, in any case, with ROLE_ALREADY_EXISTS on name', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    expect((await send('POST', headers, `/business/${businessId}/role`, ROLE)).statusCode).toBe(200);
    for (const name of ['accounts payable', 'ADMIN']) {
      const res = await send('POST', headers, `/business/${businessId}/role`, { ...ROLE, name });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        errorCode: 'ROLE_ALREADY_EXISTS',
        message: SETTINGS_API_MESSAGES.roleExists,
        errors: [{ field: 'name', message: SETTINGS_API_MESSAGES.roleExists }],
      });
    }
    // Another business may use the same name.
    const other = await makeSignedInBusiness(t.context);
    expect((await send('POST', other.headers, `/business/${other.businessId}/role`, ROLE)).statusCode).toBe(
      200,
    );
  });

  it('lets exactly one of two concurrent creations with one name through', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const results = await Promise.all(
      ['Night Shift', 'night shift'].map((name) =>
        send('POST', headers, `/business/${businessId}/role`, { ...ROLE, name }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().errorCode).toBe('ROLE_ALREADY_EXISTS');
  });
});

describe('editing and deleting a role', () => {
  it('updates a role, refuses an unchanged edit and an empty permission list', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const created = (await send('POST', headers, `/business/${businessId}/role`, ROLE)).json().data.role;
    const url = `/business/${businessId}/role/${created.id}`;
    // The same permissions in another order and with duplicates are no change.
    const unchanged = await send('PATCH', headers, url, {
      ...ROLE,
      permissions: ['PAY_DUE_BILLS.view', 'PAY_DUE_BILLS.manage', 'PAY_INBOX.view'],
    });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json()).toMatchObject({ errorCode: 'NO_CHANGES', message: 'No changes made to update' });

    const empty = await send('PATCH', headers, url, { ...ROLE, permissions: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ROLE_MESSAGES.permissionsModify);

    t.clock.advance(1000);
    const updated = await send('PATCH', headers, url, {
      ...ROLE,
      description: 'Pays and approves',
      permissions: ['PAY_FULL_ACCESS.manage'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toBe('Role Successfully Updated');
    expect(updated.json().data.role).toMatchObject({
      description: 'Pays and approves',
      permissions: ['PAY_FULL_ACCESS.manage', 'PAY_FULL_ACCESS.view'],
    });
    expect(updated.json().data.role.updatedAt).not.toBe(created.updatedAt);
    expect((await get(headers, url)).json().data.description).toBe('Pays and approves');
  });

  it('renaming to a taken name answers ROLE_ALREADY_EXISTS', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const created = (await send('POST', headers, `/business/${businessId}/role`, ROLE)).json().data.role;
    const res = await send('PATCH', headers, `/business/${businessId}/role/${created.id}`, {
      ...ROLE,
      name: 'read-only',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'ROLE_ALREADY_EXISTS', errors: [{ field: 'name' }] });
  });

  it('never edits or deletes a built-in role', async () => {
    const { businessId, headers, adminRoleId, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    for (const roleId of [adminRoleId, readOnlyRoleId]) {
      const edit = await send('PATCH', headers, `/business/${businessId}/role/${roleId}`, ROLE);
      expect(edit.statusCode).toBe(409);
      expect(edit.json()).toMatchObject({
        errorCode: 'BUILT_IN_ROLE',
        message: SETTINGS_API_MESSAGES.builtInRole,
      });
      const remove = await send('DELETE', headers, `/business/${businessId}/role/${roleId}`);
      expect(remove.statusCode).toBe(409);
      expect(remove.json().errorCode).toBe('BUILT_IN_ROLE');
    }
  });

  it('deletes a role nobody holds, and refuses one a member or a pending invitation holds', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const free = await makeRole(businessId, ['PAY_INBOX.view']);
    const held = await makeRole(businessId, ['PAY_INBOX.view']);
    const invited = await makeRole(businessId, ['PAY_INBOX.view']);
    await makeMember(businessId, held);
    await createInvitation(t.context, {
      db: t.context.database.db,
      type: OTHER_USER_INVITATION,
      email: `invitee.${newId()}@example.com`,
      sentByUserId: owner.id,
      businessId,
      data: { firstName: 'Sam', lastName: 'Lee', roleId: invited },
    });
    for (const roleId of [held, invited]) {
      const res = await send('DELETE', headers, `/business/${businessId}/role/${roleId}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        errorCode: 'ROLE_CANNOT_BE_MODIFIED',
        message: SETTINGS_API_MESSAGES.roleCannotBeModified,
      });
    }
    const res = await send('DELETE', headers, `/business/${businessId}/role/${free}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SETTINGS_API_MESSAGES.roleDeleted);
    expect((await get(headers, `/business/${businessId}/role/${free}`)).statusCode).toBe(404);
  });

  it("answers 404 for another business's role, an unknown id and a malformed one", async () => {
    const a = await makeSignedInBusiness(t.context);
    const b = await makeSignedInBusiness(t.context);
    const theirs = await makeRole(b.businessId, ['PAY_INBOX.view']);
    for (const roleId of [theirs, b.adminRoleId, newId(), 'not-an-id', 'f'.repeat(60)]) {
      const url = `/business/${a.businessId}/role/${encodeURIComponent(roleId)}`;
      for (const res of [
        await get(a.headers, url),
        await send('PATCH', a.headers, url, ROLE),
        await send('DELETE', a.headers, url),
      ]) {
        expect(res.statusCode, `${roleId}: ${res.body}`).toBe(404);
      }
    }
    // B's role is untouched.
    const [row] = await t.context.database.db.select().from(roles).where(eq(roles.id, theirs));
    expect(row?.name).toMatch(/^Custom/);
  });
});

describe('rights', () => {
  it('needs read on Roles to read and manage on Roles to write', async () => {
    const { businessId, readOnlyRoleId } = await makeSignedInBusiness(t.context);
    const billsOnly = await makeMember(businessId, await makeRole(businessId, ['PAY_DUE_BILLS.view']));
    const denied = await get(billsOnly.headers, `/business/${businessId}/roles`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ errorCode: 'ACCESS_DENIED', message: ACCESS_DENIED_MESSAGE });

    const reader = await makeMember(businessId, readOnlyRoleId);
    expect((await get(reader.headers, `/business/${businessId}/roles`)).statusCode).toBe(200);
    const write = await send('POST', reader.headers, `/business/${businessId}/role`, ROLE);
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(ACCESS_DENIED_MESSAGE);
  });

  it('nobody raises their own rights: no role beyond what they hold, no permission change to their own role', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const ownRole = await makeRole(businessId, [
      'SETTINGS_USERS_AND_ROLES.manage',
      'SETTINGS_USERS_AND_ROLES.view',
      'PAY_INBOX.view',
    ]);
    const manager = await makeMember(businessId, ownRole);
    const url = `/business/${businessId}/role`;

    const beyond = await send('POST', manager.headers, url, { ...ROLE, permissions: ['PAY_INBOX.manage'] });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toMatchObject({ errorCode: 'ACCESS_DENIED', message: ACCESS_DENIED_MESSAGE });
    const fullAccess = await send('POST', manager.headers, url, {
      ...ROLE,
      permissions: ['PAY_FULL_ACCESS.view'],
    });
    expect(fullAccess.statusCode).toBe(403);

    const within = await send('POST', manager.headers, url, { ...ROLE, permissions: ['PAY_INBOX.view'] });
    expect(within.statusCode, within.body).toBe(200);
    const roleId = within.json().data.role.id;
    const raise = await send('PATCH', manager.headers, `${url}/${roleId}`, {
      ...ROLE,
      permissions: ['PAY_INBOX.manage'],
    });
    expect(raise.statusCode).toBe(403);

    // Their own role: even a key they hold elsewhere cannot be added; its name may change.
    const own = `${url}/${ownRole}`;
    const self = await send('PATCH', manager.headers, own, {
      name: 'Managers',
      description: 'Made by the test',
      permissions: ['SETTINGS_USERS_AND_ROLES.manage'],
    });
    expect(self.statusCode).toBe(403);
    const rename = await send('PATCH', manager.headers, own, {
      name: 'Managers',
      description: 'Made by the test',
      permissions: ['SETTINGS_USERS_AND_ROLES.manage', 'PAY_INBOX.view'],
    });
    expect(rename.statusCode, rename.body).toBe(200);

    // The Admin may give any role anything.
    const admin = await send('PATCH', headers, `${url}/${roleId}`, {
      ...ROLE,
      permissions: ['PAY_FULL_ACCESS.manage'],
    });
    expect(admin.statusCode, admin.body).toBe(200);
  });

  it('a changed role applies on the next request', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const roleId = await makeRole(businessId, ['SETTINGS_USERS_AND_ROLES.view'], 'Viewers');
    const member = await makeMember(businessId, roleId);
    expect((await get(member.headers, `/business/${businessId}/roles`)).statusCode).toBe(200);
    const changed = await send('PATCH', headers, `/business/${businessId}/role/${roleId}`, {
      name: 'Viewers',
      description: 'Made by the test',
      permissions: ['PAY_INBOX.view'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(member.headers, `/business/${businessId}/roles`)).statusCode).toBe(403);
  });
});
