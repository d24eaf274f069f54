import { newYorkDate } from '@ferry/domain/payments';
import type { SandboxRecord } from '@ferry/domain/schemas';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { AccountingProvider } from '../../providers/accounting/accounting.js';
import { makeContact } from '../../testing/contact-factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { bills } from '../bills/tables.js';
import { contacts } from '../contacts/tables.js';
import { makeBill, makePayer, makeVendor, pay, paymentRow } from '../payments/engine/engine-fixtures.js';
import { runPaymentEngine } from '../payments/engine/jobs.js';
import { requestSync, runSync, syncNow } from './sync.js';
import { accountingConnections, accountingLinks, accountingSyncRuns } from './tables.js';
import { caller, connectSandboxBooks, runLatestSync } from './testing.js';

const t = useTestApp();
const { call, answers } = caller(t);

const records = async (headers: Record<string, string>, companyId: string, kind: string, search?: string) => {
  const response = await call('GET', `/api/sandbox/books/companies/${companyId}/records`, {
    headers,
    query: { kind, pageNumber: '1', pageSize: '100', ...(search ? { search } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items as SandboxRecord[];
};

async function advanceBusinessDays(headers: Record<string, string>, businessDays: number) {
  const response = await call('POST', '/api/sandbox/clock/advance', { headers, payload: { businessDays } });
  expect(response.statusCode, response.body).toBe(200);
}

describe('sync engine: writing Ferry back to the books', () => {
  it('pushes a Ferry bill, then its delivered payment as a bill payment with the rail reference, once', async () => {
    const payer = await makePayer(t.context);
    const vendor = await makeVendor(t.context, payer.businessId);
    const billId = await makeBill(t.context, {
      businessId: payer.businessId,
      vendorId: vendor.id,
      amountCents: 25_000,
    });
    const { company } = await connectSandboxBooks(t, payer.headers, payer.businessId, { call });
    const first = await runLatestSync(t, payer.businessId);
    expect(first.status).toBe('COMPLETED');
    expect(first.pushed).toMatchObject({ VENDOR: 1, BILL: 1 });

    const paymentId = await pay(t, payer, {
      billId,
      amount: '250.00',
      processDate: newYorkDate(t.clock.now()),
    });
    await runPaymentEngine(t.context);
    await advanceBusinessDays(payer.headers, 3);
    expect((await paymentRow(t.context, paymentId)).status).toBe('DELIVERED');
    const rails = (await paymentRow(t.context, paymentId)).railsData as { creditTransferId?: string };

    const second = await syncNow(t.context, { businessId: payer.businessId });
    expect(JSON.stringify(second.failures)).toBe('[]');
    expect(second.pushed).toEqual({ BILL_PAYMENT: 1 });
    const [billPayment] = await records(payer.headers, company.id, 'BILL_PAYMENT');
    expect(billPayment?.data).toMatchObject({ amountCents: 25_000 });
    expect(String(billPayment?.data.memo)).toContain(paymentId);
    expect(String(billPayment?.data.memo)).toContain(`ACH transfer ${rails.creditTransferId}`);
    const [bill] = (await records(payer.headers, company.id, 'BILL')).filter(
      (row) => row.id === billPayment?.data.documentRemoteId,
    );
    expect(bill?.data).toMatchObject({ balanceCents: 0, status: 'PAID' });

    const third = await syncNow(t.context, { businessId: payer.businessId });
    expect(third.pushed).toEqual({});
    expect(await records(payer.headers, company.id, 'BILL_PAYMENT')).toHaveLength(1);
  });
});

describe('sync engine: pushing contacts page by page', () => {
  it('pushes every one of 60 vendors made in the same instant, across pages, each once', async () => {
    const payer = await makePayer(t.context);
    const made = await call('POST', '/api/sandbox/books/companies', {
      headers: payer.headers,
      payload: { name: 'Empty Books', sample: false },
    });
    expect(made.statusCode, made.body).toBe(201);
    const at = t.clock.now();
    for (let i = 0; i < 60; i += 1)
      await makeContact(t.context, { businessId: payer.businessId, createdAt: at });
    const { company } = await connectSandboxBooks(t, payer.headers, payer.businessId, {
      call,
      company: made.json().data,
    });
    const first = await runLatestSync(t, payer.businessId);
    expect(first.pushed).toEqual({ VENDOR: 60 });
    expect(await records(payer.headers, company.id, 'VENDOR')).toHaveLength(60);
    const again = await syncNow(t.context, { businessId: payer.businessId });
    expect(again.pushed).toEqual({});
  });
});

describe('sync engine: documents partly paid in the books', () => {
  it('a bill partly paid in the books comes to Ferry for its open balance only', async () => {
    const payer = await makePayer(t.context);
    const { company } = await connectSandboxBooks(t, payer.headers, payer.businessId, { call });
    await runLatestSync(t, payer.businessId);
    const [vendor] = await records(payer.headers, company.id, 'VENDOR');
    const made = await call('POST', `/api/sandbox/books/companies/${company.id}/records`, {
      headers: payer.headers,
      payload: {
        kind: 'BILL',
        data: {
          contactRemoteId: vendor?.id,
          number: 'PART-1',
          date: '2026-11-01',
          dueDate: '2026-11-30',
          totalCents: 50_000,
          balanceCents: 20_000,
          status: 'OPEN',
          lines: [{ description: 'Green beans', amountCents: 50_000 }],
        },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const run = await syncNow(t.context, { businessId: payer.businessId });
    expect(run.imported).toEqual({ BILL: 1 });
    const [bill] = await t.database.db
      .select()
      .from(bills)
      .where(and(eq(bills.businessId, payer.businessId), eq(bills.refNo, 'PART-1')));
    expect(bill).toMatchObject({ amountCents: 20_000, balanceCents: 20_000 });
  });
});

describe('sync engine: numbers already used in Ferry', () => {
  it("an invoice from the books with another customer's invoice number is reported, not linked to it", async () => {
    const payer = await makePayer(t.context);
    const { company } = await connectSandboxBooks(t, payer.headers, payer.businessId, { call });
    await runLatestSync(t, payer.businessId);
    const [invoice] = await records(payer.headers, company.id, 'INVOICE');
    const customers = await records(payer.headers, company.id, 'CUSTOMER');
    const other = customers.find((customer) => customer.id !== invoice?.data.contactRemoteId);
    const made = await call('POST', `/api/sandbox/books/companies/${company.id}/records`, {
      headers: payer.headers,
      payload: {
        kind: 'INVOICE',
        data: {
          contactRemoteId: other?.id,
          number: invoice?.data.number,
          date: '2026-11-01',
          dueDate: '2026-11-30',
          totalCents: 9_900,
          balanceCents: 9_900,
          status: 'OPEN',
          lines: [{ description: 'Roasting class', amountCents: 9_900 }],
        },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const run = await syncNow(t.context, { businessId: payer.businessId });
    expect(run.imported).toEqual({});
    expect(run.failures).toEqual([
      {
        kind: 'INVOICE',
        name: String(invoice?.data.number),
        message: "Its number is already another customer's invoice in Ferry.",
      },
    ]);
    const links = await t.database.db
      .select()
      .from(accountingLinks)
      .where(and(eq(accountingLinks.remoteId, made.json().data.id), eq(accountingLinks.kind, 'INVOICE')));
    expect(links).toEqual([]);
  });
});

describe('sync engine: crashes, expiry and conflicts', () => {
  it('a run that dies midway goes on from its last page, with nothing twice', async () => {
    const payer = await makePayer(t.context);
    await connectSandboxBooks(t, payer.headers, payer.businessId, { call });
    const registry = t.context.providers.accounting;
    const real = registry.get('QBO') as AccountingProvider;
    let lists = 0;
    const dying: AccountingProvider = {
      ...real,
      list: async (handle, kind, options) => {
        lists += 1;
        // The process "dies" while reading the customers (after the accounts, items and vendors).
        if (kind === 'CUSTOMER') throw new Error('process killed');
        return real.list(handle, kind, options);
      },
    };
    const spy = vi.spyOn(registry, 'get').mockReturnValue(dying);
    const [run] = await t.database.db
      .select()
      .from(accountingSyncRuns)
      .where(eq(accountingSyncRuns.businessId, payer.businessId));
    if (!run) throw new Error('no run');
    await expect(runSync(t.context, run.id)).rejects.toThrow('process killed');
    spy.mockRestore();
    expect(lists).toBeGreaterThan(2);
    const [stopped] = await t.database.db
      .select()
      .from(accountingSyncRuns)
      .where(eq(accountingSyncRuns.id, run.id));
    expect(stopped).toMatchObject({ status: 'IN_PROGRESS', step: 'CUSTOMER' });
    expect(stopped?.counts.imported.VENDOR).toBe(50);

    // The job runs again (pg-boss retries it; here, by hand): it resumes at the customers.
    await runSync(t.context, run.id);
    const [done] = await t.database.db
      .select()
      .from(accountingSyncRuns)
      .where(eq(accountingSyncRuns.id, run.id));
    expect(done?.status).toBe('COMPLETED');
    expect(done?.counts.imported).toMatchObject({ VENDOR: 50, CUSTOMER: 20, BILL: 20, INVOICE: 10 });
    const rows = await t.database.db.select().from(contacts).where(eq(contacts.businessId, payer.businessId));
    expect(rows.filter((row) => row.type === 'VENDOR')).toHaveLength(50);
    expect(rows.filter((row) => row.type === 'CUSTOMER')).toHaveLength(20);
  });

  it('an expired token makes the connection EXPIRED; reconnecting the same books goes on without re-importing', async () => {
    const payer = await makePayer(t.context);
    const { company, connection } = await connectSandboxBooks(t, payer.headers, payer.businessId, { call });
    await runLatestSync(t, payer.businessId);
    const expired = await call('POST', `/api/sandbox/books/companies/${company.id}/expire-tokens`, {
      headers: payer.headers,
    });
    expect(expired.statusCode, expired.body).toBe(200);

    const failed = await syncNow(t.context, { businessId: payer.businessId });
    expect(failed.status).toBe('FAILED');
    const view = await call('GET', `/api/business/${payer.businessId}/accounting/connection`, {
      headers: payer.headers,
    });
    expect(view.json().data).toMatchObject({ status: 'EXPIRED', syncStatus: 'NOT_INITIATED_INVALID_TOKEN' });
    const refused = await call('POST', `/api/sync/platform/${payer.businessId}/QBO`, {
      headers: payer.headers,
      payload: { isActual: true },
    });
    expect(refused.statusCode).toBe(409);
    await expect(
      requestSync(t.context, { businessId: payer.businessId, trigger: 'MANUAL', userId: null }),
    ).rejects.toThrow(/expired/);

    const again = await connectSandboxBooks(t, payer.headers, payer.businessId, { company, call });
    expect(again.connection).toMatchObject({ id: connection.id, status: 'CONNECTED' });
    const resumed = await runLatestSync(t, payer.businessId);
    expect(resumed.status).toBe('COMPLETED');
    expect(resumed.imported).toEqual({});
  });

  it('conflicts: when both sides changed a contact the books win; a change only in Ferry goes to the books', async () => {
    const payer = await makePayer(t.context);
    const { company } = await connectSandboxBooks(t, payer.headers, payer.businessId, { call });
    await runLatestSync(t, payer.businessId);
    const [remote] = await records(payer.headers, company.id, 'VENDOR');
    if (!remote) throw new Error('no vendor');
    const [link] = await t.database.db
      .select()
      .from(accountingLinks)
      .where(and(eq(accountingLinks.remoteId, remote.id), eq(accountingLinks.kind, 'VENDOR')));
    if (!link) throw new Error('no link');

    // Both sides change the name.
    const ferryEdit = await call(
      'PATCH',
      `/api/business/${payer.businessId}/accounting/contacts/vendors/${link.ferryId}`,
      {
        headers: payer.headers,
        payload: { name: 'Ferry Side Name' },
      },
    );
    expect(ferryEdit.statusCode, ferryEdit.body).toBe(200);
    t.clock.advance(1000);
    await call('PATCH', `/api/sandbox/books/companies/${company.id}/records/${remote.id}`, {
      headers: payer.headers,
      payload: { data: { name: 'Books Side Name' } },
    });
    const both = await syncNow(t.context, { businessId: payer.businessId });
    expect(both.updated).toMatchObject({ VENDOR: 1 });
    const [afterBoth] = await t.database.db.select().from(contacts).where(eq(contacts.id, link.ferryId));
    expect(afterBoth?.name).toBe('Books Side Name');

    // Only Ferry changes it: the books get Ferry's name.
    t.clock.advance(1000);
    await call('PATCH', `/api/business/${payer.businessId}/accounting/contacts/vendors/${link.ferryId}`, {
      headers: payer.headers,
      payload: { name: 'Renamed In Ferry' },
    });
    const ferryOnly = await syncNow(t.context, { businessId: payer.businessId });
    expect(ferryOnly.pushed).toMatchObject({ VENDOR: 1 });
    const [inBooks] = await records(payer.headers, company.id, 'VENDOR', 'Renamed In Ferry');
    expect(inBooks?.id).toBe(remote.id);
    const quiet = await syncNow(t.context, { businessId: payer.businessId });
    expect(quiet.pushed).toEqual({});
    expect(quiet.updated).toEqual({});
  });

  it('a disconnect stops the books being called; the connection keeps its links for a reconnect', async () => {
    const payer = await makePayer(t.context);
    await connectSandboxBooks(t, payer.headers, payer.businessId, { call });
    const off = await call('POST', `/api/business/${payer.businessId}/disconnect/accounting-connection`, {
      headers: payer.headers,
    });
    expect(off.json().data.status).toBe('DISCONNECTED');
    const [run] = await t.database.db
      .select()
      .from(accountingSyncRuns)
      .where(eq(accountingSyncRuns.businessId, payer.businessId));
    expect(run).toMatchObject({ status: 'FAILED' });
    const [row] = await t.database.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.businessId, payer.businessId));
    expect(row?.tokensSealed).toBeNull();
    for (const body of answers) expect(body).not.toMatch(/sbx_(at|rt)_/);
  });
});
