import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cookiesFrom, makeSignInUser, readCodeFromOutbox, signInViaApi } from '../../testing/access-flow.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { hashToken } from '../auth/service.js';
import { sessions, signInChallenges } from '../auth/tables.js';
import { users } from '../users/tables.js';

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

interface Started {
  userId: string;
  challengeToken: string;
  cookies: Record<string, string>;
  codeTo: string;
  ip: string;
}

/** The password step of a sign-in that needs a code. */
async function startSignIn(options: { phone?: { verified: boolean } | null; isIncognito?: boolean } = {}) {
  const made = await makeSignInUser(t.context, { phone: options.phone });
  const ip = nextIp();
  const res = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    isIncognito: options.isIncognito,
    remoteAddress: ip,
  });
  expect(res.json().data.isOTPVerificationRequired).toBe(true);
  const started: Started = {
    userId: made.user.id,
    challengeToken: res.json().data.challengeToken,
    cookies: cookiesFrom(res),
    codeTo: made.phoneE164 ?? made.email,
    ip,
  };
  return started;
}

const send = (
  started: Started,
  options: { cookies?: Record<string, string>; payload?: object; userId?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/otp/send-sign-in-otp/${options.userId ?? started.userId}`,
    remoteAddress: started.ip,
    cookies: options.cookies ?? started.cookies,
    payload: { recaptchaToken: 'ok', ...options.payload },
  });

const verify = (
  started: Started,
  payload: Record<string, unknown>,
  options: { cookies?: Record<string, string>; userId?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/otp/verify-sign-in-otp/${options.userId ?? started.userId}`,
    remoteAddress: started.ip,
    cookies: options.cookies ?? started.cookies,
    payload: { recaptchaToken: 'ok', ...payload },
  });

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');
const failedCount = async (userId: string) =>
  (await t.context.database.db.select().from(users).where(eq(users.id, userId)))[0]?.failedSignInCount;

it('sends the code to the primary phone and signs in with it', async () => {
  const started = await startSignIn();
  const sent = await send(started);
  expect(sent.statusCode).toBe(200);
  const { requestId, resendAvailableAt, expiresAt } = sent.json().data;
  expect(new Date(resendAvailableAt).getTime()).toBe(t.clock.now().getTime() + 90_000);
  expect(new Date(expiresAt).getTime()).toBe(t.clock.now().getTime() + 10 * 60_000);
  const otp = await readCodeFromOutbox(t.app, started.codeTo);

  const res = await verify(started, { requestId, otp });
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(data.user).toMatchObject({ id: started.userId, isPasswordSet: true });
  const session = res.cookies.find((c) => c.name === 'ferry_session');
  expect(session).toMatchObject({ value: `${data.sessionId}.${data.token}`, httpOnly: true });
  // The challenge cookie is cleared, no device is trusted unless asked.
  expect(res.cookies.find((c) => c.name === 'ferry_sign_in')?.value).toBe('');
  expect(res.cookies.find((c) => c.name === 'ferry_trusted_device')).toBeUndefined();

  const me = await t.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { authorization: `Bearer ${data.token}`, 'session-id': data.sessionId },
  });
  expect(me.json().data.id).toBe(started.userId);

  // Only the token's hash is stored.
  const [row] = await t.context.database.db.select().from(sessions).where(eq(sessions.id, data.sessionId));
  expect(row?.tokenHash).toBe(hashToken(data.token));
  expect(JSON.stringify(row)).not.toContain(data.token);

  // The challenge is used up: the same code flow cannot run twice.
  const [challenge] = await t.context.database.db
    .select()
    .from(signInChallenges)
    .where(eq(signInChallenges.userId, started.userId));
  expect(challenge?.completedAt?.toISOString()).toBe(t.clock.now().toISOString());
  t.clock.advance(91_000);
  expect((await send(started)).statusCode).toBe(401);
});

