import type { AccountingConnection, SandboxCompany, SyncRun } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addBusinessMember, makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { contacts } from '../contacts/tables.js';
import { runSync, syncNow } from './sync.js';
import { accountingSyncRuns } from './tables.js';

const t = useTestApp();

type Headers = Record<string, string>;
const answers: string[] = [];

const call = async (
  method: 'GET' | 'POST' | 'PATCH',
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

/** The whole round trip through the routes: consent URL → Sandbox Books consent → callback → connect. */
async function connect(headers: Headers, businessId: string, company?: SandboxCompany) {
  const start = await call('GET', '/api/integration/connection-url', {
    headers,
    query: { providerType: 'QBO', businessId },
  });
  expect(start.statusCode, start.body).toBe(200);
  const consentUrl = new URL(start.json().data.url, 'http://localhost');
  expect(consentUrl.pathname).toBe('/sandbox/books/authorize');
  const params = Object.fromEntries(consentUrl.searchParams);
  let shared = company;
  if (!shared) {
    const made = await call('POST', '/api/sandbox/books/companies', {
      headers,
      payload: { name: 'Harbor Books', sample: true },
    });
    expect(made.statusCode, made.body).toBe(201);
    shared = made.json().data as SandboxCompany;
  }
  const consent = await call('POST', '/api/sandbox/books/consent', {
    headers,
    payload: {
      providerType: 'QBO',
      state: params.state,
      redirectUri: params.redirectUri,
      purpose: 'CONNECT',
      decision: 'ALLOW',
      companyIds: [shared.id],
    },
  });
  expect(consent.statusCode, consent.body).toBe(200);
  const back = new URL(consent.json().data.redirectUrl);
  const callback = await call('GET', `${back.pathname}${back.search}`);
  expect(callback.statusCode, callback.body).toBe(302);
  const landing = new URL(callback.headers.location as string, 'http://localhost');
  expect(landing.pathname).toBe('/integration/connecting');
  expect(landing.searchParams.get('error')).toBeNull();
  const state = landing.searchParams.get('state') as string;
  const organisations = await call('GET', '/api/auth/connections', {
    headers,
    query: { providerType: 'QBO', state },
  });
  expect(organisations.statusCode, organisations.body).toBe(200);
  expect(organisations.json().data.organizationList).toEqual([
    { id: shared.id, name: shared.name, currency: 'USD' },
  ]);
  const connected = await call('POST', '/api/integration/connect-business', {
    headers,
    query: { providerType: 'QBO' },
    payload: { state, organizationId: shared.id, businessId },
  });
  expect(connected.statusCode, connected.body).toBe(200);
  return { connection: connected.json().data as AccountingConnection, company: shared, state };
}

async function runQueued(businessId: string): Promise<SyncRun> {
  const [run] = await t.database.db
    .select()
    .from(accountingSyncRuns)
    .where(eq(accountingSyncRuns.businessId, businessId))
    .orderBy(accountingSyncRuns.sequence);
  if (!run) throw new Error('no run queued');
  await runSync(t.context, run.id);
  const [done] = await t.database.db
    .select()
    .from(accountingSyncRuns)
    .where(eq(accountingSyncRuns.id, run.id));
  if (!done) throw new Error('run vanished');
  return {
    id: done.id,
    status: done.status,
    imported: done.counts.imported,
    updated: done.counts.updated,
    pushed: done.counts.pushed,
    failures: done.failures,
  } as unknown as SyncRun;
}

describe('accounting connection and sync (Sandbox Books)', () => {
  it('connects through the consent round trip and imports the sample books; a second sync changes nothing', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const { connection } = await connect(headers, businessId);
    expect(connection).toMatchObject({
      providerType: 'QBO',
      status: 'CONNECTED',
      mode: 'SANDBOX',
      organizationName: 'Harbor Books',
      syncStatus: 'IN_PROGRESS',
    });

    const first = await runQueued(businessId);
    expect(first.status).toBe('COMPLETED');
    expect(first.failures.slice(0, 3)).toEqual([]);
    expect(first.imported).toMatchObject({ VENDOR: 50, CUSTOMER: 20, BILL: 20, INVOICE: 10 });
    expect(first.failures, JSON.stringify(first.failures.slice(0, 3))).toEqual([]);
    const vendors = await t.database.db.select().from(contacts).where(eq(contacts.businessId, businessId));
    expect(vendors.filter((c) => c.type === 'VENDOR')).toHaveLength(50);

    const view = await call('GET', `/api/business/${businessId}/accounting/connection`, { headers });
    expect(view.json().data).toMatchObject({ syncStatus: 'COMPLETED', status: 'CONNECTED' });
    expect(view.json().data.syncDate).not.toBeNull();

    const second = await syncNow(t.context, { businessId });
    expect(second.status).toBe('COMPLETED');
    expect(second.imported).toEqual({});
    expect(second.pushed).toEqual({});
    const after = await t.database.db.select().from(contacts).where(eq(contacts.businessId, businessId));
    expect(after).toHaveLength(vendors.length);

    const business = await call('GET', '/api/business', { headers });
    const listed = (business.json().data as { id: string; businessConnections: unknown }[]).find(
      (b) => b.id === businessId,
    );
    expect(listed?.businessConnections).toEqual([{ integrationType: 'ACCOUNTING', status: 'CONNECTED' }]);
  });

  it('pushes a contact made in Ferry once, and brings a change made in the books', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const { company } = await connect(headers, businessId);
    await runQueued(businessId);
    const made = await call('POST', `/api/business/${businessId}/accounting/contacts/vendors`, {
      headers,
      payload: { name: 'Pier Nine Plumbing', email: 'billing@pier9.example.com' },
    });
    expect([200, 201], made.body).toContain(made.statusCode);
    const pushed = await syncNow(t.context, { businessId });
    expect(pushed.pushed).toEqual({ VENDOR: 1 });
    const again = await syncNow(t.context, { businessId });
    expect(again.pushed).toEqual({});

    const list = await call('GET', `/api/sandbox/books/companies/${company.id}/records`, {
      headers,
      query: { kind: 'VENDOR', search: 'Pier Nine', pageNumber: '1', pageSize: '10' },
    });
    expect(list.json().data.items).toHaveLength(1);
    const vendor = (
      await call('GET', `/api/sandbox/books/companies/${company.id}/records`, {
        headers,
        query: { kind: 'VENDOR', pageNumber: '1', pageSize: '1' },
      })
    ).json().data.items[0];
    t.clock.advance?.(60_000);
    const edited = await call('PATCH', `/api/sandbox/books/companies/${company.id}/records/${vendor.id}`, {
      headers,
      payload: { data: { name: 'Renamed In The Books LLC' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const changed = await syncNow(t.context, { businessId });
    expect(changed.updated).toMatchObject({ VENDOR: 1 });
    const renamed = await t.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.name, 'Renamed In The Books LLC'));
    expect(renamed.filter((c) => c.businessId === businessId)).toHaveLength(1);
  });

  it('refuses connecting to a non-admin (403) and hides another business (404); tokens never in an answer', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const reader = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: reader, roleName: 'Read-only' });
    const readerHeaders = await signIn(t.context, reader);
    const refused = await call('GET', '/api/integration/connection-url', {
      headers: readerHeaders,
      query: { providerType: 'QBO', businessId },
    });
    expect(refused.statusCode).toBe(403);
    const other = await makeSignedInBusiness(t.context);
    const hidden = await call('GET', '/api/integration/connection-url', {
      headers: other.headers,
      query: { providerType: 'QBO', businessId },
    });
    expect(hidden.statusCode).toBe(404);
    await connect(headers, businessId);
    const disconnectByReader = await call(
      'POST',
      `/api/business/${businessId}/disconnect/accounting-connection`,
      {
        headers: readerHeaders,
      },
    );
    expect(disconnectByReader.statusCode).toBe(403);
    const view = await call('GET', `/api/business/${other.businessId}/accounting/connection`, { headers });
    expect(view.statusCode).toBe(404);
    const disconnected = await call('POST', `/api/business/${businessId}/disconnect/accounting-connection`, {
      headers,
    });
    expect(disconnected.json().data.status).toBe('DISCONNECTED');
    for (const body of answers) expect(body).not.toMatch(/sbx_(at|rt)_/);
  });

  it('denied consent lands on the connecting page with access_denied', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const start = await call('GET', '/api/integration/connection-url', {
      headers,
      query: { providerType: 'XERO', businessId },
    });
    const params = Object.fromEntries(new URL(start.json().data.url, 'http://localhost').searchParams);
    const consent = await call('POST', '/api/sandbox/books/consent', {
      headers,
      payload: {
        providerType: 'XERO',
        state: params.state,
        redirectUri: params.redirectUri,
        purpose: 'CONNECT',
        decision: 'DENY',
      },
    });
    const back = new URL(consent.json().data.redirectUrl);
    const callback = await call('GET', `${back.pathname}${back.search}`);
    expect(callback.headers.location).toContain('error=access_denied');
  });
});
