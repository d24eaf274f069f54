import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { makeSignInUser, signInViaApi, signInWithCodeViaApi } from '../../testing/access-flow.js';
import { makeUser } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { users } from '../users/tables.js';
import { hashPassword, verifyPassword } from './password.js';
import { hashToken } from './service.js';
import { signInChallenges } from './tables.js';

// The real argon2 verification, watched: an unknown email must cost the same work as a wrong password.
vi.mock('./password.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./password.js')>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every test signs in from its own address, so the per-IP limit of sensitive routes stays out of the way.
let address = 0;
const nextIp = () => {
  address += 1;
  return `198.51.100.${address}`;
};

const userRow = async (id: string) => {
  const [row] = await t.context.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('user gone');
  return row;
};
const challengesOf = (userId: string) =>
  t.context.database.db.select().from(signInChallenges).where(eq(signInChallenges.userId, userId));

it('asks for a code on a new device, with a challenge in an HttpOnly cookie and the masked phone', async () => {
  const { user, email, password, phoneE164 } = await makeSignInUser(t.context);
  const res = await signInViaApi(t.app, { email, password, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  expect(data).toMatchObject({
    userId: user.id,
    isValidCredentials: true,
    isOTPVerificationRequired: true,
    primaryPhone: { countryCode: '1', countryISOCode: 'us', phoneNumber: `*** ${phoneE164?.slice(-4)}` },
  });
  expect(data.token).toBeUndefined();
  expect(data.sessionId).toBeUndefined();
  // 32 random bytes: 43 base64url characters, 256 bits.
  expect(data.challengeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const cookie = res.cookies.find((c) => c.name === 'ferry_sign_in');
  expect(cookie).toMatchObject({
    value: data.challengeToken,
    httpOnly: true,
    path: '/api',
    sameSite: 'Strict',
  });
  expect(res.cookies.find((c) => c.name === 'ferry_session')).toBeUndefined();

  // Only the hash of the challenge secret is stored; it lives 10 minutes.
  const [challenge] = await challengesOf(user.id);
  expect(challenge?.secretHash).toBe(hashToken(data.challengeToken));
  expect(challenge?.secretHash).not.toContain(data.challengeToken);
  expect(challenge?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 10 * 60_000);
  expect(challenge?.completedAt).toBeNull();
});

it('answers an unknown email and a wrong password with the same 401 body', async () => {
  const { user, email } = await makeSignInUser(t.context);
  const wrong = await signInViaApi(t.app, { email, password: 'Not-The-Password-1', remoteAddress: nextIp() });
  const unknown = await signInViaApi(t.app, {
    email: 'nobody.here@chenfoods.com',
    password: 'Not-The-Password-1',
    remoteAddress: nextIp(),
  });
  expect(wrong.statusCode).toBe(401);
  expect(unknown.statusCode).toBe(401);
  expect(wrong.body).toBe(unknown.body);
  expect(wrong.json()).toEqual({
    message: 'Invalid email or password. Please try again.',
    statusCode: 401,
    errors: [],
    errorCode: 'INVALID_CREDENTIALS',
  });
  expect(wrong.cookies).toEqual([]);
  expect(unknown.cookies).toEqual([]);
  expect((await userRow(user.id)).failedSignInCount).toBe(1);
  expect(await challengesOf(user.id)).toHaveLength(0);
});

it('verifies an unknown email against a dummy argon2id hash with the real parameters', async () => {
  vi.mocked(verifyPassword).mockClear();
  await signInViaApi(t.app, {
    email: 'no.account@chenfoods.com',
    password: 'Guess-Password-9',
    remoteAddress: nextIp(),
  });
  expect(verifyPassword).toHaveBeenCalledTimes(1);
  const [dummyHash, password] = vi.mocked(verifyPassword).mock.calls[0] ?? [];
  expect(password).toBe('Guess-Password-9');
  const realHash = await hashPassword('Harbor-Lights-42');
  // Same algorithm, version and cost parameters as a stored password.
  expect(dummyHash?.split('$').slice(0, 4)).toEqual(realHash.split('$').slice(0, 4));

  vi.mocked(verifyPassword).mockClear();
  const { email } = await makeSignInUser(t.context);
  await signInViaApi(t.app, { email, password: 'Guess-Password-9', remoteAddress: nextIp() });
  expect(verifyPassword).toHaveBeenCalledTimes(1);
});

it('answers a deleted account like an unknown email, and refuses a suspended one after the password', async () => {
  const deleted = await makeSignInUser(t.context, { overrides: { activeStatus: 'DELETED' } });
  const res = await signInViaApi(t.app, {
    email: deleted.email,
    password: deleted.password,
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(401);
  expect(res.json().errorCode).toBe('INVALID_CREDENTIALS');

  const suspended = await makeSignInUser(t.context, { overrides: { activeStatus: 'SUSPENDED' } });
  const wrong = await signInViaApi(t.app, {
    email: suspended.email,
    password: 'Not-The-Password-1',
    remoteAddress: nextIp(),
  });
  expect(wrong.json().errorCode).toBe('INVALID_CREDENTIALS');
  const right = await signInViaApi(t.app, {
    email: suspended.email,
    password: suspended.password,
    remoteAddress: nextIp(),
  });
  expect(right.statusCode).toBe(403);
  expect(await challengesOf(suspended.user.id)).toHaveLength(0);
});

it('tells a user whose sign-up is not finished to complete it', async () => {
  const user = await makeUser(t.context, { activeStatus: 'PENDING' });
  const res = await signInViaApi(t.app, {
    email: user.email,
    password: 'Anything-123!',
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({
    message: 'Please complete the signup before signing in.',
    errorCode: 'SIGNUP_INCOMPLETE',
  });
});

it('locks the account at 100 consecutive failures; then even the right password gets 423', async () => {
  const { user, email, password } = await makeSignInUser(t.context);
  await t.context.database.db.update(users).set({ failedSignInCount: 98 }).where(eq(users.id, user.id));

  const ninetyNinth = await signInViaApi(t.app, {
    email,
    password: 'Wrong-Password-1',
    remoteAddress: nextIp(),
  });
  expect(ninetyNinth.statusCode).toBe(401);
  expect((await userRow(user.id)).lockedAt).toBeNull();

  const hundredth = await signInViaApi(t.app, {
    email,
    password: 'Wrong-Password-1',
    remoteAddress: nextIp(),
  });
  expect(hundredth.statusCode).toBe(423);
  expect(hundredth.json()).toMatchObject({
    message: 'Too many failed attempts. Reset your password to unlock your account.',
    errorCode: 'ACCOUNT_LOCKED',
  });
  const locked = await userRow(user.id);
  expect(locked.failedSignInCount).toBe(100);
  expect(locked.lockedAt?.toISOString()).toBe(t.clock.now().toISOString());

  const right = await signInViaApi(t.app, { email, password, remoteAddress: nextIp() });
  expect(right.statusCode).toBe(423);
  expect(right.json().errorCode).toBe('ACCOUNT_LOCKED');
  expect(await challengesOf(user.id)).toHaveLength(0);
  expect((await userRow(user.id)).failedSignInCount).toBe(100);
});

it('starts the failure count over only when a sign-in succeeds, and records when', async () => {
  const { user, email, password, phoneE164 } = await makeSignInUser(t.context);
  const ip = nextIp();
  await signInViaApi(t.app, { email, password: 'Wrong-Password-1', remoteAddress: ip });
  await signInViaApi(t.app, { email, password: 'Wrong-Password-2', remoteAddress: ip });
  expect((await userRow(user.id)).failedSignInCount).toBe(2);

  // The right password alone is not a sign-in yet: the code step may still fail.
  await signInViaApi(t.app, { email, password, remoteAddress: ip });
  expect((await userRow(user.id)).failedSignInCount).toBe(2);
  expect((await userRow(user.id)).lastSignInAt).toBeNull();

  t.clock.advance(2 * 60_000);
  await signInWithCodeViaApi(t.app, { email, password, codeTo: phoneE164 ?? '', remoteAddress: ip });
  const after = await userRow(user.id);
  expect(after.failedSignInCount).toBe(0);
  expect(after.lastSignInAt?.toISOString()).toBe(t.clock.now().toISOString());
});

it('refuses a failed bot check with 400 and changes nothing', async () => {
  const { user, email, password } = await makeSignInUser(t.context);
  const wrong = await signInViaApi(t.app, {
    email,
    password: 'Wrong-Password-1',
    recaptchaToken: 'sandbox-reject',
    remoteAddress: nextIp(),
  });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json()).toMatchObject({ message: 'Invalid recaptchaToken', errorCode: 'BOT_CHECK_FAILED' });
  const right = await signInViaApi(t.app, {
    email,
    password,
    recaptchaToken: 'sandbox-reject',
    remoteAddress: nextIp(),
  });
  expect(right.statusCode).toBe(400);
  expect(right.cookies).toEqual([]);
  expect((await userRow(user.id)).failedSignInCount).toBe(0);
  expect(await challengesOf(user.id)).toHaveLength(0);
});

it('validates the request with the shared schema', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: nextIp(),
    payload: { email: 'riley@chenfoods.com', password: '', recaptchaToken: 'ok' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toContainEqual({ field: 'password', message: 'Password is required' });
});

it('allows 10 attempts per account in 15 minutes, known or unknown email alike', async () => {
  const { user, email, password } = await makeSignInUser(t.context);
  const unknownEmail = 'ghost.account@chenfoods.com';
  for (const target of [email, unknownEmail]) {
    for (let i = 0; i < 10; i += 1) {
      const res = await signInViaApi(t.app, {
        email: target,
        password: 'Wrong-Password-1',
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(401);
    }
  }
  const known = await signInViaApi(t.app, { email, password, remoteAddress: nextIp() });
  const unknown = await signInViaApi(t.app, { email: unknownEmail, password, remoteAddress: nextIp() });
  expect(known.statusCode).toBe(429);
  expect(known.json()).toEqual({
    message: 'Too many sign-in attempts. Please try again in 15 minutes.',
    statusCode: 429,
    errors: [],
    errorCode: 'RATE_LIMITED',
  });
  expect(known.headers['retry-after']).toBe('900');
  expect(unknown.body).toBe(known.body);
  // Refused attempts do not reach the password check.
  expect((await userRow(user.id)).failedSignInCount).toBe(10);

  // Another account is not affected; the email's case does not matter.
  const other = await makeSignInUser(t.context);
  expect((await signInViaApi(t.app, { email: other.email, password: other.password })).statusCode).toBe(200);
  expect(
    (await signInViaApi(t.app, { email: email.toUpperCase(), password, remoteAddress: nextIp() })).statusCode,
  ).toBe(429);

  t.clock.advance(15 * 60_000);
  expect((await signInViaApi(t.app, { email, password, remoteAddress: nextIp() })).statusCode).toBe(200);
});

it('has a per-IP limit on sign-in (20 a minute)', async () => {
  const ip = nextIp();
  const statuses: number[] = [];
  for (let i = 0; i < 21; i += 1) {
    const res = await signInViaApi(t.app, {
      email: `someone${i}@chenfoods.com`,
      password: 'Wrong-Password-1',
      remoteAddress: ip,
    });
    statuses.push(res.statusCode);
  }
  expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
  expect(statuses[20]).toBe(429);
});
