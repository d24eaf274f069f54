import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingProvider,
  type DocumentPush,
  type ImportKind,
} from './accounting.js';
import { createXeroAccounting } from './xero.js';

const recordedDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'recorded');
/** A JSON body shaped from Xero's documented API answers. */
const recorded = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(recordedDir, `xero-${name}.json`), 'utf8'));
const recordedText = (name: string): string =>
  fs.readFileSync(path.join(recordedDir, `xero-${name}.json`), 'utf8');

const CLIENT_ID = 'XEROCLIENTID0F3A9C';
const CLIENT_SECRET = 'xero-client-secret-never-shown-77aa';
const TENANT_ID = '70784a63-d24b-46a9-a4db-0e70a274b056';
const ACCESS_TOKEN =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6IjFDQUY4RTY2NzcyRDZEQzAyOEQ2NzI2RkQwMjYxNTgxNTcwRUZDMTkifQ.xero-access-Vq7Lm3Nc';
const REFRESH_TOKEN = 'xero-refresh-4fd2b1a9c6e84d0e9a7b3c2d1e0f9a8b';
const WEBHOOK_KEY = 'xero-webhook-key-Zk8aB3yq';
const API = 'https://api.xero.com/api.xro/2.0';
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
    return new Response(answer.body === null ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch: fetchImpl as typeof fetch, seen };
}

const sleeps: number[] = [];
const makeXero = (fetchImpl: typeof fetch) =>
  createXeroAccounting({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetch: fetchImpl,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    webhookKey: WEBHOOK_KEY,
  });

const handle: AccountingHandle = {
  organisationId: TENANT_ID,
  tokens: {
    accessToken: ACCESS_TOKEN,
    refreshToken: REFRESH_TOKEN,
    accessTokenExpiresAt: '2026-11-02T15:30:00.000Z',
    refreshTokenExpiresAt: '2027-01-01T15:00:00.000Z',
  },
};

