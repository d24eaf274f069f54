import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '../../platform/clock.js';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

import { BankLinkError, type BankLinkProvider } from './bank-link.js';
import { createPlaidBankLink, PlaidBankLinkError } from './plaid.js';

const recordedDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'recorded');
/** A JSON body recorded from Plaid's documented API. */
const recorded = (name: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(recordedDir, `${name}.json`), 'utf8'));
const recordedText = (name: string): string =>
  fs.readFileSync(path.join(recordedDir, `${name}.json`), 'utf8');

const CLIENT_ID = 'test-client-id-5f1b';
const SECRET = 'test-secret-very-private-9c2e';

interface SeenRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** Replays recorded answers by path, and remembers what was asked. */
class ReplayServer {
  private server: Server | null = null;
  readonly requests: SeenRequest[] = [];
  private answers = new Map<string, { status: number; body: unknown }>();
  url = '';

  answer(route: string, body: unknown, status = 200) {
    this.answers.set(route, { status, body });
  }

  reset() {
    this.requests.length = 0;
    this.answers.clear();
  }

  seen(route: string): SeenRequest[] {
    return this.requests.filter((request) => request.path === route);
  }

  async start() {
    const server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => {
        raw += chunk;
      });
      request.on('end', () => {
        const route = (request.url ?? '').split('?')[0] ?? '';
        this.requests.push({ path: route, headers: request.headers, body: raw ? JSON.parse(raw) : {} });
        const answer = this.answers.get(route) ?? {
          status: 400,
          body: { error_type: 'INVALID_REQUEST', error_code: 'NOT_RECORDED', request_id: 'none' },
        };
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

const replay = new ReplayServer();
const clock = new TestClock('2026-11-02T15:00:00.000Z');
let plaid: BankLinkProvider;

const makePlaid = (webhookUrl: string | null = 'https://ferry.example.com/api/webhooks/bank-link') =>
  createPlaidBankLink({
    clientId: CLIENT_ID,
    secret: SECRET,
    env: 'sandbox',
    webhookUrl,
    clock,
    basePath: replay.url,
    timeoutMs: 5000,
  });

beforeAll(async () => {
  await replay.start();
});
afterAll(async () => {
  await replay.stop();
});
beforeEach(() => {
  replay.reset();
  clock.set('2026-11-02T15:00:00.000Z');
  plaid = makePlaid();
});

const failure = async (promise: Promise<unknown>): Promise<BankLinkError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BankLinkError);
  return error as BankLinkError;
};

const expectCredentials = (request: SeenRequest | undefined) => {
  expect(request?.body.client_id).toBe(CLIENT_ID);
  expect(request?.body.secret).toBe(SECRET);
  expect(request?.headers['plaid-version']).toBe('2020-09-14');
};

/** A thrown error must not give away the client secret or the access token, however it is printed. */
const expectNoSecrets = (error: unknown, ...secrets: string[]) => {
  const printed = [
    String(error),
    JSON.stringify(error),
    JSON.stringify(Object.entries(error as object)),
    (error as Error).stack ?? '',
  ].join('\n');
  for (const secret of [SECRET, ...secrets]) expect(printed).not.toContain(secret);
};

describe('Plaid adapter: link tokens', () => {
  it('creates an Auth link token for the US with the webhook and the user', async () => {
    replay.answer('/link/token/create', recorded('link-token-create'));
    const result = await plaid.createLinkToken({
      businessId: 'biz_1',
      userId: 'user_42',
      clientName: 'Ferry',
    });
    expect(result).toEqual({
      linkToken: 'link-sandbox-af1a0311-da53-4636-b754-dd15cc058176',
      expiration: new Date('2026-11-02T19:00:00Z'),
    });
    const [request] = replay.seen('/link/token/create');
    expectCredentials(request);
    expect(request?.body).toMatchObject({
      client_name: 'Ferry',
      language: 'en',
      country_codes: ['US'],
      products: ['auth'],
      user: { client_user_id: 'user_42' },
      webhook: 'https://ferry.example.com/api/webhooks/bank-link',
    });
    expect(request?.body).not.toHaveProperty('access_token');
  });

  it('creates an update-mode token with the access token, without products or a webhook when none is set', async () => {
    plaid = makePlaid(null);
    replay.answer('/link/token/create', recorded('link-token-create'));
    await plaid.createLinkToken({
      businessId: 'biz_1',
      userId: 'user_42',
      clientName: 'Ferry',
      accessToken: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
    });
    const [request] = replay.seen('/link/token/create');
    expect(request?.body.access_token).toBe('access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6');
    expect(request?.body).not.toHaveProperty('products');
    expect(request?.body).not.toHaveProperty('webhook');
  });
});

describe('Plaid adapter: exchange and auth', () => {
  it('exchanges a public token for the access token and item id', async () => {
    replay.answer('/item/public_token/exchange', recorded('item-public-token-exchange'));
    expect(await plaid.exchangePublicToken('public-sandbox-b0e2c4ee-a763-4df5-bfe9-46a46bce993d')).toEqual({
      accessToken: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6',
      itemId: 'M5eVJqLnv3tbzdngLDp9FL5OlDNxlNhlE55op',
    });
    const [request] = replay.seen('/item/public_token/exchange');
    expectCredentials(request);
    expect(request?.body.public_token).toBe('public-sandbox-b0e2c4ee-a763-4df5-bfe9-46a46bce993d');
  });

  it('maps INVALID_PUBLIC_TOKEN to a readable bank-link error without secrets', async () => {
    replay.answer('/item/public_token/exchange', recorded('error-invalid-public-token'), 400);
    const error = await failure(plaid.exchangePublicToken('public-sandbox-expired'));
    expect(error.code).toBe('INVALID_PUBLIC_TOKEN');
    expect(error.message).toBe('This bank link has expired or was already used. Please link the bank again.');
    expect(error).toBeInstanceOf(PlaidBankLinkError);
    expect(error).toMatchObject({
      plaidErrorCode: 'INVALID_PUBLIC_TOKEN',
      requestId: 'Xg5Qk8Hq9a1ZpLm',
      httpStatus: 400,
    });
    expectNoSecrets(error, 'public-sandbox-expired');
  });

  it('reads the depository accounts with their ACH numbers, and the institution name', async () => {
    replay.answer('/auth/get', recorded('auth-get'));
    replay.answer('/institutions/get_by_id', recorded('institutions-get-by-id'));
    const auth = await plaid.getAuth('access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6');
    expect(auth.institution).toEqual({ id: 'ins_109508', name: 'First Platypus Bank' });
    expect(auth.accounts).toEqual([
      {
        accountId: 'vzeNDwK7KQIm4yEog683uElbp9GRLEFXGK98D',
        name: 'Plaid Checking',
        officialName: 'Plaid Gold Standard 0% Interest Checking',
        mask: '0000',
        type: 'depository',
        subtype: 'checking',
        routingNumber: '011401533',
        accountNumber: '1111222233330000',
      },
      {
        accountId: '6Myq63K1KDSe3lBwp7K1fnEbNGLV4NHq5ckbZ',
        name: 'Plaid Saving',
        officialName: 'Plaid Silver Standard 0.1% Interest Saving',
        mask: '1111',
        type: 'depository',
        subtype: 'savings',
        routingNumber: '011401533',
        accountNumber: '1111222233331111',
      },
    ]);
    const [authRequest] = replay.seen('/auth/get');
    expectCredentials(authRequest);
    expect(authRequest?.body.access_token).toBe('access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6');
    const [institutionRequest] = replay.seen('/institutions/get_by_id');
    expectCredentials(institutionRequest);
    expect(institutionRequest?.body).toMatchObject({ institution_id: 'ins_109508', country_codes: ['US'] });
  });

  it('maps ITEM_LOGIN_REQUIRED and NO_AUTH_ACCOUNTS from /auth/get', async () => {
    replay.answer('/auth/get', recorded('error-item-login-required'), 400);
    const login = await failure(plaid.getAuth('access-sandbox-secret-token'));
    expect(login.code).toBe('ITEM_LOGIN_REQUIRED');
    expect(login.message).toBe('Your bank needs you to sign in again. Please reconnect this bank account.');
    expectNoSecrets(login, 'access-sandbox-secret-token');

    replay.answer('/auth/get', recorded('error-no-auth-accounts'), 400);
    expect((await failure(plaid.getAuth('access-sandbox-secret-token'))).code).toBe('NO_AUTH_ACCOUNTS');
  });

  it('treats an item with no depository ACH numbers as NO_AUTH_ACCOUNTS', async () => {
    const auth = recorded('auth-get') as { numbers: { ach: unknown[] }; item: Record<string, unknown> };
    auth.numbers.ach = [];
    auth.item.institution_name = 'First Platypus Bank';
    replay.answer('/auth/get', auth);
    expect((await failure(plaid.getAuth('access-sandbox-x'))).code).toBe('NO_AUTH_ACCOUNTS');
    expect(replay.seen('/institutions/get_by_id')).toHaveLength(0);
  });

  it('maps Plaid outages and unreachable servers to PROVIDER_UNAVAILABLE', async () => {
    replay.answer('/auth/get', recorded('error-internal-server-error'), 500);
    const outage = await failure(plaid.getAuth('access-sandbox-x'));
    expect(outage.code).toBe('PROVIDER_UNAVAILABLE');
    expect(outage.message).toBe('The bank link service is not available right now. Please try again later.');

    const unreachable = createPlaidBankLink({
      clientId: CLIENT_ID,
      secret: SECRET,
      env: 'sandbox',
      webhookUrl: null,
      clock,
      basePath: 'http://127.0.0.1:1',
      timeoutMs: 2000,
    });
    const down = await failure(unreachable.getAuth('access-sandbox-x'));
    expect(down.code).toBe('PROVIDER_UNAVAILABLE');
    expectNoSecrets(down, 'access-sandbox-x');
  });
});

describe('Plaid adapter: item status, removal, reset', () => {
  it('reads OK, LOGIN_REQUIRED and REVOKED from /item/get', async () => {
    replay.answer('/item/get', recorded('item-get'));
    expect(await plaid.getItemStatus('access-sandbox-x')).toEqual({ status: 'OK', errorCode: null });
    expectCredentials(replay.seen('/item/get')[0]);

    replay.answer('/item/get', recorded('item-get-login-required'));
    expect(await plaid.getItemStatus('access-sandbox-x')).toEqual({
      status: 'LOGIN_REQUIRED',
      errorCode: 'ITEM_LOGIN_REQUIRED',
    });

    const revoked = recorded('item-get') as { item: Record<string, unknown> };
    revoked.item.error = { error_type: 'ITEM_ERROR', error_code: 'USER_PERMISSION_REVOKED' };
    replay.answer('/item/get', revoked);
    expect(await plaid.getItemStatus('access-sandbox-x')).toEqual({
      status: 'REVOKED',
      errorCode: 'PERMISSION_REVOKED',
    });

    replay.answer('/item/get', recorded('error-invalid-access-token'), 400);
    expect(await plaid.getItemStatus('access-sandbox-x')).toEqual({
      status: 'REVOKED',
      errorCode: 'INVALID_ACCESS_TOKEN',
    });
  });

  it('removes an item, and treats an already removed one as done', async () => {
    replay.answer('/item/remove', recorded('item-remove'));
    await plaid.removeItem('access-sandbox-x');
    expect(replay.seen('/item/remove')[0]?.body.access_token).toBe('access-sandbox-x');
    replay.answer('/item/remove', recorded('error-invalid-access-token'), 400);
    await expect(plaid.removeItem('access-sandbox-x')).resolves.toBeUndefined();
    replay.answer('/item/remove', recorded('error-internal-server-error'), 500);
    expect((await failure(plaid.removeItem('access-sandbox-x'))).code).toBe('PROVIDER_UNAVAILABLE');
  });

  it('resets a login in Plaid sandbox only', async () => {
    replay.answer('/sandbox/item/reset_login', recorded('sandbox-item-reset-login'));
    await plaid.resetLogin?.('access-sandbox-x');
    const [request] = replay.seen('/sandbox/item/reset_login');
    expectCredentials(request);
    expect(request?.body.access_token).toBe('access-sandbox-x');

    const production = createPlaidBankLink({
      clientId: CLIENT_ID,
      secret: SECRET,
      env: 'production',
      webhookUrl: null,
      clock,
      basePath: replay.url,
    });
    await failure(production.resetLogin?.('access-production-x') ?? Promise.resolve());
    expect(replay.seen('/sandbox/item/reset_login')).toHaveLength(1);
  });
});

describe('Plaid adapter: webhook verification', () => {
  const KID = 'bfbd5111-8e33-4643-8ced-b2e642a72f3c';
  let privateKey: PrivateKey;
  let otherPrivateKey: PrivateKey;

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    privateKey = pair.privateKey;
    otherPrivateKey = (await generateKeyPair('ES256')).privateKey;
    const jwk = await exportJWK(pair.publicKey);
    const template = recorded('webhook-verification-key-get') as { key: Record<string, unknown> };
    template.key = { ...template.key, kid: KID, x: jwk.x, y: jwk.y };
    keyAnswer = template;
  });
  let keyAnswer: Record<string, unknown>;

