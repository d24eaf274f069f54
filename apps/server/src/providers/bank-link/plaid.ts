import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify } from 'jose';
import { Configuration, CountryCode, PlaidApi, PlaidEnvironments, Products } from 'plaid';
import type { Clock } from '../../platform/clock.js';
import {
  BANK_LINK_ERROR_MESSAGES,
  BankLinkError,
  type BankLinkErrorCode,
  type BankLinkProvider,
  type BankLinkWebhookEvent,
  type LinkedBankAccount,
} from './bank-link.js';

/** Plaid's API version this adapter is written against. */
const PLAID_VERSION = '2020-09-14';
/** Webhook JWTs older than this are refused (Plaid's advice: 5 minutes). */
const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;
/** How long a fetched webhook verification key is trusted before it is fetched again. */
const KEY_CACHE_MS = 60 * 60 * 1000;
const KEY_CACHE_MAX = 50;

/** Plaid `error_code` → the bank-link code Ferry speaks. */
const PLAID_ERROR_CODES: Record<string, BankLinkErrorCode> = {
  ITEM_LOGIN_REQUIRED: 'ITEM_LOGIN_REQUIRED',
  ITEM_LOCKED: 'ITEM_LOGIN_REQUIRED',
  USER_SETUP_REQUIRED: 'ITEM_LOGIN_REQUIRED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_MFA: 'INVALID_CREDENTIALS',
  INVALID_UPDATED_USERNAME: 'INVALID_CREDENTIALS',
  NO_ACCOUNTS: 'NO_ACCOUNTS',
  ACCESS_NOT_GRANTED: 'ACCESS_NOT_GRANTED',
  NO_AUTH_ACCOUNTS: 'NO_AUTH_ACCOUNTS',
  ITEM_NOT_SUPPORTED: 'ITEM_NOT_SUPPORTED',
  PRODUCTS_NOT_SUPPORTED: 'ITEM_NOT_SUPPORTED',
  INSTITUTION_NO_LONGER_SUPPORTED: 'ITEM_NOT_SUPPORTED',
  USER_PERMISSION_REVOKED: 'PERMISSION_REVOKED',
  USER_ACCOUNT_REVOKED: 'ACCOUNT_REVOKED',
  INVALID_ACCOUNT_ID: 'INVALID_ACCOUNT',
  INVALID_PUBLIC_TOKEN: 'INVALID_PUBLIC_TOKEN',
  INVALID_LINK_TOKEN: 'INVALID_LINK_TOKEN',
  INVALID_ACCESS_TOKEN: 'INVALID_ACCESS_TOKEN',
  ITEM_NOT_FOUND: 'INVALID_ACCESS_TOKEN',
  INSTITUTION_DOWN: 'INSTITUTION_DOWN',
  INSTITUTION_NOT_RESPONDING: 'INSTITUTION_DOWN',
  INSTITUTION_NOT_AVAILABLE: 'INSTITUTION_DOWN',
};

/** Item errors that a new sign-in (Link update mode) repairs. */
const LOGIN_REQUIRED_CODES = new Set([
  'ITEM_LOGIN_REQUIRED',
  'ITEM_LOCKED',
  'USER_SETUP_REQUIRED',
  'INVALID_CREDENTIALS',
  'INVALID_MFA',
  'INVALID_UPDATED_USERNAME',
]);
const REVOKED_CODES = new Set(['USER_PERMISSION_REVOKED', 'ACCESS_NOT_GRANTED']);

interface PlaidErrorBody {
  error_type?: string;
  error_code?: string;
  request_id?: string;
}

/** A bank-link error from Plaid: the code and Ferry's message, plus Plaid's own code and request id. */
export class PlaidBankLinkError extends BankLinkError {
  constructor(
    code: BankLinkErrorCode,
    readonly plaidErrorCode: string | null,
    readonly requestId: string | null,
    readonly httpStatus: number | null,
  ) {
    super(code, BANK_LINK_ERROR_MESSAGES[code]);
    this.name = 'PlaidBankLinkError';
  }
}

