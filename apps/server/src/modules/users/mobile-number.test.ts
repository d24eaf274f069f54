import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cookiesFrom, makeSignInUser, readCodeFromOutbox, signInViaApi } from '../../testing/access-flow.js';
import { signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { userPhones, users } from './tables.js';

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

const usPhone = (phoneNumber: string) => ({ phoneNumber, countryCode: '1', countryISOCode: 'us' });

const changeNumber = (options: {
  phoneNumber: string;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
  ip?: string;
}) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/user/mobile-number',
    remoteAddress: options.ip ?? nextIp(),
    cookies: options.cookies,
    headers: options.headers,
    payload: { phones: [usPhone(options.phoneNumber)], recaptchaToken: 'ok', ...options.extra },
  });

const primaryPhone = async (userId: string) =>
  (
    await t.context.database.db
      .select()
      .from(userPhones)
      .where(and(eq(userPhones.userId, userId), eq(userPhones.isPrimary, true)))
  )[0];
const outboxTo = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json().data
    .items;

it('during a sign-in, corrects a never-verified number: the code goes there and verifying marks it verified', async () => {
  const made = await makeSignInUser(t.context, { phone: { verified: false } });
  const ip = nextIp();
  const signedIn = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    remoteAddress: ip,
  });
  const cookies = cookiesFrom(signedIn);

  const res = await changeNumber({ phoneNumber: '2125550188', cookies, extra: { userId: made.user.id }, ip });
  expect(res.statusCode).toBe(200);
  const { requestId } = res.json().data;
  expect(await outboxTo(made.phoneE164 ?? '')).toHaveLength(0);
  const [sms] = await outboxTo('+12125550188');
  expect(sms.text).toContain('sign in');
  expect(await primaryPhone(made.user.id)).toMatchObject({ e164: '+12125550188', isVerified: false });

  const otp = await readCodeFromOutbox(t.app, '+12125550188');
  const verified = await t.app.inject({
    method: 'POST',
    url: `/api/otp/verify-sign-in-otp/${made.user.id}`,
    remoteAddress: ip,
    cookies,
    payload: { requestId, otp, recaptchaToken: 'ok' },
  });
  expect(verified.statusCode).toBe(200);
  expect(verified.json().data.user).toMatchObject({
    isPhoneNumberVerified: true,
    phones: [{ phoneNumber: '2125550188', isPrimary: true, isPhoneNumberVerified: true }],
  });
  expect(await primaryPhone(made.user.id)).toMatchObject({ e164: '+12125550188', isVerified: true });
});

it('during a sign-in, works with the challenge token in the body (no cookies)', async () => {
  const made = await makeSignInUser(t.context, { phone: { verified: false } });
  const signedIn = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    remoteAddress: nextIp(),
  });
  const res = await changeNumber({
    phoneNumber: '2125550187',
    extra: { challengeToken: signedIn.json().data.challengeToken },
  });
  expect(res.statusCode).toBe(200);
  expect(await primaryPhone(made.user.id)).toMatchObject({ e164: '+12125550187' });
});

it('during a sign-in, will not replace a verified number (the password alone must not move the code)', async () => {
  const made = await makeSignInUser(t.context);
  const signedIn = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    remoteAddress: nextIp(),
  });
  const res = await changeNumber({ phoneNumber: '2125550186', cookies: cookiesFrom(signedIn) });
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe(
    'For your security, a verified mobile number can only be changed after signing in.',
  );
  expect(await primaryPhone(made.user.id)).toMatchObject({ e164: made.phoneE164, isVerified: true });
  expect(await outboxTo('+12125550186')).toHaveLength(0);
});

it('needs a session or an open sign-in challenge', async () => {
  const none = await changeNumber({ phoneNumber: '2125550185' });
  expect(none.statusCode).toBe(401);
  expect(none.json().errorCode).toBe('UNAUTHENTICATED');

  const made = await makeSignInUser(t.context, { phone: { verified: false } });
  const signedIn = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    remoteAddress: nextIp(),
  });
  const cookies = cookiesFrom(signedIn);
  // Another user's id with this challenge is refused, as is the challenge after 10 minutes.
  const other = await makeSignInUser(t.context, { phone: { verified: false } });
  const wrongUser = await changeNumber({
    phoneNumber: '2125550185',
    cookies,
    extra: { userId: other.user.id },
  });
  expect(wrongUser.statusCode).toBe(401);
  expect(wrongUser.json().errorCode).toBe('SIGN_IN_EXPIRED');
  t.clock.advance(10 * 60_000);
  expect((await changeNumber({ phoneNumber: '2125550185', cookies })).statusCode).toBe(401);
  expect(await primaryPhone(made.user.id)).toMatchObject({ e164: made.phoneE164 });
  expect(await primaryPhone(other.user.id)).toMatchObject({ e164: other.phoneE164 });
});

