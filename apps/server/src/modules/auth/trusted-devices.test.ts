import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  cookiesFrom,
  makeSignInUser,
  readCodeFromOutbox,
  signInViaApi,
  signInWithCodeViaApi,
} from '../../testing/access-flow.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { hashToken, revokeTrustedDevices } from './service.js';
import { trustedDevices } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
const nextIp = () => {
  address += 1;
  return `198.51.100.${address}`;
};

const devicesOf = (userId: string) =>
  t.context.database.db.select().from(trustedDevices).where(eq(trustedDevices.userId, userId));

/** Signs in with a code and "Trust this device for 30 days" ticked; returns the browser's cookies. */
async function trustThisBrowser(made: Awaited<ReturnType<typeof makeSignInUser>>, cookies = {}) {
  const result = await signInWithCodeViaApi(t.app, {
    email: made.email,
    password: made.password,
    codeTo: made.phoneE164 ?? made.email,
    trustDevice: true,
    cookies,
    remoteAddress: nextIp(),
  });
  expect(result.usedCode).toBe(true);
  return result.cookies;
}

it('a trusted browser signs in again without a code, and only the token hash is stored', async () => {
  const made = await makeSignInUser(t.context);
  const cookies = await trustThisBrowser(made);
  const token = cookies.ferry_trusted_device ?? '';
  // 32 random bytes: 43 base64url characters.
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

  const [device] = await devicesOf(made.user.id);
  expect(device?.tokenHash).toBe(hashToken(token));
  expect(JSON.stringify(device)).not.toContain(token);
  expect(device?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 30 * 24 * 3_600_000);

  // Sign out, come back a day later: no code.
  t.clock.advance(24 * 3_600_000);
  const again = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    cookies: { ferry_trusted_device: token },
    remoteAddress: nextIp(),
  });
  expect(again.statusCode).toBe(200);
  const { data } = again.json();
  expect(data).toMatchObject({
    userId: made.user.id,
    isOTPVerificationRequired: false,
    isValidCredentials: true,
  });
  expect(data.challengeToken).toBeUndefined();
  expect(again.cookies.find((c) => c.name === 'ferry_session')?.value).toBe(
    `${data.sessionId}.${data.token}`,
  );
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { authorization: `Bearer ${data.token}`, 'session-id': data.sessionId },
  });
  expect(me.statusCode).toBe(200);
  expect((await devicesOf(made.user.id))[0]?.lastUsedAt?.toISOString()).toBe(t.clock.now().toISOString());

  // The password is still checked.
  const wrong = await signInViaApi(t.app, {
    email: made.email,
    password: 'Wrong-Password-1',
    cookies: { ferry_trusted_device: token },
    remoteAddress: nextIp(),
  });
  expect(wrong.statusCode).toBe(401);
});

/** The code step after a sign-in answer, as the browser's dialog does it; returns the verify answer. */
async function enterCode(
  app: TestApp['app'],
  signedIn: LightMyRequestResponse,
  codeTo: string,
  extra: Record<string, unknown> = {},
) {
  const cookies = cookiesFrom(signedIn);
  const { userId } = signedIn.json().data;
  const sent = await app.inject({
    method: 'POST',
    url: `/api/otp/send-sign-in-otp/${userId}`,
    cookies,
    payload: { recaptchaToken: 'ok' },
  });
  const otp = await readCodeFromOutbox(app, codeTo);
  return app.inject({
    method: 'POST',
    url: `/api/otp/verify-sign-in-otp/${userId}`,
    cookies,
    payload: { requestId: sent.json().data.requestId, otp, recaptchaToken: 'ok', ...extra },
  });
}

it('sets the trusted-device cookie HttpOnly, SameSite=Strict, for /api, for 30 days', async () => {
  const made = await makeSignInUser(t.context);
  const signedIn = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    remoteAddress: nextIp(),
  });
  const res = await enterCode(t.app, signedIn, made.phoneE164 ?? '', { isRegisterTrustedDevice: true });
  const cookie = res.cookies.find((c) => c.name === 'ferry_trusted_device');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
  expect(cookie?.secure).toBeFalsy(); // plain-http test server
  expect(cookie?.expires?.getTime()).toBe(t.clock.now().getTime() + 30 * 24 * 3_600_000);
});