/** The Plaid error body of a failed call, if it is one (the request itself, with the secret, is dropped). */
function plaidErrorOf(error: unknown): { body: PlaidErrorBody | null; status: number | null } {
  const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
  if (!response) return { body: null, status: null };
  const status = typeof response.status === 'number' ? response.status : null;
  const data = response.data;
  if (data && typeof data === 'object' && typeof (data as PlaidErrorBody).error_code === 'string') {
    return { body: data as PlaidErrorBody, status };
  }
  return { body: null, status };
}

/** Any failure of a Plaid call as a BankLinkError, never carrying the request (it holds the secret). */
export function toBankLinkError(error: unknown): BankLinkError {
  if (error instanceof BankLinkError) return error;
  const { body, status } = plaidErrorOf(error);
  const plaidCode = body?.error_code ?? null;
  const code: BankLinkErrorCode = (plaidCode && PLAID_ERROR_CODES[plaidCode]) || 'PROVIDER_UNAVAILABLE';
  return new PlaidBankLinkError(code, plaidCode, body?.request_id ?? null, status);
}

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | null => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : null;
  }
  return null;
};

const sameHex = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

interface PlaidWebhookBody {
  webhook_type?: unknown;
  webhook_code?: unknown;
  item_id?: unknown;
  account_id?: unknown;
  error?: { error_code?: unknown } | null;
}

/** A Plaid webhook body → the bank-link event (null when it names no item). */
export function plaidWebhookEvent(body: PlaidWebhookBody): BankLinkWebhookEvent | null {
  if (typeof body.item_id !== 'string' || body.item_id === '') return null;
  const itemId = body.item_id;
  const type = typeof body.webhook_type === 'string' ? body.webhook_type : '';
  const code = typeof body.webhook_code === 'string' ? body.webhook_code : '';
  const plaidErrorCode = typeof body.error?.error_code === 'string' ? body.error.error_code : null;
  const mapped = plaidErrorCode ? (PLAID_ERROR_CODES[plaidErrorCode] ?? plaidErrorCode) : null;
  if (type === 'ITEM') {
    switch (code) {
      case 'ERROR':
        if (plaidErrorCode && LOGIN_REQUIRED_CODES.has(plaidErrorCode))
          return { itemId, kind: 'LOGIN_REQUIRED', errorCode: 'ITEM_LOGIN_REQUIRED', webhookCode: code };
        if (plaidErrorCode && REVOKED_CODES.has(plaidErrorCode))
          return { itemId, kind: 'PERMISSION_REVOKED', errorCode: 'PERMISSION_REVOKED', webhookCode: code };
        return { itemId, kind: 'OTHER', errorCode: mapped, webhookCode: code };
      case 'PENDING_EXPIRATION':
      case 'PENDING_DISCONNECT':
        return { itemId, kind: 'PENDING_EXPIRATION', errorCode: null, webhookCode: code };
      case 'USER_PERMISSION_REVOKED':
        return { itemId, kind: 'PERMISSION_REVOKED', errorCode: 'PERMISSION_REVOKED', webhookCode: code };
      case 'USER_ACCOUNT_REVOKED':
        return {
          itemId,
          kind: 'PERMISSION_REVOKED',
          errorCode: 'ACCOUNT_REVOKED',
          webhookCode: code,
          accountId: typeof body.account_id === 'string' ? body.account_id : null,
        };
      case 'NEW_ACCOUNTS_AVAILABLE':
        return { itemId, kind: 'NEW_ACCOUNTS', errorCode: null, webhookCode: code };
    }
  }
  return { itemId, kind: 'OTHER', errorCode: mapped, webhookCode: code || type };
}