/** No token or client secret in a thrown error, however it is printed. */
const expectNoSecrets = (error: unknown) => {
  const printed = [
    String(error),
    JSON.stringify(error),
    JSON.stringify(Object.entries(error as object)),
    (error as Error).stack ?? '',
  ].join('\n');
  for (const secret of [ACCESS_TOKEN, REFRESH_TOKEN, CLIENT_SECRET, 'xero-access', 'xero-refresh'])
    expect(printed).not.toContain(secret);
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

const basicAuth = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
const jsonBody = (seen: Seen | undefined) => JSON.parse(seen?.body ?? 'null');
const form = (seen: Seen | undefined) => Object.fromEntries(new URLSearchParams(seen?.body ?? ''));
const expectApiHeaders = (seen: Seen | undefined) => {
  expect(seen?.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
  expect(seen?.headers.get('xero-tenant-id')).toBe(TENANT_ID);
  expect(seen?.headers.get('accept')).toBe('application/json');
};
const listFirst = <K extends ImportKind>(xero: AccountingProvider, kind: K) =>
  xero.list(handle, kind, { cursor: null, modifiedSince: null });

beforeEach(() => {
  sleeps.length = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Xero adapter: consent', () => {
  it('is XERO and live', () => {
    expect(makeXero(replay().fetch)).toMatchObject({ type: 'XERO', mode: 'live' });
  });

  it('sends the browser to Xero with the accounting scopes, the state and the redirect', () => {
    const url = new URL(
      makeXero(replay().fetch).authorizationUrl({
        state: 'st_x1',
        redirectUri: 'https://app.ferry.example/api/integration/callback',
        purpose: 'CONNECT',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://login.xero.com/identity/connect/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: 'https://app.ferry.example/api/integration/callback',
      scope:
        'offline_access accounting.invoices accounting.payments accounting.contacts accounting.settings.read',
      state: 'st_x1',
    });
  });

  it('asks for OpenID, profile and email too when signing in', () => {
    const url = new URL(
      makeXero(replay().fetch).authorizationUrl({
        state: 'st_x2',
        redirectUri: 'https://app.ferry.example/api/integration/callback',
        purpose: 'SIGN_IN',
      }),
    );
    expect(url.searchParams.get('scope')?.split(' ').slice(0, 3)).toEqual(['openid', 'profile', 'email']);
  });
});

describe('Xero adapter: code exchange', () => {
  const redirectUri = 'https://app.ferry.example/api/integration/callback';
  const query = { code: 'xero-code-5a1b', state: 'st_x1', scope: 'offline_access' };

  it('exchanges the code, and names each connected organisation with its base currency', async () => {
    const http = replay(
      { body: recorded('token-connect') },
      { body: recorded('connections') },
      { body: recorded('organisation') },
    );
    const result = await makeXero(http.fetch).exchangeCode({ query, redirectUri });
    expect(result).toEqual({
      tokens: {
        accessToken: ACCESS_TOKEN,
        refreshToken: REFRESH_TOKEN,
        accessTokenExpiresAt: '2026-11-02T15:30:00.000Z',
        refreshTokenExpiresAt: '2027-01-01T15:00:00.000Z',
      },
      // The practice-manager connection is not a set of books.
      organisations: [{ id: TENANT_ID, name: 'Maple Florists', currency: 'NZD' }],
      identity: null,
    });
    const [token, connections, organisation] = http.seen;
    expect(token?.method).toBe('POST');
    expect(token?.url.href).toBe('https://identity.xero.com/connect/token');
    expect(token?.headers.get('authorization')).toBe(basicAuth);
    expect(token?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(form(token)).toEqual({
      grant_type: 'authorization_code',
      code: 'xero-code-5a1b',
      redirect_uri: redirectUri,
    });
    expect(connections?.url.href).toBe('https://api.xero.com/connections');
    expect(connections?.headers.get('authorization')).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(connections?.headers.get('xero-tenant-id')).toBeNull();
    expect(organisation?.url.href).toBe(`${API}/Organisation`);
    expectApiHeaders(organisation);
  });

  it("reads who signed in from the id_token's claims", async () => {
    const http = replay(
      { body: recorded('token-sign-in') },
      { body: recorded('connections') },
      { body: recorded('organisation') },
    );
    const result = await makeXero(http.fetch).exchangeCode({ query, redirectUri });
    expect(result.identity).toEqual({
      providerUserId: '7f6c4b2e-1a9d-4e3c-8b5a-2d1f0e9c8b7a',
      email: 'maria.lopez@example.com',
      firstName: 'Maria',
      lastName: 'Lopez',
    });
  });

  it('refuses an id_token issued to another app', async () => {
    const http = replay(
      { body: recorded('token-sign-in') },
      { body: recorded('connections') },
      { body: recorded('organisation') },
    );
    const other = createXeroAccounting({
      clientId: 'ANOTHERAPP',
      clientSecret: CLIENT_SECRET,
      fetch: http.fetch,
    });
    expect((await failure(other.exchangeCode({ query, redirectUri }))).code).toBe('ACCESS_DENIED');
  });

  it('is ACCESS_DENIED when the person declined, without calling Xero', async () => {
    const http = replay();
    const error = await failure(
      makeXero(http.fetch).exchangeCode({ query: { error: 'access_denied', state: 'st_x1' }, redirectUri }),
    );
    expect(error.code).toBe('ACCESS_DENIED');
    expect(http.seen).toHaveLength(0);
  });
});

describe('Xero adapter: tokens', () => {
  it('refreshes with the refresh token', async () => {
    const http = replay({ body: recorded('token-refresh') });
    expect(await makeXero(http.fetch).refreshTokens(handle.tokens)).toEqual({
      accessToken:
        'eyJhbGciOiJSUzI1NiIsImtpZCI6IjFDQUY4RTY2NzcyRDZEQzAyOEQ2NzI2RkQwMjYxNTgxNTcwRUZDMTkifQ.xero-access-refreshed-Qw2Zr8',
      refreshToken: 'xero-refresh-rotated-0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d',
      accessTokenExpiresAt: '2026-11-02T15:30:00.000Z',
      refreshTokenExpiresAt: '2027-01-01T15:00:00.000Z',
    });
    expect(http.seen[0]?.headers.get('authorization')).toBe(basicAuth);
    expect(form(http.seen[0])).toEqual({ grant_type: 'refresh_token', refresh_token: REFRESH_TOKEN });
  });

  it('is TOKEN_EXPIRED when the refresh answers invalid_grant', async () => {
    const http = replay({ status: 400, body: recorded('error-invalid-grant') });
    const error = await failure(makeXero(http.fetch).refreshTokens(handle.tokens));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expect(http.seen).toHaveLength(1);
  });

  it('revokes the refresh token, and takes an already-dead grant as revoked', async () => {
    const http = replay({ body: null }, { status: 400, body: recorded('error-invalid-grant') });
    const xero = makeXero(http.fetch);
    await xero.revoke(handle.tokens);
    await xero.revoke(handle.tokens);
    expect(http.seen[0]?.url.href).toBe('https://identity.xero.com/connect/revocation');
    expect(http.seen[0]?.headers.get('authorization')).toBe(basicAuth);
    expect(form(http.seen[0])).toEqual({ token: REFRESH_TOKEN });
  });
});

describe('Xero adapter: import', () => {
  it('reads suppliers as vendors (a contact can be both), archived ones inactive', async () => {
    const http = replay({ body: recorded('contacts') });
    const page = await listFirst(makeXero(http.fetch), 'VENDOR');
    expect(page).toEqual({
      records: [
        {
          remoteId: 'bd2270c3-8706-4c11-9cfb-000b551c3f51',
          updatedAt: '2026-10-29T01:26:22.913Z',
          active: true,
          name: 'ABC Furniture',
          email: 'info@abfl.com',
          phone: '800 1234567',
        },
        {
          remoteId: '9b0e4f3c-1d2a-4b5c-8e7f-6a5b4c3d2e1f',
          updatedAt: '2026-10-31T22:40:00.000Z',
          active: true,
          name: 'Bayside Club',
          email: null,
          phone: '64 09 555-0182',
        },
        {
          remoteId: '3e7a1c2b-5f4d-4e6a-9b8c-7d6e5f4a3b2c',
          updatedAt: '2026-09-15T08:00:00.000Z',
          active: false,
          name: 'Old Supplier Ltd',
          email: null,
          phone: null,
        },
      ],
      next: null,
    });
    const [request] = http.seen;
    expect(request?.method).toBe('GET');
    expect(`${request?.url.origin}${request?.url.pathname}`).toBe(`${API}/Contacts`);
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      includeArchived: 'true',
      page: '1',
    });
    expect(request?.headers.get('if-modified-since')).toBeNull();
    expectApiHeaders(request);
  });

  it('reads customers from the same contacts', async () => {
    const http = replay({ body: recorded('contacts') });
    const page = await listFirst(makeXero(http.fetch), 'CUSTOMER');
    expect(page.records.map((contact) => contact.name)).toEqual(['Ridgeway University', 'Bayside Club']);
    expect(page.records[0]).toMatchObject({ email: 'accounts@ridgeway.example.edu', phone: null });
  });

  it('pages contacts while a page comes back full, and sends modifiedSince as If-Modified-Since', async () => {
    const full = {
      Contacts: Array.from({ length: 100 }, (_, i) => ({
        ContactID: `c-${i}`,
        Name: `Supplier ${i}`,
        ContactStatus: 'ACTIVE',
        IsSupplier: true,
        UpdatedDateUTC: '/Date(1793631600000+0000)/',
      })),
    };
    const http = replay({ body: full }, { body: recorded('contacts') });
    const xero = makeXero(http.fetch);
    const since = '2026-11-01T08:30:00.250Z';
    const first = await xero.list(handle, 'VENDOR', { cursor: null, modifiedSince: since });
    expect(first.records).toHaveLength(100);
    expect(first.next).toBe('2');
    const second = await xero.list(handle, 'VENDOR', { cursor: first.next, modifiedSince: since });
    expect(second.next).toBeNull();
    expect(http.seen.map((seen) => seen.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(http.seen.map((seen) => seen.headers.get('if-modified-since'))).toEqual([
      '2026-11-01T08:30:00',
      '2026-11-01T08:30:00',
    ]);
  });

  it('reads ACCPAY invoices as bills: cents exact, paid, voided and deleted', async () => {
    const http = replay({ body: recorded('invoices-accpay') });
    const [open, paid, voided, deleted] = (await listFirst(makeXero(http.fetch), 'BILL')).records;
    expect(open).toEqual({
      remoteId: '243216c5-369e-4056-ac67-05388f86dc81',
      updatedAt: '2026-10-31T21:02:51.183Z',
      active: true,
      contactRemoteId: 'bd2270c3-8706-4c11-9cfb-000b551c3f51',
      number: 'RPT445-1',
      date: '2026-10-15',
      dueDate: '2026-11-14',
      totalCents: 101308,
      balanceCents: 101308,
      currency: 'NZD',
      memo: null,
      status: 'OPEN',
      lines: [
        {
          description: 'Office chairs',
          amountCents: 91308,
          quantity: 2,
          accountRemoteId: 'ceef66a5-a545-413b-9312-78a53caadbc4',
          itemRemoteId: null,
        },
        {
          description: 'Chair mats',
          amountCents: 10000,
          quantity: 2,
          accountRemoteId: null,
          itemRemoteId: '19b79d12-0ae1-496e-9649-cbd04b15c7c5',
        },
      ],
    });
    expect(paid).toMatchObject({
      number: null,
      totalCents: 30,
      balanceCents: 0,
      status: 'PAID',
      active: true,
    });
    expect(paid?.lines.map((line) => line.amountCents)).toEqual([10, 20]);
    expect(voided).toMatchObject({ status: 'VOID', active: true, date: '2026-10-05' });
    expect(deleted).toMatchObject({ active: false, dueDate: null });
    const [request] = http.seen;
    expect(`${request?.url.origin}${request?.url.pathname}`).toBe(`${API}/Invoices`);
    expect(request?.url.searchParams.get('where')).toBe('Type=="ACCPAY"');
    expect(request?.url.searchParams.get('page')).toBe('1');
    expectApiHeaders(request);
  });

  it('reads ACCREC invoices as invoices, the reference as the memo', async () => {
    const http = replay({ body: recorded('invoices-accrec') });
    const [invoice] = (await listFirst(makeXero(http.fetch), 'INVOICE')).records;
    expect(invoice).toMatchObject({
      remoteId: '4e30b4c7-2b7a-4d8e-9f11-5f7e8c6d1a20',
      contactRemoteId: '565acaa9-e7f3-4fbf-80c3-16b081ddae10',
      number: 'INV-0042',
      date: '2026-10-21',
      dueDate: '2026-11-20',
      totalCents: 28775,
      balanceCents: 28775,
      memo: 'PO 7781',
      status: 'OPEN',
    });
    expect(invoice?.lines[0]).toEqual({
      description: 'Event flowers',
      amountCents: 27500,
      quantity: 1,
      accountRemoteId: '7d05a53d-613d-4eb2-a2fc-dcb6adb80b80',
      itemRemoteId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    });
    expect(http.seen[0]?.url.searchParams.get('where')).toBe('Type=="ACCREC"');
  });

  it('maps accounts, credit cards being BANK accounts of type CREDITCARD', async () => {
    const http = replay({ body: recorded('accounts') });
    const page = await xeroList(makeXero(http.fetch), 'ACCOUNT', '2026-10-01T00:00:00.000Z');
    expect(page.next).toBeNull();
    expect(
      page.records.map((account) => [account.name, account.number, account.type, account.active]),
    ).toEqual([
      ['Business Bank Account', '090', 'BANK', true],
      ['Business Visa', '091', 'CREDIT_CARD', true],
      ['General Expenses', '429', 'EXPENSE', true],
      ['Bank Fees', '404', 'EXPENSE', false],
      ['Cost of Goods Sold', '310', 'COST_OF_GOODS_SOLD', true],
      ['Sales', '200', 'INCOME', true],
      ['Other Revenue', '260', 'INCOME', true],
      ['Accounts Payable', '800', null, true],
    ]);
    expect(page.records[0]).toMatchObject({
      remoteId: '13918178-849a-4823-9a31-57b7eac713d7',
      updatedAt: '2026-10-28T20:14:59.000Z',
    });
    expect(`${http.seen[0]?.url.origin}${http.seen[0]?.url.pathname}`).toBe(`${API}/Accounts`);
    expect(http.seen[0]?.headers.get('if-modified-since')).toBe('2026-10-01T00:00:00');
  });

  it('maps items with their sales price in exact cents', async () => {
    const http = replay({ body: recorded('items') });
    const page = await listFirst(makeXero(http.fetch), 'ITEM');
    expect(page.records).toEqual([
      {
        remoteId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        updatedAt: '2026-10-31T16:24:59.000Z',
        active: true,
        name: 'Event flowers',
        description: 'Event flower arrangement',
        unitPriceCents: 27500,
        isSold: true,
        isPurchased: false,
      },
      {
        remoteId: '19b79d12-0ae1-496e-9649-cbd04b15c7c5',
        updatedAt: '2026-10-14T19:35:57.000Z',
        active: true,
        name: 'Chair mat',
        description: null,
        unitPriceCents: 8000,
        isSold: true,
        isPurchased: true,
      },
      {
        remoteId: 'f0e1d2c3-b4a5-4968-8776-655443322110',
        updatedAt: '2026-10-22T23:40:00.000Z',
        active: true,
        name: 'Gift box',
        description: null,
        unitPriceCents: null,
        isSold: false,
        isPurchased: true,
      },
    ]);
  });
});

const xeroList = <K extends ImportKind>(xero: AccountingProvider, kind: K, modifiedSince: string) =>
  xero.list(handle, kind, { cursor: null, modifiedSince });

describe('Xero adapter: push', () => {
  const bill: DocumentPush = {
    contactRemoteId: '3b9e1f62-7d4c-4a8b-9e2f-5c1d0a9b8e7f',
    number: 'AP-2026-114',
    date: '2026-11-01',
    dueDate: '2026-12-01',
    memo: 'Paper for Q4',
    lines: [
      {
        description: 'Copy paper, 40 cases',
        amountCents: 100050,
        accountRemoteId: 'ceef66a5-a545-413b-9312-78a53caadbc4',
        itemRemoteId: null,
      },
      {
        description: 'Chair mats',
        amountCents: 25000,
        accountRemoteId: 'b1a0c9d8-e7f6-4a5b-9c8d-7e6f5a4b3c2d',
        itemRemoteId: '19b79d12-0ae1-496e-9649-cbd04b15c7c5',
      },
    ],
  };

  it('creates a contact with the Idempotency-Key', async () => {
    const http = replay({ body: recorded('contact-create') });
    const result = await makeXero(http.fetch).create(
      handle,
      'VENDOR',
      { name: 'Acme Paper Supply', email: 'billing@acmepaper.example.com', phone: '(415) 555-0134' },
      'push_vendor_01JC8Z',
    );
    expect(result).toEqual({
      remoteId: '3b9e1f62-7d4c-4a8b-9e2f-5c1d0a9b8e7f',
      updatedAt: '2026-11-02T15:02:10.477Z',
    });
    const [request] = http.seen;
    expect(request?.method).toBe('PUT');
    expect(request?.url.href).toBe(`${API}/Contacts`);
    expect(request?.headers.get('idempotency-key')).toBe('push_vendor_01JC8Z');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expectApiHeaders(request);
    expect(jsonBody(request)).toEqual({
      Contacts: [
        {
          Name: 'Acme Paper Supply',
          EmailAddress: 'billing@acmepaper.example.com',
          Phones: [{ PhoneType: 'DEFAULT', PhoneNumber: '(415) 555-0134' }],
        },
      ],
    });
  });

  it('creates an authorised ACCPAY bill, looking up the item code its line needs', async () => {
    const http = replay({ body: recorded('item') }, { body: recorded('invoice-create') });
    const result = await makeXero(http.fetch).create(handle, 'BILL', bill, 'push_bill_1');
    expect(result).toEqual({
      remoteId: '8f2d6b1a-4c3e-4f5a-9b8c-7d6e5f4a3b2c',
      updatedAt: '2026-11-02T15:03:00.812Z',
    });
    const [item, create] = http.seen;
    expect(item?.method).toBe('GET');
    expect(item?.url.href).toBe(`${API}/Items/19b79d12-0ae1-496e-9649-cbd04b15c7c5`);
    expect(create?.method).toBe('PUT');
    expect(create?.url.href).toBe(`${API}/Invoices`);
    expect(create?.headers.get('idempotency-key')).toBe('push_bill_1');
    expect(jsonBody(create)).toEqual({
      Invoices: [
        {
          Type: 'ACCPAY',
          Contact: { ContactID: '3b9e1f62-7d4c-4a8b-9e2f-5c1d0a9b8e7f' },
          InvoiceNumber: 'AP-2026-114',
          Date: '2026-11-01',
          DueDate: '2026-12-01',
          LineAmountTypes: 'NoTax',
          Status: 'AUTHORISED',
          LineItems: [
            {
              Description: 'Copy paper, 40 cases',
              Quantity: 1,
              UnitAmount: 1000.5,
              AccountID: 'ceef66a5-a545-413b-9312-78a53caadbc4',
            },
            {
              Description: 'Chair mats',
              Quantity: 1,
              UnitAmount: 250,
              AccountID: 'b1a0c9d8-e7f6-4a5b-9c8d-7e6f5a4b3c2d',
              ItemCode: 'MAT-01',
            },
          ],
        },
      ],
    });
  });

  it('creates an ACCREC invoice with the memo as its reference', async () => {
    const http = replay({ body: recorded('invoice-create') });
    await makeXero(http.fetch).create(
      handle,
      'INVOICE',
      {
        ...bill,
        memo: 'PO 7781',
        lines: [
          {
            description: 'Delivery',
            amountCents: 1275,
            accountRemoteId: '7d05a53d-613d-4eb2-a2fc-dcb6adb80b80',
            itemRemoteId: null,
          },
        ],
      },
      'push_invoice_1',
    );
    expect(jsonBody(http.seen[0]).Invoices[0]).toMatchObject({
      Type: 'ACCREC',
      Reference: 'PO 7781',
      LineItems: [
        {
          Description: 'Delivery',
          Quantity: 1,
          UnitAmount: 12.75,
          AccountID: '7d05a53d-613d-4eb2-a2fc-dcb6adb80b80',
        },
      ],
    });
  });

  it('writes a payment against the invoice from the account, the memo as reference', async () => {
    const http = replay({ body: recorded('payment-create') });
    const result = await makeXero(http.fetch).create(
      handle,
      'BILL_PAYMENT',
      {
        documentRemoteId: '8f2d6b1a-4c3e-4f5a-9b8c-7d6e5f4a3b2c',
        contactRemoteId: '3b9e1f62-7d4c-4a8b-9e2f-5c1d0a9b8e7f',
        amountCents: 125050,
        date: '2026-11-02',
        accountRemoteId: '13918178-849a-4823-9a31-57b7eac713d7',
        memo: 'Ferry payment pay_01JC8ZQ4M7 (ACH)',
        reference: 'ACH-091000019-00421',
      },
      'push_payment_1',
    );
    expect(result).toEqual({
      remoteId: 'b26fd49a-cbae-470a-a8f8-bcbc119e0379',
      updatedAt: '2026-11-02T15:04:00.555Z',
    });
    const [request] = http.seen;
    expect(request?.method).toBe('PUT');
    expect(request?.url.href).toBe(`${API}/Payments`);
    expect(request?.headers.get('idempotency-key')).toBe('push_payment_1');
    expect(jsonBody(request)).toEqual({
      Payments: [
        {
          Invoice: { InvoiceID: '8f2d6b1a-4c3e-4f5a-9b8c-7d6e5f4a3b2c' },
          Account: { AccountID: '13918178-849a-4823-9a31-57b7eac713d7' },
          Date: '2026-11-02',
          Amount: 1250.5,
          Reference: 'Ferry payment pay_01JC8ZQ4M7 (ACH)',
        },
      ],
    });
  });

  it('sends the same Idempotency-Key when a rate-limited create is retried after Retry-After', async () => {
    const http = replay(
      { status: 429, body: null, headers: { 'retry-after': '3', 'x-rate-limit-problem': 'minute' } },
      { body: recorded('contact-create') },
    );
    const result = await makeXero(http.fetch).create(
      handle,
      'CUSTOMER',
      { name: 'Acme Paper Supply', email: null, phone: null },
      'push_customer_retry',
    );
    expect(result.remoteId).toBe('3b9e1f62-7d4c-4a8b-9e2f-5c1d0a9b8e7f');
    expect(http.seen.map((seen) => seen.headers.get('idempotency-key'))).toEqual([
      'push_customer_retry',
      'push_customer_retry',
    ]);
    expect(http.seen[1]?.body).toBe(http.seen[0]?.body);
    expect(sleeps).toEqual([3000]);
  });

  it('updates a contact by its id', async () => {
    const http = replay({ body: recorded('contact-update') });
    const result = await makeXero(http.fetch).update(
      handle,
      'VENDOR',
      '3b9e1f62-7d4c-4a8b-9e2f-5c1d0a9b8e7f',
      {
        name: 'Acme Paper Supply Co.',
        email: 'ap@acmepaper.example.com',
        phone: '(415) 555-0199',
      },
    );
    expect(result).toEqual({ updatedAt: '2026-11-02T15:05:01.330Z' });
    const [request] = http.seen;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(`${API}/Contacts/3b9e1f62-7d4c-4a8b-9e2f-5c1d0a9b8e7f`);
    expect(jsonBody(request)).toEqual({
      Contacts: [
        {
          ContactID: '3b9e1f62-7d4c-4a8b-9e2f-5c1d0a9b8e7f',
          Name: 'Acme Paper Supply Co.',
          EmailAddress: 'ap@acmepaper.example.com',
          Phones: [{ PhoneType: 'DEFAULT', PhoneNumber: '(415) 555-0199' }],
        },
      ],
    });
  });

  it('updates a bill by its id', async () => {
    const http = replay({ body: recorded('invoice-create') });
    const result = await makeXero(http.fetch).update(handle, 'BILL', '8f2d6b1a-4c3e-4f5a-9b8c-7d6e5f4a3b2c', {
      ...bill,
      lines: [bill.lines[0] as DocumentPush['lines'][number]],
    });
    expect(result.updatedAt).toBe('2026-11-02T15:03:00.812Z');
    expect(http.seen[0]?.method).toBe('POST');
    expect(http.seen[0]?.url.href).toBe(`${API}/Invoices/8f2d6b1a-4c3e-4f5a-9b8c-7d6e5f4a3b2c`);
    expect(jsonBody(http.seen[0]).Invoices[0]).toMatchObject({
      InvoiceID: '8f2d6b1a-4c3e-4f5a-9b8c-7d6e5f4a3b2c',
      Type: 'ACCPAY',
    });
  });
});

describe('Xero adapter: errors', () => {
  it('is TOKEN_EXPIRED on a 401', async () => {
    const http = replay({ status: 401, body: recorded('error-unauthorized') });
    const error = await failure(listFirst(makeXero(http.fetch), 'ACCOUNT'));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expect(http.seen).toHaveLength(1);
  });

  it('is RATE_LIMITED with the Retry-After once the retries are spent', async () => {
    const limited = { status: 429, body: null, headers: { 'retry-after': '60' } };
    const http = replay(limited, limited, limited, limited);
    const error = await failure(listFirst(makeXero(http.fetch), 'ITEM'));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterSeconds).toBe(60);
    expect(http.seen).toHaveLength(4);
  });

  it("is REJECTED on a 400 with Xero's validation message, and not retried", async () => {
    const http = replay({ status: 400, body: recorded('error-validation') });
    const error = await failure(
      makeXero(http.fetch).create(
        handle,
        'BILL',
        {
          ...emptyBill(),
          lines: [{ description: 'x', amountCents: 100, accountRemoteId: 'acc', itemRemoteId: null }],
        },
        'k1',
      ),
    );
    expect(error.code).toBe('REJECTED');
    expect(error.message).toBe('Account code 999 is not a valid code for this document.');
    expect(http.seen).toHaveLength(1);
  });
});

function emptyBill(): DocumentPush {
  return {
    contactRemoteId: '3b9e1f62-7d4c-4a8b-9e2f-5c1d0a9b8e7f',
    number: 'AP-2026-114',
    date: '2026-11-01',
    dueDate: '2026-12-01',
    memo: null,
    lines: [],
  };
}

describe('Xero adapter: webhooks', () => {
  const sign = (body: string, key = WEBHOOK_KEY) => createHmac('sha256', key).update(body).digest('base64');

  it('believes a body signed with the webhook key, reporting each change for the kinds it can be', async () => {
    const body = recordedText('webhook');
    const events = await makeXero(replay().fetch).verifyWebhook?.({ 'x-xero-signature': sign(body) }, body);
    expect(events).toEqual([
      { organisationId: TENANT_ID, kind: 'VENDOR', remoteId: '3b9e1f62-7d4c-4a8b-9e2f-5c1d0a9b8e7f' },
      { organisationId: TENANT_ID, kind: 'CUSTOMER', remoteId: '3b9e1f62-7d4c-4a8b-9e2f-5c1d0a9b8e7f' },
      { organisationId: TENANT_ID, kind: 'BILL', remoteId: '8f2d6b1a-4c3e-4f5a-9b8c-7d6e5f4a3b2c' },
      { organisationId: TENANT_ID, kind: 'INVOICE', remoteId: '8f2d6b1a-4c3e-4f5a-9b8c-7d6e5f4a3b2c' },
    ]);
  });

  it('answers the intent-to-receive check (no events) when signed, and refuses bad signatures', async () => {
    const xero = makeXero(replay().fetch);
    const intent =
      '{"events":[],"firstEventSequence":0,"lastEventSequence":0,"entropy":"QWERTYUIOPASDFGHJKLZ"}';
    expect(await xero.verifyWebhook?.({ 'X-Xero-Signature': sign(intent) }, intent)).toEqual([]);
    expect(await xero.verifyWebhook?.({ 'x-xero-signature': sign(intent, 'wrong-key') }, intent)).toBeNull();
    expect(await xero.verifyWebhook?.({}, intent)).toBeNull();
    const unconfigured = createXeroAccounting({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expect(await unconfigured.verifyWebhook?.({ 'x-xero-signature': sign(intent) }, intent)).toBeNull();
  });
});

describe('Xero adapter: void', () => {
  const ID = '8f2d6b1a-4c3e-4f5a-9b8c-7d6e5f4a3b2c';
  const read = recorded('invoice-create') as { Invoices: Record<string, unknown>[] };
  const withInvoice = (patch: Record<string, unknown>) => ({
    ...read,
    Invoices: [{ ...read.Invoices[0], ...patch }],
  });

  it('voids an approved bill with Status VOIDED after reading it', async () => {
    const http = replay({ body: read }, { body: recorded('invoice-voided') });
    const result = await makeXero(http.fetch).voidDocument(handle, 'BILL', ID);
    expect(result).toEqual({ updatedAt: '2026-11-02T15:10:00.000Z' });
    const [get, post] = http.seen;
    expect(get?.method).toBe('GET');
    expect(get?.url.href).toBe(`${API}/Invoices/${ID}`);
    expectApiHeaders(get);
    expect(post?.method).toBe('POST');
    expect(post?.url.href).toBe(`${API}/Invoices/${ID}`);
    expectApiHeaders(post);
    expect(post?.headers.get('content-type')).toBe('application/json');
    expect(jsonBody(post)).toEqual({ Invoices: [{ InvoiceID: ID, Status: 'VOIDED' }] });
  });

  it('deletes a draft or submitted invoice (Xero voids approved ones only)', async () => {
    for (const status of ['DRAFT', 'SUBMITTED']) {
      const http = replay(
        { body: withInvoice({ Type: 'ACCREC', Status: status }) },
        { body: withInvoice({ Type: 'ACCREC', Status: 'DELETED' }) },
      );
      await makeXero(http.fetch).voidDocument(handle, 'INVOICE', ID);
      expect(jsonBody(http.seen[1])).toEqual({ Invoices: [{ InvoiceID: ID, Status: 'DELETED' }] });
    }
  });

  it('takes a document already voided or deleted as done, without writing', async () => {
    const voided = replay({ body: recorded('invoice-voided') });
    expect(await makeXero(voided.fetch).voidDocument(handle, 'BILL', ID)).toEqual({
      updatedAt: '2026-11-02T15:10:00.000Z',
    });
    expect(voided.seen).toHaveLength(1);
    const deleted = replay({ body: withInvoice({ Status: 'DELETED' }) });
    await makeXero(deleted.fetch).voidDocument(handle, 'BILL', ID);
    expect(deleted.seen).toHaveLength(1);
  });

  it('refuses a document with payments applied in Xero, without writing', async () => {
    const http = replay({ body: withInvoice({ AmountPaid: 250, AmountDue: 1000.5 }) });
    const error = await failure(makeXero(http.fetch).voidDocument(handle, 'BILL', ID));
    expect(error.code).toBe('REJECTED');
    expect(error.message).toBe('It has payments in the accounting software.');
    expect(http.seen).toHaveLength(1);
  });
});
