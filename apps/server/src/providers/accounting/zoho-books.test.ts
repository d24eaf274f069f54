import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountingError, type AccountingHandle, type AccountingProvider } from './accounting.js';
import { createZohoBooksAccounting, zohoTimeToIso } from './zoho-books.js';

const recordedDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'recorded');
/** A JSON body recorded from Zoho Books' documented API. */
const recorded = (name: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(recordedDir, `zoho-${name}.json`), 'utf8'));

const CLIENT_ID = '1000.ZOHOCLIENTID7Q2K';
const CLIENT_SECRET = 'zoho-client-secret-very-private-51d0';
const REDIRECT_URI = 'https://ferry.example.com/api/integration/callback';
const ACCESS = '1000.zoho-access-8cb99dxxxxxxxxxxxxx9be93.9b8xxxxxxxxxxxxxxxf';
const REFRESH = '1000.zoho-refresh-3ph66exxxxxxxxxxxxx5a0.0sfxxxxxxxxxxxxxxx2';
const ACCOUNTS_EU = 'https://accounts.zoho.eu';
const API_EU = 'https://www.zohoapis.eu';
const BOOKS = `${API_EU}/books/v3`;
const ORG = '20071845';

interface Expectation {
  method: string;
  /** Origin and path, without the query. */
  url: string;
  /** The whole query, exactly (the organisation included). */
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** false: a call without the OAuth token (the accounts server). */
  authorised?: boolean;
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
      return new Response(JSON.stringify({ code: 9999, message: 'unexpected request' }), { status: 418 });
    };
    if (!next) return problem('no request was expected');
    if (method !== next.method) return problem(`method, expected ${next.method}`);
    if (`${url.origin}${url.pathname}` !== next.url) return problem(`URL, expected ${next.url}`);
    const query = sortKeys(Object.fromEntries(url.searchParams));
    if (url.searchParams.size !== Object.keys(query).length) return problem('a repeated query parameter');
    if (JSON.stringify(query) !== JSON.stringify(sortKeys(next.query ?? {})))
      return problem(`query ${JSON.stringify(query)}, expected ${JSON.stringify(next.query ?? {})}`);
    const headers = new Headers(init?.headers);
    if (next.authorised === false) {
      if (headers.has('authorization')) return problem('an Authorization header on an accounts call');
    } else if (headers.get('authorization') !== `Zoho-oauthtoken ${ACCESS}`) {
      return problem('the Authorization header');
    }
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    if (next.json !== undefined) {
      if (headers.get('content-type') !== 'application/json') return problem('the Content-Type header');
      if (raw !== JSON.stringify(next.json))
        return problem(`body ${raw}, expected ${JSON.stringify(next.json)}`);
    } else if (next.form !== undefined) {
      if (headers.get('content-type') !== 'application/x-www-form-urlencoded')
        return problem('the Content-Type header');
      const form = sortKeys(Object.fromEntries(new URLSearchParams(raw ?? '')));
      if (JSON.stringify(form) !== JSON.stringify(sortKeys(next.form)))
        return problem(`form ${JSON.stringify(form)}, expected ${JSON.stringify(next.form)}`);
    } else if (raw !== undefined) {
      return problem(`an unexpected body ${raw}`);
    }
    return new Response(JSON.stringify(next.answer), {
      status: next.status ?? 200,
      headers: { 'content-type': 'application/json;charset=UTF-8', ...next.headers },
    });
  };
}

const sortKeys = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));

let replay: ReplayFetch;
let sleeps: number[];
let zoho: AccountingProvider;

const handle: AccountingHandle = {
  organisationId: ORG,
  tokens: {
    accessToken: ACCESS,
    refreshToken: REFRESH,
    accessTokenExpiresAt: '2026-11-03T11:00:00.000Z',
    refreshTokenExpiresAt: null,
    extra: { apiDomain: API_EU, accountsUrl: ACCOUNTS_EU },
  },
};