export interface PlaidBankLinkOptions {
  clientId: string;
  secret: string;
  env: 'sandbox' | 'production';
  /** Where Plaid sends item webhooks; null: none (Ferry polls item status instead). */
  webhookUrl: string | null;
  clock: Clock;
  /** Another API address (tests replay recorded answers from a local server). */
  basePath?: string;
  /** Per-call time limit (ms). */
  timeoutMs?: number;
}

/**
 * The bank-link provider on Plaid (Link + Auth) with the official `plaid` SDK. The client id and
 * secret go in each request body (Plaid accepts them there or in headers) and never into an error or
 * a log line: failures become BankLinkErrors carrying only codes and Plaid's request id.
 */
export function createPlaidBankLink(options: PlaidBankLinkOptions): BankLinkProvider {
  const basePath = options.basePath ?? PlaidEnvironments[options.env];
  const client = new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: { headers: { 'Plaid-Version': PLAID_VERSION }, timeout: options.timeoutMs ?? 30_000 },
    }),
  );
  const credentials = () => ({ client_id: options.clientId, secret: options.secret });
  const call = async <T>(request: () => Promise<{ data: T }>): Promise<T> => {
    try {
      return (await request()).data;
    } catch (error) {
      throw toBankLinkError(error);
    }
  };

  const keys = new Map<string, { key: JWK; expiredAt: number | null; fetchedAt: number }>();
  const verificationKey = async (kid: string) => {
    const nowMs = options.clock.now().getTime();
    const cached = keys.get(kid);
    if (cached && nowMs - cached.fetchedAt < KEY_CACHE_MS) return cached;
    const data = await call(() => client.webhookVerificationKeyGet({ ...credentials(), key_id: kid }));
    const entry = {
      key: { kty: data.key.kty, crv: data.key.crv, x: data.key.x, y: data.key.y, alg: data.key.alg } as JWK,
      expiredAt: data.key.expired_at ?? null,
      fetchedAt: nowMs,
    };
    if (keys.size >= KEY_CACHE_MAX) keys.delete(keys.keys().next().value as string);
    keys.set(kid, entry);
    return entry;
  };

  return {
    name: 'plaid',

    async createLinkToken({ userId, clientName, accessToken }) {
      const data = await call(() =>
        client.linkTokenCreate({
          ...credentials(),
          client_name: clientName.slice(0, 30),
          language: 'en',
          country_codes: [CountryCode.Us],
          user: { client_user_id: userId },
          ...(accessToken ? { access_token: accessToken } : { products: [Products.Auth] }),
          ...(options.webhookUrl ? { webhook: options.webhookUrl } : {}),
        }),
      );
      return { linkToken: data.link_token, expiration: new Date(data.expiration) };
    },

    async exchangePublicToken(publicToken) {
      const data = await call(() =>
        client.itemPublicTokenExchange({ ...credentials(), public_token: publicToken }),
      );
      return { accessToken: data.access_token, itemId: data.item_id };
    },

    async getAuth(accessToken) {
      const auth = await call(() => client.authGet({ ...credentials(), access_token: accessToken }));
      const institutionId = auth.item.institution_id ?? null;
      let institutionName = auth.item.institution_name ?? null;
      if (institutionId && !institutionName) {
        const found = await call(() =>
          client.institutionsGetById({
            ...credentials(),
            institution_id: institutionId,
            country_codes: [CountryCode.Us],
          }),
        );
        institutionName = found.institution.name;
      }
      const numbers = new Map(auth.numbers.ach.map((ach) => [ach.account_id, ach]));
      const accounts: LinkedBankAccount[] = [];
      for (const account of auth.accounts) {
        const ach = numbers.get(account.account_id);
        if (account.type !== 'depository' || !ach) continue;
        accounts.push({
          accountId: account.account_id,
          name: account.name,
          officialName: account.official_name ?? null,
          mask: account.mask ?? ach.account.slice(-4),
          type: 'depository',
          subtype: account.subtype ?? 'checking',
          routingNumber: ach.routing,
          accountNumber: ach.account,
        });
      }
      if (accounts.length === 0) {
        throw new PlaidBankLinkError('NO_AUTH_ACCOUNTS', null, auth.request_id ?? null, 200);
      }
      return {
        institution: { id: institutionId ?? 'unknown', name: institutionName ?? 'Your bank' },
        accounts,
      };
    },

    async getItemStatus(accessToken) {
      let item: Awaited<ReturnType<PlaidApi['itemGet']>>['data']['item'];
      try {
        item = (await client.itemGet({ ...credentials(), access_token: accessToken })).data.item;
      } catch (error) {
        const mapped = toBankLinkError(error);
        if (mapped.code === 'INVALID_ACCESS_TOKEN') return { status: 'REVOKED', errorCode: mapped.code };
        throw mapped;
      }
      const plaidCode = item.error?.error_code ?? null;
      if (plaidCode && LOGIN_REQUIRED_CODES.has(plaidCode))
        return { status: 'LOGIN_REQUIRED', errorCode: 'ITEM_LOGIN_REQUIRED' };
      if (plaidCode && REVOKED_CODES.has(plaidCode))
        return { status: 'REVOKED', errorCode: PLAID_ERROR_CODES[plaidCode] ?? 'PERMISSION_REVOKED' };
      const consentEnds = item.consent_expiration_time ? Date.parse(item.consent_expiration_time) : null;
      if (consentEnds !== null && consentEnds <= options.clock.now().getTime())
        return { status: 'LOGIN_REQUIRED', errorCode: 'ITEM_LOGIN_REQUIRED' };
      return { status: 'OK', errorCode: plaidCode ? (PLAID_ERROR_CODES[plaidCode] ?? plaidCode) : null };
    },

    async removeItem(accessToken) {
      try {
        await client.itemRemove({ ...credentials(), access_token: accessToken });
      } catch (error) {
        const mapped = toBankLinkError(error);
        // Already removed at Plaid: nothing left to do.
        if (mapped.code !== 'INVALID_ACCESS_TOKEN') throw mapped;
      }
    },

    async verifyWebhook(headers, rawBody) {
      const jwt = header(headers, 'plaid-verification');
      if (!jwt || jwt.length > 4096) return null;
      try {
        const protectedHeader = decodeProtectedHeader(jwt);
        if (protectedHeader.alg !== 'ES256' || typeof protectedHeader.kid !== 'string') return null;
        if (protectedHeader.kid.length === 0 || protectedHeader.kid.length > 200) return null;
        const entry = await verificationKey(protectedHeader.kid);
        const nowMs = options.clock.now().getTime();
        if (entry.expiredAt !== null && entry.expiredAt * 1000 <= nowMs) return null;
        const key = await importJWK(entry.key, 'ES256');
        const { payload } = await jwtVerify(jwt, key, {
          algorithms: ['ES256'],
          maxTokenAge: WEBHOOK_MAX_AGE_SECONDS,
          currentDate: new Date(nowMs),
        });
        if (typeof payload.iat !== 'number' || payload.iat * 1000 > nowMs + 60_000) return null;
        const claimed = payload.request_body_sha256;
        const actual = createHash('sha256').update(rawBody, 'utf8').digest('hex');
        if (typeof claimed !== 'string' || !sameHex(claimed.toLowerCase(), actual)) return null;
        return plaidWebhookEvent(JSON.parse(rawBody) as PlaidWebhookBody);
      } catch {
        return null;
      }
    },

    async resetLogin(accessToken) {
      if (options.env !== 'sandbox') {
        throw new BankLinkError('ITEM_NOT_SUPPORTED', 'Resetting a bank login works only in the sandbox.');
      }
      await call(() => client.sandboxItemResetLogin({ ...credentials(), access_token: accessToken }));
    },
  };
}
