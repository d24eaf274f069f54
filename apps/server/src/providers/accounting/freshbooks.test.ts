import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountingError, type AccountingHandle, type AccountingProvider } from './accounting.js';
import { createFreshBooksAccounting, easternToIso } from './freshbooks.js';

const recordedDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'recorded');
/** A JSON body recorded from FreshBooks' documented API. */
const recorded = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(recordedDir, `freshbooks-${name}.json`), 'utf8'));

const CLIENT_ID = 'fb-client-id-3a9c';
const CLIENT_SECRET = 'fb-client-secret-very-private-77e1';
const REDIRECT_URI = 'https://ferry.example.com/api/integration/callback';
const ACCESS = 'fb-access-7c1d0f6e2a9b4e58a3f1c2d4e5f60718';
const REFRESH = 'fb-refresh-4b2e91a0c7d84f3e9a6b1c0d2e3f4a5b';
const API = 'https://api.freshbooks.com';
const BOOKS = `${API}/accounting/account/zDmNq`;

interface Expectation {
  method: string;
  /** Origin and path, without the query. */
  url: string;
  /** The whole query, exactly (null: none). */
  query?: Record<string, string | string[]> | null;
  body?: unknown;
  /** false: a call without a bearer token (the token endpoint). */
  bearer?: boolean;
  status?: number;
  answer: unknown;
  headers?: Record<string, string>;
}

/**
 * An injected fetch that checks each request against the next expected one (method, URL, query,
 * headers, body) and answers with the recorded body. A mismatch is remembered (the adapter would turn
 * a thrown assertion into UNAVAILABLE) and fails the test in afterEach.
 */
class ReplayFetch {
  private queue: Expectation[] = [];
  readonly problems: string[] = [];
  calls = 0;

  expect(expectation: Expectation) {
    this.queue.push(expectation);
    return this;
  }

  get pending() {
    return this.queue.length;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    this.calls += 1;
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const next = this.queue.shift();
    const problem = (text: string) => {
      this.problems.push(`${method} ${url.origin}${url.pathname}: ${text}`);
      return new Response(JSON.stringify({ error: 'unexpected request' }), { status: 418 });
    };
    if (!next) return problem('no request was expected');
    if (method !== next.method) return problem(`method, expected ${next.method}`);
    if (`${url.origin}${url.pathname}` !== next.url) return problem(`URL, expected ${next.url}`);
    const query: Record<string, string | string[]> = {};
    for (const [key, value] of url.searchParams) {
      const had = query[key];
      query[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    }
    const wantedQuery = next.query ?? {};
    if (JSON.stringify(sortKeys(query)) !== JSON.stringify(sortKeys(wantedQuery)))
      return problem(`query ${JSON.stringify(query)}, expected ${JSON.stringify(wantedQuery)}`);
    const headers = new Headers(init?.headers);
    if (next.bearer === false) {
      if (headers.has('authorization')) return problem('an Authorization header on a token call');
    } else if (headers.get('authorization') !== `Bearer ${ACCESS}`) {
      return problem('the Authorization header');
    }
    if (headers.get('api-version') !== 'alpha') return problem('the Api-Version header');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (next.body !== undefined) {
      if (headers.get('content-type') !== 'application/json') return problem('the Content-Type header');
      if (JSON.stringify(body) !== JSON.stringify(next.body))
        return problem(`body ${JSON.stringify(body)}, expected ${JSON.stringify(next.body)}`);
    } else if (body !== undefined) {
      return problem(`an unexpected body ${JSON.stringify(body)}`);
    }
    return new Response(JSON.stringify(next.answer), {
      status: next.status ?? 200,
      headers: { 'content-type': 'application/json', ...next.headers },
    });
  };
}

const sortKeys = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));

let replay: ReplayFetch;
let sleeps: number[];
let freshbooks: AccountingProvider;

const handle: AccountingHandle = {
  organisationId: 'zDmNq',
  tokens: {
    accessToken: ACCESS,
    refreshToken: REFRESH,
    accessTokenExpiresAt: '2026-11-03T00:00:00.000Z',
    refreshTokenExpiresAt: null,
    extra: { redirectUri: REDIRECT_URI },
  },
};

const empty = (key: string) => ({
  response: { result: { [key]: [], page: 1, pages: 0, per_page: 100, total: 0 } },
});

