import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingProvider,
  type ImportKind,
} from './accounting.js';
import { createQuickBooksAccounting } from './quickbooks.js';

const recordedDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'recorded');
/** A JSON body shaped from QuickBooks Online's documented API answers. */
const recorded = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(recordedDir, `qbo-${name}.json`), 'utf8'));
const recordedText = (name: string): string =>
  fs.readFileSync(path.join(recordedDir, `qbo-${name}.json`), 'utf8');

const CLIENT_ID = 'ABclientIdQBO';
const CLIENT_SECRET = 'qbo-client-secret-never-shown-4d1a';
const REALM_ID = '9341453328517590';
const ACCESS_TOKEN = 'eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..qbo-access-7Hq2WmZ9xK3';
const REFRESH_TOKEN = 'AB11763481577qbo-refresh-Rk9PzT4vN2';
const VERIFIER = 'c1b9a3e0-qbo-webhook-verifier';
const API = `https://sandbox-quickbooks.api.intuit.com/v3/company/${REALM_ID}`;
const NOW = new Date('2026-11-02T15:00:00.000Z');

interface Answer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}
interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string | null;
}

/** An injected fetch that answers, in order, with the recorded answers and remembers each request. */
function replay(...answers: Answer[]) {
  const seen: Seen[] = [];
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    seen.push({
      method: init?.method ?? 'GET',
      url,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    });
    const answer = answers.shift();
    if (!answer) throw new Error(`No recorded answer for ${init?.method ?? 'GET'} ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch: fetchImpl as typeof fetch, seen, left: () => answers.length };
}

const sleeps: number[] = [];
const makeQbo = (fetchImpl: typeof fetch, environment: 'sandbox' | 'production' = 'sandbox') =>
  createQuickBooksAccounting({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    environment,
    fetch: fetchImpl,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    webhookVerifierToken: VERIFIER,
  });

const handle: AccountingHandle = {
  organisationId: REALM_ID,
  tokens: {
    accessToken: ACCESS_TOKEN,
    refreshToken: REFRESH_TOKEN,
    accessTokenExpiresAt: '2026-11-02T16:00:00.000Z',
    refreshTokenExpiresAt: '2027-02-10T15:00:00.000Z',
  },
};

const failure = async (promise: Promise<unknown>): Promise<AccountingError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountingError);
  expectNoSecrets(error);
  return error as AccountingError;
};

/** No token or client secret in a thrown error, however it is printed. */
const expectNoSecrets = (error: unknown) => {
  const printed = [
    String(error),
    JSON.stringify(error),
    JSON.stringify(Object.entries(error as object)),
    (error as Error).stack ?? '',
  ].join('\n');
  for (const secret of [ACCESS_TOKEN, REFRESH_TOKEN, CLIENT_SECRET, 'qbo-access', 'qbo-refresh'])
    expect(printed).not.toContain(secret);
};

const authorization = (seen: Seen | undefined) => seen?.headers.get('authorization');
const basicAuth = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
const jsonBody = (seen: Seen | undefined) => JSON.parse(seen?.body ?? 'null');

beforeEach(() => {
  sleeps.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('QuickBooks adapter: consent', () => {
  it('is QBO in production and QBO_SANDBOX in the sandbox, both live', () => {
    expect(makeQbo(replay().fetch, 'production')).toMatchObject({ type: 'QBO', mode: 'live' });
    expect(makeQbo(replay().fetch)).toMatchObject({ type: 'QBO_SANDBOX', mode: 'live' });
  });

  it('sends the browser to Intuit with the accounting scope, the state and the redirect', () => {
    const url = new URL(
      makeQbo(replay().fetch).authorizationUrl({
        state: 'st_8f2c',
        redirectUri: 'https://app.ferry.example/api/integration/callback',
        purpose: 'CONNECT',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://appcenter.intuit.com/connect/oauth2');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: 'https://app.ferry.example/api/integration/callback',
      scope: 'com.intuit.quickbooks.accounting',
      state: 'st_8f2c',
    });
  });

  it('asks for OpenID, email and profile too when signing in', () => {
    const url = new URL(
      makeQbo(replay().fetch).authorizationUrl({
        state: 'st_1',
        redirectUri: 'https://app.ferry.example/api/integration/callback',
        purpose: 'SIGN_IN',
      }),
    );
    expect(url.searchParams.get('scope')).toBe('com.intuit.quickbooks.accounting openid email profile');
  });
});

describe('QuickBooks adapter: code exchange', () => {
  const query = { code: 'AB11d8Rkz-code', state: 'st_8f2c', realmId: REALM_ID };
  const redirectUri = 'https://app.ferry.example/api/integration/callback';

  it('exchanges the code for tokens and names the company with its home currency', async () => {
    const http = replay(
      { body: recorded('token-create') },
      { body: recorded('companyinfo') },
      { body: recorded('preferences') },
    );
    const result = await makeQbo(http.fetch).exchangeCode({ query, redirectUri });
    expect(result).toEqual({
      tokens: {
        accessToken: ACCESS_TOKEN,
        refreshToken: REFRESH_TOKEN,
        accessTokenExpiresAt: '2026-11-02T16:00:00.000Z',
        refreshTokenExpiresAt: '2027-02-11T15:00:00.000Z',
      },
      organisations: [{ id: REALM_ID, name: 'Sandbox Company_US_1', currency: 'USD' }],
      identity: null,
    });
    const [token, company, preferences] = http.seen;
    expect(token?.method).toBe('POST');
    expect(token?.url.href).toBe('https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer');
    expect(authorization(token)).toBe(basicAuth);
    expect(token?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token?.body ?? ''))).toEqual({
      grant_type: 'authorization_code',
      code: 'AB11d8Rkz-code',
      redirect_uri: redirectUri,
    });
    expect(company?.url.pathname).toBe(`/v3/company/${REALM_ID}/companyinfo/${REALM_ID}`);
    expect(company?.url.searchParams.get('minorversion')).toBe('75');
    expect(authorization(company)).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(company?.headers.get('accept')).toBe('application/json');
    expect(preferences?.url.pathname).toBe(`/v3/company/${REALM_ID}/preferences`);
  });

  it('reads who signed in from the OpenID userinfo when the grant has an id_token', async () => {
    const http = replay(
      { body: recorded('token-create-openid') },
      { body: recorded('companyinfo') },
      { body: recorded('preferences') },
      { body: recorded('userinfo') },
    );
    const result = await makeQbo(http.fetch).exchangeCode({ query, redirectUri });
    expect(result.identity).toEqual({
      providerUserId: '5bf4c4bc-26d8-47b7-baa6-0b2ff0bcf65b',
      email: 'maria.lopez@example.com',
      firstName: 'Maria',
      lastName: 'Lopez',
    });
    const userinfo = http.seen[3];
    expect(userinfo?.url.href).toBe(
      'https://sandbox-accounts.platform.intuit.com/v1/openid_connect/userinfo',
    );
    expect(authorization(userinfo)).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('is ACCESS_DENIED when the person declined, without calling Intuit', async () => {
    const http = replay();
    const error = await failure(
      makeQbo(http.fetch).exchangeCode({ query: { error: 'access_denied', state: 'st_8f2c' }, redirectUri }),
    );
    expect(error.code).toBe('ACCESS_DENIED');
    expect(http.seen).toHaveLength(0);
  });

  it('is TOKEN_EXPIRED when Intuit refuses the code as invalid_grant', async () => {
    const http = replay({ status: 400, body: recorded('error-invalid-grant') });
    const error = await failure(makeQbo(http.fetch).exchangeCode({ query, redirectUri }));
    expect(error.code).toBe('TOKEN_EXPIRED');
  });
});

describe('QuickBooks adapter: tokens', () => {
  it('refreshes with the refresh token and maps the new expiries', async () => {
    const http = replay({ body: recorded('token-refresh') });
    expect(await makeQbo(http.fetch).refreshTokens(handle.tokens)).toEqual({
      accessToken: 'eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..qbo-access-refreshed-P3mL8s',
      refreshToken: 'AB11763485177qbo-refresh-rotated-Yt6Vb1',
      accessTokenExpiresAt: '2026-11-02T16:00:00.000Z',
      refreshTokenExpiresAt: '2027-02-11T14:00:00.000Z',
    });
    const [request] = http.seen;
    expect(request?.url.href).toBe('https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer');
    expect(authorization(request)).toBe(basicAuth);
    expect(Object.fromEntries(new URLSearchParams(request?.body ?? ''))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: REFRESH_TOKEN,
    });
  });

  it('is TOKEN_EXPIRED when the refresh answers invalid_grant, and does not retry it', async () => {
    const http = replay({ status: 400, body: recorded('error-invalid-grant') });
    const error = await failure(makeQbo(http.fetch).refreshTokens(handle.tokens));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expect(http.seen).toHaveLength(1);
  });

  it('revokes the grant with the refresh token, and takes an already-dead grant as revoked', async () => {
    const http = replay({ body: {} }, { status: 400, body: recorded('error-invalid-grant') });
    const qbo = makeQbo(http.fetch);
    await qbo.revoke(handle.tokens);
    await qbo.revoke(handle.tokens);
    expect(http.seen[0]?.url.href).toBe('https://developer.api.intuit.com/v2/oauth2/tokens/revoke');
    expect(authorization(http.seen[0])).toBe(basicAuth);
    expect(jsonBody(http.seen[0])).toEqual({ token: REFRESH_TOKEN });
  });
});

describe('QuickBooks adapter: import', () => {
  const listAll = <K extends ImportKind>(qbo: AccountingProvider, kind: K) =>
    qbo.list(handle, kind, { cursor: null, modifiedSince: null });

  it('maps accounts to Ferry types, keeping inactive ones and leaving unused types null', async () => {
    const http = replay({ body: recorded('query-account') });
    const page = await listAll(makeQbo(http.fetch), 'ACCOUNT');
    expect(page.next).toBeNull();
    expect(page.records).toEqual([
      {
        remoteId: '35',
        updatedAt: '2026-10-28T20:14:59.000Z',
        active: true,
        name: 'Checking',
        number: '1010',
        type: 'BANK',
      },
      {
        remoteId: '41',
        updatedAt: '2026-10-30T19:05:16.000Z',
        active: true,
        name: 'Mastercard',
        number: null,
        type: 'CREDIT_CARD',
      },
      {
        remoteId: '7',
        updatedAt: '2026-10-20T16:00:00.000Z',
        active: false,
        name: 'Advertising',
        number: null,
        type: 'EXPENSE',
      },
      {
        remoteId: '45',
        updatedAt: '2026-10-14T18:04:41.000Z',
        active: true,
        name: 'Landscaping Services',
        number: null,
        type: 'INCOME',
      },
      {
        remoteId: '80',
        updatedAt: '2026-10-15T21:42:05.000Z',
        active: true,
        name: 'Cost of Goods Sold',
        number: null,
        type: 'COST_OF_GOODS_SOLD',
      },
      {
        remoteId: '34',
        updatedAt: '2026-10-14T17:10:55.000Z',
        active: true,
        name: 'Opening Balance Equity',
        number: null,
        type: null,
      },
    ]);
    const [request] = http.seen;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe(`/v3/company/${REALM_ID}/query`);
    expect(request?.url.searchParams.get('query')).toBe(
      'select * from Account where Active in (true,false) startposition 1 maxresults 500',
    );
    expect(request?.url.searchParams.get('minorversion')).toBe('75');
    expect(request?.url.search).toContain('query=select%20*%20from%20Account%20where');
    expect(authorization(request)).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it('maps items with their sales price in exact cents', async () => {
    const http = replay({ body: recorded('query-item') });
    const page = await listAll(makeQbo(http.fetch), 'ITEM');
    expect(page.records).toEqual([
      {
        remoteId: '5',
        updatedAt: '2026-10-31T16:24:59.000Z',
        active: true,
        name: 'Rock Fountain',
        description: 'Rock Fountain',
        unitPriceCents: 27500,
        isSold: true,
        isPurchased: true,
      },
      {
        remoteId: '10',
        updatedAt: '2026-10-14T19:35:57.000Z',
        active: true,
        name: 'Pest Control',
        description: 'Pest Control Services',
        unitPriceCents: 3526,
        isSold: true,
        isPurchased: false,
      },
      {
        remoteId: '19',
        updatedAt: '2026-10-22T23:40:00.000Z',
        active: false,
        name: 'Lumber',
        description: null,
        unitPriceCents: null,
        isSold: false,
        isPurchased: true,
      },
    ]);
    expect(http.seen[0]?.url.searchParams.get('query')).toContain(
      'select * from Item where Active in (true,false)',
    );
  });

  it('maps vendors and customers, an inactive one as not active', async () => {
    const http = replay({ body: recorded('query-vendor') }, { body: recorded('query-customer') });
    const qbo = makeQbo(http.fetch);
    expect((await listAll(qbo, 'VENDOR')).records).toEqual([
      {
        remoteId: '30',
        updatedAt: '2026-10-29T18:07:45.000Z',
        active: true,
        name: 'Books by Bessie',
        email: 'Books@Intuit.com',
        phone: '(650) 555-7745',
      },
      {
        remoteId: '42',
        updatedAt: '2026-10-30T23:45:10.000Z',
        active: false,
        name: 'Hall Properties',
        email: null,
        phone: null,
      },
    ]);
    expect((await listAll(qbo, 'CUSTOMER')).records).toEqual([
      {
        remoteId: '1',
        updatedAt: '2026-10-31T20:39:07.000Z',
        active: true,
        name: "Amy's Bird Sanctuary",
        email: 'Birds@Intuit.com',
        phone: '(650) 555-3311',
      },
    ]);
    expect(http.seen[1]?.url.searchParams.get('query')).toBe(
      'select * from Customer where Active in (true,false) startposition 1 maxresults 500',
    );
  });

  it('maps bills with account and item lines, cents exact, paid when nothing is owed', async () => {
    const http = replay({ body: recorded('query-bill') });
    const [open, paid] = (await listAll(makeQbo(http.fetch), 'BILL')).records;
    expect(open).toEqual({
      remoteId: '152',
      updatedAt: '2026-10-31T21:02:51.000Z',
      active: true,
      contactRemoteId: '30',
      number: 'INV-5561',
      date: '2026-10-15',
      dueDate: '2026-11-14',
      totalCents: 101308,
      balanceCents: 101308,
      currency: 'USD',
      memo: 'October supplies',
      status: 'OPEN',
      lines: [
        {
          description: 'Lumber',
          amountCents: 91308,
          quantity: null,
          accountRemoteId: '7',
          itemRemoteId: null,
        },
        {
          description: 'Rock Fountain',
          amountCents: 10000,
          quantity: 2,
          accountRemoteId: null,
          itemRemoteId: '5',
        },
      ],
    });
    expect(paid).toMatchObject({
      remoteId: '153',
      number: null,
      totalCents: 30,
      balanceCents: 0,
      status: 'PAID',
    });
    expect(paid?.lines.map((line) => line.amountCents)).toEqual([10, 20]);
    // Bills have no Active flag in QuickBooks: no Active filter.
    expect(http.seen[0]?.url.searchParams.get('query')).toBe(
      'select * from Bill startposition 1 maxresults 500',
    );
  });

  it('maps invoices without the subtotal line, a discount as a negative line, and a voided one as VOID', async () => {
    const http = replay({ body: recorded('query-invoice') });
    const [invoice, voided] = (await listAll(makeQbo(http.fetch), 'INVOICE')).records;
    expect(invoice).toMatchObject({
      remoteId: '130',
      contactRemoteId: '1',
      number: '1037',
      date: '2026-10-21',
      dueDate: '2026-11-20',
      totalCents: 27775,
      balanceCents: 27775,
      status: 'OPEN',
    });
    expect(invoice?.lines).toEqual([
      {
        description: 'Rock Fountain',
        amountCents: 27500,
        quantity: 1,
        accountRemoteId: null,
        itemRemoteId: '5',
      },
      {
        description: 'Fountain Pump',
        amountCents: 1275,
        quantity: 1,
        accountRemoteId: null,
        itemRemoteId: '11',
      },
      { description: null, amountCents: -1000, quantity: null, accountRemoteId: '86', itemRemoteId: null },
    ]);
    expect(voided).toMatchObject({ remoteId: '131', status: 'VOID', totalCents: 0, balanceCents: 0 });
    expect(voided?.lines).toHaveLength(1);
  });

  it('asks for changes since modifiedSince and pages by start position', async () => {
    const fullPage = {
      QueryResponse: {
        Vendor: Array.from({ length: 500 }, (_, i) => ({
          Id: String(i + 1),
          DisplayName: `Vendor ${i + 1}`,
        })),
        startPosition: 501,
        maxResults: 500,
      },
    };
    const http = replay(
      { body: fullPage },
      { body: { QueryResponse: {}, time: '2026-11-02T07:01:00.000-08:00' } },
    );
    const qbo = makeQbo(http.fetch);
    const first = await qbo.list(handle, 'VENDOR', {
      cursor: '501',
      modifiedSince: '2026-11-01T08:30:00.250Z',
    });
    expect(first.records).toHaveLength(500);
    expect(first.next).toBe('1001');
    const second = await qbo.list(handle, 'VENDOR', {
      cursor: first.next,
      modifiedSince: '2026-11-01T08:30:00.250Z',
    });
    expect(second).toEqual({ records: [], next: null });
    expect(http.seen.map((seen) => seen.url.searchParams.get('query'))).toEqual([
      "select * from Vendor where Active in (true,false) and Metadata.LastUpdatedTime > '2026-11-01T08:30:00Z' startposition 501 maxresults 500",
      "select * from Vendor where Active in (true,false) and Metadata.LastUpdatedTime > '2026-11-01T08:30:00Z' startposition 1001 maxresults 500",
    ]);
  });
});

describe('QuickBooks adapter: push', () => {
  const bill = {
    contactRemoteId: '58',
    number: 'AP-2026-114',
    date: '2026-11-01',
    dueDate: '2026-12-01',
    memo: 'Paper for Q4',
    lines: [
      { description: 'Copy paper, 40 cases', amountCents: 100050, accountRemoteId: '7', itemRemoteId: null },
      { description: 'Rock Fountain', amountCents: 25000, accountRemoteId: null, itemRemoteId: '5' },
    ],
  };
  const payment = {
    documentRemoteId: '171',
    contactRemoteId: '58',
    amountCents: 125050,
    date: '2026-11-02',
    accountRemoteId: '35',
    memo: 'Ferry payment pay_01JC8ZQ4M7 (ACH)',
    reference: 'ACH-091000019-00421-7781',
  };

  it('creates a vendor with the idempotency key as requestid', async () => {
    const http = replay({ body: recorded('vendor-create') });
    const result = await makeQbo(http.fetch).create(
      handle,
      'VENDOR',
      { name: 'Acme Paper Supply', email: 'billing@acmepaper.example.com', phone: '(415) 555-0134' },
      'push_vendor_01JC8Z',
    );
    expect(result).toEqual({ remoteId: '58', updatedAt: '2026-11-02T15:02:10.000Z' });
    const [request] = http.seen;
    expect(request?.method).toBe('POST');
    expect(`${request?.url.origin}${request?.url.pathname}`).toBe(`${API}/vendor`);
    expect(request?.url.searchParams.get('requestid')).toBe('push_vendor_01JC8Z');
    expect(request?.url.searchParams.get('minorversion')).toBe('75');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(jsonBody(request)).toEqual({
      DisplayName: 'Acme Paper Supply',
      PrimaryEmailAddr: { Address: 'billing@acmepaper.example.com' },
      PrimaryPhone: { FreeFormNumber: '(415) 555-0134' },
    });
  });

  it('creates a customer without the fields Ferry does not have', async () => {
    const http = replay({ body: recorded('customer-create') });
    const result = await makeQbo(http.fetch).create(
      handle,
      'CUSTOMER',
      { name: 'Northwind Traders', email: 'ap@northwind.example.com', phone: null },
      'push_customer_1',
    );
    expect(result.remoteId).toBe('59');
    expect(http.seen[0]?.url.pathname).toBe(`/v3/company/${REALM_ID}/customer`);
    expect(jsonBody(http.seen[0])).toEqual({
      DisplayName: 'Northwind Traders',
      PrimaryEmailAddr: { Address: 'ap@northwind.example.com' },
    });
  });

  it('creates a bill with account and item lines in dollars from exact cents', async () => {
    const http = replay({ body: recorded('bill-create') });
    const result = await makeQbo(http.fetch).create(handle, 'BILL', bill, 'push_bill_1');
    expect(result).toEqual({ remoteId: '171', updatedAt: '2026-11-02T15:03:00.000Z' });
    expect(http.seen[0]?.url.pathname).toBe(`/v3/company/${REALM_ID}/bill`);
    expect(jsonBody(http.seen[0])).toEqual({
      VendorRef: { value: '58' },
      DocNumber: 'AP-2026-114',
      TxnDate: '2026-11-01',
      DueDate: '2026-12-01',
      PrivateNote: 'Paper for Q4',
      Line: [
        {
          Amount: 1000.5,
          Description: 'Copy paper, 40 cases',
          DetailType: 'AccountBasedExpenseLineDetail',
          AccountBasedExpenseLineDetail: { AccountRef: { value: '7' } },
        },
        {
          Amount: 250,
          Description: 'Rock Fountain',
          DetailType: 'ItemBasedExpenseLineDetail',
          ItemBasedExpenseLineDetail: { ItemRef: { value: '5' }, Qty: 1, UnitPrice: 250 },
        },
      ],
    });
  });

  it('refuses a bill line with neither account nor item before calling QuickBooks', async () => {
    const http = replay();
    const error = await failure(
      makeQbo(http.fetch).create(
        handle,
        'BILL',
        { ...bill, lines: [{ description: 'x', amountCents: 1, accountRemoteId: null, itemRemoteId: null }] },
        'k',
      ),
    );
    expect(error.code).toBe('REJECTED');
    expect(http.seen).toHaveLength(0);
  });

  it('creates an invoice with sales item lines', async () => {
    const http = replay({ body: recorded('invoice-create') });
    const result = await makeQbo(http.fetch).create(
      handle,
      'INVOICE',
      {
        contactRemoteId: '59',
        number: 'F-1001',
        date: '2026-11-01',
        dueDate: '2026-12-01',
        memo: null,
        lines: [
          {
            description: 'Pest control, November',
            amountCents: 9999,
            accountRemoteId: null,
            itemRemoteId: '10',
          },
        ],
      },
      'push_invoice_1',
    );
    expect(result.remoteId).toBe('239');
    expect(http.seen[0]?.url.pathname).toBe(`/v3/company/${REALM_ID}/invoice`);
    expect(jsonBody(http.seen[0])).toEqual({
      CustomerRef: { value: '59' },
      DocNumber: 'F-1001',
      TxnDate: '2026-11-01',
      DueDate: '2026-12-01',
      Line: [
        {
          Amount: 99.99,
          Description: 'Pest control, November',
          DetailType: 'SalesItemLineDetail',
          SalesItemLineDetail: { ItemRef: { value: '10' }, Qty: 1, UnitPrice: 99.99 },
        },
      ],
    });
  });

  it('writes a bill payment by check from the bank account, linked to the bill', async () => {
    const http = replay({ body: recorded('account-read-bank') }, { body: recorded('billpayment-create') });
    const result = await makeQbo(http.fetch).create(handle, 'BILL_PAYMENT', payment, 'push_billpayment_1');
    expect(result).toEqual({ remoteId: '172', updatedAt: '2026-11-02T15:04:00.000Z' });
    expect(http.seen[0]?.method).toBe('GET');
    expect(http.seen[0]?.url.pathname).toBe(`/v3/company/${REALM_ID}/account/35`);
    expect(http.seen[1]?.url.pathname).toBe(`/v3/company/${REALM_ID}/billpayment`);
    expect(http.seen[1]?.url.searchParams.get('requestid')).toBe('push_billpayment_1');
    expect(jsonBody(http.seen[1])).toEqual({
      VendorRef: { value: '58' },
      PayType: 'Check',
      CheckPayment: { BankAccountRef: { value: '35' } },
      TotalAmt: 1250.5,
      TxnDate: '2026-11-02',
      DocNumber: 'ACH-091000019-00421-7',
      PrivateNote: 'Ferry payment pay_01JC8ZQ4M7 (ACH)',
      Line: [{ Amount: 1250.5, LinkedTxn: [{ TxnId: '171', TxnType: 'Bill' }] }],
    });
  });

  it('writes a bill paid by card as a credit card bill payment', async () => {
    const http = replay({ body: recorded('account-read-card') }, { body: recorded('billpayment-create') });
    await makeQbo(http.fetch).create(
      handle,
      'BILL_PAYMENT',
      { ...payment, accountRemoteId: '41', reference: 'ch_3QK7Lm2eZvKYlo2C' },
      'push_billpayment_card',
    );
    expect(http.seen[0]?.url.pathname).toBe(`/v3/company/${REALM_ID}/account/41`);
    const body = jsonBody(http.seen[1]);
    expect(body).toMatchObject({
      PayType: 'CreditCard',
      CreditCardPayment: { CCAccountRef: { value: '41' } },
    });
    expect(body).not.toHaveProperty('CheckPayment');
  });

  it('writes an invoice payment deposited to the account, linked to the invoice', async () => {
    const http = replay({ body: recorded('payment-create') });
    const result = await makeQbo(http.fetch).create(
      handle,
      'INVOICE_PAYMENT',
      {
        documentRemoteId: '239',
        contactRemoteId: '59',
        amountCents: 9999,
        date: '2026-11-02',
        accountRemoteId: '35',
        memo: 'Ferry receipt rcv_01JC9A0B (card)',
        reference: 'ch_3QK7Lm2eZvKYlo2C',
      },
      'push_payment_1',
    );
    expect(result.remoteId).toBe('240');
    expect(http.seen[0]?.url.pathname).toBe(`/v3/company/${REALM_ID}/payment`);
    expect(jsonBody(http.seen[0])).toEqual({
      CustomerRef: { value: '59' },
      TotalAmt: 99.99,
      TxnDate: '2026-11-02',
      DepositToAccountRef: { value: '35' },
      PaymentRefNum: 'ch_3QK7Lm2eZvKYlo2C',
      PrivateNote: 'Ferry receipt rcv_01JC9A0B (card)',
      Line: [{ Amount: 99.99, LinkedTxn: [{ TxnId: '239', TxnType: 'Invoice' }] }],
    });
  });

  it('sends the same requestid when a rate-limited create is retried, waiting as told', async () => {
    const http = replay(
      { status: 429, body: recorded('error-throttle'), headers: { 'retry-after': '2' } },
      { status: 503, body: 'Service Unavailable' },
      { body: recorded('vendor-create') },
    );
    const result = await makeQbo(http.fetch).create(
      handle,
      'VENDOR',
      { name: 'Acme Paper Supply', email: null, phone: null },
      'push_vendor_retry',
    );
    expect(result.remoteId).toBe('58');
    expect(http.seen.map((seen) => seen.url.searchParams.get('requestid'))).toEqual([
      'push_vendor_retry',
      'push_vendor_retry',
      'push_vendor_retry',
    ]);
    expect(http.seen.map((seen) => seen.body)).toEqual(Array(3).fill(http.seen[0]?.body));
    expect(sleeps[0]).toBe(2000);
    expect(sleeps).toHaveLength(2);
  });

  it('updates with the SyncToken it read first, as a sparse update', async () => {
    const http = replay({ body: recorded('vendor-read') }, { body: recorded('vendor-update') });
    const result = await makeQbo(http.fetch).update(handle, 'VENDOR', '58', {
      name: 'Acme Paper Supply Co.',
      email: 'ap@acmepaper.example.com',
      phone: '(415) 555-0199',
    });
    expect(result).toEqual({ updatedAt: '2026-11-02T15:05:01.000Z' });
    const [read, write] = http.seen;
    expect(read?.method).toBe('GET');
    expect(read?.url.pathname).toBe(`/v3/company/${REALM_ID}/vendor/58`);
    expect(write?.method).toBe('POST');
    expect(write?.url.pathname).toBe(`/v3/company/${REALM_ID}/vendor`);
    expect(jsonBody(write)).toEqual({
      Id: '58',
      SyncToken: '2',
      sparse: true,
      DisplayName: 'Acme Paper Supply Co.',
      PrimaryEmailAddr: { Address: 'ap@acmepaper.example.com' },
      PrimaryPhone: { FreeFormNumber: '(415) 555-0199' },
    });
  });
});

describe('QuickBooks adapter: errors', () => {
  it('is TOKEN_EXPIRED on a 401, without repeating the token QuickBooks quoted', async () => {
    const http = replay({ status: 401, body: recorded('error-authentication') });
    const error = await failure(
      makeQbo(http.fetch).list(handle, 'VENDOR', { cursor: null, modifiedSince: null }),
    );
    expect(error.code).toBe('TOKEN_EXPIRED');
    expect(http.seen).toHaveLength(1);
  });

  it('retries a 429 and then succeeds', async () => {
    const http = replay(
      { status: 429, body: recorded('error-throttle') },
      { body: recorded('query-customer') },
    );
    const page = await makeQbo(http.fetch).list(handle, 'CUSTOMER', { cursor: null, modifiedSince: null });
    expect(page.records).toHaveLength(1);
    expect(sleeps).toHaveLength(1);
  });

  it('is RATE_LIMITED once the retries are spent', async () => {
    const throttled = { status: 429, body: recorded('error-throttle') };
    const http = replay(throttled, throttled, throttled, throttled);
    const error = await failure(
      makeQbo(http.fetch).list(handle, 'CUSTOMER', { cursor: null, modifiedSince: null }),
    );
    expect(error.code).toBe('RATE_LIMITED');
    expect(http.seen).toHaveLength(4);
  });

  it("is REJECTED on a 400 with QuickBooks' own detail, and not retried", async () => {
    const http = replay({ status: 400, body: recorded('error-validation') });
    const error = await failure(
      makeQbo(http.fetch).create(
        handle,
        'VENDOR',
        { name: 'Books by Bessie', email: null, phone: null },
        'k1',
      ),
    );
    expect(error.code).toBe('REJECTED');
    expect(error.message).toBe(
      'The name supplied already exists. : Another customer, vendor or employee is already using this name. Please use a different name.',
    );
    expect(http.seen).toHaveLength(1);
  });
});

describe('QuickBooks adapter: webhooks', () => {
  const sign = (body: string, key = VERIFIER) => createHmac('sha256', key).update(body).digest('base64');

  it('believes a body signed with the verifier token and reports its changes', async () => {
    const body = recordedText('webhook');
    const events = await makeQbo(replay().fetch).verifyWebhook?.({ 'intuit-signature': sign(body) }, body);
    expect(events).toEqual([
      { organisationId: REALM_ID, kind: 'VENDOR', remoteId: '58' },
      { organisationId: REALM_ID, kind: 'BILL', remoteId: '171' },
      { organisationId: REALM_ID, kind: null, remoteId: null },
    ]);
  });

  it('reads the CloudEvents form too', async () => {
    const body = JSON.stringify([
      {
        specversion: '1.0',
        id: '88cd52a8-6ad1-4a2b-9a93-4b5b8a2bd7b1',
        source: 'intuit.dsnBgbseACLLRZNxo2dfc4evmEJdxde58xeeYcZliOU=',
        type: 'qbo.invoice.updated.v1',
        datacontenttype: 'application/json',
        time: '2026-11-02T15:10:00Z',
        intuitentityid: '239',
        intuitaccountid: REALM_ID,
        data: {},
      },
    ]);
    const events = await makeQbo(replay().fetch).verifyWebhook?.({ 'Intuit-Signature': sign(body) }, body);
    expect(events).toEqual([{ organisationId: REALM_ID, kind: 'INVOICE', remoteId: '239' }]);
  });

  it('refuses a body with a wrong, missing or foreign signature', async () => {
    const body = recordedText('webhook');
    const qbo = makeQbo(replay().fetch);
    expect(await qbo.verifyWebhook?.({ 'intuit-signature': sign(body, 'another-token') }, body)).toBeNull();
    expect(await qbo.verifyWebhook?.({ 'intuit-signature': sign(`${body} `) }, body)).toBeNull();
    expect(await qbo.verifyWebhook?.({}, body)).toBeNull();
    const unconfigured = createQuickBooksAccounting({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      environment: 'sandbox',
    });
    expect(await unconfigured.verifyWebhook?.({ 'intuit-signature': sign(body) }, body)).toBeNull();
  });
});

describe('QuickBooks adapter: void', () => {
  it('deletes a bill (QuickBooks has no bill void) with the SyncToken it read first', async () => {
    const http = replay({ body: recorded('bill-read') }, { body: recorded('bill-delete') });
    const result = await makeQbo(http.fetch).voidDocument(handle, 'BILL', '171');
    expect(result).toEqual({ updatedAt: '2026-11-02T15:10:03.514Z' });
    const [read, write] = http.seen;
    expect(read?.method).toBe('GET');
    expect(read?.url.pathname).toBe(`/v3/company/${REALM_ID}/bill/171`);
    expect(write?.method).toBe('POST');
    expect(`${write?.url.origin}${write?.url.pathname}`).toBe(`${API}/bill`);
    expect(Object.fromEntries(write?.url.searchParams ?? [])).toEqual({
      operation: 'delete',
      minorversion: '75',
    });
    expect(authorization(write)).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(write?.headers.get('content-type')).toBe('application/json');
    expect(jsonBody(write)).toEqual({ Id: '171', SyncToken: '3' });
  });

  it('voids an invoice with the SyncToken it read first, answering its new update time', async () => {
    const http = replay({ body: recorded('invoice-read') }, { body: recorded('invoice-void') });
    const result = await makeQbo(http.fetch).voidDocument(handle, 'INVOICE', '239');
    expect(result).toEqual({ updatedAt: '2026-11-02T15:11:24.000Z' });
    const [read, write] = http.seen;
    expect(read?.url.pathname).toBe(`/v3/company/${REALM_ID}/invoice/239`);
    expect(write?.method).toBe('POST');
    expect(write?.url.pathname).toBe(`/v3/company/${REALM_ID}/invoice`);
    expect(write?.url.searchParams.get('operation')).toBe('void');
    expect(authorization(write)).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(jsonBody(write)).toEqual({ Id: '239', SyncToken: '1' });
  });

  it('takes an invoice already voided, or a bill already deleted, as done without writing', async () => {
    const voided = replay({ body: recorded('invoice-void') });
    expect(await makeQbo(voided.fetch).voidDocument(handle, 'INVOICE', '239')).toEqual({
      updatedAt: '2026-11-02T15:11:24.000Z',
    });
    expect(voided.seen).toHaveLength(1);
    const deleted = replay({ status: 400, body: recorded('error-object-not-found') });
    expect(await makeQbo(deleted.fetch).voidDocument(handle, 'BILL', '171')).toEqual({
      updatedAt: NOW.toISOString(),
    });
    expect(deleted.seen).toHaveLength(1);
  });

  it('refuses a document with payments applied in QuickBooks, writing nothing', async () => {
    const read = recorded('bill-read') as { Bill: Record<string, unknown> };
    const http = replay({ body: { ...read, Bill: { ...read.Bill, Balance: 250.5 } } });
    const error = await failure(makeQbo(http.fetch).voidDocument(handle, 'BILL', '171'));
    expect(error.code).toBe('REJECTED');
    expect(error.message).toBe('It has payments in the accounting software.');
    expect(http.seen).toHaveLength(1);
  });
});
