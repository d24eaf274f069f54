import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type UserRow, userPhones } from '../modules/users/tables.js';
import type { AppContext } from '../platform/context.js';
import { newId } from '../platform/ids.js';
import { makeUser } from './factories.js';

/** Drives the sign-up calls through HTTP, reading codes from the dev outbox, as the browser would. */
export async function readCodeFromOutbox(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const text: string = res.json().data.items[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the newest message to ${to}`);
  return code;
}

export async function signUpViaApi(
  app: FastifyInstance,
  options: {
    email: string;
    phoneNumber: string;
    countryISOCode?: string;
    countryCode?: string;
    country?: string;
  },
): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/users/sign-up',
    payload: {
      firstName: 'Riley',
      lastName: 'Chen',
      email: options.email,
      phones: [
        {
          phoneNumber: options.phoneNumber,
          countryCode: options.countryCode ?? '1',
          countryISOCode: options.countryISOCode ?? 'us',
        },
      ],
      country: options.country ?? 'US',
      recaptchaToken: 'ok',
      isAgree: true,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  const { token, sessionId } = res.json().data;
  return { authorization: `Bearer ${token}`, 'session-id': sessionId };
}

/** Verifies the email (and the phone when `phone` is given) of a signed-up user. */
export async function verifyViaApi(
  app: FastifyInstance,
  headers: Record<string, string>,
  options: { email: string; phoneE164?: string },
): Promise<void> {
  const steps: [string, string, string | undefined][] = [
    ['/api/otp/email', '/api/otp/verify/email', options.email],
    ['/api/otp/phone', '/api/otp/verify/phone', options.phoneE164],
  ];
  for (const [send, verify, to] of steps) {
    if (!to) continue;
    const sent = await app.inject({ method: 'POST', url: send, headers, payload: { recaptchaToken: 'ok' } });
    const otp = await readCodeFromOutbox(app, to);
    const res = await app.inject({
      method: 'POST',
      url: verify,
      headers,
      payload: { requestId: sent.json().data.requestId, otp, recaptchaToken: 'ok' },
    });
    if (res.statusCode !== 200) throw new Error(`${verify} failed: ${res.body}`);
  }
}

/** A browser's cookie jar after a response: set cookies replace, cleared cookies (empty value) go. */
export function cookiesFrom(
  res: LightMyRequestResponse,
  jar: Record<string, string> = {},
): Record<string, string> {
  const next = { ...jar };
  for (const cookie of res.cookies as { name: string; value: string }[]) {
    if (cookie.value === '') delete next[cookie.name];
    else next[cookie.name] = cookie.value;
  }
  return next;
}

/** `POST /auth/sign-in` as the browser sends it (with its cookies, e.g. a trusted device). */
export function signInViaApi(
  app: FastifyInstance,
  options: {
    email: string;
    password: string;
    isIncognito?: boolean;
    recaptchaToken?: string;
    cookies?: Record<string, string>;
    remoteAddress?: string;
  },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: options.remoteAddress,
    cookies: options.cookies,
    payload: {
      email: options.email,
      password: options.password,
      recaptchaToken: options.recaptchaToken ?? 'ok',
      ...(options.isIncognito === undefined ? {} : { isIncognito: options.isIncognito }),
    },
  });
}

/**
 * A whole sign-in from a browser: password, then (when asked) the code sent to `codeTo`, read from the
 * outbox. Returns the session headers, the last answer's data and the browser's cookies afterwards.
 */
export async function signInWithCodeViaApi(
  app: FastifyInstance,
  options: {
    email: string;
    password: string;
    codeTo: string;
    trustDevice?: boolean;
    isIncognito?: boolean;
    cookies?: Record<string, string>;
    remoteAddress?: string;
  },
): Promise<{
  headers: Record<string, string>;
  cookies: Record<string, string>;
  usedCode: boolean;
  data: { token: string; sessionId: string; user?: Record<string, unknown> };
}> {
  const signedIn = await signInViaApi(app, options);
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.body}`);
  let cookies = cookiesFrom(signedIn, options.cookies);
  const answer = signedIn.json().data;
  if (!answer.isOTPVerificationRequired) {
    return {
      headers: { authorization: `Bearer ${answer.token}`, 'session-id': answer.sessionId },
      cookies,
      usedCode: false,
      data: answer,
    };
  }
  const sent = await app.inject({
    method: 'POST',
    url: `/api/otp/send-sign-in-otp/${answer.userId}`,
    remoteAddress: options.remoteAddress,
    cookies,
    payload: { recaptchaToken: 'ok' },
  });
  if (sent.statusCode !== 200) throw new Error(`send-sign-in-otp failed: ${sent.body}`);
  const otp = await readCodeFromOutbox(app, options.codeTo);
  const verified = await app.inject({
    method: 'POST',
    url: `/api/otp/verify-sign-in-otp/${answer.userId}`,
    remoteAddress: options.remoteAddress,
    cookies,
    payload: {
      requestId: sent.json().data.requestId,
      otp,
      recaptchaToken: 'ok',
      isRegisterTrustedDevice: options.trustDevice ?? false,
      ...(options.isIncognito === undefined ? {} : { isIncognito: options.isIncognito }),
    },
  });
  if (verified.statusCode !== 200) throw new Error(`verify-sign-in-otp failed: ${verified.body}`);
  cookies = cookiesFrom(verified, cookies);
  const data = verified.json().data;
  return {
    headers: { authorization: `Bearer ${data.token}`, 'session-id': data.sessionId },
    cookies,
    usedCode: true,
    data,
  };
}

let phoneSequence = 0;

/**
 * An active user with a password and (unless `phone: null`) a primary US phone, verified unless told
 * otherwise — someone who can sign in. Each call gets its own number.
 */
export async function makeSignInUser(
  context: Pick<AppContext, 'database' | 'clock' | 'config'>,
  options: {
    password?: string;
    phone?: { verified: boolean } | null;
    overrides?: Parameters<typeof makeUser>[1];
  } = {},
): Promise<{ user: UserRow; email: string; password: string; phoneE164: string | null }> {
  const password = options.password ?? 'Harbor-Lights-42';
  const phone = options.phone === undefined ? { verified: true } : options.phone;
  const user = await makeUser(context, {
    password,
    isPhoneNumberVerified: phone?.verified ?? false,
    ...options.overrides,
  });
  if (!phone) return { user, email: user.email, password, phoneE164: null };
  phoneSequence += 1;
  const national = `415555${String(3000 + (phoneSequence % 7000)).padStart(4, '0')}`;
  const e164 = `+1${national}`;
  await context.database.db.insert(userPhones).values({
    id: newId(),
    userId: user.id,
    countryCode: '1',
    countryIsoCode: 'us',
    phoneNumber: national,
    e164,
    isPrimary: true,
    isVerified: phone.verified,
    createdAt: context.clock.now(),
  });
  return { user, email: user.email, password, phoneE164: e164 };
}