beforeEach(() => {
  replay = new ReplayFetch();
  sleeps = [];
  freshbooks = createFreshBooksAccounting({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetch: replay.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
});

afterEach(() => {
  expect(replay.problems).toEqual([]);
  expect(replay.pending).toBe(0);
});

const failure = async (promise: Promise<unknown>): Promise<AccountingError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountingError);
  return error as AccountingError;
};

/** A thrown error must not give away a token or the client secret, however it is printed. */
const expectNoSecrets = (error: unknown, ...more: string[]) => {
  const printed = [
    String(error),
    JSON.stringify(error),
    JSON.stringify(Object.entries(error as object)),
    (error as Error).stack ?? '',
  ].join('\n');
  for (const secret of [ACCESS, REFRESH, CLIENT_SECRET, ...more]) expect(printed).not.toContain(secret);
};

describe('FreshBooks adapter: consent and tokens', () => {
  it('sends the browser to FreshBooks consent with the client, redirect, state and scopes', () => {
    const url = new URL(
      freshbooks.authorizationUrl({ state: 'st-81f2', redirectUri: REDIRECT_URI, purpose: 'CONNECT' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://auth.freshbooks.com/oauth/authorize');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('state')).toBe('st-81f2');
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['user:profile:read', 'user:bills:write', 'user:payments:write']),
    );
    expect(freshbooks.type).toBe('FRESHBOOKS');
    expect(freshbooks.mode).toBe('live');
  });

  it('exchanges the code for tokens, the businesses with books, and the identity', async () => {
    replay
      .expect({
        method: 'POST',
        url: `${API}/auth/oauth/token`,
        bearer: false,
        body: {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          grant_type: 'authorization_code',
          code: 'code-5e7a',
          redirect_uri: REDIRECT_URI,
        },
        answer: recorded('token'),
      })
      .expect({ method: 'GET', url: `${API}/auth/api/v1/users/me`, answer: recorded('users-me') });
    const result = await freshbooks.exchangeCode({
      query: { code: 'code-5e7a', state: 'st' },
      redirectUri: REDIRECT_URI,
    });
    expect(result.tokens).toEqual({
      accessToken: ACCESS,
      refreshToken: REFRESH,
      accessTokenExpiresAt: new Date((1793631600 + 43200) * 1000).toISOString(),
      refreshTokenExpiresAt: null,
      extra: { redirectUri: REDIRECT_URI },
    });
    // The time-tracking-only business (no account_id) has no books.
    expect(result.organisations).toEqual([
      { id: 'zDmNq', name: 'Harbour Freight Co', currency: null },
      { id: 'Bk3xP', name: 'Okafor Consulting', currency: null },
    ]);
    expect(result.identity).toEqual({
      providerUserId: '712052',
      email: 'jane@harbourfreight.example',
      firstName: 'Jane',
      lastName: 'Okafor',
    });
  });

  it('turns a declined consent into ACCESS_DENIED without calling FreshBooks', async () => {
    const error = await failure(
      freshbooks.exchangeCode({ query: { error: 'access_denied', state: 'st' }, redirectUri: REDIRECT_URI }),
    );
    expect(error.code).toBe('ACCESS_DENIED');
    expect(replay.calls).toBe(0);
  });

  it('turns a refused code into ACCESS_DENIED with FreshBooks words and no secrets', async () => {
    replay.expect({
      method: 'POST',
      url: `${API}/auth/oauth/token`,
      bearer: false,
      body: {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: 'authorization_code',
        code: 'code-used-twice',
        redirect_uri: REDIRECT_URI,
      },
      status: 400,
      answer: recorded('error-invalid-grant'),
    });
    const error = await failure(
      freshbooks.exchangeCode({ query: { code: 'code-used-twice' }, redirectUri: REDIRECT_URI }),
    );
    expect(error.code).toBe('ACCESS_DENIED');
    expect(error.message).toContain('authorization grant is invalid');
    expectNoSecrets(error, 'code-used-twice');
  });

  it('refreshes with the rotated refresh token FreshBooks hands back', async () => {
    replay.expect({
      method: 'POST',
      url: `${API}/auth/oauth/token`,
      bearer: false,
      body: {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: 'refresh_token',
        refresh_token: REFRESH,
        redirect_uri: REDIRECT_URI,
      },
      answer: recorded('token-refresh'),
    });
    expect(await freshbooks.refreshTokens(handle.tokens)).toEqual({
      accessToken: 'fb-access-rotated-92ab4c1d7e0f4a6b8c2d3e4f5a6b7c8d',
      refreshToken: 'fb-refresh-rotated-1f2e3d4c5b6a47980a1b2c3d4e5f6071',
      accessTokenExpiresAt: new Date((1793674800 + 43200) * 1000).toISOString(),
      refreshTokenExpiresAt: null,
      extra: { redirectUri: REDIRECT_URI },
    });
  });

  it('turns a refused refresh into TOKEN_EXPIRED without the tokens in the error', async () => {
    replay.expect({
      method: 'POST',
      url: `${API}/auth/oauth/token`,
      bearer: false,
      body: {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: 'refresh_token',
        refresh_token: REFRESH,
        redirect_uri: REDIRECT_URI,
      },
      status: 401,
      answer: recorded('error-invalid-grant'),
    });
    const error = await failure(freshbooks.refreshTokens(handle.tokens));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expectNoSecrets(error);
  });

  it('revokes the grant, and shrugs off a failure (best effort)', async () => {
    replay.expect({
      method: 'POST',
      url: `${API}/auth/oauth/revoke`,
      bearer: false,
      body: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, token: REFRESH },
      status: 400,
      answer: recorded('error-invalid-grant'),
    });
    await expect(freshbooks.revoke(handle.tokens)).resolves.toBeUndefined();
  });
});