const org = (more: Record<string, string> = {}) => ({ organization_id: ORG, ...more });
const page = (more: Record<string, string> = {}) => org({ page: '1', per_page: '200', ...more });
const empty = (key: string) => ({
  code: 0,
  message: 'success',
  [key]: [],
  page_context: { page: 1, per_page: 200, has_more_page: false },
});

const makeZoho = (accountsUrl?: string) =>
  createZohoBooksAccounting({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    ...(accountsUrl ? { accountsUrl } : {}),
    fetch: replay.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });

beforeEach(() => {
  replay = new ReplayFetch();
  sleeps = [];
  zoho = makeZoho();
});

afterEach(() => {
  vi.useRealTimers();
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

describe('Zoho Books adapter: consent and tokens', () => {
  it('sends the browser to the configured accounts server for offline Books access', () => {
    const url = new URL(
      zoho.authorizationUrl({ state: 'st-81f2', redirectUri: REDIRECT_URI, purpose: 'CONNECT' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.zoho.com/oauth/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      scope: 'ZohoBooks.fullaccess.all',
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      access_type: 'offline',
      prompt: 'consent',
      state: 'st-81f2',
    });
    const eu = new URL(
      makeZoho(ACCOUNTS_EU).authorizationUrl({ state: 's', redirectUri: REDIRECT_URI, purpose: 'CONNECT' }),
    );
    expect(eu.origin).toBe(ACCOUNTS_EU);
    expect(zoho.type).toBe('ZOHOBOOKS');
    expect(zoho.mode).toBe('live');
  });

  it("exchanges the code at the person's data centre: tokens with the API domain, and the organisations", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-03T10:00:00.000Z'));
    replay
      .expect({
        method: 'POST',
        url: `${ACCOUNTS_EU}/oauth/v2/token`,
        authorised: false,
        form: {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          grant_type: 'authorization_code',
          code: '1000.code-5e7a',
          redirect_uri: REDIRECT_URI,
        },
        answer: recorded('token'),
      })
      .expect({ method: 'GET', url: `${BOOKS}/organizations`, answer: recorded('organizations') });
    const result = await zoho.exchangeCode({
      query: { code: '1000.code-5e7a', location: 'eu', 'accounts-server': ACCOUNTS_EU, state: 'st' },
      redirectUri: REDIRECT_URI,
    });
    expect(result).toEqual({
      tokens: {
        accessToken: ACCESS,
        refreshToken: REFRESH,
        accessTokenExpiresAt: '2026-11-03T11:00:00.000Z',
        refreshTokenExpiresAt: null,
        extra: { apiDomain: API_EU, accountsUrl: ACCOUNTS_EU },
      },
      organisations: [
        { id: '20071845', name: 'Lindqvist Trading Ltd', currency: 'EUR' },
        { id: '20071990', name: 'Lindqvist Holdings', currency: 'GBP' },
      ],
      identity: null,
    });
  });

  it('ignores an accounts server in the redirect that is not one of Zoho', async () => {
    replay.expect({
      method: 'POST',
      url: 'https://accounts.zoho.com/oauth/v2/token',
      authorised: false,
      form: {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: 'authorization_code',
        code: '1000.code-5e7a',
        redirect_uri: REDIRECT_URI,
      },
      answer: recorded('error-invalid-code'),
    });
    const error = await failure(
      zoho.exchangeCode({
        query: { code: '1000.code-5e7a', 'accounts-server': 'https://accounts.zoho.evil.example' },
        redirectUri: REDIRECT_URI,
      }),
    );
    // Zoho answers a refused code with 200 and `error`.
    expect(error.code).toBe('ACCESS_DENIED');
    expect(error.message).toContain('invalid_code');
    expectNoSecrets(error, '1000.code-5e7a');
  });

  it('turns a declined consent into ACCESS_DENIED without calling Zoho', async () => {
    const error = await failure(
      zoho.exchangeCode({ query: { error: 'access_denied', state: 'st' }, redirectUri: REDIRECT_URI }),
    );
    expect(error.code).toBe('ACCESS_DENIED');
    expect(replay.calls).toBe(0);
  });

  it('refreshes at the same data centre, keeping the refresh token (Zoho does not rotate it)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-03T10:55:00.000Z'));
    replay.expect({
      method: 'POST',
      url: `${ACCOUNTS_EU}/oauth/v2/token`,
      authorised: false,
      form: {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: 'refresh_token',
        refresh_token: REFRESH,
      },
      answer: recorded('token-refresh'),
    });
    expect(await zoho.refreshTokens(handle.tokens)).toEqual({
      accessToken: '1000.zoho-access-renewed-2f71xxxxxxxxxxxxx4e1.77axxxxxxxxxxxxxxx0',
      refreshToken: REFRESH,
      accessTokenExpiresAt: '2026-11-03T11:55:00.000Z',
      refreshTokenExpiresAt: null,
      extra: { apiDomain: API_EU, accountsUrl: ACCOUNTS_EU },
    });
  });

  it('turns a refused refresh into TOKEN_EXPIRED without the tokens in the error', async () => {
    replay.expect({
      method: 'POST',
      url: `${ACCOUNTS_EU}/oauth/v2/token`,
      authorised: false,
      form: {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: 'refresh_token',
        refresh_token: REFRESH,
      },
      answer: recorded('error-invalid-code'),
    });
    const error = await failure(zoho.refreshTokens(handle.tokens));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expectNoSecrets(error);
  });

  it('revokes the refresh token, and shrugs off a failure (best effort)', async () => {
    replay.expect({
      method: 'POST',
      url: `${ACCOUNTS_EU}/oauth/v2/token/revoke`,
      authorised: false,
      form: { token: REFRESH },
      status: 400,
      answer: recorded('error-invalid-code'),
    });
    await expect(zoho.revoke(handle.tokens)).resolves.toBeUndefined();
  });
});