it('never trusts a private window: isIncognito at the code step or at sign-in', async () => {
  const made = await makeSignInUser(t.context);
  const viaVerify = await signInWithCodeViaApi(t.app, {
    email: made.email,
    password: made.password,
    codeTo: made.phoneE164 ?? '',
    trustDevice: true,
    isIncognito: true,
    remoteAddress: nextIp(),
  });
  expect(viaVerify.cookies.ferry_trusted_device).toBeUndefined();

  // Incognito at the password step is remembered on the challenge, even if the code step omits it.
  t.clock.advance(2 * 60_000);
  const signedIn = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    isIncognito: true,
    remoteAddress: nextIp(),
  });
  const res = await enterCode(t.app, signedIn, made.phoneE164 ?? '', { isRegisterTrustedDevice: true });
  expect(res.statusCode).toBe(200);
  expect(res.cookies.find((c) => c.name === 'ferry_trusted_device')).toBeUndefined();
  expect(await devicesOf(made.user.id)).toHaveLength(0);
});

it('a private window asks for the code even with a trusted-device cookie', async () => {
  const made = await makeSignInUser(t.context);
  const cookies = await trustThisBrowser(made);
  const res = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    isIncognito: true,
    cookies,
    remoteAddress: nextIp(),
  });
  expect(res.json().data.isOTPVerificationRequired).toBe(true);
});

it('a trusted device expires after 30 days', async () => {
  const made = await makeSignInUser(t.context);
  const cookies = await trustThisBrowser(made);
  t.clock.advance(30 * 24 * 3_600_000 - 60_000);
  const before = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    cookies,
    remoteAddress: nextIp(),
  });
  expect(before.json().data.isOTPVerificationRequired).toBe(false);
  t.clock.advance(60_000);
  const after = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    cookies,
    remoteAddress: nextIp(),
  });
  expect(after.json().data.isOTPVerificationRequired).toBe(true);
  expect(after.json().data.token).toBeUndefined();
});

it('a revoked trusted device (password change or reset) needs the code again', async () => {
  const made = await makeSignInUser(t.context);
  const cookies = await trustThisBrowser(made);
  await revokeTrustedDevices({ db: t.context.database.db, clock: t.clock, userId: made.user.id });
  const res = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    cookies,
    remoteAddress: nextIp(),
  });
  expect(res.json().data.isOTPVerificationRequired).toBe(true);
});

it('user A’s trusted device does not skip user B’s code', async () => {
  const alice = await makeSignInUser(t.context);
  const bob = await makeSignInUser(t.context);
  const cookies = await trustThisBrowser(alice);
  const res = await signInViaApi(t.app, {
    email: bob.email,
    password: bob.password,
    cookies,
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.isOTPVerificationRequired).toBe(true);
  expect(res.json().data.token).toBeUndefined();
  // A made-up token does not either.
  const forged = await signInViaApi(t.app, {
    email: alice.email,
    password: alice.password,
    cookies: { ferry_trusted_device: 'x'.repeat(43) },
    remoteAddress: nextIp(),
  });
  expect(forged.json().data.isOTPVerificationRequired).toBe(true);
});

it('marks the cookies Secure when the public URL is https', async () => {
  const secure = await createTestApp({ env: { PUBLIC_URL: 'https://ferry.example.com' } });
  try {
    const made = await makeSignInUser(secure.context);
    const signedIn = await signInViaApi(secure.app, { email: made.email, password: made.password });
    expect(signedIn.cookies.find((c) => c.name === 'ferry_sign_in')?.secure).toBe(true);
    const res = await enterCode(secure.app, signedIn, made.phoneE164 ?? '', {
      isRegisterTrustedDevice: true,
    });
    expect(res.cookies.find((c) => c.name === 'ferry_session')?.secure).toBe(true);
    expect(res.cookies.find((c) => c.name === 'ferry_trusted_device')?.secure).toBe(true);
  } finally {
    await secure.close();
  }
});
