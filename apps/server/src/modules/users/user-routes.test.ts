import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { signUpViaApi } from '../../testing/access-flow.js';
import { makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { otpRequests } from '../otp/tables.js';
import { CANNOT_ACTIVATE_MESSAGE, EMAIL_TAKEN_MESSAGE, markUserActive } from './service.js';
import { users } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
const inject = (options: InjectOptions) => {
  addresses += 1;
  return t.app.inject({
    remoteAddress: `10.3.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
    ...options,
  });
};

const EDGE =
  "No white space is allowed at the start and end. Only - . ' / _ & , are allowed as special characters.";

describe('every signed-in user route refuses without a session', () => {
  it.each([
    ['PATCH', '/api/user', { firstName: 'Maya' }],
    ['POST', '/api/user/email', { email: 'maya@harborcoffee.com', recaptchaToken: 'ok' }],
    ['PATCH', '/api/user/secondary-emails', { secondaryEmails: [] }],
    ['POST', '/api/user/mark-active', undefined],
    [
      'PATCH',
      '/api/user/change-password',
      { oldPassword: 'Harbor-Lights-42', password: 'Tidal-Basin-907!', confirmPassword: 'Tidal-Basin-907!' },
    ],
    ['GET', '/api/auth/invitation/check/user-invitations', undefined],
    ['POST', `/api/auth/invitation/${'a'.repeat(24)}/accept`, undefined],
  ] as const)('%s %s', async (method, url, payload) => {
    const res = await inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      errorCode: 'UNAUTHENTICATED',
      message: 'Please sign in to continue.',
    });
  });
});

describe('PATCH /api/user', () => {
  const patch = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    inject({ method: 'PATCH', url: '/api/user', headers, payload });

  it('updates the names and the link-bill popup flag and answers the profile', async () => {
    const user = await makeUser(t.context);
    const headers = await signIn(t.context, user);
    const res = await patch(headers, {
      firstName: "Mary-Jo O'Neil",
      lastName: 'de la Cruz',
      linkBillPopupDismiss: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      firstName: "Mary-Jo O'Neil",
      lastName: 'de la Cruz',
      linkBillPopupDismiss: true,
      secondaryEmails: [],
      userType: 'SME_OWNER',
    });
    const me = await inject({ method: 'GET', url: '/api/user', headers });
    expect(me.json().data).toMatchObject({ firstName: "Mary-Jo O'Neil", linkBillPopupDismiss: true });
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required.'],
    [{ firstName: 'M' }, 'firstName', 'First name must be at least 2 characters.'],
    [{ firstName: 'x'.repeat(26) }, 'firstName', 'First name cannot exceed 25 characters.'],
    [{ firstName: 'Maya2' }, 'firstName', 'First name can only contain letters and spaces'],
    [{ firstName: '   ' }, 'firstName', 'First name cannot contain only spaces.'],
    [{ firstName: ' Maya' }, 'firstName', EDGE],
    [{ lastName: '' }, 'lastName', 'Last name is required.'],
    [{ lastName: 'Chen#' }, 'lastName', 'Last name can only contain letters and spaces'],
    [{ lastName: 'y'.repeat(26) }, 'lastName', 'Last name cannot exceed 25 characters.'],
    [{ userType: 'PRACTICE_MEMBER' }, 'userType', undefined],
    [{ linkBillPopupDismiss: 'yes' }, 'linkBillPopupDismiss', undefined],
  ])('refuses %j', async (payload, field, message) => {
    const user = await makeUser(t.context, { firstName: 'Riley', lastName: 'Chen' });
    const res = await patch(await signIn(t.context, user), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('VALIDATION_ERROR');
    const error = res.json().errors.find((e: { field: string }) => e.field === field);
    expect(error).toBeDefined();
    if (message) expect(error.message).toBe(message);
    const [row] = await t.context.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Riley', lastName: 'Chen' });
  });

  it('refuses an empty change', async () => {
    const res = await patch(await signIn(t.context, await makeUser(t.context)), {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nothing to update.');
  });

  it('lets the account type be chosen once', async () => {
    const user = await makeUser(t.context, { userType: null });
    const headers = await signIn(t.context, user);
    const chosen = await patch(headers, { userType: 'ACCOUNTANT' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.userType).toBe('ACCOUNTANT');
    // Choosing the same again is harmless; another type is refused.
    expect((await patch(headers, { userType: 'ACCOUNTANT' })).statusCode).toBe(200);
    const other = await patch(headers, { userType: 'SME_OWNER', firstName: 'Changed' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      message: 'Your account type has already been chosen.',
      statusCode: 409,
      errors: [{ field: 'userType', message: 'Your account type has already been chosen.' }],
      errorCode: 'CONFLICT',
    });
    const [row] = await t.context.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ userType: 'ACCOUNTANT', firstName: 'Test' });
  });

  it('lets only one of two concurrent different choices win', async () => {
    const user = await makeUser(t.context, { userType: null });
    const headers = await signIn(t.context, user);
    const results = await Promise.all([
      patch(headers, { userType: 'ACCOUNTANT' }),
      patch(headers, { userType: 'SME_OWNER' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('POST /api/user/email', () => {
  const changeEmail = (headers: Record<string, string>, email: string, recaptchaToken = 'ok') =>
    inject({ method: 'POST', url: '/api/user/email', headers, payload: { email, recaptchaToken } });

  it('corrects an unverified sign-up email; codes sent to the old address stop working', async () => {
    const oldEmail = `riley.${newId().slice(0, 6)}@chenfoods.com`;
    const headers = await signUpViaApi(t.app, { email: oldEmail, phoneNumber: '4155550191' });
    const sent = await inject({
      method: 'POST',
      url: '/api/otp/email',
      headers,
      payload: { recaptchaToken: 'ok' },
    });
    expect(sent.statusCode).toBe(200);

    const newEmail = `Riley.New.${newId().slice(0, 6)}@ChenFoods.com`;
    const res = await changeEmail(headers, newEmail);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: newEmail.toLowerCase(), isEmailVerified: false });

    const [request] = await t.context.database.db
      .select()
      .from(otpRequests)
      .where(eq(otpRequests.id, sent.json().data.requestId));
    expect(request?.voidedAt).not.toBeNull();
  });

  it('refuses an email another account has (any case), a disposable one, and a failed bot check', async () => {
    const other = await makeUser(t.context);
    const email = `sol.${newId().slice(0, 6)}@chenfoods.com`;
    const headers = await signUpViaApi(t.app, { email, phoneNumber: '4155550192' });

    const taken = await changeEmail(headers, other.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: 'email', message: EMAIL_TAKEN_MESSAGE }]);

    const disposable = await changeEmail(headers, 'someone@mailinator.com');
    expect(disposable.statusCode).toBe(400);
    expect(disposable.json().errors).toEqual([
      {
        field: 'email',
        message: 'Please use a valid email address. Disposable email addresses are not allowed.',
      },
    ]);

    const invalid = await changeEmail(headers, 'not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0].field).toBe('email');

    const bot = await changeEmail(headers, `fresh.${newId().slice(0, 6)}@chenfoods.com`, 'sandbox-reject');
    expect(bot.statusCode).toBe(400);
    expect(bot.json().errorCode).toBe('BOT_CHECK_FAILED');

    const me = await inject({ method: 'GET', url: '/api/user', headers });
    expect(me.json().data.email).toBe(email);
  });

  it('refuses once the email is verified', async () => {
    const user = await makeUser(t.context);
    const res = await changeEmail(await signIn(t.context, user), `new.${newId().slice(0, 6)}@chenfoods.com`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your email address is already verified and cannot be changed.');
  });
});

describe('PATCH /api/user/secondary-emails', () => {
  const put = (headers: Record<string, string>, secondaryEmails: unknown) =>
    inject({ method: 'PATCH', url: '/api/user/secondary-emails', headers, payload: { secondaryEmails } });

  it('replaces the list, lower-cased and without duplicates, and shows it in the profile', async () => {
    const user = await makeUser(t.context);
    const headers = await signIn(t.context, user);
    const res = await put(headers, ['Billing@Harbor.com', 'billing@harbor.com', 'ap@harbor.com']);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.secondaryEmails).toEqual(['billing@harbor.com', 'ap@harbor.com']);
    const me = await inject({ method: 'GET', url: '/api/user', headers });
    expect(me.json().data.secondaryEmails).toEqual(['billing@harbor.com', 'ap@harbor.com']);
    expect((await put(headers, [])).json().data.secondaryEmails).toEqual([]);
  });

  it('refuses invalid emails, the primary email and more than five', async () => {
    const user = await makeUser(t.context);
    const headers = await signIn(t.context, user);
    const invalid = await put(headers, ['ok@harbor.com', 'nope']);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([
      { field: 'secondaryEmails.1', message: 'Please enter a valid email address' },
    ]);
    const primary = await put(headers, [user.email.toUpperCase()]);
    expect(primary.statusCode).toBe(400);
    expect(primary.json().errors).toEqual([
      { field: 'secondaryEmails.0', message: 'This is already your primary email.' },
    ]);
    const tooMany = await put(
      headers,
      Array.from({ length: 6 }, (_, i) => `a${i}@harbor.com`),
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await inject({ method: 'GET', url: '/api/user', headers })).json().data.secondaryEmails).toEqual(
      [],
    );
  });
});

describe('POST /api/user/mark-active', () => {
  const markActive = (headers: Record<string, string>) =>
    inject({ method: 'POST', url: '/api/user/mark-active', headers });

  it.each(['PENDING', 'GUEST_ACTIVE'])(
    'activates a verified %s user with a password',
    async (activeStatus) => {
      const user = await makeUser(t.context, { activeStatus, password: 'Harbor-Lights-42' });
      const res = await markActive(await signIn(t.context, user));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.activeStatus).toBe('ACTIVE');
    },
  );

  it('keeps an active user active', async () => {
    const user = await makeUser(t.context, { password: 'Harbor-Lights-42' });
    const res = await markActive(await signIn(t.context, user));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.activeStatus).toBe('ACTIVE');
  });

  it('does not need the phone for a country outside the phone-verification list', async () => {
    const user = await makeUser(t.context, {
      activeStatus: 'PENDING',
      country: 'ES',
      isPhoneNumberVerified: false,
      password: 'Harbor-Lights-42',
    });
    expect((await markActive(await signIn(t.context, user))).json().data.activeStatus).toBe('ACTIVE');
  });

  it.each([
    [{ isEmailVerified: false }, 'Please verify your email and mobile number first.'],
    [{ isPhoneNumberVerified: false }, 'Please verify your email and mobile number first.'],
    [{ password: undefined }, 'Please set your password first.'],
    [{ activeStatus: 'INACTIVE' }, CANNOT_ACTIVATE_MESSAGE],
  ])('refuses (403) %j', async (overrides, message) => {
    const user = await makeUser(t.context, {
      activeStatus: 'PENDING',
      password: 'Harbor-Lights-42',
      ...overrides,
    });
    const res = await markActive(await signIn(t.context, user));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'FORBIDDEN', message });
    const [row] = await t.context.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.activeStatus).toBe(user.activeStatus);
  });

  it.each(['SUSPENDED', 'DELETED'])('never activates a %s user', async (activeStatus) => {
    const user = await makeUser(t.context, { activeStatus, password: 'Harbor-Lights-42' });
    await expect(
      markUserActive({ db: t.context.database.db, clock: t.clock, user, phoneRequired: true }),
    ).rejects.toMatchObject({ errorCode: 'FORBIDDEN', message: CANNOT_ACTIVATE_MESSAGE });
  });
});
