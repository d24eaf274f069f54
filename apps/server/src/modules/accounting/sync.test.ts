import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addBusinessMember, makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { contacts } from '../contacts/tables.js';
import { syncNow } from './sync.js';
import { caller, connectSandboxBooks, runLatestSync } from './testing.js';

const t = useTestApp();

const { call, answers } = caller(t);
const connect = (headers: Record<string, string>, businessId: string) =>
  connectSandboxBooks(t, headers, businessId, { call });
const runQueued = (businessId: string) => runLatestSync(t, businessId);

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