  beforeEach(() => {
    replay.answer('/webhook_verification_key/get', keyAnswer);
  });

  const sign = (
    rawBody: string,
    options: { key?: PrivateKey; iat?: number; kid?: string; sha?: string } = {},
  ) =>
    new SignJWT({
      request_body_sha256: options.sha ?? createHash('sha256').update(rawBody).digest('hex'),
    })
      .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? KID, typ: 'JWT' })
      .setIssuedAt(options.iat ?? Math.floor(clock.now().getTime() / 1000))
      .sign(options.key ?? privateKey);

  it('accepts a signed ITEM ERROR webhook and reads it as LOGIN_REQUIRED', async () => {
    const body = recordedText('webhook-item-error');
    const jwt = await sign(body);
    expect(await plaid.verifyWebhook({ 'plaid-verification': jwt }, body)).toEqual({
      itemId: 'M5eVJqLnv3tbzdngLDp9FL5OlDNxlNhlE55op',
      kind: 'LOGIN_REQUIRED',
      errorCode: 'ITEM_LOGIN_REQUIRED',
      webhookCode: 'ERROR',
    });
    const [keyRequest] = replay.seen('/webhook_verification_key/get');
    expectCredentials(keyRequest);
    expect(keyRequest?.body.key_id).toBe(KID);

    // The key is cached: a second webhook needs no key request.
    const revoked = recordedText('webhook-user-account-revoked');
    expect(await plaid.verifyWebhook({ 'Plaid-Verification': await sign(revoked) }, revoked)).toEqual({
      itemId: 'M5eVJqLnv3tbzdngLDp9FL5OlDNxlNhlE55op',
      kind: 'PERMISSION_REVOKED',
      errorCode: 'ACCOUNT_REVOKED',
      webhookCode: 'USER_ACCOUNT_REVOKED',
      accountId: '6Myq63K1KDSe3lBwp7K1fnEbNGLV4NHq5ckbZ',
    });
    expect(replay.seen('/webhook_verification_key/get')).toHaveLength(1);
  });

  it('refuses a changed body', async () => {
    const body = recordedText('webhook-item-error');
    const jwt = await sign(body);
    const tampered = body.replace('ITEM_LOGIN_REQUIRED', 'NEW_ACCOUNTS_AVAILABLE');
    expect(await plaid.verifyWebhook({ 'plaid-verification': jwt }, tampered)).toBeNull();
  });

  it('refuses a JWT older than 5 minutes', async () => {
    const body = recordedText('webhook-item-error');
    const sixMinutesAgo = Math.floor(clock.now().getTime() / 1000) - 6 * 60;
    const old = await sign(body, { iat: sixMinutesAgo });
    expect(await plaid.verifyWebhook({ 'plaid-verification': old }, body)).toBeNull();
    const fourMinutesAgo = Math.floor(clock.now().getTime() / 1000) - 4 * 60;
    const recent = await sign(body, { iat: fourMinutesAgo });
    expect(await plaid.verifyWebhook({ 'plaid-verification': recent }, body)).not.toBeNull();
  });

  it('refuses another signer, a missing header, another algorithm and an expired key', async () => {
    const body = recordedText('webhook-item-error');
    expect(
      await plaid.verifyWebhook({ 'plaid-verification': await sign(body, { key: otherPrivateKey }) }, body),
    ).toBeNull();
    expect(await plaid.verifyWebhook({}, body)).toBeNull();
    expect(await plaid.verifyWebhook({ 'plaid-verification': 'not-a-jwt' }, body)).toBeNull();
    const hs256 = await new SignJWT({
      request_body_sha256: createHash('sha256').update(body).digest('hex'),
    })
      .setProtectedHeader({ alg: 'HS256', kid: KID })
      .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
      .sign(new TextEncoder().encode('a-shared-secret-of-at-least-32-bytes!!'));
    expect(await plaid.verifyWebhook({ 'plaid-verification': hs256 }, body)).toBeNull();

    const expired = structuredClone(keyAnswer) as { key: Record<string, unknown> };
    expired.key.expired_at = Math.floor(clock.now().getTime() / 1000) - 60;
    plaid = makePlaid();
    replay.answer('/webhook_verification_key/get', expired);
    expect(await plaid.verifyWebhook({ 'plaid-verification': await sign(body) }, body)).toBeNull();
  });

  it('refuses a key id Plaid does not know', async () => {
    const body = recordedText('webhook-item-error');
    replay.answer(
      '/webhook_verification_key/get',
      { error_type: 'INVALID_INPUT', error_code: 'INVALID_WEBHOOK_VERIFICATION_KEY_ID', request_id: 'r' },
      400,
    );
    expect(
      await plaid.verifyWebhook({ 'plaid-verification': await sign(body, { kid: 'unknown-kid' }) }, body),
    ).toBeNull();
  });
});