describe('Zoho Books adapter: reading the books', () => {
  it('reads vendors page by page (has_more_page), inactive ones as inactive', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/contacts`,
      query: page({ contact_type: 'vendor' }),
      answer: recorded('contacts-vendors-page-1'),
    });
    const first = await zoho.list(handle, 'VENDOR', { cursor: null, modifiedSince: null });
    expect(first.next).toBe('2');
    expect(first.records).toEqual([
      {
        remoteId: '460000000026049',
        updatedAt: '2026-10-07T12:54:51.000Z',
        active: true,
        name: 'Bowman and Co',
        email: 'willsmith@bowmanfurniture.example',
        phone: '+353-1-921-9201',
      },
      {
        remoteId: '460000000026071',
        updatedAt: '2026-10-01T03:15:00.000Z',
        active: false,
        name: 'Harbour Couriers',
        email: null,
        phone: '+353-86-000-1111',
      },
    ]);
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/contacts`,
      query: page({ page: '2', contact_type: 'vendor' }),
      answer: recorded('contacts-vendors-page-2'),
    });
    const second = await zoho.list(handle, 'VENDOR', { cursor: first.next, modifiedSince: null });
    expect(second.next).toBeNull();
    expect(second.records.map((r) => r.name)).toEqual(['Zephyr Office Supply']);
  });

  it('asks only for what changed since modifiedSince', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/contacts`,
      query: page({ contact_type: 'customer', last_modified_time: '2026-11-01T03:30:00+0000' }),
      answer: recorded('contacts-customers'),
    });
    const { records } = await zoho.list(handle, 'CUSTOMER', {
      cursor: null,
      modifiedSince: '2026-11-01T03:30:00.000Z',
    });
    expect(records).toEqual([
      {
        remoteId: '460000000031002',
        updatedAt: '2026-11-02T08:30:00.000Z',
        active: true,
        name: 'Gulf Marine Supply',
        email: 'billing@gulfmarine.example',
        phone: null,
      },
    ]);
  });

  it('reads bills: exact cents, the balance, void and paid statuses', async () => {
    replay.expect({ method: 'GET', url: `${BOOKS}/bills`, query: page(), answer: recorded('bills') });
    const { records, next } = await zoho.list(handle, 'BILL', { cursor: null, modifiedSince: null });
    expect(next).toBeNull();
    expect(records[0]).toEqual({
      remoteId: '460000000067021',
      updatedAt: '2026-10-20T13:12:03.000Z',
      active: true,
      contactRemoteId: '460000000026049',
      number: 'BW-2231',
      date: '2026-10-01',
      dueDate: '2026-10-16',
      totalCents: 104995,
      balanceCents: 52498,
      currency: 'EUR',
      memo: null,
      status: 'OPEN',
      lines: [],
    });
    expect(records.map((r) => [r.status, r.totalCents, r.balanceCents])).toEqual([
      ['OPEN', 104995, 52498],
      ['VOID', 8010, 8010],
      ['PAID', 30, 0],
    ]);
  });

  it('reads invoices: the balance, overdue as open, void and paid statuses', async () => {
    replay.expect({ method: 'GET', url: `${BOOKS}/invoices`, query: page(), answer: recorded('invoices') });
    const { records } = await zoho.list(handle, 'INVOICE', { cursor: null, modifiedSince: null });
    expect(records[0]).toMatchObject({
      remoteId: '460000000073001',
      contactRemoteId: '460000000031002',
      number: 'INV-000112',
      date: '2026-10-05',
      dueDate: '2026-10-20',
      totalCents: 231040,
      balanceCents: 115520,
      currency: 'EUR',
      status: 'OPEN',
      updatedAt: '2026-10-21T13:02:11.000Z',
    });
    expect(records.map((r) => [r.remoteId, r.status, r.balanceCents])).toEqual([
      ['460000000073001', 'OPEN', 115520],
      ['460000000073020', 'PAID', 0],
      ['460000000073031', 'VOID', 0],
    ]);
  });

  it("reads the chart of accounts in Ferry's types (others as null)", async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/chartofaccounts`,
      query: page({ filter_by: 'AccountType.All' }),
      answer: recorded('chartofaccounts'),
    });
    const { records } = await zoho.list(handle, 'ACCOUNT', { cursor: null, modifiedSince: null });
    expect(records.map((r) => [r.remoteId, r.name, r.number, r.type, r.active])).toEqual([
      ['460000000000361', 'Business Current Account', '1010', 'BANK', true],
      ['460000000000372', 'Company Visa', '2050', 'CREDIT_CARD', true],
      ['460000000000388', 'Office Supplies', null, 'EXPENSE', true],
      ['460000000000390', 'Bank Fees and Charges', '6100', 'EXPENSE', false],
      ['460000000000401', 'Cost of Goods Sold', '5000', 'COST_OF_GOODS_SOLD', true],
      ['460000000000412', 'Sales', '4000', 'INCOME', true],
      ['460000000000415', 'Interest Income', '4900', 'INCOME', true],
      ['460000000000420', "Owner's Equity", '3000', null, true],
    ]);
  });

  it('reads items: price in cents, sold and purchased from the item type', async () => {
    replay.expect({ method: 'GET', url: `${BOOKS}/items`, query: page(), answer: recorded('items') });
    const { records } = await zoho.list(handle, 'ITEM', { cursor: null, modifiedSince: null });
    expect(records).toEqual([
      {
        remoteId: '460000000027009',
        updatedAt: '2026-08-01T11:00:00.000Z',
        active: true,
        name: 'Consulting hour',
        description: 'Advisory work, per hour',
        unitPriceCents: 12000,
        isSold: true,
        isPurchased: false,
      },
      {
        remoteId: '460000000027015',
        updatedAt: '2026-08-02T11:00:00.000Z',
        active: false,
        name: 'Rope, 50 m',
        description: null,
        unitPriceCents: 1995,
        isSold: true,
        isPurchased: true,
      },
      {
        remoteId: '460000000027021',
        updatedAt: '2026-08-03T11:00:00.000Z',
        active: true,
        name: 'Packing material',
        description: 'Bought in bulk',
        unitPriceCents: null,
        isSold: false,
        isPurchased: true,
      },
    ]);
  });

  it("reads Zoho's offsets without a colon", () => {
    expect(zohoTimeToIso('2026-10-07T18:24:51+0530')).toBe('2026-10-07T12:54:51.000Z');
    expect(zohoTimeToIso('2026-09-30T23:15:00-0400')).toBe('2026-10-01T03:15:00.000Z');
    expect(zohoTimeToIso(undefined)).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('Zoho Books adapter: writing to the books', () => {
  const vendor = { name: 'Acme Paper', email: 'ar@acmepaper.example', phone: '+353-1-555-0177' };
  const vendorBody = {
    contact_name: 'Acme Paper',
    company_name: 'Acme Paper',
    contact_type: 'vendor',
    contact_persons: [
      {
        first_name: 'Acme Paper',
        email: 'ar@acmepaper.example',
        phone: '+353-1-555-0177',
        is_primary_contact: true,
      },
    ],
    notes: 'ferry:idem-vendor-1',
  };

  it('creates a vendor with the idempotency key in its notes', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/contacts`,
        query: org({ contact_name: 'Acme Paper', contact_type: 'vendor' }),
        answer: empty('contacts'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/contacts`,
        query: org(),
        json: vendorBody,
        answer: recorded('contact-created'),
      });
    expect(await zoho.create(handle, 'VENDOR', vendor, 'idem-vendor-1')).toEqual({
      remoteId: '460000000026120',
      updatedAt: '2026-11-03T10:00:00.000Z',
    });
  });

  it('finds the vendor a first attempt with the same key made instead of creating a second', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/contacts`,
        query: org({ contact_name: 'Acme Paper', contact_type: 'vendor' }),
        answer: recorded('contacts-found'),
      })
      .expect({
        method: 'GET',
        url: `${BOOKS}/contacts/460000000026120`,
        query: org(),
        answer: recorded('contact-created'),
      });
    expect((await zoho.create(handle, 'VENDOR', vendor, 'idem-vendor-1')).remoteId).toBe('460000000026120');
  });

  it("does not take a same-named contact of another key for its own: Zoho's refusal is REJECTED", async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/contacts`,
        query: org({ contact_name: 'Acme Paper', contact_type: 'vendor' }),
        answer: recorded('contacts-found'),
      })
      .expect({
        method: 'GET',
        url: `${BOOKS}/contacts/460000000026120`,
        query: org(),
        answer: recorded('contact-created'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/contacts`,
        query: org(),
        json: { ...vendorBody, notes: 'ferry:idem-vendor-2' },
        status: 400,
        answer: recorded('error-duplicate-contact'),
      });
    const error = await failure(zoho.create(handle, 'VENDOR', vendor, 'idem-vendor-2'));
    expect(error.code).toBe('REJECTED');
    expect(error.message).toBe('The vendor "Acme Paper" already exists. Please specify a different name.');
    expectNoSecrets(error);
  });

  const bill = {
    contactRemoteId: '460000000026049',
    number: 'FERRY-B-1001',
    date: '2026-11-03',
    dueDate: '2026-12-03',
    memo: 'November shelving',
    lines: [
      {
        description: 'Shelving',
        amountCents: 120050,
        accountRemoteId: '460000000000388',
        itemRemoteId: null,
      },
    ],
  };
  const billBody = {
    vendor_id: '460000000026049',
    bill_number: 'FERRY-B-1001',
    date: '2026-11-03',
    due_date: '2026-12-03',
    notes: 'November shelving',
    line_items: [{ account_id: '460000000000388', description: 'Shelving', rate: 1200.5, quantity: 1 }],
  };

  it('creates a bill against its expense account', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/bills`,
        query: org({ bill_number: 'FERRY-B-1001', vendor_id: '460000000026049' }),
        answer: empty('bills'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/bills`,
        query: org(),
        json: billBody,
        answer: recorded('bill-created'),
      });
    expect(await zoho.create(handle, 'BILL', bill, 'idem-bill-1')).toEqual({
      remoteId: '460000000067200',
      updatedAt: '2026-11-03T10:05:00.000Z',
    });
  });

  it('finds a bill already made for the vendor with the same number instead of creating a second', async () => {
    const made = (recorded('bill-created') as { bill: unknown }).bill;
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/bills`,
      query: org({ bill_number: 'FERRY-B-1001', vendor_id: '460000000026049' }),
      answer: { code: 0, message: 'success', bills: [made] },
    });
    expect((await zoho.create(handle, 'BILL', bill, 'idem-bill-1')).remoteId).toBe('460000000067200');
  });

  it("creates an invoice with Ferry's number (auto-numbering off)", async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/invoices`,
        query: org({ invoice_number: 'FERRY-I-2001', customer_id: '460000000031002' }),
        answer: empty('invoices'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/invoices`,
        query: org({ ignore_auto_number_generation: 'true' }),
        json: {
          customer_id: '460000000031002',
          invoice_number: 'FERRY-I-2001',
          date: '2026-11-03',
          due_date: '2026-11-17',
          notes: 'PO 7781',
          line_items: [
            { item_id: '460000000027009', description: 'Rigging', rate: 600, quantity: 1 },
            { account_id: '460000000000412', description: 'Delivery', rate: 40.25, quantity: 1 },
          ],
        },
        answer: recorded('invoice-created'),
      });
    const created = await zoho.create(
      handle,
      'INVOICE',
      {
        contactRemoteId: '460000000031002',
        number: 'FERRY-I-2001',
        date: '2026-11-03',
        dueDate: '2026-11-17',
        memo: 'PO 7781',
        lines: [
          {
            description: 'Rigging',
            amountCents: 60000,
            accountRemoteId: null,
            itemRemoteId: '460000000027009',
          },
          {
            description: 'Delivery',
            amountCents: 4025,
            accountRemoteId: '460000000000412',
            itemRemoteId: null,
          },
        ],
      },
      'idem-invoice-1',
    );
    expect(created).toEqual({ remoteId: '460000000073100', updatedAt: '2026-11-03T10:10:00.000Z' });
  });

  const billPayment = {
    documentRemoteId: '460000000067021',
    contactRemoteId: '460000000026049',
    amountCents: 52498,
    date: '2026-11-03',
    accountRemoteId: '460000000000361',
    memo: 'ACH to Bowman',
    reference: 'TRACE-071000301234567',
  };

  it('records a vendor payment against the bill, through the bank account', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/vendorpayments`,
        query: org({ reference_number: 'TRACE-071000301234567' }),
        answer: empty('vendorpayments'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/vendorpayments`,
        query: org(),
        json: {
          vendor_id: '460000000026049',
          bills: [{ bill_id: '460000000067021', amount_applied: 524.98 }],
          date: '2026-11-03',
          payment_mode: 'Bank Transfer',
          amount: 524.98,
          paid_through_account_id: '460000000000361',
          reference_number: 'TRACE-071000301234567',
          description: 'ACH to Bowman [ferry:idem-billpay-1]',
        },
        answer: recorded('vendorpayment-created'),
      });
    expect(await zoho.create(handle, 'BILL_PAYMENT', billPayment, 'idem-billpay-1')).toEqual({
      remoteId: '460000000068001',
      updatedAt: '2026-11-03T10:20:00.000Z',
    });
  });

  it('finds the vendor payment a first attempt with the same key made', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/vendorpayments`,
      query: org({ reference_number: 'TRACE-071000301234567' }),
      answer: recorded('vendorpayments-found'),
    });
    expect((await zoho.create(handle, 'BILL_PAYMENT', billPayment, 'idem-billpay-1')).remoteId).toBe(
      '460000000068001',
    );
  });

  const invoicePayment = {
    documentRemoteId: '460000000073001',
    contactRemoteId: '460000000031002',
    amountCents: 115520,
    date: '2026-11-03',
    accountRemoteId: '460000000000361',
    memo: 'Card settlement',
    reference: 'ch_3Pq8Xb2eZvKYlo2C',
  };

  it('records a customer payment against the invoice, into the bank account', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/customerpayments`,
        query: org({ reference_number: 'ch_3Pq8Xb2eZvKYlo2C' }),
        answer: empty('customerpayments'),
      })
      .expect({
        method: 'POST',
        url: `${BOOKS}/customerpayments`,
        query: org(),
        json: {
          customer_id: '460000000031002',
          invoices: [{ invoice_id: '460000000073001', amount_applied: 1155.2 }],
          date: '2026-11-03',
          payment_mode: 'Bank Transfer',
          amount: 1155.2,
          account_id: '460000000000361',
          reference_number: 'ch_3Pq8Xb2eZvKYlo2C',
          description: 'Card settlement [ferry:idem-invpay-1]',
        },
        answer: recorded('customerpayment-created'),
      });
    expect(await zoho.create(handle, 'INVOICE_PAYMENT', invoicePayment, 'idem-invpay-1')).toEqual({
      remoteId: '460000000074001',
      updatedAt: '2026-11-03T10:30:00.000Z',
    });
  });

  it('finds the customer payment a first attempt with the same key made', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/customerpayments`,
      query: org({ reference_number: 'ch_3Pq8Xb2eZvKYlo2C' }),
      answer: recorded('customerpayments-found'),
    });
    expect((await zoho.create(handle, 'INVOICE_PAYMENT', invoicePayment, 'idem-invpay-1')).remoteId).toBe(
      '460000000074001',
    );
  });

  it('updates a vendor in place: its primary contact person, not a second one', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/contacts/460000000026120`,
        query: org(),
        answer: recorded('contact-created'),
      })
      .expect({
        method: 'PUT',
        url: `${BOOKS}/contacts/460000000026120`,
        query: org(),
        json: {
          contact_name: 'Acme Paper & Print',
          company_name: 'Acme Paper & Print',
          contact_type: 'vendor',
          contact_persons: [
            {
              contact_person_id: '460000000026122',
              first_name: 'Acme Paper & Print',
              email: 'ap@acmepaper.example',
              phone: '+353-1-555-0177',
              is_primary_contact: true,
            },
          ],
        },
        answer: recorded('contact-updated'),
      });
    const updated = await zoho.update(handle, 'VENDOR', '460000000026120', {
      name: 'Acme Paper & Print',
      email: 'ap@acmepaper.example',
      phone: '+353-1-555-0177',
    });
    expect(updated).toEqual({ updatedAt: '2026-11-04T09:15:00.000Z' });
  });

  it('updates a bill with PUT', async () => {
    replay.expect({
      method: 'PUT',
      url: `${BOOKS}/bills/460000000067200`,
      query: org(),
      json: billBody,
      answer: recorded('bill-created'),
    });
    expect(await zoho.update(handle, 'BILL', '460000000067200', bill)).toEqual({
      updatedAt: '2026-11-03T10:05:00.000Z',
    });
  });
});

