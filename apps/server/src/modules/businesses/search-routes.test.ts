import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { userPhones } from '../users/tables.js';
import { phoneToE164 } from './search-routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
const inject = (options: InjectOptions) => {
  addresses += 1;
  return t.app.inject({
    remoteAddress: `10.4.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
    ...options,
  });
};

async function userWithPhone(phoneNumber: string, isVerified: boolean) {
  const user = await makeUser(t.context);
  await t.context.database.db.insert(userPhones).values({
    id: newId(),
    userId: user.id,
    countryCode: '1',
    countryIsoCode: 'us',
    phoneNumber,
    e164: `+1${phoneNumber}`,
    isPrimary: true,
    isVerified,
    createdAt: t.clock.now(),
  });
  return user;
}

const exists = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  inject({
    method: 'POST',
    url: '/api/business/search/mobile-number-exists',
    headers,
    payload: { recaptchaToken: 'ok', ...payload },
  });

describe('POST /api/business/search/mobile-number-exists', () => {
  it('is true for the verified primary phone of another account, with or without the ISO code', async () => {
    await userWithPhone('4155550301', true);
    for (const payload of [
      { phone: '4155550301', countryCode: '1', countryISOCode: 'us' },
      { phone: '(415) 555-0301', countryCode: '+1' },
    ]) {
      const res = await exists(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true, message: 'Success', data: { isPhoneNumberExists: true } });
    }
  });

  it('is false for an unknown number and an unverified primary phone', async () => {
    await userWithPhone('4155550302', false);
    expect((await exists({ phone: '4155550302', countryCode: '1' })).json().data.isPhoneNumberExists).toBe(
      false,
    );
    expect((await exists({ phone: '4155550303', countryCode: '1' })).json().data.isPhoneNumberExists).toBe(
      false,
    );
  });

  it('does not count the asking account’s own phone (signed in, or named by userId)', async () => {
    const owner = await userWithPhone('4155550304', true);
    const signedIn = await exists({ phone: '4155550304', countryCode: '1' }, await signIn(t.context, owner));
    expect(signedIn.json().data.isPhoneNumberExists).toBe(false);
    const named = await exists({ phone: '4155550304', countryCode: '1', userId: owner.id });
    expect(named.json().data.isPhoneNumberExists).toBe(false);
    const stranger = await makeUser(t.context);
    const other = await exists({ phone: '4155550304', countryCode: '1' }, await signIn(t.context, stranger));
    expect(other.json().data.isPhoneNumberExists).toBe(true);
  });

  it('refuses invalid numbers with the phone message', async () => {
    for (const payload of [
      { phone: '12345', countryCode: '1', countryISOCode: 'us' },
      { phone: '4155550301', countryCode: '44', countryISOCode: 'us' },
      { phone: '4155550301', countryCode: '999' },
    ]) {
      const res = await exists(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'phone', message: 'Please enter valid phone number.' }]);
    }
    const short = await exists({ phone: '1', countryCode: '1' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].field).toBe('phone');
  });

  it('refuses a failed bot check', async () => {
    const res = await exists({ phone: '4155550301', countryCode: '1', recaptchaToken: 'sandbox-reject' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'BOT_CHECK_FAILED', message: 'Invalid recaptchaToken' });
  });

  it('normalises numbers to E.164', () => {
    expect(phoneToE164({ phone: '4155550123', countryCode: '1', countryISOCode: 'US' })).toBe('+14155550123');
    expect(phoneToE164({ phone: '98765 43210', countryCode: '91' })).toBe('+919876543210');
    expect(phoneToE164({ phone: '4155550123', countryCode: '91', countryISOCode: 'us' })).toBeNull();
  });
});