it('refuses a number linked to another account, signed in or signing in', async () => {
  const owner = await makeSignInUser(t.context);
  const made = await makeSignInUser(t.context, { phone: { verified: false } });
  const national = (owner.phoneE164 ?? '').slice(2);

  const signedIn = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    remoteAddress: nextIp(),
  });
  const during = await changeNumber({ phoneNumber: national, cookies: cookiesFrom(signedIn) });
  expect(during.statusCode).toBe(409);
  expect(during.json()).toMatchObject({
    message: 'The mobile number you entered is already linked to a different account.',
    errors: [
      {
        field: 'phoneNumber',
        message: 'The mobile number you entered is already linked to a different account.',
      },
    ],
  });

  const headers = await signIn(t.context, made.user);
  const after = await changeNumber({ phoneNumber: national, headers });
  expect(after.statusCode).toBe(409);
  expect(await primaryPhone(made.user.id)).toMatchObject({ e164: made.phoneE164 });
  expect(await outboxTo(owner.phoneE164 ?? '')).toHaveLength(0);
});

it('signed in: the new number replaces the primary one, unverified, and gets a phone-verification code', async () => {
  const made = await makeSignInUser(t.context);
  const headers = await signIn(t.context, made.user);
  const res = await changeNumber({ phoneNumber: '2125550184', headers });
  expect(res.statusCode).toBe(200);
  expect(await primaryPhone(made.user.id)).toMatchObject({ e164: '+12125550184', isVerified: false });
  const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers })).json().data;
  expect(me.isPhoneNumberVerified).toBe(false);
  expect(me.phones).toHaveLength(1);

  const otp = await readCodeFromOutbox(t.app, '+12125550184');
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/otp/verify/phone',
    headers,
    payload: { requestId: res.json().data.requestId, otp, recaptchaToken: 'ok' },
  });
  expect(verified.statusCode).toBe(200);
  expect(await primaryPhone(made.user.id)).toMatchObject({ e164: '+12125550184', isVerified: true });
  const [row] = await t.context.database.db.select().from(users).where(eq(users.id, made.user.id));
  expect(row?.isPhoneNumberVerified).toBe(true);
});

it('signed in with no phone yet: adds the primary phone', async () => {
  const made = await makeSignInUser(t.context, { phone: null });
  const headers = await signIn(t.context, made.user);
  expect((await changeNumber({ phoneNumber: '2125550183', headers })).statusCode).toBe(200);
  expect(await primaryPhone(made.user.id)).toMatchObject({ e164: '+12125550183', countryIsoCode: 'us' });
});

it('keeps the 90-second wait: a refused send changes nothing', async () => {
  const made = await makeSignInUser(t.context);
  const headers = await signIn(t.context, made.user);
  expect((await changeNumber({ phoneNumber: '2125550182', headers })).statusCode).toBe(200);
  const again = await changeNumber({ phoneNumber: '2125550181', headers });
  expect(again.statusCode).toBe(429);
  expect(await primaryPhone(made.user.id)).toMatchObject({ e164: '+12125550182' });
});

it('validates the phone and the bot check', async () => {
  const made = await makeSignInUser(t.context);
  const headers = await signIn(t.context, made.user);
  const invalid = await changeNumber({ phoneNumber: '12', headers });
  expect(invalid.statusCode).toBe(400);
  expect(invalid.json().message).toBe('Please enter valid phone number.');
  const bot = await changeNumber({
    phoneNumber: '2125550180',
    headers,
    extra: { recaptchaToken: 'sandbox-reject' },
  });
  expect(bot.statusCode).toBe(400);
  expect(bot.json().errorCode).toBe('BOT_CHECK_FAILED');
  expect(await primaryPhone(made.user.id)).toMatchObject({ e164: made.phoneE164 });
});

it('refuses a cookie-session change from another origin', async () => {
  const made = await makeSignInUser(t.context);
  // The cookies a browser holds after a sign-in with a code.
  const signedIn = await signInViaApi(t.app, {
    email: made.email,
    password: made.password,
    remoteAddress: nextIp(),
  });
  const cookies = cookiesFrom(signedIn);
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/otp/send-sign-in-otp/${made.user.id}`,
    cookies,
    payload: { recaptchaToken: 'ok' },
  });
  const otp = await readCodeFromOutbox(t.app, made.phoneE164 ?? '');
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/otp/verify-sign-in-otp/${made.user.id}`,
    cookies,
    payload: { requestId: sent.json().data.requestId, otp, recaptchaToken: 'ok' },
  });
  const browser = cookiesFrom(done, cookies);
  expect(browser.ferry_session).toBeDefined();
  const cross = await changeNumber({
    phoneNumber: '2125550179',
    cookies: browser,
    headers: { origin: 'https://evil.example', host: 'localhost:80' },
  });
  expect(cross.statusCode).toBe(403);
  expect(cross.json().errorCode).toBe('CROSS_ORIGIN_REQUEST');
  const same = await changeNumber({
    phoneNumber: '2125550179',
    cookies: browser,
    headers: { origin: 'http://localhost:80', host: 'localhost:80' },
  });
  expect(same.statusCode).toBe(200);
});