describe('Zoho Books adapter: refusals', () => {
  it('turns 401 with code 57 into TOKEN_EXPIRED without the token in the error', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/items`,
      query: page(),
      status: 401,
      answer: recorded('error-not-authorized'),
    });
    const error = await failure(zoho.list(handle, 'ITEM', { cursor: null, modifiedSince: null }));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expectNoSecrets(error);
  });

  it('turns code 14 (a refused OAuth token) into TOKEN_EXPIRED whatever the HTTP status', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/items`,
      query: page(),
      status: 400,
      answer: recorded('error-invalid-token'),
    });
    const error = await failure(zoho.list(handle, 'ITEM', { cursor: null, modifiedSince: null }));
    expect(error.code).toBe('TOKEN_EXPIRED');
    expectNoSecrets(error);
  });

  it('backs off after a 429 and succeeds on the retry', async () => {
    replay
      .expect({
        method: 'GET',
        url: `${BOOKS}/items`,
        query: page(),
        status: 429,
        answer: recorded('error-rate-limited'),
      })
      .expect({ method: 'GET', url: `${BOOKS}/items`, query: page(), answer: recorded('items') });
    const { records } = await zoho.list(handle, 'ITEM', { cursor: null, modifiedSince: null });
    expect(records).toHaveLength(3);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(500);
    expect(sleeps[0]).toBeLessThanOrEqual(625);
  });
});

