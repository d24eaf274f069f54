import { PASSWORD_WEAK_MESSAGE } from '@ferry/domain/schemas';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpViaApi, verifyViaApi } from '../../testing/access-flow.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { COMMON_PASSWORD_COUNT } from './common-passwords.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setPassword = (headers: Record<string, string>, password: string, confirmPassword = password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/set-password',
    headers,
    payload: { password, confirmPassword, recaptchaToken: 'ok' },
  });

it('sets the first password of a verified user, activates them and replaces the session', async () => {
  const headers = await signUpViaApi(t.app, { email: 'riley@chenfoods.com', phoneNumber: '4155550161' });
  await verifyViaApi(t.app, headers, { email: 'riley@chenfoods.com', phoneE164: '+14155550161' });
  const res = await setPassword(headers, 'Harbor-Lights-42');
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  expect(data.user).toMatchObject({
    activeStatus: 'ACTIVE',
    isPasswordSet: true,
    isEmailVerified: true,
    isPhoneNumberVerified: true,
  });
  expect(data.sessionId).not.toBe(headers['session-id']);
  expect(String(res.headers['set-cookie'])).toContain('HttpOnly');
  // The sign-up session is over; the new one works.
  expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
  const fresh = { authorization: `Bearer ${data.token}`, 'session-id': data.sessionId };
  expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: fresh })).statusCode).toBe(200);
  // A second time is refused.
  expect((await setPassword(fresh, 'Another-Pass-77')).statusCode).toBe(409);
});

it('needs the email verified, and the phone for a US user', async () => {
  const headers = await signUpViaApi(t.app, { email: 'sol@chenfoods.com', phoneNumber: '4155550162' });
  expect((await setPassword(headers, 'Harbor-Lights-42')).statusCode).toBe(403);
  await verifyViaApi(t.app, headers, { email: 'sol@chenfoods.com' });
  const res = await setPassword(headers, 'Harbor-Lights-42');
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe('Please verify your email and mobile number first.');
});

it('does not need the phone for a country outside the phone-verification list', async () => {
  const headers = await signUpViaApi(t.app, {
    email: 'ana@chenfoods.com',
    phoneNumber: '612 345 678',
    countryISOCode: 'es',
    countryCode: '34',
    country: 'ES',
  });
  await verifyViaApi(t.app, headers, { email: 'ana@chenfoods.com' });
  expect((await setPassword(headers, 'Harbor-Lights-42')).statusCode).toBe(200);
});

it('applies the password rules and refuses common and guessable passwords', async () => {
  expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
  const headers = await signUpViaApi(t.app, { email: 'max@chenfoods.com', phoneNumber: '4155550163' });
  await verifyViaApi(t.app, headers, { email: 'max@chenfoods.com', phoneE164: '+14155550163' });
  const cases: [string, string, string, string][] = [
    ['Sh0rt!a', 'Sh0rt!a', 'password', 'Password must be at least 8 characters'],
    [
      'harbor-lights-42',
      'harbor-lights-42',
      'password',
      'Password must contain at least one uppercase letter',
    ],
    ['Harbor-Lights', 'Harbor-Lights', 'password', 'Password must contain at least one number'],
    ['Harbor-Lights-42', 'Harbor-Lights-43', 'confirmPassword', 'Passwords do not match'],
    [
      'P@ssw0rd',
      'P@ssw0rd',
      'password',
      'This password is too common. Please choose a less predictable one.',
    ],
  ];
  for (const [password, confirm, field, message] of cases) {
    const res = await setPassword(headers, password, confirm);
    expect(res.statusCode, password).toBe(400);
    const error = res.json().errors.find((e: { field: string }) => e.field === field);
    expect(error, password).toBeDefined();
    if (message) expect(error.message).toBe(message);
  }
  // Every character rule met, but guessable (zxcvbn score under 3): refused with zxcvbn's feedback.
  const weak = await setPassword(headers, 'Password1!');
  expect(weak.statusCode).toBe(400);
  const weakError = weak.json().errors.find((e: { field: string }) => e.field === 'password');
  expect(weakError.message.startsWith(`${PASSWORD_WEAK_MESSAGE} `)).toBe(true);
  expect(weakError.message).toContain('This is similar to a commonly used password.');
  // The person's own email counts as guessable (strong for anyone else).
  const named = await setPassword(headers, 'Max@chenfoods.com1');
  expect(named.statusCode).toBe(400);
  const me = await t.app.inject({ method: 'GET', url: '/api/user', headers });
  expect(me.json().data.isPasswordSet).toBe(false);
});