it('needs the challenge: none, another user’s, or an expired one is refused', async () => {
  const alice = await startSignIn();
  const bob = await startSignIn();

  const none = await send(alice, { cookies: {} });
  expect(none.statusCode).toBe(401);
  expect(none.json()).toMatchObject({
    errorCode: 'SIGN_IN_EXPIRED',
    message: 'Your sign-in has expired. Please sign in again.',
  });
  // Bob's challenge does not open Alice's sign-in, by cookie or by body.
  expect((await send(alice, { cookies: bob.cookies })).statusCode).toBe(401);
  expect(
    (await send(alice, { cookies: {}, payload: { challengeToken: bob.challengeToken } })).statusCode,
  ).toBe(401);
  expect(
    (await verify(alice, { requestId: '0123456789abcdef01234567', otp: '123456' }, { cookies: bob.cookies }))
      .statusCode,
  ).toBe(401);
  expect(
    (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(alice.codeTo)}` })
    ).json().data.items,
  ).toHaveLength(0);

  // An API client without cookies sends the challenge in the body.
  const byBody = await send(alice, { cookies: {}, payload: { challengeToken: alice.challengeToken } });
  expect(byBody.statusCode).toBe(200);

  // Ten minutes later the challenge is gone.
  t.clock.advance(10 * 60_000);
  const late = await verify(alice, {
    requestId: byBody.json().data.requestId,
    otp: await readCodeFromOutbox(t.app, alice.codeTo),
  });
  expect(late.statusCode).toBe(401);
  expect(late.json().errorCode).toBe('SIGN_IN_EXPIRED');
});

it('refuses a wrong code with INVALID_OTP and counts it toward the lockout', async () => {
  const started = await startSignIn();
  const sent = await send(started);
  const { requestId } = sent.json().data;
  const otp = await readCodeFromOutbox(t.app, started.codeTo);

  const wrong = await verify(started, { requestId, otp: otherCode(otp) });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json()).toMatchObject({ message: 'Invalid OTP', errorCode: 'INVALID_OTP' });
  expect(wrong.cookies).toEqual([]);
  expect(await failedCount(started.userId)).toBe(1);

  // The 100th consecutive failure locks the account, and the right code no longer helps.
  await t.context.database.db
    .update(users)
    .set({ failedSignInCount: 99 })
    .where(eq(users.id, started.userId));
  const hundredth = await verify(started, { requestId, otp: otherCode(otp) });
  expect(hundredth.statusCode).toBe(423);
  expect(hundredth.json().errorCode).toBe('ACCOUNT_LOCKED');
  const right = await verify(started, { requestId, otp });
  expect(right.statusCode).toBe(423);
  expect((await send(started)).statusCode).toBe(423);
});

it('does not accept a code of another purpose or another user', async () => {
  const alice = await startSignIn();
  const bob = await startSignIn();
  const bobSent = await send(bob);
  const bobCode = await readCodeFromOutbox(t.app, bob.codeTo);
  const res = await verify(alice, { requestId: bobSent.json().data.requestId, otp: bobCode });
  expect(res.statusCode).toBe(400);
  expect(res.json().errorCode).toBe('INVALID_OTP');
});

it('keeps the 90-second resend wait and the bot check', async () => {
  const started = await startSignIn();
  const rejected = await send(started, { payload: { recaptchaToken: 'sandbox-reject' } });
  expect(rejected.statusCode).toBe(400);
  expect(rejected.json().errorCode).toBe('BOT_CHECK_FAILED');
  expect(
    (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(started.codeTo)}` })
    ).json().data.items,
  ).toHaveLength(0);

  expect((await send(started)).statusCode).toBe(200);
  t.clock.advance(30_000);
  const again = await send(started);
  expect(again.statusCode).toBe(429);
  expect(again.json().errorCode).toBe('OTP_RESEND_TOO_SOON');
  expect(again.headers['retry-after']).toBe('60');
  t.clock.advance(60_000);
  expect((await send(started)).statusCode).toBe(200);

  const verifyRejected = await verify(started, {
    requestId: '0123456789abcdef01234567',
    otp: '123456',
    recaptchaToken: 'sandbox-reject',
  });
  expect(verifyRejected.statusCode).toBe(400);
  expect(await failedCount(started.userId)).toBe(0);
});

it('sends the code by email to an account without a phone', async () => {
  const started = await startSignIn({ phone: null });
  const sent = await send(started);
  expect(sent.statusCode).toBe(200);
  const otp = await readCodeFromOutbox(t.app, started.codeTo);
  expect((await verify(started, { requestId: sent.json().data.requestId, otp })).statusCode).toBe(200);
});

it('marks an unverified primary phone verified once the sign-in code sent to it is entered', async () => {
  const started = await startSignIn({ phone: { verified: false } });
  const sent = await send(started);
  const otp = await readCodeFromOutbox(t.app, started.codeTo);
  const res: LightMyRequestResponse = await verify(started, { requestId: sent.json().data.requestId, otp });
  expect(res.json().data.user).toMatchObject({
    isPhoneNumberVerified: true,
    phones: [expect.objectContaining({ isPrimary: true, isPhoneNumberVerified: true })],
  });
});

it('validates the user id and the code format', async () => {
  const started = await startSignIn();
  expect((await send(started, { userId: 'not-an-id' })).statusCode).toBe(400);
  const res = await verify(started, { requestId: '0123456789abcdef01234567', otp: '12a' });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toContainEqual({
    field: 'otp',
    message: 'Please enter a 6-digit verification code',
  });
});
