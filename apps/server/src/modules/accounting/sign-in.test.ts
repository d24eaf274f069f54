import { createHash } from 'node:crypto';
import { ACCOUNTING_MESSAGES } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  cookiesFrom,
  makeSignInUser,
  readCodeFromOutbox,
  signInWithCodeViaApi,
} from '../../testing/access-flow.js';
import { makeUser } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { signInChallenges } from '../auth/tables.js';
import { users } from '../users/tables.js';
import { accountingOauthStates } from './tables.js';

const t = useTestApp();

/** Every answer's body and redirect, to check no provider token ever appears in one. */
const answers: string[] = [];

// Each round trip comes from its own address, so the per-IP limit of sensitive routes stays out of the way.
let address = 0;
const nextIp = () => {
  address += 1;
  return `203.0.113.${address}`;
};

type Call = {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, string>;
  payload?: object;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  remoteAddress: string;
};
const call = async (options: Call): Promise<LightMyRequestResponse> => {
  const res = await t.app.inject(options);
  answers.push(res.body, String(res.headers.location ?? ''), JSON.stringify(res.cookies));
  return res;
};

/**
 * 'Sign in with Intuit' as the browser goes through it with Sandbox Books: the connection URL
 * (requestFor=SIGN_IN), the consent page (the email of who signs in), the provider's callback (a 302 to
 * the return page) — answers the return page's `state` and the browser's cookies.
 */
async function providerRoundTrip(options: {
  email: string;
  keepMeLogin?: boolean;
  cookies?: Record<string, string>;
  remoteAddress: string;
}): Promise<{ state: string }> {
  const { remoteAddress } = options;
  const start = await call({
    method: 'GET',
    url: '/api/integration/connection-url',
    query: {
      providerType: 'QBO',
      requestFor: 'SIGN_IN',
      ...(options.keepMeLogin === undefined ? {} : { keepMeLogin: String(options.keepMeLogin) }),
    },
    remoteAddress,
  });
  expect(start.statusCode, start.body).toBe(200);
  const consentUrl = new URL(start.json().data.url, 'http://localhost');
  const params = Object.fromEntries(consentUrl.searchParams);
  expect(params.purpose).toBe('SIGN_IN');
  const consent = await call({
    method: 'POST',
    url: '/api/sandbox/books/consent',
    payload: {
      providerType: params.providerType,
      state: params.state,
      redirectUri: params.redirectUri,
      purpose: 'SIGN_IN',
      decision: 'ALLOW',
      email: options.email,
    },
    remoteAddress,
  });
  expect(consent.statusCode, consent.body).toBe(200);
  const back = new URL(consent.json().data.redirectUrl);
  const callback = await call({ method: 'GET', url: `${back.pathname}${back.search}`, remoteAddress });
  expect(callback.statusCode, callback.body).toBe(302);
  const landing = new URL(callback.headers.location as string, 'http://localhost');
  expect(landing.pathname).toBe('/integration/connecting');
  expect(landing.searchParams.get('requestFor')).toBe('SIGN_IN');
  expect(landing.searchParams.get('error')).toBeNull();
  return { state: landing.searchParams.get('state') as string };
}

const authCallback = (options: {
  state: string;
  providerType?: string;
  cookies?: Record<string, string>;
  remoteAddress: string;
}) =>
  call({
    method: 'POST',
    url: '/api/auth/callback',
    payload: { providerType: options.providerType ?? 'QBO', state: options.state },
    ...(options.cookies ? { cookies: options.cookies } : {}),
    remoteAddress: options.remoteAddress,
  });

