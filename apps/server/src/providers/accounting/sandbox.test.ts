import type { SandboxCompany, SandboxRecord } from '@ferry/domain/schemas';
import { describe, expect, it } from 'vitest';
import { makeUser, signIn } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingProviderType,
  type AccountingTokens,
  IMPORT_KINDS,
  type ImportKind,
  type ImportRecords,
  type ListPage,
  type RemoteDocument,
} from './accounting.js';
import { createSandboxBooks } from './sandbox.js';

const t = useTestApp();

const CALLBACK = 'http://localhost:3000/api/integration/callback';
const MINUTE = 60 * 1000;

const books = () => createSandboxBooks({ database: t.database, clock: t.clock });
const provider = (type: AccountingProviderType = 'QBO') => books().provider(type);

/** Every answer body of the file, to check no token ever appears in one. */
const answers: string[] = [];

type Headers = Record<string, string>;

const call = async (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { headers?: Headers; payload?: unknown; query?: Record<string, string> } = {},
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: options.headers,
    query: options.query,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
  answers.push(response.body);
  return response;
};

const newUser = async () => {
  const user = await makeUser(t.context);
  return { user, headers: await signIn(t.context, user) };
};

const createCompany = async (headers: Headers, body: { name?: string; sample?: boolean } = {}) => {
  const response = await call('POST', '/api/sandbox/books/companies', {
    headers,
    payload: { name: 'Granite Coffee Co.', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as SandboxCompany;
};

const consent = (headers: Headers | undefined, body: Record<string, unknown>) =>
  call('POST', '/api/sandbox/books/consent', {
    headers,
    payload: { providerType: 'QBO', state: 'state-123', redirectUri: CALLBACK, purpose: 'CONNECT', ...body },
  });

const queryOf = (redirectUrl: string) => Object.fromEntries(new URL(redirectUrl).searchParams);

/** Consent (ALLOW) → the callback's query. */
const allow = async (headers: Headers | undefined, body: Record<string, unknown>) => {
  const response = await consent(headers, { decision: 'ALLOW', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return queryOf(response.json().data.redirectUrl);
};

/** A company with sample books, connected: its handle. */
const connectedCompany = async (headers?: Headers) => {
  const owner = headers ?? (await newUser()).headers;
  const company = await createCompany(owner);
  const query = await allow(owner, { companyIds: [company.id] });
  const { tokens } = await provider().exchangeCode({ query, redirectUri: CALLBACK });
  const handle: AccountingHandle = { tokens, organisationId: company.id };
  return { headers: owner, company, handle };
};

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountingError);
  return error as AccountingError;
};

const listAll = async <K extends ImportKind>(
  handle: AccountingHandle,
  kind: K,
  modifiedSince: string | null = null,
) => {
  const records: ImportRecords[K][] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: ListPage<ImportRecords[K]> = await provider().list(handle, kind, { cursor, modifiedSince });
    records.push(...page.records);
    cursor = page.next;
    pages += 1;
  } while (cursor);
  return { records, pages };
};

describe('Sandbox Books: consent', () => {
  it('shows the signed-in user’s companies for CONNECT, and needs a session for it', async () => {
    const { headers } = await newUser();
    const company = await createCompany(headers);
    const query = { providerType: 'XERO', state: 's', redirectUri: CALLBACK, purpose: 'CONNECT' };
    const shown = await call('GET', '/api/sandbox/books/consent', { headers, query });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({
      providerType: 'XERO',
      providerName: 'Xero',
      purpose: 'CONNECT',
    });
    expect(shown.json().data.companies).toEqual([
      expect.objectContaining({ id: company.id, name: 'Granite Coffee Co.', currency: 'USD' }),
    ]);
    const anonymous = await call('GET', '/api/sandbox/books/consent', { query });
    expect(anonymous.statusCode).toBe(401);
    const signIn = await call('GET', '/api/sandbox/books/consent', {
      query: { ...query, purpose: 'SIGN_IN' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.companies).toEqual([]);
    expect((await consent(undefined, { decision: 'ALLOW', companyIds: [company.id] })).statusCode).toBe(401);
  });

  it('CONNECT: allow → a one-time code → tokens and the granted companies', async () => {
    const { headers } = await newUser();
    const first = await createCompany(headers, { name: 'Juniper Bakery' });
    const second = await createCompany(headers, { name: 'Juniper Catering', sample: false });
    await createCompany(headers, { name: 'Not shared', sample: false });
    const query = await allow(headers, { companyIds: [first.id, second.id] });
    expect(query.state).toBe('state-123');
    expect(query.providerType).toBe('QBO');
    expect(query.code).toMatch(/^sbx_ac_/);

    const exchanged = await provider().exchangeCode({ query, redirectUri: CALLBACK });
    expect(exchanged.tokens.accessToken).toMatch(/^sbx_at_[A-Za-z0-9_-]{43}$/);
    expect(exchanged.tokens.refreshToken).toMatch(/^sbx_rt_[A-Za-z0-9_-]{43}$/);
    const at = t.clock.now().getTime();
    expect(new Date(exchanged.tokens.accessTokenExpiresAt).getTime()).toBe(at + 60 * MINUTE);
    expect(new Date(exchanged.tokens.refreshTokenExpiresAt ?? '').getTime()).toBe(
      at + 100 * 24 * 60 * MINUTE,
    );
    expect(exchanged.organisations).toEqual([
      { id: first.id, name: 'Juniper Bakery', currency: 'USD' },
      { id: second.id, name: 'Juniper Catering', currency: 'USD' },
    ]);
    expect(exchanged.identity).toBeNull();

    // The code works once.
    const again = await failure(provider().exchangeCode({ query, redirectUri: CALLBACK }));
    expect(again.code).toBe('ACCESS_DENIED');
    expect(again.message).toBe('The authorization code is invalid or expired.');

    const grants = await call('GET', `/api/sandbox/books/companies/${first.id}/grants`, { headers });
    expect(grants.statusCode).toBe(200);
    expect(grants.json().data).toEqual([
      expect.objectContaining({ providerType: 'QBO', status: 'ACTIVE', accessExpiresAt: expect.any(String) }),
    ]);

    const serialised = answers.join('\n');
    expect(serialised).not.toContain(exchanged.tokens.accessToken);
    expect(serialised).not.toContain(exchanged.tokens.refreshToken);
  });

  it('refuses an expired code, a code for another redirect, and another provider type’s code', async () => {
    const { headers } = await newUser();
    const company = await createCompany(headers, { sample: false });
    const late = await allow(headers, { companyIds: [company.id] });
    t.clock.advance(11 * MINUTE);
    expect((await failure(provider().exchangeCode({ query: late, redirectUri: CALLBACK }))).code).toBe(
      'ACCESS_DENIED',
    );
    const query = await allow(headers, { companyIds: [company.id] });
    const other = 'https://ferry.example.com/api/integration/callback';
    expect((await failure(provider().exchangeCode({ query, redirectUri: other }))).code).toBe(
      'ACCESS_DENIED',
    );
    expect((await failure(provider('XERO').exchangeCode({ query, redirectUri: CALLBACK }))).code).toBe(
      'ACCESS_DENIED',
    );
    // Refusals for a mismatch do not use the code up.
    await expect(provider().exchangeCode({ query, redirectUri: CALLBACK })).resolves.toBeTruthy();
  });

  it('DENY sends the browser back with error=access_denied, which exchangeCode refuses', async () => {
    const { headers } = await newUser();
    const response = await consent(headers, { decision: 'DENY' });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().data.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(CALLBACK);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe('state-123');
    expect(url.searchParams.get('code')).toBeNull();
    const error = await failure(
      provider().exchangeCode({ query: Object.fromEntries(url.searchParams), redirectUri: CALLBACK }),
    );
    expect(error.code).toBe('ACCESS_DENIED');
  });

  it('accepts only Ferry’s callback as the redirect (no open redirect)', async () => {
    const { headers } = await newUser();
    const company = await createCompany(headers, { sample: false });
    for (const redirectUri of [
      'https://evil.example.com/steal',
      'https://evil.example.com/api/integration/callbacks',
      '//evil.example.com/api/integration/callback',
      'javascript:alert(1)//api/integration/callback',
      'ftp://ferry.example.com/api/integration/callback',
      'https://user:pw@evil.example.com/api/integration/callback',
      '/api/integration/other',
      'api/integration/callback',
    ]) {
      const allowed = await consent(headers, { decision: 'ALLOW', companyIds: [company.id], redirectUri });
      expect(allowed.statusCode, redirectUri).toBe(400);
      const denied = await consent(headers, { decision: 'DENY', redirectUri });
      expect(denied.statusCode, redirectUri).toBe(400);
      const shown = await call('GET', '/api/sandbox/books/consent', {
        headers,
        query: { providerType: 'QBO', state: 's', redirectUri },
      });
      expect(shown.statusCode, redirectUri).toBe(400);
    }
    // The bare path is Ferry's own origin.
    const relative = await consent(headers, {
      decision: 'ALLOW',
      companyIds: [company.id],
      redirectUri: '/api/integration/callback',
    });
    expect(relative.statusCode).toBe(200);
    expect(relative.json().data.redirectUrl).toMatch(/^\/api\/integration\/callback\?code=sbx_ac_/);
  });

  it('needs at least one of the user’s own companies to allow CONNECT', async () => {
    const { headers } = await newUser();
    const stranger = await newUser();
    const theirs = await createCompany(stranger.headers, { sample: false });
    for (const companyIds of [[], [theirs.id], ['nope']]) {
      const response = await consent(headers, { decision: 'ALLOW', companyIds });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'companyIds', message: 'Please choose a company.' }]);
    }
  });

  it('SIGN_IN: an email gives the identity, without a Ferry session', async () => {
    const query = await allow(undefined, {
      providerType: 'XERO',
      purpose: 'SIGN_IN',
      email: 'jamie.rivera@example.com',
    });
    const { identity, organisations } = await provider('XERO').exchangeCode({ query, redirectUri: CALLBACK });
    expect(organisations).toEqual([]);
    expect(identity).toEqual({
      providerUserId: expect.stringMatching(/^sbx_user_[0-9a-f]{24}$/),
      email: 'jamie.rivera@example.com',
      firstName: 'Jamie',
      lastName: 'Rivera',
    });
    const again = await allow(undefined, {
      providerType: 'XERO',
      purpose: 'SIGN_IN',
      email: 'jamie.rivera@example.com',
    });
    const second = await provider('XERO').exchangeCode({ query: again, redirectUri: CALLBACK });
    expect(second.identity?.providerUserId).toBe(identity?.providerUserId);

    const missing = await consent(undefined, { purpose: 'SIGN_IN', decision: 'ALLOW' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'email', message: 'Please enter a valid email.' }]);
    const bad = await consent(undefined, { purpose: 'SIGN_IN', decision: 'ALLOW', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Sandbox Books: reading the books', () => {
  it('lists every kind of a sample company in the Remote* shapes', async () => {
    const { handle, company, headers } = await connectedCompany();
    expect(company.counts).toEqual({
      ACCOUNT: 21,
      ITEM: 12,
      VENDOR: 50,
      CUSTOMER: 20,
      BILL: 20,
      INVOICE: 10,
    });
    const all = Object.fromEntries(
      await Promise.all(IMPORT_KINDS.map(async (kind) => [kind, (await listAll(handle, kind)).records])),
    ) as { [K in ImportKind]: ImportRecords[K][] };
    expect(Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, all[kind].length]))).toEqual(company.counts);

    const accounts = all.ACCOUNT;
    const account = (name: string) => accounts.find((a) => a.name === name);
    expect(account('Business Checking')).toMatchObject({ number: '1000', type: 'BANK', active: true });
    expect(account('Savings')).toMatchObject({ number: '1010', type: 'BANK' });
    expect(account('Business Credit Card')).toMatchObject({ number: '2100', type: 'CREDIT_CARD' });
    expect(account('Sales')).toMatchObject({ number: '4000', type: 'INCOME' });
    expect(account('Services')).toMatchObject({ number: '4100', type: 'INCOME' });
    expect(account('Cost of Goods Sold')).toMatchObject({ number: '5000', type: 'COST_OF_GOODS_SOLD' });
    expect(accounts.filter((a) => a.type === 'EXPENSE').length).toBeGreaterThanOrEqual(12);
    expect(account('Accounts Payable')?.type).toBeNull();

    const vendors = all.VENDOR;
    expect(new Set(vendors.map((v) => v.name)).size).toBe(50);
    expect(new Set(vendors.map((v) => v.email)).size).toBe(50);
    for (const vendor of vendors) {
      expect(vendor.email).toMatch(/^ap@[a-z0-9-]+\.example\.com$/);
      expect(vendor.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(vendor.updatedAt).toBe(t.clock.now().toISOString());
    }
    expect(all.ITEM.some((item) => item.isSold)).toBe(true);
    expect(all.ITEM.some((item) => item.isPurchased && !item.isSold)).toBe(true);

    const today = t.clock.now().getTime();
    const day = 24 * 60 * MINUTE;
    const vendorIds = new Set(vendors.map((v) => v.remoteId));
    const expenseIds = new Set(accounts.filter((a) => a.type !== 'INCOME').map((a) => a.remoteId));
    const billVendors = new Set<string>();
    for (const bill of all.BILL as RemoteDocument[]) {
      expect(vendorIds.has(bill.contactRemoteId)).toBe(true);
      billVendors.add(bill.contactRemoteId);
      expect(bill.status).toBe('OPEN');
      expect(bill.balanceCents).toBe(bill.totalCents);
      expect(bill.totalCents).toBeGreaterThanOrEqual(8_500);
      expect(bill.totalCents).toBeLessThanOrEqual(980_000);
      expect(bill.currency).toBe('USD');
      const dueDate = bill.dueDate ?? '';
      expect(dueDate >= new Date(today - 10 * day).toISOString().slice(0, 10), dueDate).toBe(true);
      expect(dueDate <= new Date(today + 45 * day).toISOString().slice(0, 10), dueDate).toBe(true);
      expect(bill.lines.length).toBeGreaterThanOrEqual(1);
      expect(bill.lines.length).toBeLessThanOrEqual(3);
      expect(bill.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(bill.totalCents);
      for (const line of bill.lines) expect(expenseIds.has(line.accountRemoteId ?? '')).toBe(true);
    }
    expect(billVendors.size).toBe(20);
    const customerIds = new Set(all.CUSTOMER.map((c) => c.remoteId));
    for (const invoice of all.INVOICE as RemoteDocument[]) {
      expect(customerIds.has(invoice.contactRemoteId)).toBe(true);
      expect(invoice.totalCents).toBeGreaterThan(0);
    }

    // The browse page sees the same records.
    const page = await call('GET', `/api/sandbox/books/companies/${company.id}/records`, {
      headers,
      query: { kind: 'VENDOR', pageSize: '20', pageNumber: '3' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ total: 50, pageNumber: 3, pageSize: 20 });
    expect(page.json().data.items).toHaveLength(10);
    const vendorName = vendors[0]?.name ?? '';
    const search = await call('GET', `/api/sandbox/books/companies/${company.id}/records`, {
      headers,
      query: { kind: 'VENDOR', search: vendorName.toUpperCase() },
    });
    expect(search.json().data.items.map((r: SandboxRecord) => r.data.name)).toContain(vendorName);
  });

  it('makes the same sample books from the same seed, and different companies differ', async () => {
    const { buildSampleRecords } = await import('./sandbox-sample.js');
    const today = t.clock.now();
    const a = buildSampleRecords({ companyId: 'aaaaaaaaaaaaaaaaaaaaaaaa', today });
    expect(buildSampleRecords({ companyId: 'aaaaaaaaaaaaaaaaaaaaaaaa', today })).toEqual(a);
    const b = buildSampleRecords({ companyId: 'bbbbbbbbbbbbbbbbbbbbbbbb', today });
    expect(b.map((r) => r.data.name)).not.toEqual(a.map((r) => r.data.name));
  });

  it('pages past 100 records with an opaque cursor, without repeats', async () => {
    const { handle } = await connectedCompany();
    for (let index = 0; index < 70; index += 1) {
      await provider().create(
        handle,
        'VENDOR',
        { name: `Paging Vendor ${index}`, email: null, phone: null },
        `paging-${index}`,
      );
    }
    const { records, pages } = await listAll(handle, 'VENDOR');
    expect(pages).toBe(2);
    expect(records).toHaveLength(120);
    expect(new Set(records.map((r) => r.remoteId)).size).toBe(120);
    const first = await provider().list(handle, 'VENDOR', { cursor: null, modifiedSince: null });
    expect(first.records).toHaveLength(100);
    expect(typeof first.next).toBe('string');
    const bad = await failure(provider().list(handle, 'VENDOR', { cursor: 'garbage', modifiedSince: null }));
    expect(bad.code).toBe('REJECTED');
  });

  it('modifiedSince returns only what changed after it (browse-page edits and deletions included)', async () => {
    const { handle, company, headers } = await connectedCompany();
    const since = t.clock.now().toISOString();
    expect((await listAll(handle, 'VENDOR', since)).records).toEqual([]);
    t.clock.advance(MINUTE);
    const vendors = (await listAll(handle, 'VENDOR')).records;
    const edited = vendors[3];
    const deleted = vendors[7];
    if (!edited || !deleted) throw new Error('sample vendors missing');
    const patch = await call(
      'PATCH',
      `/api/sandbox/books/companies/${company.id}/records/${edited.remoteId}`,
      {
        headers,
        payload: { data: { phone: '(415) 555-0142' } },
      },
    );
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().data.data).toMatchObject({
      name: edited.name,
      email: edited.email,
      phone: '(415) 555-0142',
    });
    const changed = await listAll(handle, 'VENDOR', since);
    expect(changed.records).toEqual([
      expect.objectContaining({
        remoteId: edited.remoteId,
        phone: '(415) 555-0142',
        updatedAt: t.clock.now().toISOString(),
      }),
    ]);
    t.clock.advance(MINUTE);
    const removed = await call(
      'DELETE',
      `/api/sandbox/books/companies/${company.id}/records/${deleted.remoteId}`,
      {
        headers,
      },
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.active).toBe(false);
    const afterDelete = await listAll(handle, 'VENDOR', changed.records[0]?.updatedAt ?? since);
    expect(afterDelete.records).toEqual([
      expect.objectContaining({ remoteId: deleted.remoteId, active: false }),
    ]);
  });

  it('refuses a token that does not cover the company, and answers NOT_FOUND for an unknown company', async () => {
    const { handle, headers } = await connectedCompany();
    const other = await createCompany(headers, { sample: false });
    const uncovered = await failure(
      provider().list({ ...handle, organisationId: other.id }, 'VENDOR', {
        cursor: null,
        modifiedSince: null,
      }),
    );
    expect(uncovered.code).toBe('TOKEN_EXPIRED');
    const unknown = await failure(
      provider().list({ ...handle, organisationId: 'f'.repeat(24) }, 'VENDOR', {
        cursor: null,
        modifiedSince: null,
      }),
    );
    expect(unknown.code).toBe('NOT_FOUND');
    const forged = await failure(
      provider().list({ ...handle, tokens: { ...handle.tokens, accessToken: 'sbx_at_forged' } }, 'VENDOR', {
        cursor: null,
        modifiedSince: null,
      }),
    );
    expect(forged.code).toBe('TOKEN_EXPIRED');
  });
});

describe('Sandbox Books: writing to the books', () => {
  it('creates one record per idempotency key', async () => {
    const { handle, company, headers } = await connectedCompany();
    const vendor = { name: 'Quarry Hill Welding', email: 'ap@quarry-hill-welding.example.com', phone: null };
    const first = await provider().create(handle, 'VENDOR', vendor, 'push-vendor-1');
    const second = await provider().create(handle, 'VENDOR', { ...vendor, name: 'Changed' }, 'push-vendor-1');
    expect(second.remoteId).toBe(first.remoteId);
    const [a, b] = await Promise.all([
      provider().create(handle, 'CUSTOMER', { name: 'Race Customer', email: null, phone: null }, 'race-1'),
      provider().create(handle, 'CUSTOMER', { name: 'Race Customer', email: null, phone: null }, 'race-1'),
    ]);
    expect(a.remoteId).toBe(b.remoteId);
    const search = await call('GET', `/api/sandbox/books/companies/${company.id}/records`, {
      headers,
      query: { kind: 'VENDOR', search: 'Quarry Hill Welding' },
    });
    expect(search.json().data.total).toBe(1);
    const races = await call('GET', `/api/sandbox/books/companies/${company.id}/records`, {
      headers,
      query: { kind: 'CUSTOMER', search: 'Race Customer' },
    });
    expect(races.json().data.total).toBe(1);
    const reused = await failure(provider().create(handle, 'CUSTOMER', vendor, 'push-vendor-1'));
    expect(reused.code).toBe('REJECTED');
  });

  it('creates bills against a known vendor and accounts; updates bump updatedAt', async () => {
    const { handle } = await connectedCompany();
    const vendor = (await listAll(handle, 'VENDOR')).records[0];
    const rent = (await listAll(handle, 'ACCOUNT')).records.find((a) => a.name === 'Rent');
    if (!vendor || !rent) throw new Error('sample books missing');
    const bill = {
      contactRemoteId: vendor.remoteId,
      number: 'B-1',
      date: '2026-11-01',
      dueDate: '2026-12-01',
      memo: 'November rent',
      lines: [
        { description: 'Rent', amountCents: 250_000, accountRemoteId: rent.remoteId, itemRemoteId: null },
        { description: 'Parking', amountCents: 12_500, accountRemoteId: rent.remoteId, itemRemoteId: null },
      ],
    };
    const created = await provider().create(handle, 'BILL', bill, 'bill-1');
    const bills = (await listAll(handle, 'BILL')).records;
    expect(bills.find((b) => b.remoteId === created.remoteId)).toMatchObject({
      totalCents: 262_500,
      balanceCents: 262_500,
      status: 'OPEN',
      currency: 'USD',
      number: 'B-1',
    });
    const unknownVendor = await failure(
      provider().create(handle, 'BILL', { ...bill, contactRemoteId: 'a'.repeat(24) }, 'bill-2'),
    );
    expect(unknownVendor.code).toBe('REJECTED');
    const unknownAccount = await failure(
      provider().create(
        handle,
        'BILL',
        {
          ...bill,
          lines: [
            { description: 'x', amountCents: 100, accountRemoteId: 'b'.repeat(24), itemRemoteId: null },
          ],
        },
        'bill-3',
      ),
    );
    expect(unknownAccount.code).toBe('REJECTED');

    t.clock.advance(MINUTE);
    const updated = await provider().update(handle, 'BILL', created.remoteId, {
      ...bill,
      memo: 'Changed memo',
    });
    expect(updated.updatedAt).toBe(t.clock.now().toISOString());
    const contact = await provider().update(handle, 'VENDOR', vendor.remoteId, {
      name: 'Renamed Vendor',
      email: null,
      phone: null,
    });
    expect(contact.updatedAt).toBe(t.clock.now().toISOString());
    const missing = await failure(provider().update(handle, 'VENDOR', 'c'.repeat(24), vendor));
    expect(missing.code).toBe('NOT_FOUND');
  });

  it('a bill payment lowers the balance, refuses more than the balance and marks the bill PAID at 0', async () => {
    const { handle, company, headers } = await connectedCompany();
    const bill = (await listAll(handle, 'BILL')).records[0];
    const checking = (await listAll(handle, 'ACCOUNT')).records.find((a) => a.name === 'Business Checking');
    if (!bill || !checking) throw new Error('sample books missing');
    const payment = {
      documentRemoteId: bill.remoteId,
      contactRemoteId: bill.contactRemoteId,
      amountCents: 1_000,
      date: '2026-11-02',
      accountRemoteId: checking.remoteId,
      memo: 'ACH 123',
      reference: 'pay_1',
    };
    const first = await provider().create(handle, 'BILL_PAYMENT', payment, 'pay-1');
    const repeat = await provider().create(handle, 'BILL_PAYMENT', payment, 'pay-1');
    expect(repeat.remoteId).toBe(first.remoteId);
    const balanceOf = async () =>
      (await listAll(handle, 'BILL')).records.find((b) => b.remoteId === bill.remoteId) as RemoteDocument;
    expect((await balanceOf()).balanceCents).toBe(bill.totalCents - 1_000);

    const tooMuch = await failure(
      provider().create(handle, 'BILL_PAYMENT', { ...payment, amountCents: bill.totalCents }, 'pay-2'),
    );
    expect(tooMuch.code).toBe('REJECTED');
    expect(tooMuch.message).toBe('The payment is more than the balance.');
    const badAccount = await failure(
      provider().create(handle, 'BILL_PAYMENT', { ...payment, accountRemoteId: 'd'.repeat(24) }, 'pay-3'),
    );
    expect(badAccount.code).toBe('REJECTED');
    const badBill = await failure(
      provider().create(handle, 'BILL_PAYMENT', { ...payment, documentRemoteId: 'e'.repeat(24) }, 'pay-4'),
    );
    expect(badBill.code).toBe('REJECTED');
    const rent = (await listAll(handle, 'ACCOUNT')).records.find((a) => a.name === 'Rent');
    const expenseAccount = await failure(
      provider().create(
        handle,
        'BILL_PAYMENT',
        { ...payment, accountRemoteId: rent?.remoteId ?? '' },
        'pay-8',
      ),
    );
    expect(expenseAccount.code).toBe('REJECTED');
    const otherVendor = await failure(
      provider().create(handle, 'BILL_PAYMENT', { ...payment, contactRemoteId: 'a'.repeat(24) }, 'pay-9'),
    );
    expect(otherVendor.code).toBe('REJECTED');
    const invoiceAsBill = await failure(provider().create(handle, 'INVOICE_PAYMENT', payment, 'pay-5'));
    expect(invoiceAsBill.code).toBe('REJECTED');

    await provider().create(
      handle,
      'BILL_PAYMENT',
      { ...payment, amountCents: bill.totalCents - 1_000 },
      'pay-6',
    );
    expect(await balanceOf()).toMatchObject({ balanceCents: 0, status: 'PAID' });
    const overpaid = await failure(provider().create(handle, 'BILL_PAYMENT', payment, 'pay-7'));
    expect(overpaid.message).toBe('The payment is more than the balance.');

    const payments = await call('GET', `/api/sandbox/books/companies/${company.id}/records`, {
      headers,
      query: { kind: 'BILL_PAYMENT' },
    });
    expect(payments.json().data.total).toBe(2);

    const invoice = (await listAll(handle, 'INVOICE')).records[0];
    if (!invoice) throw new Error('sample invoice missing');
    await provider().create(
      handle,
      'INVOICE_PAYMENT',
      {
        ...payment,
        documentRemoteId: invoice.remoteId,
        contactRemoteId: invoice.contactRemoteId,
        amountCents: 500,
      },
      'inv-pay-1',
    );
    const paidInvoice = (await listAll(handle, 'INVOICE')).records.find(
      (i) => i.remoteId === invoice.remoteId,
    );
    expect(paidInvoice?.balanceCents).toBe(invoice.totalCents - 500);
  });
});

describe('Sandbox Books: voiding', () => {
  const documentOf = async (handle: AccountingHandle, kind: 'BILL' | 'INVOICE', remoteId: string) =>
    (await listAll(handle, kind)).records.find((d) => d.remoteId === remoteId) as RemoteDocument;

  it('voids an open bill or invoice (status VOID, updatedAt bumped); voiding again changes nothing', async () => {
    const { handle } = await connectedCompany();
    for (const kind of ['BILL', 'INVOICE'] as const) {
      const open = (await listAll(handle, kind)).records.find(
        (d) => d.status === 'OPEN' && d.balanceCents === d.totalCents,
      );
      if (!open) throw new Error(`sample ${kind} missing`);
      t.clock.advance(MINUTE);
      const voided = await provider().voidDocument(handle, kind, open.remoteId);
      expect(voided.updatedAt).toBe(t.clock.now().toISOString());
      expect(await documentOf(handle, kind, open.remoteId)).toMatchObject({
        status: 'VOID',
        updatedAt: voided.updatedAt,
        totalCents: open.totalCents,
      });
      t.clock.advance(MINUTE);
      expect(await provider().voidDocument(handle, kind, open.remoteId)).toEqual(voided);
      expect((await documentOf(handle, kind, open.remoteId)).updatedAt).toBe(voided.updatedAt);
    }
    const missing = await failure(provider().voidDocument(handle, 'BILL', 'c'.repeat(24)));
    expect(missing.code).toBe('NOT_FOUND');
  });

  it('refuses a bill with payments applied, leaving it open', async () => {
    const { handle } = await connectedCompany();
    const bill = (await listAll(handle, 'BILL')).records.find(
      (d) => d.status === 'OPEN' && d.balanceCents === d.totalCents && d.totalCents > 1_000,
    );
    const checking = (await listAll(handle, 'ACCOUNT')).records.find((a) => a.name === 'Business Checking');
    if (!bill || !checking) throw new Error('sample books missing');
    await provider().create(
      handle,
      'BILL_PAYMENT',
      {
        documentRemoteId: bill.remoteId,
        contactRemoteId: bill.contactRemoteId,
        amountCents: 1_000,
        date: '2026-11-02',
        accountRemoteId: checking.remoteId,
        memo: 'ACH 123',
        reference: 'pay_1',
      },
      'void-pay-1',
    );
    const refused = await failure(provider().voidDocument(handle, 'BILL', bill.remoteId));
    expect(refused.code).toBe('REJECTED');
    expect(refused.message).toBe('It has payments in the accounting software.');
    expect((await documentOf(handle, 'BILL', bill.remoteId)).status).toBe('OPEN');
  });
});

describe('Sandbox Books: tokens', () => {
  const list = (handle: AccountingHandle) =>
    provider().list(handle, 'ACCOUNT', { cursor: null, modifiedSince: null });

  it('refresh rotates both tokens: the old refresh and access tokens are refused', async () => {
    const { handle } = await connectedCompany();
    t.clock.advance(61 * MINUTE);
    expect((await failure(list(handle))).code).toBe('TOKEN_EXPIRED');
    const rotated = await provider().refreshTokens(handle.tokens);
    expect(rotated.accessToken).not.toBe(handle.tokens.accessToken);
    expect(rotated.refreshToken).not.toBe(handle.tokens.refreshToken);
    expect(rotated.accessTokenExpiresAt).toBe(new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString());
    await expect(list({ ...handle, tokens: rotated })).resolves.toMatchObject({ next: null });
    expect((await failure(provider().refreshTokens(handle.tokens))).code).toBe('TOKEN_EXPIRED');
    expect((await failure(list(handle))).code).toBe('TOKEN_EXPIRED');
  });

  it('expire-tokens refuses every token of the company’s grants; reconnecting works again', async () => {
    const { handle, company, headers } = await connectedCompany();
    const expire = await call('POST', `/api/sandbox/books/companies/${company.id}/expire-tokens`, {
      headers,
    });
    expect(expire.statusCode).toBe(200);
    expect(expire.json().data).toEqual({ expired: 1 });
    expect((await failure(list(handle))).code).toBe('TOKEN_EXPIRED');
    expect((await failure(provider().refreshTokens(handle.tokens))).code).toBe('TOKEN_EXPIRED');
    const grants = await call('GET', `/api/sandbox/books/companies/${company.id}/grants`, { headers });
    expect(grants.json().data.map((g: { status: string }) => g.status)).toEqual(['EXPIRED']);

    const query = await allow(headers, { companyIds: [company.id] });
    const { tokens } = await provider().exchangeCode({ query, redirectUri: CALLBACK });
    await expect(list({ ...handle, tokens })).resolves.toBeTruthy();
  });

  it('revoke ends the grant', async () => {
    const { handle, company, headers } = await connectedCompany();
    await provider().revoke(handle.tokens);
    expect((await failure(list(handle))).code).toBe('TOKEN_EXPIRED');
    expect((await failure(provider().refreshTokens(handle.tokens))).code).toBe('TOKEN_EXPIRED');
    const grants = await call('GET', `/api/sandbox/books/companies/${company.id}/grants`, { headers });
    expect(grants.json().data.map((g: { status: string }) => g.status)).toEqual(['REVOKED']);
    // Best effort: revoking unknown tokens does not throw.
    const unknown: AccountingTokens = { ...handle.tokens, accessToken: 'x', refreshToken: 'y' };
    await expect(provider().revoke(unknown)).resolves.toBeUndefined();
  });

  it('points the browser at the consent page of Ferry’s app', () => {
    const url = provider('ZOHOBOOKS').authorizationUrl({
      state: 'st',
      redirectUri: CALLBACK,
      purpose: 'SIGN_IN',
    });
    const parsed = new URL(url, 'http://ferry.test');
    expect(parsed.pathname).toBe('/sandbox/books/authorize');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      providerType: 'ZOHOBOOKS',
      state: 'st',
      redirectUri: CALLBACK,
      purpose: 'SIGN_IN',
    });
    expect(provider('ZOHOBOOKS').mode).toBe('sandbox');
  });
});

describe('Sandbox Books: the browse page', () => {
  it('answers 404 for another user’s company on every company route', async () => {
    const { company } = await connectedCompany();
    const record = (await listAll((await connectedCompany()).handle, 'VENDOR')).records[0];
    const { headers } = await newUser();
    const base = `/api/sandbox/books/companies/${company.id}`;
    const recordId = record?.remoteId ?? 'a'.repeat(24);
    const responses = await Promise.all([
      call('GET', `${base}/records`, { headers, query: { kind: 'VENDOR' } }),
      call('POST', `${base}/records`, { headers, payload: { kind: 'VENDOR', data: { name: 'X' } } }),
      call('PATCH', `${base}/records/${recordId}`, { headers, payload: { data: { name: 'X' } } }),
      call('DELETE', `${base}/records/${recordId}`, { headers }),
      call('GET', `${base}/grants`, { headers }),
      call('POST', `${base}/expire-tokens`, { headers }),
    ]);
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe('Company not found.');
    }
    const mine = await call('GET', '/api/sandbox/books/companies', { headers });
    expect(mine.json().data).toEqual([]);
    const anonymous = await call('GET', '/api/sandbox/books/companies');
    expect(anonymous.statusCode).toBe(401);
  });

  it('adds and changes records with the fields of their kind', async () => {
    const { headers } = await newUser();
    const company = await createCompany(headers, { sample: false });
    const base = `/api/sandbox/books/companies/${company.id}/records`;
    const vendor = await call('POST', base, {
      headers,
      payload: {
        kind: 'VENDOR',
        data: { name: ' Summit Courier ', email: 'ap@summit-courier.example.com', extra: 1 },
      },
    });
    expect(vendor.statusCode, vendor.body).toBe(201);
    expect(vendor.json().data).toMatchObject({
      kind: 'VENDOR',
      active: true,
      data: { name: 'Summit Courier', email: 'ap@summit-courier.example.com' },
    });
    expect(vendor.json().data.data.extra).toBeUndefined();
    const bill = await call('POST', base, {
      headers,
      payload: {
        kind: 'BILL',
        data: {
          contactRemoteId: vendor.json().data.id,
          date: '2026-11-01',
          dueDate: '2026-11-30',
          totalCents: 12_000,
          balanceCents: 12_000,
          lines: [{ description: 'Courier', amountCents: 12_000 }],
        },
      },
    });
    expect(bill.statusCode, bill.body).toBe(201);
    expect(bill.json().data.data).toMatchObject({ status: 'OPEN', currency: 'USD' });
    const billId = bill.json().data.id;
    const patched = await call('PATCH', `${base}/${billId}`, {
      headers,
      payload: { data: { balanceCents: 0, status: 'PAID' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.data).toMatchObject({ totalCents: 12_000, balanceCents: 0, status: 'PAID' });
    const listed = await call('GET', '/api/sandbox/books/companies', { headers });
    expect(listed.json().data[0].counts).toEqual({ VENDOR: 1, BILL: 1 });
  });

  it('answers 400 with field errors for bad input, never 500', async () => {
    const { headers } = await newUser();
    const company = await createCompany(headers, { sample: false });
    const base = `/api/sandbox/books/companies/${company.id}/records`;
    const vendor = await call('POST', base, {
      headers,
      payload: { kind: 'VENDOR', data: { name: 'Valid' } },
    });
    const vendorId = vendor.json().data.id as string;
    const validBill = {
      contactRemoteId: vendorId,
      date: '2026-11-01',
      totalCents: 100,
      balanceCents: 100,
    };
    const cases: [
      string,
      Promise<{ statusCode: number; body: string; json: () => { errors: { field: string }[] } }>,
      string?,
    ][] = [
      [
        'empty company name',
        call('POST', '/api/sandbox/books/companies', { headers, payload: { name: '' } }),
        'name',
      ],
      [
        'long company name',
        call('POST', '/api/sandbox/books/companies', { headers, payload: { name: 'x'.repeat(5000) } }),
        'name',
      ],
      [
        'NUL in name',
        call('POST', '/api/sandbox/books/companies', { headers, payload: { name: 'a\u0000b' } }),
        'name',
      ],
      ['unknown kind', call('GET', base, { headers, query: { kind: 'BOGUS' } })],
      ['page too large', call('GET', base, { headers, query: { kind: 'VENDOR', pageSize: '1000' } })],
      [
        'payment kind not editable',
        call('POST', base, { headers, payload: { kind: 'BILL_PAYMENT', data: {} } }),
      ],
      [
        'bad email',
        call('POST', base, { headers, payload: { kind: 'VENDOR', data: { name: 'X', email: 'nope' } } }),
        'data.email',
      ],
      [
        'huge name',
        call('POST', base, { headers, payload: { kind: 'CUSTOMER', data: { name: 'y'.repeat(100_000) } } }),
        'data.name',
      ],
      [
        'NUL in data',
        call('POST', base, { headers, payload: { kind: 'CUSTOMER', data: { name: 'a\u0000' } } }),
      ],
      [
        'odd date',
        call('POST', base, {
          headers,
          payload: { kind: 'BILL', data: { ...validBill, date: '2026-02-30' } },
        }),
        'data.date',
      ],
      [
        'not a date',
        call('POST', base, {
          headers,
          payload: { kind: 'BILL', data: { ...validBill, dueDate: 'tomorrow' } },
        }),
        'data.dueDate',
      ],
      [
        'fractional cents',
        call('POST', base, { headers, payload: { kind: 'BILL', data: { ...validBill, totalCents: 1.5 } } }),
        'data.totalCents',
      ],
      [
        'balance above total',
        call('POST', base, { headers, payload: { kind: 'BILL', data: { ...validBill, balanceCents: 101 } } }),
        'data.balanceCents',
      ],
      [
        'unknown vendor',
        call('POST', base, {
          headers,
          payload: { kind: 'BILL', data: { ...validBill, contactRemoteId: 'nope' } },
        }),
        'data.contactRemoteId',
      ],
      [
        'patch to an empty name',
        call('PATCH', `${base}/${vendorId}`, { headers, payload: { data: { name: '' } } }),
        'data.name',
      ],
      [
        'account type',
        call('POST', base, { headers, payload: { kind: 'ACCOUNT', data: { name: 'A', type: 'EQUITY' } } }),
        'data.type',
      ],
      ['data not an object', call('POST', base, { headers, payload: { kind: 'VENDOR', data: 'x' } })],
      [
        'bad consent provider',
        call('GET', '/api/sandbox/books/consent', {
          headers,
          query: { providerType: 'NOPE', state: 's', redirectUri: CALLBACK },
        }),
      ],
    ];
    for (const [label, promise, field] of cases) {
      const response = await promise;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      if (field)
        expect(
          response.json().errors.map((e) => e.field),
          label,
        ).toContain(field);
    }
    const unknownRecord = await call('PATCH', `${base}/${'f'.repeat(24)}`, {
      headers,
      payload: { data: { name: 'x' } },
    });
    expect(unknownRecord.statusCode).toBe(404);
    const oddRecord = await call('DELETE', `${base}/not-an-id`, { headers });
    expect(oddRecord.statusCode).toBe(404);
    const oddCompany = await call('GET', '/api/sandbox/books/companies/%E2%82%AC/records', {
      headers,
      query: { kind: 'VENDOR' },
    });
    expect(oddCompany.statusCode).toBe(404);
  });
});
