import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { signUpViaApi } from '../../testing/access-flow.js';
import { makeBusiness, makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { hashToken } from '../auth/service.js';
import { type InvitationRow, invitations } from '../auth/tables.js';
import { type UserRow, users } from '../users/tables.js';
import { getInvitationKind, registerInvitationKind } from './kinds.js';
import {
  createInvitation,
  INVITATION_CODE_ALPHABET,
  INVITATION_CODE_LENGTH,
  normalizeInvitationCode,
} from './service.js';

/*
 * Test-only kinds: they prove a new kind plugs into the registry without touching the invitation module.
 */
const TEAM = 'TEST_TEAM_INVITE';
const FAILING = 'TEST_FAILING_INVITE';
const VIEW_ONLY = 'TEST_VIEW_ONLY_INVITE';
const SHORT = 'TEST_SHORT_INVITE';

const acceptCalls: { invitationId: string; userId: string }[] = [];

registerInvitationKind(TEAM, {
  describe: ({ invitation }) => ({ roleName: invitation.data.roleName ?? null }),
  async accept(tx, invitation, user) {
    acceptCalls.push({ invitationId: invitation.id, userId: user.id });
    // A write in the accept transaction, visible only if it commits.
    await tx.update(users).set({ linkBillPopupDismiss: true }).where(eq(users.id, user.id));
    return { redirectTo: `/b/${invitation.businessId}/home` };
  },
});
registerInvitationKind(FAILING, {
  async accept(tx, _invitation, user) {
    await tx.update(users).set({ linkBillPopupDismiss: true }).where(eq(users.id, user.id));
    throw new AppError('CONFLICT', 'This invitation cannot be accepted right now.');
  },
});
registerInvitationKind(VIEW_ONLY, {});
registerInvitationKind(SHORT, { ttlMinutes: 30, withCode: false, accept: async () => ({}) });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.context.database.db;

let addresses = 0;
const inject = (options: InjectOptions) => {
  addresses += 1;
  return t.app.inject({
    remoteAddress: `10.2.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
    ...options,
  });
};

const uniqueEmail = (name: string) => `${name}.${newId().slice(0, 8)}@harborcoffee.com`;

async function invite(
  options: {
    type?: string;
    email?: string;
    sentToUserId?: string | null;
    sentByUserId?: string | null;
    businessId?: string | null;
    data?: Record<string, unknown>;
    action?: string | null;
  } = {},
) {
  return createInvitation(t.context, {
    db: db(),
    type: options.type ?? TEAM,
    email: options.email ?? uniqueEmail('invitee'),
    sentToUserId: options.sentToUserId ?? null,
    sentByUserId: options.sentByUserId ?? null,
    businessId: options.businessId ?? null,
    data: options.data ?? {},
    action: options.action ?? null,
  });
}

const verify = (token: string, recaptchaToken: string | null = 'ok', headers: Record<string, string> = {}) =>
  inject({
    method: 'POST',
    url: `/api/auth/invitation/verify/${encodeURIComponent(token)}`,
    headers,
    payload: recaptchaToken === null ? {} : { recaptchaToken },
  });

const byCode = (code: string, email: string, recaptchaToken = 'ok') =>
  inject({
    method: 'POST',
    url: `/api/auth/invitation/code/${encodeURIComponent(code)}`,
    payload: { email, recaptchaToken },
  });

const accept = (invitationId: string, headers: Record<string, string>) =>
  inject({ method: 'POST', url: `/api/auth/invitation/${invitationId}/accept`, headers });

const pending = (headers: Record<string, string>) =>
  inject({ method: 'GET', url: '/api/auth/invitation/check/user-invitations', headers });

async function reload(invitationId: string): Promise<InvitationRow> {
  const [row] = await db().select().from(invitations).where(eq(invitations.id, invitationId));
  if (!row) throw new Error('invitation gone');
  return row;
}

async function reloadUser(id: string): Promise<UserRow> {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user gone');
  return row;
}

const INVALID = {
  message: 'Invalid invitation code',
  statusCode: 404,
  errors: [],
  errorCode: 'INVALID_INVITATION',
};

describe('the kind registry and createInvitation', () => {
  it('refuses registering a kind twice and knows FORGOT_PASSWORD', () => {
    expect(() => registerInvitationKind(TEAM, {})).toThrow(/already registered/);
    expect(getInvitationKind('FORGOT_PASSWORD')).toMatchObject({ openable: false, withCode: false });
  });

  it('stores only hashes of a ≥128-bit link token and an 8-character unambiguous code', async () => {
    const { invitation, token, code } = await invite();
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(code).toHaveLength(INVITATION_CODE_LENGTH);
    for (const ch of code ?? '') expect(INVITATION_CODE_ALPHABET).toContain(ch);
    expect(INVITATION_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(invitation.tokenHash).toBe(hashToken(token));
    expect(invitation.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(invitation)).not.toContain(token);
    expect(JSON.stringify(invitation)).not.toContain(code);
  });

  it('expires after INVITATION_TTL_HOURS (72) by default, or the kind’s own time', async () => {
    const now = t.clock.now().getTime();
    const { invitation } = await invite();
    expect(invitation.expiresAt.getTime()).toBe(now + 72 * 3_600_000);
    const short = await invite({ type: SHORT });
    expect(short.invitation.expiresAt.getTime()).toBe(now + 30 * 60_000);
    expect(short.code).toBeNull();
    expect(short.invitation.codeHash).toBeNull();
  });

  it('normalises typed codes', () => {
    expect(normalizeInvitationCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(normalizeInvitationCode('ABCDEFG')).toBeNull();
    expect(normalizeInvitationCode('ABCDEFG0')).toBeNull();
  });
});

describe('POST /api/auth/invitation/verify/{token}', () => {
  it('creates the account of a new invitee (email verified) and issues a session', async () => {
    const sender = await makeUser(t.context, { firstName: 'Olivia', lastName: 'Grant' });
    const { businessId } = await makeBusiness(t.context, { owner: sender, businessName: 'Harbor Coffee' });
    const email = uniqueEmail('noah');
    const { invitation, token } = await invite({
      email: email.toUpperCase(),
      sentByUserId: sender.id,
      businessId,
      action: 'ACCEPT_OTHER_USER_INVITE',
      data: { firstName: 'Noah', lastName: 'Park', userType: 'SME_OWNER', roleName: 'Admin' },
    });

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      invitationId: invitation.id,
      invitationType: TEAM,
      action: 'ACCEPT_OTHER_USER_INVITE',
      requiresSignIn: false,
      requiresPassword: true,
      token: expect.any(String),
      sessionId: expect.stringMatching(/^[0-9a-f]{24}$/),
      invitationData: {
        id: invitation.id,
        email,
        sentToUserId: expect.any(String),
        sentToUserActiveStatus: 'PENDING',
        sentToUserFirstName: 'Noah',
        sentToUserLastName: 'Park',
        inviteSentByName: 'Olivia Grant',
        businessName: 'Harbor Coffee',
        businessId,
        userType: 'SME_OWNER',
        practiceName: null,
        roleName: 'Admin',
      },
    });
    expect(data.code).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toContain(`ferry_session=${data.sessionId}.`);

    const headers = { authorization: `Bearer ${data.token}`, 'session-id': data.sessionId };
    const me = await inject({ method: 'GET', url: '/api/user', headers });
    expect(me.json().data).toMatchObject({
      id: data.invitationData.sentToUserId,
      email,
      firstName: 'Noah',
      lastName: 'Park',
      activeStatus: 'PENDING',
      isEmailVerified: true,
      isPasswordSet: false,
      phones: [],
    });
    // Opening does not use the invitation; it is now tied to the new account.
    const row = await reload(invitation.id);
    expect(row.usedAt).toBeNull();
    expect(row.sentToUserId).toBe(data.invitationData.sentToUserId);
    // Opening again reaches the same account.
    const again = await verify(token);
    expect(again.json().data.invitationData.sentToUserId).toBe(data.invitationData.sentToUserId);
  });

  it('asks an invitee who has a password to sign in, without a session', async () => {
    const invitee = await makeUser(t.context, { password: 'Harbor-Lights-42' });
    const { token } = await invite({ email: invitee.email });
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ requiresSignIn: true, requiresPassword: false });
    expect(data.invitationData).toMatchObject({ sentToUserId: invitee.id, sentToUserActiveStatus: 'ACTIVE' });
    expect(data.token).toBeUndefined();
    expect(data.sessionId).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();

    // Already signed in as the invitee: nothing more to do.
    const signedIn = await verify(token, 'ok', await signIn(t.context, invitee));
    expect(signedIn.json().data.requiresSignIn).toBe(false);
  });

  it('gives a half-registered invitee (no password yet) a session and verifies the email', async () => {
    const email = uniqueEmail('half');
    await signUpViaApi(t.app, { email, phoneNumber: '4155550177' });
    const { token } = await invite({ email });
    const res = await verify(token);
    expect(res.json().data).toMatchObject({ requiresSignIn: false, requiresPassword: true });
    const headers = {
      authorization: `Bearer ${res.json().data.token}`,
      'session-id': res.json().data.sessionId,
    };
    const me = await inject({ method: 'GET', url: '/api/user', headers });
    expect(me.json().data).toMatchObject({ email, isEmailVerified: true, firstName: 'Riley' });
  });

  it('refuses (403) an invitee whose account is suspended', async () => {
    const invitee = await makeUser(t.context, { activeStatus: 'SUSPENDED' });
    const { token } = await invite({ email: invitee.email });
    const res = await verify(token);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('FORBIDDEN');
  });

  it('answers 404 INVALID_INVITATION for unknown, expired, revoked and used links', async () => {
    expect((await verify(randomBytes(32).toString('base64url'))).json()).toEqual(INVALID);

    const expiring = await invite();
    const revoked = await invite();
    await db()
      .update(invitations)
      .set({ revokedAt: t.clock.now() })
      .where(eq(invitations.id, revoked.invitation.id));
    const used = await invite();
    await db()
      .update(invitations)
      .set({ usedAt: t.clock.now() })
      .where(eq(invitations.id, used.invitation.id));
    for (const token of [revoked.token, used.token]) {
      const res = await verify(token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(INVALID);
    }
    t.clock.advance(72 * 3_600_000 - 60_000);
    expect((await verify(expiring.token)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await verify(expiring.token)).json()).toEqual(INVALID);
  });

  it('refuses a failed or missing bot check', async () => {
    const { token } = await invite();
    for (const recaptchaToken of ['sandbox-reject', '', null]) {
      const res = await verify(token, recaptchaToken);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'BOT_CHECK_FAILED', message: 'Invalid recaptchaToken' });
    }
    // Nothing was created.
    const [row] = await db()
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashToken(token)));
    expect(row?.sentToUserId).toBeNull();
  });
});

describe('POST /api/auth/invitation/code/{code}', () => {
  it('opens an invitation by its code when the email matches in any case', async () => {
    const email = uniqueEmail('zoe');
    const { invitation, code } = await invite({ email, data: { firstName: 'Zoe', lastName: 'Lin' } });
    const typed = `${code?.slice(0, 4).toLowerCase()}-${code?.slice(4)}`;
    const res = await byCode(typed, email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      invitationId: invitation.id,
      code,
      requiresPassword: true,
      token: expect.any(String),
      invitationData: { email, sentToUserFirstName: 'Zoe' },
    });
  });

  it('answers 404 for a wrong email, an unknown or malformed code, and an expired invitation', async () => {
    const email = uniqueEmail('max');
    const { code } = await invite({ email });
    expect((await byCode(code ?? '', uniqueEmail('other'))).json()).toEqual(INVALID);
    expect((await byCode('ABCDEFGH', email)).json()).toEqual(INVALID);
    expect((await byCode('not-a-code!', email)).json()).toEqual(INVALID);
    t.clock.advance(73 * 3_600_000);
    expect((await byCode(code ?? '', email)).json()).toEqual(INVALID);
  });

  it('validates the email and refuses a failed bot check', async () => {
    const email = uniqueEmail('eli');
    const { code } = await invite({ email });
    const bad = await byCode(code ?? '', 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'email', message: 'Please enter a valid email address' }]);
    const bot = await byCode(code ?? '', email, 'sandbox-reject');
    expect(bot.statusCode).toBe(400);
    expect(bot.json().errorCode).toBe('BOT_CHECK_FAILED');
  });
});

describe('POST /api/auth/invitation/{invitationId}/accept', () => {
  it('runs the kind’s handler in the transaction and uses the invitation once', async () => {
    const invitee = await makeUser(t.context);
    const { businessId } = await makeBusiness(t.context);
    const { invitation } = await invite({ email: invitee.email, sentToUserId: invitee.id, businessId });
    const headers = await signIn(t.context, invitee);
    const before = acceptCalls.length;

    const res = await accept(invitation.id, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      invitationType: TEAM,
      businessId,
      redirectTo: `/b/${businessId}/home`,
    });
    expect(acceptCalls.length).toBe(before + 1);
    expect((await reloadUser(invitee.id)).linkBillPopupDismiss).toBe(true);
    expect((await reload(invitation.id)).usedAt).toEqual(t.clock.now());

    const again = await accept(invitation.id, headers);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(INVALID);
    expect(acceptCalls.length).toBe(before + 1);
  });

  it('lets exactly one of two concurrent accepts through', async () => {
    const invitee = await makeUser(t.context);
    const { invitation } = await invite({ email: invitee.email, sentToUserId: invitee.id });
    const headers = await signIn(t.context, invitee);
    const before = acceptCalls.length;
    const results = await Promise.all([accept(invitation.id, headers), accept(invitation.id, headers)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(acceptCalls.filter((c) => c.invitationId === invitation.id)).toHaveLength(1);
    expect(acceptCalls.length).toBe(before + 1);
  });

  it('rolls the handler’s writes back and leaves the invitation unused when the handler refuses', async () => {
    const invitee = await makeUser(t.context);
    const { invitation } = await invite({ type: FAILING, email: invitee.email, sentToUserId: invitee.id });
    const res = await accept(invitation.id, await signIn(t.context, invitee));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This invitation cannot be accepted right now.');
    expect((await reloadUser(invitee.id)).linkBillPopupDismiss).toBe(false);
    expect((await reload(invitation.id)).usedAt).toBeNull();
  });

  it('accepts an invitation addressed by email for the account with that email', async () => {
    const invitee = await makeUser(t.context);
    const { invitation } = await invite({ email: invitee.email.toUpperCase() });
    const res = await accept(invitation.id, await signIn(t.context, invitee));
    expect(res.statusCode).toBe(200);
    expect((await reload(invitation.id)).sentToUserId).toBe(invitee.id);
  });

  it('answers 404 to anyone but the invitee, for kinds without a handler, expired, unknown and malformed ids', async () => {
    const invitee = await makeUser(t.context);
    const stranger = await makeUser(t.context);
    const strangerHeaders = await signIn(t.context, stranger);
    const inviteeHeaders = await signIn(t.context, invitee);

    const { invitation } = await invite({ email: invitee.email, sentToUserId: invitee.id });
    expect((await accept(invitation.id, strangerHeaders)).json()).toEqual(INVALID);
    expect((await reload(invitation.id)).usedAt).toBeNull();

    const byEmail = await invite({ email: invitee.email });
    expect((await accept(byEmail.invitation.id, strangerHeaders)).json()).toEqual(INVALID);

    const viewOnly = await invite({ type: VIEW_ONLY, email: invitee.email, sentToUserId: invitee.id });
    expect((await accept(viewOnly.invitation.id, inviteeHeaders)).json()).toEqual(INVALID);

    expect((await accept(newId(), inviteeHeaders)).json()).toEqual(INVALID);
    expect((await accept('not-an-id', inviteeHeaders)).json()).toEqual(INVALID);

    const short = await invite({ type: SHORT, email: invitee.email, sentToUserId: invitee.id });
    t.clock.advance(31 * 60_000);
    const expiredHeaders = await signIn(t.context, invitee);
    expect((await accept(short.invitation.id, expiredHeaders)).json()).toEqual(INVALID);
  });

  it('cannot accept a password-reset link', async () => {
    const user = await makeUser(t.context, { password: 'Harbor-Lights-42' });
    const { invitation } = await createInvitation(t.context, {
      db: db(),
      type: 'FORGOT_PASSWORD',
      email: user.email,
      sentToUserId: user.id,
    });
    expect((await accept(invitation.id, await signIn(t.context, user))).json()).toEqual(INVALID);
  });

  it('needs a session', async () => {
    const { invitation } = await invite();
    const res = await accept(invitation.id, {});
    expect(res.statusCode).toBe(401);
    expect((await reload(invitation.id)).usedAt).toBeNull();
  });
});

describe('GET /api/auth/invitation/check/user-invitations', () => {
  it('lists the usable invitations of the signed-in user, by id or by email, newest first', async () => {
    const user = await makeUser(t.context);
    const byId = await invite({ email: user.email, sentToUserId: user.id, data: { roleName: 'Admin' } });
    t.clock.advance(1000);
    const byEmail = await invite({ email: user.email.toUpperCase() });
    const used = await invite({ email: user.email, sentToUserId: user.id });
    await db()
      .update(invitations)
      .set({ usedAt: t.clock.now() })
      .where(eq(invitations.id, used.invitation.id));
    const revoked = await invite({ email: user.email });
    await db()
      .update(invitations)
      .set({ revokedAt: t.clock.now() })
      .where(eq(invitations.id, revoked.invitation.id));
    await invite({ type: SHORT, email: user.email, sentToUserId: user.id }); // expires below
    await createInvitation(t.context, {
      db: db(),
      type: 'FORGOT_PASSWORD',
      email: user.email,
      sentToUserId: user.id,
    });
    await invite({ email: uniqueEmail('someone-else') });
    t.clock.advance(31 * 60_000);

    const res = await pending(await signIn(t.context, user));
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items;
    expect(items.map((i: { invitationId: string }) => i.invitationId)).toEqual([
      byEmail.invitation.id,
      byId.invitation.id,
    ]);
    expect(items[1]).toMatchObject({
      invitationType: TEAM,
      requiresSignIn: false,
      requiresPassword: true,
      invitationData: { sentToUserId: user.id, email: user.email, roleName: 'Admin' },
    });
    expect(items[1].token).toBeUndefined();
  });

  it('needs a session', async () => {
    expect((await pending({})).statusCode).toBe(401);
  });
});