/** The sign-in code step, as after a password: send, read it from the outbox, verify. */
async function enterCode(options: {
  userId: string;
  codeTo: string;
  cookies: Record<string, string>;
  trustDevice?: boolean;
  remoteAddress: string;
}) {
  const { userId, cookies, remoteAddress } = options;
  const sent = await call({
    method: 'POST',
    url: `/api/otp/send-sign-in-otp/${userId}`,
    payload: { recaptchaToken: 'ok' },
    cookies,
    remoteAddress,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const otp = await readCodeFromOutbox(t.app, options.codeTo);
  const verified = await call({
    method: 'POST',
    url: `/api/otp/verify-sign-in-otp/${userId}`,
    payload: {
      requestId: sent.json().data.requestId,
      otp,
      recaptchaToken: 'ok',
      isRegisterTrustedDevice: options.trustDevice ?? false,
    },
    cookies,
    remoteAddress,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified;
}

/** The round trip's row, found as the server finds it: by the digest of its state. */
const stateRowOf = async (state: string) => {
  const digest = createHash('sha256').update(state, 'utf8').digest('hex');
  const [row] = await t.database.db
    .select()
    .from(accountingOauthStates)
    .where(eq(accountingOauthStates.stateDigest, digest));
  return row;
};

describe('POST /auth/callback (Sign in with Intuit / Xero, Sandbox Books)', () => {
  it('signs in an existing user through the code step, as a password sign-in does; the session works', async () => {
    const { user, phoneE164 } = await makeSignInUser(t.context);
    const remoteAddress = nextIp();
    // The provider's email in another case: the account is found all the same.
    const { state } = await providerRoundTrip({
      email: user.email.toUpperCase(),
      keepMeLogin: true,
      remoteAddress,
    });

    const res = await authCallback({ state, remoteAddress });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      userId: user.id,
      isValidCredentials: true,
      isOTPVerificationRequired: true,
      primaryPhone: { countryCode: '1', countryISOCode: 'us', phoneNumber: `*** ${phoneE164?.slice(-4)}` },
    });
    expect(data.token).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'ferry_session')).toBeUndefined();
    const challengeCookie = res.cookies.find((c) => c.name === 'ferry_sign_in');
    expect(challengeCookie).toMatchObject({ value: data.challengeToken, httpOnly: true, sameSite: 'Strict' });

    // The round trip is used up in the sign-in's transaction, and the provider's tokens are not kept.
    const stateRow = await stateRowOf(state);
    expect(stateRow).toMatchObject({ requestFor: 'SIGN_IN', keepMeLogin: true, tokensSealed: null });
    expect(stateRow?.usedAt).not.toBeNull();
    const [challenge] = await t.database.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.userId, user.id));
    expect(challenge).toMatchObject({ isIncognito: false, completedAt: null });

    const verified = await enterCode({
      userId: user.id,
      codeTo: phoneE164 as string,
      cookies: cookiesFrom(res),
      trustDevice: true,
      remoteAddress,
    });
    const session = verified.json().data as { token: string; sessionId: string };
    const me = await call({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${session.token}`, 'session-id': session.sessionId },
      remoteAddress,
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data).toMatchObject({ id: user.id, email: user.email });
    // The browser's way: the session cookie alone.
    const byCookie = await call({
      method: 'GET',
      url: '/api/auth/verify',
      cookies: cookiesFrom(verified),
      remoteAddress,
    });
    expect(byCookie.statusCode, byCookie.body).toBe(200);
    expect(byCookie.json().data.userId).toBe(user.id);
    const [signedIn] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(signedIn?.lastSignInAt).not.toBeNull();
  });

  it('gives the session at once on a device this user trusts (keepMeLogin), and asks for the code without it', async () => {
    const { user, email, password, phoneE164 } = await makeSignInUser(t.context);
    const remoteAddress = nextIp();
    const trusted = await signInWithCodeViaApi(t.app, {
      email,
      password,
      codeTo: phoneE164 as string,
      trustDevice: true,
      remoteAddress,
    });
    const device = { ferry_trusted_device: trusted.cookies.ferry_trusted_device as string };
    expect(device.ferry_trusted_device).toBeTruthy();

    const kept = await providerRoundTrip({ email, keepMeLogin: true, remoteAddress });
    const res = await authCallback({ state: kept.state, cookies: device, remoteAddress });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      userId: user.id,
      isOTPVerificationRequired: false,
      isValidCredentials: true,
    });
    expect(data.token).toEqual(expect.any(String));
    expect(data.sessionId).toEqual(expect.any(String));
    const cookie = res.cookies.find((c) => c.name === 'ferry_session');
    expect(cookie).toMatchObject({ value: `${data.sessionId}.${data.token}`, httpOnly: true, path: '/' });
    const me = await call({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${data.token}`, 'session-id': data.sessionId },
      remoteAddress,
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.id).toBe(user.id);

    // keepMeLogin off: a sign-in this browser does not keep, like a private window — the code is asked.
    const notKept = await providerRoundTrip({ email, keepMeLogin: false, remoteAddress });
    const second = await authCallback({ state: notKept.state, cookies: device, remoteAddress });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ isOTPVerificationRequired: true });
    expect(second.json().data.token).toBeUndefined();
  });

  it("answers an unknown email with 403 'Please complete the signup before signing in.'", async () => {
    const remoteAddress = nextIp();
    const { state } = await providerRoundTrip({ email: 'nobody.yet@harbor-roasters.com', remoteAddress });
    const res = await authCallback({ state, remoteAddress });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'SIGNUP_INCOMPLETE',
      message: 'Please complete the signup before signing in.',
    });
    expect(res.cookies).toEqual([]);
    // Refused, and used up all the same.
    const again = await authCallback({ state, remoteAddress });
    expect(again.statusCode).toBe(400);
  });

  it('answers 403 SIGNUP_INCOMPLETE for an account whose sign-up is not complete (no password yet)', async () => {
    const pending = await makeUser(t.context, { activeStatus: 'PENDING' });
    const remoteAddress = nextIp();
    const { state } = await providerRoundTrip({ email: pending.email, remoteAddress });
    const res = await authCallback({ state, remoteAddress });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'SIGNUP_INCOMPLETE',
      message: ACCOUNTING_MESSAGES.completeSignup,
    });
  });

  it('answers 400 for a state used twice, unknown, of another provider, or not completed by the provider', async () => {
    const { user } = await makeSignInUser(t.context);
    const remoteAddress = nextIp();
    const { state } = await providerRoundTrip({ email: user.email, remoteAddress });

    const otherProvider = await authCallback({ state, providerType: 'XERO', remoteAddress });
    expect(otherProvider.statusCode).toBe(400);
    expect(otherProvider.json().message).toBe(ACCOUNTING_MESSAGES.state);

    const first = await authCallback({ state, remoteAddress });
    expect(first.statusCode, first.body).toBe(200);
    const second = await authCallback({ state, remoteAddress });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ errorCode: 'BAD_REQUEST', message: ACCOUNTING_MESSAGES.state });
    expect(second.cookies).toEqual([]);

    const unknown = await authCallback({ state: 'not-a-state-we-gave', remoteAddress });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ACCOUNTING_MESSAGES.state);

    // A round trip the provider has not completed yet (no identity) is not a sign-in either.
    const started = await call({
      method: 'GET',
      url: '/api/integration/connection-url',
      query: { providerType: 'QBO', requestFor: 'SIGN_IN' },
      remoteAddress,
    });
    const pendingState = new URL(started.json().data.url, 'http://localhost').searchParams.get('state');
    const notCompleted = await authCallback({ state: pendingState as string, remoteAddress });
    expect(notCompleted.statusCode).toBe(400);
  });

  it('answers 400 once the round trip has expired', async () => {
    const { user } = await makeSignInUser(t.context);
    const remoteAddress = nextIp();
    const { state } = await providerRoundTrip({ email: user.email, remoteAddress });
    const row = await stateRowOf(state);
    await t.database.db
      .update(accountingOauthStates)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(accountingOauthStates.id, row?.id as string));
    const res = await authCallback({ state, remoteAddress });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNTING_MESSAGES.state);
  });

  it('never answers a provider token', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const body of answers) expect(body).not.toMatch(/sbx_(at|rt)_/);
  });
});
