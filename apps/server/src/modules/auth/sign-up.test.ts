import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
function signUpBody(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    firstName: 'Maya',
    lastName: "O'Neil",
    email: `maya${n}@harborcoffee.com`,
    phones: [
      { phoneNumber: `41555501${String(n).padStart(2, '0')}`, countryCode: '1', countryISOCode: 'us' },
    ],
    country: 'US',
    recaptchaToken: 'test-token',
    isAgree: true,
    ...overrides,
  };
}

const signUp = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/users/sign-up', payload: body });

describe('POST /api/auth/users/sign-up', () => {
  it('creates a pending user and a session, also as an HttpOnly cookie', async () => {
    const body = signUpBody();
    const res = await signUp(body);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      token: expect.any(String),
      sessionId: expect.stringMatching(/^[0-9a-f]{24}$/),
      userId: expect.any(String),
      activeStatus: 'PENDING',
    });
    expect(Buffer.from(data.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('ferry_session=');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${data.token}`, 'session-id': data.sessionId },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      email: body.email,
      firstName: 'Maya',
      lastName: "O'Neil",
      activeStatus: 'PENDING',
      isPasswordSet: false,
      isEmailVerified: false,
      isPhoneNumberVerified: false,
      userType: null,
      phones: [{ countryCode: '1', countryISOCode: 'us', isPrimary: true, isPhoneNumberVerified: false }],
    });
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required.'],
    [{ firstName: 'M' }, 'firstName', undefined],
    [{ lastName: 'x'.repeat(26) }, 'lastName', 'Last name cannot exceed 25 characters.'],
    [{ firstName: 'Maya2' }, 'firstName', undefined],
    [
      { email: 'someone@mailinator.com' },
      'email',
      'Please use a valid email address. Disposable email addresses are not allowed.',
    ],
    [
      { phones: [{ phoneNumber: '123', countryCode: '1', countryISOCode: 'us' }] },
      'phones.0.phoneNumber',
      'Please enter valid phone number.',
    ],
    [{ isAgree: false }, 'isAgree', 'You must agree to the Terms of Service and Privacy Policy'],
  ])('refuses %j with the spec message on %s and creates nothing', async (override, field, message) => {
    const body = signUpBody(override);
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    const error = res.json().errors.find((e: { field: string }) => e.field === field);
    expect(error).toBeDefined();
    if (message) expect(error.message).toBe(message);
    const exists = await t.app.inject({
      method: 'POST',
      url: '/api/user/check-user-exists',
      payload: { email: body.email },
    });
    expect(exists.json().data.isUserExists).toBe(false);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const body = signUpBody();
    expect((await signUp(body)).statusCode).toBe(201);
    const again = await signUp(signUpBody({ email: body.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].field).toBe('email');
  });

  it('refuses a phone already linked to another account with the spec message', async () => {
    const first = signUpBody();
    expect((await signUp(first)).statusCode).toBe(201);
    const res = await signUp(signUpBody({ phones: first.phones }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([
      {
        field: 'phones.0.phoneNumber',
        message: 'The mobile number you entered is already linked to a different account.',
      },
    ]);
  });

  it('refuses a failed bot check', async () => {
    const res = await signUp(signUpBody({ recaptchaToken: 'sandbox-reject' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid recaptchaToken', errorCode: 'BOT_CHECK_FAILED' });
  });
});

describe('POST /api/user/check-user-exists', () => {
  it('tells whether an account exists and whether its sign-up is complete', async () => {
    const body = signUpBody();
    await signUp(body);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/user/check-user-exists',
      payload: { email: body.email },
    });
    expect(known.json().data).toEqual({ isUserExists: true, isSignupCompleted: false });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/check-user-exists',
      payload: { email: 'nobody@harborcoffee.com' },
    });
    expect(unknown.json().data).toEqual({ isUserExists: false, isSignupCompleted: false });
  });

  it('answers 400 for a malformed email', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/check-user-exists',
      payload: { email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('email');
  });
});

it('GET /api/user needs a session', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
});
