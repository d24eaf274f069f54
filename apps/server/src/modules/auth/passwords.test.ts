import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { registerInvitationKind } from '../invitations/kinds.js';
import { createInvitation } from '../invitations/service.js';
import { type UserRow, users } from '../users/tables.js';
import { verifyPassword } from './password.js';
import { INVALID_LINK_MESSAGE, RESET_MAILS_PER_HOUR } from './passwords.js';
import { hashToken } from './service.js';
import { invitations, sessions, trustedDevices } from './tables.js';

const OLD_PASSWORD = 'Harbor-Lights-42';
const NEW_PASSWORD = 'Tidal-Basin-907!';
const FORGOT_MESSAGE = 'If an account exists for this email, we have sent a link to reset your password.';

// An invitation kind the invitation screens can open, to test PATCH /auth/password.
const TEAM_KIND = 'TEST_PASSWORD_TEAM_INVITE';
registerInvitationKind(TEAM_KIND, { accept: async () => ({}) });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.context.database.db;

// Each request comes from its own address, so the per-client sensitive rate limit does not interfere.
let addresses = 0;
const inject = (options: InjectOptions) => {
  addresses += 1;
  return t.app.inject({
    remoteAddress: `10.1.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
    ...options,
  });
};

async function reloadUser(id: string): Promise<UserRow> {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user gone');
  return row;
}

async function addTrustedDevice(userId: string): Promise<string> {
  const id = newId();
  const now = t.clock.now();
  await db()
    .insert(trustedDevices)
    .values({
      id,
      userId,
      tokenHash: hashToken(randomBytes(32).toString('base64url')),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    });
  return id;
}

async function trustedDeviceRevokedAt(id: string): Promise<Date | null> {
  const [row] = await db().select().from(trustedDevices).where(eq(trustedDevices.id, id));
  return row?.revokedAt ?? null;
}

async function sessionRevokedAt(sessionId: string): Promise<Date | null> {
  const [row] = await db().select().from(sessions).where(eq(sessions.id, sessionId));
  return row?.revokedAt ?? null;
}

const forgot = (email: string, recaptchaToken = 'ok') =>
  inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email, recaptchaToken } });

const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password, recaptchaToken = 'ok') =>
  inject({
    method: 'PATCH',
    url: '/api/auth/reset-password',
    payload: { token, password, confirmPassword, recaptchaToken },
  });

async function outboxFor(email: string) {
  const res = await inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return res.json().data.items as { subject: string; text: string; html: string | null }[];
}

/** The token of the newest reset link mailed to `email`. */
async function resetTokenFromOutbox(email: string): Promise<string> {
  const [mail] = await outboxFor(email);
  const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

async function userWithResetLink(overrides: Partial<UserRow> = {}) {
  const user = await makeUser(t.context, { password: OLD_PASSWORD, ...overrides });
  expect((await forgot(user.email)).statusCode).toBe(200);
  return { user, token: await resetTokenFromOutbox(user.email) };
}

describe('POST /api/auth/forgot-password', () => {
  it('mails a known user a working, single-use reset link valid for 60 minutes', async () => {
    const user = await makeUser(t.context, { password: OLD_PASSWORD, firstName: 'Maya' });
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: FORGOT_MESSAGE, data: {} });

    const [mail] = await outboxFor(user.email);
    expect(mail?.subject).toBe('Reset your Ferry password');
    expect(mail?.text).toContain('Hi Maya,');
    expect(mail?.text).toContain('Ferry');
    expect(mail?.text).toContain('valid for 60 minutes');
    expect(mail?.text).toMatch(/http:\/\/localhost(:\d+)?\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toContain('Reset password');
    expect(mail?.html).toContain('valid for 60 minutes');

    const token = await resetTokenFromOutbox(user.email);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(mail?.html).toContain(token);
    // Only the hash is stored, as a FORGOT_PASSWORD invitation that expires in 60 minutes.
    const [row] = await db().select().from(invitations).where(eq(invitations.sentToUserId, user.id));
    expect(row).toMatchObject({
      invitationType: 'FORGOT_PASSWORD',
      tokenHash: hashToken(token),
      codeHash: null,
      usedAt: null,
      revokedAt: null,
    });
    expect(row?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 60 * 60_000);

    // The link works.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('answers an unknown email and a half-registered account exactly as a known one, and mails neither', async () => {
    const known = await makeUser(t.context, { password: OLD_PASSWORD });
    const halfRegistered = await makeUser(t.context, { activeStatus: 'PENDING' }); // no password yet
    const unknownEmail = `nobody.${newId()}@example.com`;

    const answers = await Promise.all([
      forgot(known.email),
      forgot(unknownEmail),
      forgot(halfRegistered.email),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(200);
    const [knownBody, ...others] = answers.map((res) => res.json());
    for (const body of others) expect(body).toEqual(knownBody);

    expect(await outboxFor(known.email)).toHaveLength(1);
    expect(await outboxFor(unknownEmail)).toHaveLength(0);
    expect(await outboxFor(halfRegistered.email)).toHaveLength(0);
    const rows = await db().select().from(invitations).where(eq(invitations.sentToUserId, halfRegistered.id));
    expect(rows).toHaveLength(0);
  });

  it('mails no link to a suspended account, with the same answer', async () => {
    const suspended = await makeUser(t.context, { password: OLD_PASSWORD, activeStatus: 'SUSPENDED' });
    const res = await forgot(suspended.email);
    expect(res.json()).toEqual({ status: true, message: FORGOT_MESSAGE, data: {} });
    expect(await outboxFor(suspended.email)).toHaveLength(0);
  });

  it('revokes older unused links of the user when a new one is requested', async () => {
    const { user, token: first } = await userWithResetLink();
    t.clock.advance(1000); // the outbox lists newest first
    await forgot(user.email);
    const second = await resetTokenFromOutbox(user.email);
    expect(second).not.toBe(first);
    const old = await reset(first);
    expect(old.statusCode).toBe(400);
    expect(old.json().errorCode).toBe('INVALID_LINK');
    expect((await reset(second)).statusCode).toBe(200);
  });

  it(`sends at most ${RESET_MAILS_PER_HOUR} links per account per hour, answering the same`, async () => {
    const user = await makeUser(t.context, { password: OLD_PASSWORD });
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i += 1) {
      const res = await forgot(user.email);
      expect(res.json()).toEqual({ status: true, message: FORGOT_MESSAGE, data: {} });
    }
    expect(await outboxFor(user.email)).toHaveLength(RESET_MAILS_PER_HOUR);
    t.clock.advance(61 * 60_000);
    await forgot(user.email);
    expect(await outboxFor(user.email)).toHaveLength(RESET_MAILS_PER_HOUR + 1);
  });

  it('refuses a failed bot check and an invalid email, and mails nothing', async () => {
    const user = await makeUser(t.context, { password: OLD_PASSWORD });
    for (const token of ['sandbox-reject', '']) {
      const res = await forgot(user.email, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'BOT_CHECK_FAILED', message: 'Invalid recaptchaToken' });
    }
    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'email', message: 'Please enter a valid email address' }]);
    expect(await outboxFor(user.email)).toHaveLength(0);
  });

  it('has the sensitive per-client rate limit', async () => {
    const email = `nobody.${newId()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '10.99.0.1',
        payload: { email, recaptchaToken: 'ok' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('builds the link from PUBLIC_URL when it is set', async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: 'https://app.ferry.example' } });
    try {
      const user = await makeUser(other.context, { password: OLD_PASSWORD });
      await other.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { host: 'evil.example' },
        payload: { email: user.email, recaptchaToken: 'ok' },
      });
      const res = await other.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${user.email}` });
      expect(res.json().data.items[0].text).toContain('https://app.ferry.example/reset-password?token=');
      expect(res.json().data.items[0].text).not.toContain('evil.example');
    } finally {
      await other.close();
    }
  });
});

describe('PATCH /api/auth/reset-password', () => {
  it('sets the password, clears the lockout, uses the link and ends every session and trusted device', async () => {
    const { user, token } = await userWithResetLink({ failedSignInCount: 100, lockedAt: t.clock.now() });
    const first = await signIn(t.context, user);
    const second = await signIn(t.context, user);
    const deviceA = await addTrustedDevice(user.id);
    const deviceB = await addTrustedDevice(user.id);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: 'Your password has been reset. Please sign in.',
      data: {},
    });

    const after = await reloadUser(user.id);
    expect(await verifyPassword(after.passwordHash ?? '', NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(after.passwordHash ?? '', OLD_PASSWORD)).toBe(false);
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(after).toMatchObject({ failedSignInCount: 0, lockedAt: null, passwordChangedAt: t.clock.now() });

    for (const headers of [first, second]) {
      expect(await sessionRevokedAt(headers['session-id'] ?? '')).not.toBeNull();
      expect((await inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
    }
    expect(await trustedDeviceRevokedAt(deviceA)).not.toBeNull();
    expect(await trustedDeviceRevokedAt(deviceB)).not.toBeNull();
    const [link] = await db()
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashToken(token)));
    expect(link?.usedAt).toEqual(t.clock.now());
  });

  it('unlocks a locked account: the new password signs in, the old one does not', async () => {
    const { user, token } = await userWithResetLink({ failedSignInCount: 100, lockedAt: t.clock.now() });
    const signInWith = (password: string) =>
      inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: user.email, password, recaptchaToken: 'ok' },
      });
    const locked = await signInWith(OLD_PASSWORD);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().errorCode).toBe('ACCOUNT_LOCKED');

    expect((await reset(token)).statusCode).toBe(200);
    const fresh = await signInWith(NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toMatchObject({ userId: user.id, isValidCredentials: true });
    const old = await signInWith(OLD_PASSWORD);
    expect(old.statusCode).toBe(401);
    expect(old.json().errorCode).toBe('INVALID_CREDENTIALS');
  });

  it('does not touch other users', async () => {
    const bystander = await makeUser(t.context, { password: OLD_PASSWORD });
    const bystanderSession = await signIn(t.context, bystander);
    const bystanderDevice = await addTrustedDevice(bystander.id);
    const { token } = await userWithResetLink();
    expect((await reset(token)).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/user', headers: bystanderSession })).statusCode).toBe(
      200,
    );
    expect(await trustedDeviceRevokedAt(bystanderDevice)).toBeNull();
    expect(await verifyPassword((await reloadUser(bystander.id)).passwordHash ?? '', OLD_PASSWORD)).toBe(
      true,
    );
  });

  it('refuses a used link', async () => {
    const { token } = await userWithResetLink();
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'Another-Pass-77!');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: INVALID_LINK_MESSAGE,
      statusCode: 400,
      errors: [],
      errorCode: 'INVALID_LINK',
    });
  });

  it('accepts a link for 60 minutes and refuses it after', async () => {
    const { user: early, token: earlyToken } = await userWithResetLink();
    const { user: late, token: lateToken } = await userWithResetLink();
    t.clock.advance(59 * 60_000);
    expect((await reset(earlyToken)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const expired = await reset(lateToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ errorCode: 'INVALID_LINK', message: INVALID_LINK_MESSAGE });
    expect(await verifyPassword((await reloadUser(late.id)).passwordHash ?? '', OLD_PASSWORD)).toBe(true);
    expect(await verifyPassword((await reloadUser(early.id)).passwordHash ?? '', NEW_PASSWORD)).toBe(true);
  });

  it('refuses an unknown token and an invitation token of another kind', async () => {
    const unknown = await reset(randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorCode).toBe('INVALID_LINK');

    const invitee = await makeUser(t.context, { password: OLD_PASSWORD });
    const { token } = await createInvitation(t.context, {
      db: db(),
      type: TEAM_KIND,
      email: invitee.email,
      sentToUserId: invitee.id,
    });
    const wrongKind = await reset(token);
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().errorCode).toBe('INVALID_LINK');
    expect(await verifyPassword((await reloadUser(invitee.id)).passwordHash ?? '', OLD_PASSWORD)).toBe(true);
  });

  it('refuses weak, common and mismatched passwords with field errors, changing nothing', async () => {
    const { user, token } = await userWithResetLink({ failedSignInCount: 3 });
    const session = await signIn(t.context, user);
    const cases: [string, string, string, string][] = [
      ['', '', 'password', 'Password is required'],
      ['Sh0rt!a', 'Sh0rt!a', 'password', 'Password must be at least 8 characters'],
      [`Aa1!${'x'.repeat(97)}`, `Aa1!${'x'.repeat(97)}`, 'password', 'Password cannot exceed 100 characters'],
      ['Harbor-Lights', 'Harbor-Lights', 'password', 'Password must contain at least one number'],
      [
        'harbor-lights-42',
        'harbor-lights-42',
        'password',
        'Password must contain at least one uppercase letter',
      ],
      [
        'HARBOR-LIGHTS-42',
        'HARBOR-LIGHTS-42',
        'password',
        'Password must contain at least one lowercase letter',
      ],
      [
        'HarborLights42',
        'HarborLights42',
        'password',
        'Password must contain at least one special character',
      ],
      ['<script>Aa1!', '<script>Aa1!', 'password', 'Password cannot contain script tags'],
      ['Harbor-Lights-42', 'Harbor-Lights-43', 'confirmPassword', 'Passwords do not match'],
      [
        'P@ssw0rd',
        'P@ssw0rd',
        'password',
        'This password is too common. Please choose a less predictable one.',
      ],
    ];
    for (const [password, confirm, field, message] of cases) {
      const res = await reset(token, password, confirm);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors, password).toContainEqual({ field, message });
    }
    const tooShortToken = await reset('short');
    expect(tooShortToken.statusCode).toBe(400);
    expect(tooShortToken.json().errors[0].field).toBe('token');

    const unchanged = await reloadUser(user.id);
    expect(unchanged.passwordHash).toBe(user.passwordHash);
    expect(unchanged.failedSignInCount).toBe(3);
    expect((await inject({ method: 'GET', url: '/api/user', headers: session })).statusCode).toBe(200);
    // The link was not used up by the refused attempts.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses a failed bot check without using the link', async () => {
    const { token } = await userWithResetLink();
    const res = await reset(token, NEW_PASSWORD, NEW_PASSWORD, 'sandbox-reject');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('BOT_CHECK_FAILED');
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent resets with the same token succeed', async () => {
    const { user, token } = await userWithResetLink();
    const results = await Promise.all([reset(token, 'First-Choice-11!'), reset(token, 'Second-Choice-22!')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.statusCode === 400);
    expect(loser?.json().errorCode).toBe('INVALID_LINK');
    const winnerPassword = results[0]?.statusCode === 200 ? 'First-Choice-11!' : 'Second-Choice-22!';
    expect(await verifyPassword((await reloadUser(user.id)).passwordHash ?? '', winnerPassword)).toBe(true);
  });

  it('is not an invitation: the invitation screens cannot open a reset link', async () => {
    const { token } = await userWithResetLink();
    const res = await inject({
      method: 'POST',
      url: `/api/auth/invitation/verify/${token}`,
      payload: { recaptchaToken: 'ok' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('INVALID_INVITATION');
    const password = await inject({
      method: 'PATCH',
      url: '/api/auth/password',
      payload: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, recaptchaToken: 'ok' },
    });
    expect(password.statusCode).toBe(400);
    expect(password.json().errorCode).toBe('INVALID_LINK');
  });
});

describe('PATCH /api/user/change-password', () => {
  const change = (headers: Record<string, string>, body: Record<string, unknown>) =>
    inject({ method: 'PATCH', url: '/api/user/change-password', headers, payload: body });

  it('needs a session', async () => {
    const res = await change(
      {},
      { oldPassword: OLD_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    );
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong old password on the oldPassword field, changing nothing', async () => {
    const user = await makeUser(t.context, { password: OLD_PASSWORD });
    const headers = await signIn(t.context, user);
    const device = await addTrustedDevice(user.id);
    const res = await change(headers, {
      oldPassword: 'Not-The-Password-1',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Old password is incorrect.',
      statusCode: 400,
      errors: [{ field: 'oldPassword', message: 'Old password is incorrect.' }],
      errorCode: 'VALIDATION_ERROR',
    });
    expect((await reloadUser(user.id)).passwordHash).toBe(user.passwordHash);
    expect((await inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
    expect(await trustedDeviceRevokedAt(device)).toBeNull();
  });

  it('validates the old password, the new password and the confirmation', async () => {
    const user = await makeUser(t.context, { password: OLD_PASSWORD });
    const headers = await signIn(t.context, user);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { oldPassword: '', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        'oldPassword',
        'Old password is required',
      ],
      [
        { oldPassword: OLD_PASSWORD, password: 'weak', confirmPassword: 'weak' },
        'password',
        'Password must be at least 8 characters',
      ],
      [
        { oldPassword: OLD_PASSWORD, password: NEW_PASSWORD, confirmPassword: 'Other-Pass-1!' },
        'confirmPassword',
        'Passwords do not match',
      ],
      [
        { oldPassword: OLD_PASSWORD, password: 'P@ssw0rd', confirmPassword: 'P@ssw0rd' },
        'password',
        'This password is too common. Please choose a less predictable one.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await change(headers, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect((await reloadUser(user.id)).passwordHash).toBe(user.passwordHash);
  });

  it('sets the password and returns a fresh session; every other session and trusted device ends', async () => {
    const user = await makeUser(t.context, { password: OLD_PASSWORD });
    const current = await signIn(t.context, user);
    const other = await signIn(t.context, user);
    const device = await addTrustedDevice(user.id);
    await forgot(user.email);
    const pendingReset = await resetTokenFromOutbox(user.email);

    const res = await change(current, {
      oldPassword: OLD_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({ token: expect.any(String), sessionId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`ferry_session=${data.sessionId}.`);
    expect(cookie).toContain('HttpOnly');

    const fresh = { authorization: `Bearer ${data.token}`, 'session-id': data.sessionId };
    expect((await inject({ method: 'GET', url: '/api/user', headers: fresh })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/user', headers: current })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/user', headers: other })).statusCode).toBe(401);
    expect(await trustedDeviceRevokedAt(device)).not.toBeNull();

    const after = await reloadUser(user.id);
    expect(await verifyPassword(after.passwordHash ?? '', NEW_PASSWORD)).toBe(true);
    expect(after.passwordChangedAt).toEqual(t.clock.now());
    // A reset link mailed before the change no longer works.
    expect((await reset(pendingReset, 'Yet-Another-Pass-3!')).json().errorCode).toBe('INVALID_LINK');
  });
});

describe('PATCH /api/auth/password (an invited user’s first password)', () => {
  const setPassword = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
    inject({
      method: 'PATCH',
      url: '/api/auth/password',
      payload: { token, password, confirmPassword, recaptchaToken: 'ok' },
    });

  async function invite(email: string, data: Record<string, unknown> = {}) {
    const { token } = await createInvitation(t.context, { db: db(), type: TEAM_KIND, email, data });
    return token;
  }

  const openInvitation = (token: string) =>
    inject({
      method: 'POST',
      url: `/api/auth/invitation/verify/${token}`,
      payload: { recaptchaToken: 'ok' },
    });

  it('sets the first password of an invitee who opened the link, with a fresh session and profile', async () => {
    const email = `ines.${newId()}@harborcoffee.com`;
    const token = await invite(email, { firstName: 'Ines', lastName: 'Ortega', country: 'ES' });
    const opened = await openInvitation(token);
    expect(opened.json().data.requiresPassword).toBe(true);
    const openedSession = {
      authorization: `Bearer ${opened.json().data.token}`,
      'session-id': opened.json().data.sessionId,
    };

    const res = await setPassword(token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toMatchObject({
      email,
      firstName: 'Ines',
      lastName: 'Ortega',
      isPasswordSet: true,
      isEmailVerified: true,
      activeStatus: 'ACTIVE',
    });
    expect(String(res.headers['set-cookie'])).toContain('ferry_session=');
    const fresh = { authorization: `Bearer ${data.token}`, 'session-id': data.sessionId };
    expect((await inject({ method: 'GET', url: '/api/user', headers: fresh })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/user', headers: openedSession })).statusCode).toBe(401);
    const user = await reloadUser(data.user.id);
    expect(await verifyPassword(user.passwordHash ?? '', NEW_PASSWORD)).toBe(true);

    const again = await setPassword(token, 'Second-Try-Pass-5!');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your password is already set. Use change password instead.');
  });

  it('needs the phone verified first where the country requires it, and the link opened', async () => {
    const usEmail = `sam.${newId()}@harborcoffee.com`;
    const usToken = await invite(usEmail, { country: 'US' });
    await openInvitation(usToken);
    const res = await setPassword(usToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please verify your email and mobile number first.');

    const notOpened = await setPassword(await invite(`kim.${newId()}@harborcoffee.com`));
    expect(notOpened.statusCode).toBe(403);
  });

  it('refuses unknown, expired and revoked links, weak passwords, and a failed bot check', async () => {
    expect((await setPassword(randomBytes(32).toString('base64url'))).json().errorCode).toBe('INVALID_LINK');

    const email = `lee.${newId()}@harborcoffee.com`;
    const token = await invite(email, { country: 'ES' });
    await openInvitation(token);
    const weak = await setPassword(token, 'weakpass');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toContainEqual({
      field: 'password',
      message: 'Password must contain at least one number',
    });
    const bot = await inject({
      method: 'PATCH',
      url: '/api/auth/password',
      payload: {
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        recaptchaToken: 'sandbox-reject',
      },
    });
    expect(bot.json().errorCode).toBe('BOT_CHECK_FAILED');

    await db()
      .update(invitations)
      .set({ revokedAt: t.clock.now() })
      .where(and(eq(invitations.tokenHash, hashToken(token))));
    expect((await setPassword(token)).json().errorCode).toBe('INVALID_LINK');

    const expiring = await invite(`ana.${newId()}@harborcoffee.com`, { country: 'ES' });
    await openInvitation(expiring);
    t.clock.advance(72 * 3_600_000 + 60_000);
    const expired = await setPassword(expiring);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ errorCode: 'INVALID_LINK', message: INVALID_LINK_MESSAGE });
  });

  it('refuses a link addressed to another email than the invitee account has', async () => {
    const invitee = await makeUser(t.context, { country: 'ES' }); // no password yet
    const { token } = await createInvitation(t.context, {
      db: db(),
      type: TEAM_KIND,
      email: `old.address.${newId()}@harborcoffee.com`,
      sentToUserId: invitee.id,
    });
    const res = await setPassword(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('INVALID_LINK');
    expect((await reloadUser(invitee.id)).passwordHash).toBeNull();
  });
});
