import { createHmac, timingSafeEqual } from 'node:crypto';
import { AccountingError, type AccountingWebhookEvent } from './accounting.js';

export interface RetryOptions {
  /** Attempts in all (the first call included). */
  attempts?: number;
  /** The first backoff; doubles each time (with up to 25% jitter), capped at `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Tests pass a recorder instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a provider call, retrying what a retry can fix: RATE_LIMITED (after the provider's Retry-After
 * when it gave one) and UNAVAILABLE, with exponential backoff. Everything else fails at once.
 */
export async function withRetries<T>(call: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 4;
  const base = options.baseDelayMs ?? 500;
  const max = options.maxDelayMs ?? 30_000;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const retryable =
        error instanceof AccountingError && (error.code === 'RATE_LIMITED' || error.code === 'UNAVAILABLE');
      if (!retryable || attempt >= attempts) throw error;
      const backoff = Math.min(max, base * 2 ** (attempt - 1));
      const jittered = backoff + Math.floor(Math.random() * backoff * 0.25);
      const wait =
        error.retryAfterSeconds !== null ? Math.min(max, error.retryAfterSeconds * 1000) : jittered;
      await sleep(wait);
    }
  }
}

/** Seconds from a Retry-After header (seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The AccountingError for an HTTP answer a provider gave: 401 → TOKEN_EXPIRED, 403 → ACCESS_DENIED,
 * 404 → NOT_FOUND, 429 → RATE_LIMITED, 400/422 → REJECTED (with the provider's message), else UNAVAILABLE.
 */
export function errorForStatus(
  status: number,
  message: string,
  headers?: { get(name: string): string | null },
): AccountingError {
  if (status === 401) return new AccountingError('TOKEN_EXPIRED', message || 'The access token was refused.');
  if (status === 403) return new AccountingError('ACCESS_DENIED', message || 'Access was not granted.');
  if (status === 404) return new AccountingError('NOT_FOUND', message || 'Not found in the books.');
  if (status === 429)
    return new AccountingError(
      'RATE_LIMITED',
      message || 'Too many requests.',
      retryAfterSeconds(headers?.get('retry-after')),
    );
  if (status === 400 || status === 409 || status === 422)
    return new AccountingError('REJECTED', message || 'The books refused the record.');
  return new AccountingError('UNAVAILABLE', message || `The provider answered ${status}.`);
}

/** Integer cents from a provider's decimal amount (number or string), rounding half away from zero. */
export function toCents(amount: number | string | null | undefined): number {
  if (amount === null || amount === undefined || amount === '') return 0;
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return 0;
  return Math.sign(value) * Math.round(Math.abs(value) * 100);
}

/** A decimal amount with two places for a provider, from integer cents. */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** A provider's answer body: parsed JSON, the raw text when it is not JSON, or null when empty. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The first value of a request header (names compared case-insensitively), or null. */
export const headerOf = (
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | null => {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' && first ? first : null;
  }
  return null;
};

/** One HTTP request; a network failure becomes UNAVAILABLE ("<what> could not be reached."). */
export async function sendRequest(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  what: string,
): Promise<Response> {
  try {
    return await fetchImpl(url, init);
  } catch {
    throw new AccountingError('UNAVAILABLE', `${what} could not be reached.`);
  }
}

/**
 * A webhook signed with HMAC-SHA256 of its raw body (base64 in `header`) under `key` → its events;
 * null when there is no key, no signature, a wrong one, or a body that is not JSON.
 */
export function verifySignedWebhook(
  key: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  header: string,
  rawBody: string,
  eventsOf: (body: unknown) => AccountingWebhookEvent[],
): AccountingWebhookEvent[] | null {
  const signature = headerOf(headers, header);
  if (!key || !signature) return null;
  const expected = createHmac('sha256', key).update(rawBody, 'utf8').digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return eventsOf(JSON.parse(rawBody));
  } catch {
    return null;
  }
}

/** Rethrows a refused token call (REJECTED, TOKEN_EXPIRED, ACCESS_DENIED) as `refused`; other errors as they are. */
export function rethrowRefusal(error: unknown, refused: 'ACCESS_DENIED' | 'TOKEN_EXPIRED'): never {
  if (error instanceof AccountingError && ['REJECTED', 'TOKEN_EXPIRED', 'ACCESS_DENIED'].includes(error.code))
    throw new AccountingError(refused, error.message);
  throw error;
}

/** A provider's text field, or null when it is absent or blank. */
export const text = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value.trim() === '' ? null : value;
/** A provider's quantity (number or decimal string), or null when absent. */
export const quantity = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);
/**
 * For providers without an idempotency key: the marker a created contact carries in its private note,
 * and the one a created payment carries after its memo, so a retry finds what an earlier attempt made.
 */
export const contactMarker = (key: string) => `ferry:${key}`;
export const paymentMarker = (key: string) => `[ferry:${key}]`;

/** A consent the provider answered with an error: access_denied or invalid_scope → ACCESS_DENIED, else UNAVAILABLE. */
export function consentError(provider: string, error: string): AccountingError {
  if (error === 'access_denied' || error === 'invalid_scope')
    return new AccountingError('ACCESS_DENIED', `${provider} access was not granted.`);
  return new AccountingError('UNAVAILABLE', `${provider} answered the consent with ${error.slice(0, 50)}.`);
}

/**
 * A refusal from a provider's OAuth token service (`service`, e.g. "Xero's sign-in service"): invalid_grant
 * → TOKEN_EXPIRED (connect `provider` again); otherwise by status, naming only the OAuth error code.
 */
export function oauthError(
  provider: string,
  service: string,
  response: { status: number; headers: Headers },
  body: unknown,
): AccountingError {
  const code =
    typeof (body as { error?: unknown })?.error === 'string' ? (body as { error: string }).error : '';
  if (code === 'invalid_grant')
    return new AccountingError('TOKEN_EXPIRED', `${provider} refused the grant: connect ${provider} again.`);
  return errorForStatus(response.status, code ? `${service} answered ${code}.` : '', response.headers);
}