describe('FreshBooks adapter: reading the books', () => {
  it('reads clients page by page, Eastern timestamps as instants, archived and deleted as inactive', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/users/clients`,
      query: { page: '1', per_page: '100' },
      answer: recorded('clients-page-1'),
    });
    const first = await freshbooks.list(handle, 'CUSTOMER', { cursor: null, modifiedSince: null });
    expect(first.next).toBe('2');
    expect(first.records).toEqual([
      {
        remoteId: '53108',
        updatedAt: '2026-07-15T14:00:00.000Z',
        active: true,
        name: 'Northwind Outfitters',
        email: 'ap@northwind.example',
        phone: '(207) 555-0143',
      },
      {
        remoteId: '53112',
        updatedAt: '2026-11-02T14:30:00.000Z',
        active: false,
        name: 'Tomas Reyes',
        email: null,
        phone: '+1 207 555 0199',
      },
    ]);
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/users/clients`,
      query: { page: '2', per_page: '100' },
      answer: recorded('clients-page-2'),
    });
    const second = await freshbooks.list(handle, 'CUSTOMER', { cursor: first.next, modifiedSince: null });
    expect(second.next).toBeNull();
    expect(second.records).toMatchObject([{ remoteId: '53120', active: false, name: 'Gulf Marine Supply' }]);
  });

  it('asks only for what changed since the Eastern date of modifiedSince', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/bills/bills`,
      // 03:30 UTC on 1 November is still 31 October in New York.
      query: { page: '1', per_page: '100', 'search[updated_min]': '2026-10-31' },
      answer: empty('bills'),
    });
    const page = await freshbooks.list(handle, 'BILL', {
      cursor: null,
      modifiedSince: '2026-11-01T03:30:00.000Z',
    });
    expect(page).toEqual({ records: [], next: null });
  });

  it('reads bill vendors', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/bill_vendors/bill_vendors`,
      query: { page: '1', per_page: '100' },
      answer: recorded('bill-vendors'),
    });
    const page = await freshbooks.list(handle, 'VENDOR', { cursor: null, modifiedSince: null });
    expect(page.records).toEqual([
      {
        remoteId: '1563',
        updatedAt: '2026-06-17T16:08:25.000Z',
        active: true,
        name: 'IKEA',
        email: 'someone@ikea.example',
        phone: '4158859378',
      },
      {
        remoteId: '1570',
        updatedAt: '2026-01-04T13:00:00.000Z',
        active: false,
        name: 'Casco Bay Couriers',
        email: null,
        phone: null,
      },
    ]);
  });

  it('reads bills with exact cents, outstanding as the balance, and their expense-category lines', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/bills/bills`,
      query: { page: '1', per_page: '100' },
      answer: recorded('bills'),
    });
    const { records } = await freshbooks.list(handle, 'BILL', { cursor: null, modifiedSince: null });
    expect(records[0]).toEqual({
      remoteId: '43221133',
      updatedAt: '2026-10-20T13:12:03.000Z',
      active: true,
      contactRemoteId: '1563',
      number: 'INV-20931',
      date: '2026-10-01',
      dueDate: '2026-10-31',
      totalCents: 104995,
      balanceCents: 52498,
      currency: 'USD',
      memo: 'Warehouse fit-out',
      status: 'OPEN',
      lines: [
        {
          description: 'Pallet racking',
          amountCents: 89997,
          quantity: 3,
          accountRemoteId: '3696445',
          itemRemoteId: null,
        },
        {
          description: 'Freight',
          amountCents: 14998,
          quantity: 1,
          accountRemoteId: '3696452',
          itemRemoteId: null,
        },
      ],
    });
    expect(records[1]).toMatchObject({
      remoteId: '43221190',
      number: null,
      totalCents: 8010,
      balanceCents: 0,
      status: 'PAID',
      active: false,
    });
  });

  it('reads invoices with their lines: outstanding as the balance, void and paid statuses', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/invoices/invoices`,
      query: { page: '1', per_page: '100', 'include[]': 'lines' },
      answer: recorded('invoices'),
    });
    const { records } = await freshbooks.list(handle, 'INVOICE', { cursor: null, modifiedSince: null });
    expect(records[0]).toEqual({
      remoteId: '987654',
      updatedAt: '2026-10-21T18:02:11.000Z',
      active: true,
      contactRemoteId: '53108',
      number: '0000123',
      date: '2026-10-05',
      dueDate: '2026-11-04',
      totalCents: 231040,
      balanceCents: 115520,
      currency: 'USD',
      memo: 'Thank you for your business.',
      status: 'OPEN',
      lines: [
        {
          description: 'October advisory retainer',
          amountCents: 200000,
          quantity: 8,
          accountRemoteId: null,
          itemRemoteId: null,
        },
        { description: 'Travel', amountCents: 31040, quantity: 1, accountRemoteId: null, itemRemoteId: null },
      ],
    });
    expect(records.map((r) => [r.remoteId, r.status, r.balanceCents])).toEqual([
      ['987654', 'OPEN', 115520],
      ['987700', 'PAID', 0],
      ['987710', 'VOID', 45000],
    ]);
  });

  it('reads items as sold items with their price in cents', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/items/items`,
      query: { page: '1', per_page: '100' },
      answer: recorded('items'),
    });
    const { records } = await freshbooks.list(handle, 'ITEM', { cursor: null, modifiedSince: null });
    expect(records).toEqual([
      {
        remoteId: '8801',
        updatedAt: '2026-08-01T16:00:00.000Z',
        active: true,
        name: 'Consulting',
        description: 'Hourly advisory work',
        unitPriceCents: 25000,
        isSold: true,
        isPurchased: false,
      },
      {
        remoteId: '8802',
        updatedAt: '2026-08-02T16:00:00.000Z',
        active: false,
        name: 'Rope, 50 ft',
        description: null,
        unitPriceCents: 1995,
        isSold: true,
        isPurchased: false,
      },
    ]);
  });

  it('reads the expense categories as the accounts (COGS where FreshBooks says so)', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/expenses/categories`,
      query: { page: '1', per_page: '100' },
      answer: recorded('expense-categories'),
    });
    const { records } = await freshbooks.list(handle, 'ACCOUNT', { cursor: null, modifiedSince: null });
    expect(records.map((r) => [r.remoteId, r.name, r.type, r.number, r.active])).toEqual([
      ['3696445', 'Equipment', 'EXPENSE', null, true],
      ['3696460', 'Cost of Goods Sold', 'COST_OF_GOODS_SOLD', null, true],
    ]);
  });

  it('reads the expense categories whole even when asked for changes only', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/expenses/categories`,
      query: { page: '1', per_page: '100' },
      answer: recorded('expense-categories'),
    });
    const { records } = await freshbooks.list(handle, 'ACCOUNT', {
      cursor: null,
      modifiedSince: '2026-11-01T00:00:00.000Z',
    });
    expect(records).toHaveLength(2);
  });

  it('converts Eastern wall-clock time across daylight saving', () => {
    expect(easternToIso('2026-01-15 12:00:00')).toBe('2026-01-15T17:00:00.000Z');
    expect(easternToIso('2026-07-15 12:00:00')).toBe('2026-07-15T16:00:00.000Z');
    expect(easternToIso(null)).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('FreshBooks adapter: writing to the books', () => {
  const contact = { name: 'Acme Paper', email: 'ar@acmepaper.example', phone: '207-555-0177' };

  it('creates a bill vendor with the idempotency key in its private note', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/bill_vendors/bill_vendors`,
        query: { 'search[vendor_name]': 'Acme Paper', per_page: '100' },
        answer: empty('bill_vendors'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/bill_vendors/bill_vendors`,
        body: {
          bill_vendor: {
            vendor_name: 'Acme Paper',
            primary_contact_email: 'ar@acmepaper.example',
            phone: '207-555-0177',
            note: 'ferry:idem-vendor-1',
          },
        },
        answer: recorded('bill-vendor-created'),
      });
    expect(await freshbooks.create(handle, 'VENDOR', contact, 'idem-vendor-1')).toEqual({
      remoteId: '1588',
      updatedAt: '2026-11-03T15:00:00.000Z',
    });
  });

  it('creates a client with the idempotency key in its note', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/users/clients`,
        query: { 'search[organization_like]': 'Gulf Marine Supply', per_page: '100' },
        answer: empty('clients'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/users/clients`,
        body: {
          client: {
            organization: 'Gulf Marine Supply',
            email: 'billing@gulfmarine.example',
            bus_phone: '(504) 555-0110',
            note: 'ferry:idem-customer-1',
          },
        },
        answer: recorded('client-created'),
      });
    const created = await freshbooks.create(
      handle,
      'CUSTOMER',
      { name: 'Gulf Marine Supply', email: 'billing@gulfmarine.example', phone: '(504) 555-0110' },
      'idem-customer-1',
    );
    expect(created).toEqual({ remoteId: '53130', updatedAt: '2026-11-03T16:15:42.000Z' });
  });

  it('finds the client a first attempt with the same key made instead of creating a second', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/users/clients`,
      query: { 'search[organization_like]': 'Gulf Marine Supply', per_page: '100' },
      answer: recorded('clients-page-2'),
    });
    const again = await freshbooks.create(
      handle,
      'CUSTOMER',
      { name: 'Gulf Marine Supply', email: 'billing@gulfmarine.example', phone: null },
      'idem-customer-1',
    );
    expect(again.remoteId).toBe('53120');
  });

  const bill = {
    contactRemoteId: '1563',
    number: 'FERRY-B-1001',
    date: '2026-11-03',
    dueDate: '2026-12-03',
    memo: 'November shelving',
    lines: [{ description: 'Shelving', amountCents: 120050, accountRemoteId: '3696445', itemRemoteId: null }],
  };
  const billBody = {
    bill: {
      vendorid: 1563,
      bill_number: 'FERRY-B-1001',
      issue_date: '2026-11-03',
      due_offset_days: 30,
      overall_description: 'November shelving',
      lines: [
        { categoryid: 3696445, description: 'Shelving', quantity: 1, unit_cost: { amount: '1200.50' } },
      ],
    },
  };

  it('creates a bill against its expense category, amounts as decimal strings', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/bills/bills`,
        query: { 'search[vendorid]': '1563', per_page: '100' },
        answer: recorded('bills'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/bills/bills`,
        body: billBody,
        answer: recorded('bill-created'),
      });
    expect(await freshbooks.create(handle, 'BILL', bill, 'idem-bill-1')).toEqual({
      remoteId: '43221201',
      updatedAt: '2026-11-03T15:05:00.000Z',
    });
  });

  it('finds a bill already made for the vendor with the same number instead of creating a second', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/bills/bills`,
      query: { 'search[vendorid]': '1563', per_page: '100' },
      answer: {
        response: { result: { bills: [(recorded('bill-created') as BillAnswer).response.result.bill] } },
      },
    });
    expect((await freshbooks.create(handle, 'BILL', bill, 'idem-bill-1')).remoteId).toBe('43221201');
  });

  it('creates an invoice', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/invoices/invoices`,
        query: { 'search[customerid]': '53108', 'search[invoice_number]': 'FERRY-I-2001' },
        answer: empty('invoices'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/invoices/invoices`,
        body: {
          invoice: {
            customerid: 53108,
            invoice_number: 'FERRY-I-2001',
            create_date: '2026-11-03',
            due_offset_days: 14,
            notes: 'PO 7781',
            lines: [
              { type: 0, name: 'Rigging', qty: 1, unit_cost: { amount: '600.00' } },
              { type: 0, name: 'Delivery', qty: 1, unit_cost: { amount: '40.25' } },
            ],
          },
        },
        answer: recorded('invoice-created'),
      });
    const created = await freshbooks.create(
      handle,
      'INVOICE',
      {
        contactRemoteId: '53108',
        number: 'FERRY-I-2001',
        date: '2026-11-03',
        dueDate: '2026-11-17',
        memo: 'PO 7781',
        lines: [
          { description: 'Rigging', amountCents: 60000, accountRemoteId: null, itemRemoteId: null },
          { description: 'Delivery', amountCents: 4025, accountRemoteId: null, itemRemoteId: null },
        ],
      },
      'idem-invoice-1',
    );
    expect(created).toEqual({ remoteId: '987800', updatedAt: '2026-11-03T15:10:00.000Z' });
  });

  const billPayment = {
    documentRemoteId: '43221133',
    contactRemoteId: '1563',
    amountCents: 52498,
    date: '2026-11-03',
    accountRemoteId: '3696445',
    memo: 'ACH to IKEA',
    reference: 'TRACE-071000301234567',
  };

  it('records a bill payment with the memo, reference and key in its note', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/bills/bills/43221133`,
        answer: {
          response: {
            result: {
              bill: {
                ...(recorded('bills') as BillsAnswer).response.result.bills[0],
              },
            },
          },
        },
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/bill_payments/bill_payments`,
        body: {
          bill_payment: {
            billid: 43221133,
            amount: { amount: '524.98' },
            paid_date: '2026-11-03',
            payment_type: 'Check',
            note: 'ACH to IKEA (TRACE-071000301234567) [ferry:idem-billpay-1]',
          },
        },
        answer: recorded('bill-payment-created'),
      });
    const created = await freshbooks.create(handle, 'BILL_PAYMENT', billPayment, 'idem-billpay-1');
    expect(created.remoteId).toBe('122334455');
  });

  it('finds the bill payment a first attempt with the same key made', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/bills/bills/43221133`,
      answer: recorded('bill-with-payment'),
    });
    const again = await freshbooks.create(handle, 'BILL_PAYMENT', billPayment, 'idem-billpay-1');
    expect(again.remoteId).toBe('122334455');
  });

  const invoicePayment = {
    documentRemoteId: '987654',
    contactRemoteId: '53108',
    amountCents: 115520,
    date: '2026-11-03',
    accountRemoteId: '3696445',
    memo: 'Card settlement',
    reference: 'ch_3Pq8Xb2eZvKYlo2C',
  };

  it('records an invoice payment (type ACH, memo as the note)', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/payments/payments`,
        query: { 'search[invoiceid]': '987654' },
        answer: empty('payments'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/payments/payments`,
        body: {
          payment: {
            invoiceid: 987654,
            amount: { amount: '1155.20' },
            date: '2026-11-03',
            type: 'ACH',
            note: 'Card settlement (ch_3Pq8Xb2eZvKYlo2C) [ferry:idem-invpay-1]',
          },
        },
        answer: recorded('payment-created'),
      });
    expect(await freshbooks.create(handle, 'INVOICE_PAYMENT', invoicePayment, 'idem-invpay-1')).toEqual({
      remoteId: '3300121',
      updatedAt: '2026-11-03T15:30:00.000Z',
    });
  });

  it('finds the invoice payment a first attempt with the same key made', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/payments/payments`,
      query: { 'search[invoiceid]': '987654' },
      answer: recorded('payments-for-invoice'),
    });
    const again = await freshbooks.create(handle, 'INVOICE_PAYMENT', invoicePayment, 'idem-invpay-1');
    expect(again.remoteId).toBe('3300121');
  });

  it('updates a client with PUT, leaving its note (and key) alone', async () => {
    replay.expect({
      method: 'PUT',
      url: `${BOOKS}/users/clients/53130`,
      body: { client: { organization: 'Gulf Marine Supply', email: '', bus_phone: '(504) 555-0110' } },
      answer: recorded('client-created'),
    });
    const updated = await freshbooks.update(handle, 'CUSTOMER', '53130', {
      name: 'Gulf Marine Supply',
      email: null,
      phone: '(504) 555-0110',
    });
    expect(updated).toEqual({ updatedAt: '2026-11-03T16:15:42.000Z' });
  });

  it('updates a bill with PUT', async () => {
    replay.expect({
      method: 'PUT',
      url: `${BOOKS}/bills/bills/43221201`,
      body: billBody,
      answer: recorded('bill-created'),
    });
    expect(await freshbooks.update(handle, 'BILL', '43221201', bill)).toEqual({
      updatedAt: '2026-11-03T15:05:00.000Z',
    });
  });
});

describe('FreshBooks adapter: refusals', () => {
  it('turns 401 into TOKEN_EXPIRED without the token in the error', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/items/items`,
      query: { page: '1', per_page: '100' },
      status: 401,
      answer: recorded('error-unauthenticated'),
    });
    const error = await failure(freshbooks.list(handle, 'ITEM', { cursor: null, modifiedSince: null }));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expectNoSecrets(error);
  });

  it('waits out a 429 (Retry-After) and succeeds on the retry', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/items/items`,
        query: { page: '1', per_page: '100' },
        status: 429,
        headers: { 'retry-after': '3' },
        answer: recorded('error-rate-limited'),
      })
      .expect({
        method: 'GET',
        url: `${BOOKS}/items/items`,
        query: { page: '1', per_page: '100' },
        answer: recorded('items'),
      });
    const page = await freshbooks.list(handle, 'ITEM', { cursor: null, modifiedSince: null });
    expect(page.records).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
  });

  it('turns a 422 into REJECTED with FreshBooks message', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/invoices/invoices`,
        query: { 'search[customerid]': '9999999', 'search[invoice_number]': 'FERRY-I-2002' },
        answer: empty('invoices'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/invoices/invoices`,
        status: 422,
        body: {
          invoice: {
            customerid: 9999999,
            invoice_number: 'FERRY-I-2002',
            create_date: '2026-11-03',
            due_offset_days: 0,
            lines: [],
          },
        },
        answer: recorded('error-validation'),
      });
    const error = await failure(
      freshbooks.create(
        handle,
        'INVOICE',
        {
          contactRemoteId: '9999999',
          number: 'FERRY-I-2002',
          date: '2026-11-03',
          dueDate: '2026-11-03',
          memo: null,
          lines: [],
        },
        'idem-invoice-2',
      ),
    );
    expect(error.code).toBe('REJECTED');
    expect(error.message).toBe('Client not found.');
    expectNoSecrets(error);
  });
});

interface BillAnswer {
  response: { result: { bill: Record<string, unknown> } };
}
interface BillsAnswer {
  response: { result: { bills: Record<string, unknown>[] } };
}

describe('FreshBooks adapter: void', () => {
  it('deletes a bill by its vis_state after reading it', async () => {
    replay
      .expect({ method: 'GET', url: `${BOOKS}/bills/bills/43221201`, answer: recorded('bill-created') })
      .expect({
        method: 'PUT',
        url: `${BOOKS}/bills/bills/43221201`,
        body: { bill: { vis_state: 1 } },
        answer: recorded('bill-deleted'),
      });
    const result = await freshbooks.voidDocument(handle, 'BILL', '43221201');
    expect(result).toEqual({ updatedAt: easternToIso('2026-11-03 11:20:00') });
  });

  it('deletes an invoice by its vis_state after reading it', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/invoices/invoices/987800`,
        answer: recorded('invoice-created'),
      })
      .expect({
        method: 'PUT',
        url: `${BOOKS}/invoices/invoices/987800`,
        body: { invoice: { vis_state: 1 } },
        answer: recorded('invoice-deleted'),
      });
    const result = await freshbooks.voidDocument(handle, 'INVOICE', '987800');
    expect(result).toEqual({ updatedAt: easternToIso('2026-11-03 11:25:00') });
  });

  it('takes a bill already deleted as done, without writing', async () => {
    replay.expect({ method: 'GET', url: `${BOOKS}/bills/bills/43221201`, answer: recorded('bill-deleted') });
    const result = await freshbooks.voidDocument(handle, 'BILL', '43221201');
    expect(result).toEqual({ updatedAt: easternToIso('2026-11-03 11:20:00') });
  });

  it('refuses a bill with payments applied in FreshBooks, without writing', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/bills/bills/43221133`,
      answer: recorded('bill-with-payment'),
    });
    const error = await failure(freshbooks.voidDocument(handle, 'BILL', '43221133'));
    expect(error.code).toBe('REJECTED');
    expect(error.message).toBe('It has payments in the accounting software.');
    expectNoSecrets(error);
  });
});
