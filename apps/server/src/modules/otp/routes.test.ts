import { afterAll, beforeAll, expect, it } from 'vitest';
import { readCodeFromOutbox, signUpViaApi } from '../../testing/access-flow.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUp = (email: string, phoneNumber: string) => signUpViaApi(t.app, { email, phoneNumber });
const codeFromOutbox = (to: string) => readCodeFromOutbox(t.app, to);

const me = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/user', headers })).json().data;

it('verifies the email, then the primary phone, with codes read from the outbox', async () => {
  const headers = await signUp('devon@reyesdesign.com', '4155550142');

  const sentEmail = await t.app.inject({
    method: 'POST',
    url: '/api/otp/email',
    headers,
    payload: { recaptchaToken: 'ok' },
  });
  expect(sentEmail.statusCode).toBe(200);
  const { requestId } = sentEmail.json().data;
  const emailCode = await codeFromOutbox('devon@reyesdesign.com');

  const wrong = await t.app.inject({
    method: 'POST',
    url: '/api/otp/verify/email',
    headers,
    payload: { requestId, otp: emailCode === '000000' ? '111111' : '000000', recaptchaToken: 'ok' },
  });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json()).toMatchObject({ message: 'Invalid OTP', errorCode: 'INVALID_OTP' });
  expect((await me(headers)).isEmailVerified).toBe(false);

  const right = await t.app.inject({
    method: 'POST',
    url: '/api/otp/verify/email',
    headers,
    payload: { requestId, otp: emailCode, recaptchaToken: 'ok' },
  });
  expect(right.statusCode).toBe(200);
  expect((await me(headers)).isEmailVerified).toBe(true);

  const sentSms = await t.app.inject({
    method: 'POST',
    url: '/api/otp/phone',
    headers,
    payload: { recaptchaToken: 'ok' },
  });
  const phoneCode = await codeFromOutbox('+14155550142');
  await t.app.inject({
    method: 'POST',
    url: '/api/otp/verify/phone',
    headers,
    payload: { requestId: sentSms.json().data.requestId, otp: phoneCode, recaptchaToken: 'ok' },
  });
  const profile = await me(headers);
  expect(profile.isPhoneNumberVerified).toBe(true);
  expect(profile.phones[0].isPhoneNumberVerified).toBe(true);
});

it('will not use an email code to verify the phone', async () => {
  const headers = await signUp('kai@reyesdesign.com', '4155550143');
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/otp/email',
    headers,
    payload: { recaptchaToken: 'ok' },
  });
  const code = await codeFromOutbox('kai@reyesdesign.com');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/otp/verify/phone',
    headers,
    payload: { requestId: sent.json().data.requestId, otp: code, recaptchaToken: 'ok' },
  });
  expect(res.statusCode).toBe(400);
  expect((await me(headers)).isPhoneNumberVerified).toBe(false);
});

it('validates the code format with the spec message', async () => {
  const headers = await signUp('lee@reyesdesign.com', '4155550144');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/otp/verify/email',
    headers,
    payload: { requestId: '0123456789abcdef01234567', otp: '12ab', recaptchaToken: 'ok' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toContainEqual({
    field: 'otp',
    message: 'Please enter a 6-digit verification code',
  });
});

it('needs a session and a passing bot check', async () => {
  expect((await t.app.inject({ method: 'POST', url: '/api/otp/email', payload: {} })).statusCode).toBe(401);
  const headers = await signUp('ana@reyesdesign.com', '4155550145');
  const rejected = await t.app.inject({
    method: 'POST',
    url: '/api/otp/email',
    headers,
    payload: { recaptchaToken: 'sandbox-reject' },
  });
  expect(rejected.statusCode).toBe(400);
  expect(rejected.json().message).toBe('Invalid recaptchaToken');
});

it('answers 429 when a new code is asked for within 90 seconds', async () => {
  const headers = await signUp('sam@reyesdesign.com', '4155550146');
  await t.app.inject({ method: 'POST', url: '/api/otp/email', headers, payload: { recaptchaToken: 'ok' } });
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/otp/email',
    headers,
    payload: { recaptchaToken: 'ok' },
  });
  expect(again.statusCode).toBe(429);
  expect(again.json().errorCode).toBe('OTP_RESEND_TOO_SOON');
  expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
});