describe('Zoho Books adapter: void', () => {
  const billRead = recorded('bill-created') as { bill: Record<string, unknown> };
  const invoiceRead = recorded('invoice-created') as { invoice: Record<string, unknown> };

  it('marks a bill void after reading it, answering the time of the void', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-03T11:00:00.000Z'));
    replay
      .expect({ method: 'GET', url: `${BOOKS}/bills/460000000067200`, query: org(), answer: billRead })
      .expect({
        method: 'POST',
        url: `${BOOKS}/bills/460000000067200/status/void`,
        query: org(),
        answer: recorded('bill-voided'),
      });
    expect(await zoho.voidDocument(handle, 'BILL', '460000000067200')).toEqual({
      updatedAt: '2026-11-03T11:00:00.000Z',
    });
  });

  it('marks an invoice void after reading it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-03T11:05:00.000Z'));
    replay
      .expect({ method: 'GET', url: `${BOOKS}/invoices/460000000073100`, query: org(), answer: invoiceRead })
      .expect({
        method: 'POST',
        url: `${BOOKS}/invoices/460000000073100/status/void`,
        query: org(),
        answer: recorded('invoice-voided'),
      });
    expect(await zoho.voidDocument(handle, 'INVOICE', '460000000073100')).toEqual({
      updatedAt: '2026-11-03T11:05:00.000Z',
    });
  });

  it('takes an invoice already void as done, without writing', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/invoices/460000000073100`,
      query: org(),
      answer: {
        ...invoiceRead,
        invoice: { ...invoiceRead.invoice, status: 'void', last_modified_time: '2026-11-03T10:30:00+0000' },
      },
    });
    expect(await zoho.voidDocument(handle, 'INVOICE', '460000000073100')).toEqual({
      updatedAt: '2026-11-03T10:30:00.000Z',
    });
  });

  it('refuses a bill with payments applied in Zoho Books, without writing', async () => {
    replay.expect({
      method: 'GET',
      url: `${BOOKS}/bills/460000000067200`,
      query: org(),
      answer: { ...billRead, bill: { ...billRead.bill, balance: 200.5, status: 'partially_paid' } },
    });
    const error = await failure(zoho.voidDocument(handle, 'BILL', '460000000067200'));
    expect(error.code).toBe('REJECTED');
    expect(error.message).toBe('It has payments in the accounting software.');
    expectNoSecrets(error);
  });

  it("is REJECTED in Zoho's own words when Zoho refuses the void", async () => {
    replay
      .expect({ method: 'GET', url: `${BOOKS}/bills/460000000067200`, query: org(), answer: billRead })
      .expect({
        method: 'POST',
        url: `${BOOKS}/bills/460000000067200/status/void`,
        query: org(),
        status: 400,
        answer: recorded('error-void-payments'),
      });
    const error = await failure(zoho.voidDocument(handle, 'BILL', '460000000067200'));
    expect(error.code).toBe('REJECTED');
    expect(error.message).toBe(
      'Payments have been recorded for this bill. Delete the payments and try again.',
    );
  });
});
