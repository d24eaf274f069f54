import {
  DOCUMENT_MESSAGES,
  INVOICE_MESSAGES,
  PAYMENT_FORM_MESSAGES,
  PAYMENT_MESSAGES,
} from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import { makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { jpegBytes, multipartBody, pdfBytes } from '../../testing/multipart.js';
import { useTestApp } from '../../testing/test-app.js';
import { listChartAccounts } from '../accounting/service.js';
import type { Actor } from '../activity/service.js';
import { makeBank } from '../cards/testing.js';
import { paymentRequests } from '../payment-requests/tables.js';
import {
  recordInvoiceReceipt,
  refreshInvoiceStatus,
  reverseInvoiceReceipt,
  setInvoicePaymentInFlight,
} from './service.js';
import { invoices } from './tables.js';

const t = useTestApp();

/** A signed-in business with a customer, the income account 'Sales', an expense account and a verified bank. */
async function setup() {
  const business = await makeSignedInBusiness(t.context);
  const customer = await makeContact(t.context, {
    businessId: business.businessId,
    type: 'CUSTOMER',
    name: 'Northwind Traders',
  });
  const accounts = await listChartAccounts(t.context, {
    businessId: business.businessId,
    query: { isForCreateBill: false, pageNumber: 1, pageSize: 1000 },
  });
  const sales = accounts.items.find((a) => a.name === 'Sales');
  const software = accounts.items.find((a) => a.name === 'Software');
  if (!sales || !software) throw new Error('no Sales or Software account');
  const bank = await makeBank(t, business.businessId, { accountMask: '4321', bankName: 'Chase' });
  return { ...business, customer, accountId: sales.id, expenseAccountId: software.id, bank };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const url = (s: Setup, rest: string) => `/api/business/${s.businessId}${rest}`;

const invoiceBody = (s: Setup, overrides: Record<string, unknown> = {}) => ({
  customerId: s.customer.id,
  refNo: `INV-${newId().slice(0, 8)}`,
  invoiceDate: '2026-11-02',
  lines: [{ chartAccountId: s.accountId, description: 'Consulting', quantity: 2, unitPrice: '50.00' }],
  ...overrides,
});

const post = (s: Setup, body: unknown, key = newId()) =>
  t.app.inject({
    method: 'POST',
    url: url(s, '/accounting/invoices'),
    headers: { ...s.headers, 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });

const get = (s: Setup, rest: string, headers = s.headers) =>
  t.app.inject({ method: 'GET', url: url(s, rest), headers });

async function createInvoice(s: Setup, overrides: Record<string, unknown> = {}) {
  const res = await post(s, invoiceBody(s, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const markPaid = (s: Setup, body: Record<string, unknown>, headers = s.headers) =>
  t.app.inject({
    method: 'PATCH',
    url: url(s, '/mark-invoice-as-paid'),
    headers: { ...headers, 'idempotency-key': newId() },
    payload: body,
  });

const row = async (id: string) => {
  const [found] = await t.context.database.db.select().from(invoices).where(eq(invoices.id, id));
  if (!found) throw new Error('no invoice');
  return found;
};

/** The text drawn in an uncompressed pdfkit file (hex strings of its TJ operators). */
const pdfText = (body: Buffer): string =>
  [...body.toString('latin1').matchAll(/\[(.*?)\] TJ/g)]
    .map((m) =>
      [...(m[1] ?? '').matchAll(/<([0-9a-f]*)>/g)]
        .map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');

describe('POST accounting/invoices', () => {
  it('creates an invoice with server totals, the NET_7 due date, 201 and an activity entry', async () => {
    const s = await setup();
    const res = await post(
      s,
      invoiceBody(s, {
        refNo: 'INV-0001',
        lines: [
          { chartAccountId: s.accountId, description: 'Hours', quantity: '1.5', unitPrice: '10.01' },
          { chartAccountId: s.accountId, quantity: 2, unitPrice: 12.5 },
        ],
        discount: { type: 'AMOUNT', value: '5.00' },
        taxAmount: '1.10',
        memo: ' Thank you ',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Invoice created successfully.');
    const invoice = res.json().data;
    expect(invoice.lines.map((l: { amount: number }) => l.amount)).toEqual([15.02, 25]);
    expect(invoice.lines[0].coaName).toBe('Sales');
    expect(invoice).toMatchObject({
      refNo: 'INV-0001',
      customerName: 'Northwind Traders',
      contact: { id: s.customer.id, name: 'Northwind Traders', onNetwork: false },
      subtotal: 40.02,
      discount: { type: 'AMOUNT', value: 5, amount: 5 },
      taxAmount: 1.1,
      amount: 36.12,
      balance: 36.12,
      status: 'unpaid',
      paymentTerm: 'NET_7',
      invoiceDate: '2026-11-02',
      dueDate: '2026-11-09',
      memo: 'Thank you',
      payments: [],
      paymentRequest: null,
      pdfUrl: `/api/business/${s.businessId}/download-invoice-pdf/${invoice.id}`,
    });
    expect((await get(s, `/invoices/${invoice.id}`)).json().data).toEqual(invoice);
    const logs = await get(s, `/user-activity-logs?entityType=invoices&entityId=${invoice.id}`);
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json().data.items).toHaveLength(1);
    expect(logs.json().data.items[0]).toMatchObject({ entityType: 'invoices', action: 'INVOICE_CREATED' });
  });

  it('needs an Idempotency-Key and answers a replay with the same invoice', async () => {
    const s = await setup();
    const without = await t.app.inject({
      method: 'POST',
      url: url(s, '/accounting/invoices'),
      headers: s.headers,
      payload: invoiceBody(s),
    });
    expect(without.statusCode).toBe(400);
    const body = invoiceBody(s);
    const key = newId();
    const first = await post(s, body, key);
    const again = await post(s, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await get(s, '/accounting/invoices')).json().data.total).toBe(1);
  });

  it.each([
    ['customerId', { customerId: '' }, INVOICE_MESSAGES.customerRequired],
    ['refNo', { refNo: ' ' }, INVOICE_MESSAGES.referenceRequired],
    ['refNo', { refNo: 'X'.repeat(22) }, INVOICE_MESSAGES.referenceTooLong],
    ['refNo', { refNo: 'INV#1' }, INVOICE_MESSAGES.referenceInvalid],
    ['invoiceDate', { invoiceDate: '' }, INVOICE_MESSAGES.invoiceDateRequired],
    ['invoiceDate', { invoiceDate: '2026-02-30' }, INVOICE_MESSAGES.invalidDate],
    ['dueDate', { paymentTerm: 'CUSTOM' }, INVOICE_MESSAGES.dueDateRequired],
    ['dueDate', { dueDate: '2026-11-01' }, INVOICE_MESSAGES.dueBeforeInvoice],
    ['lines', { lines: [] }, INVOICE_MESSAGES.linesRequired],
    ['lines', { lines: 'x'.repeat(101).split('') }, INVOICE_MESSAGES.linesTooMany],
    ['lines', { lines: [{ quantity: 1, unitPrice: 5 }] }, INVOICE_MESSAGES.lineTarget],
    [
      'lines',
      { lines: [{ chartAccountId: 'a', quantity: 0, unitPrice: 5 }] },
      INVOICE_MESSAGES.quantityInvalid,
    ],
    [
      'lines',
      { lines: [{ chartAccountId: 'a', quantity: 1, unitPrice: '0.50' }] },
      INVOICE_MESSAGES.amountMin,
    ],
    [
      'lines',
      { lines: [{ chartAccountId: 'a', quantity: 1000, unitPrice: '999999999.99' }] },
      INVOICE_MESSAGES.amountMax,
    ],
    ['discount', { discount: { type: 'AMOUNT', value: '500' } }, INVOICE_MESSAGES.discountAboveSubtotal],
    ['memo', { memo: 'm'.repeat(501) }, INVOICE_MESSAGES.memoTooLong],
  ])('refuses a bad %s with its message', async (_field, overrides, message) => {
    const s = await setup();
    const body: Record<string, unknown> = invoiceBody(s, overrides);
    if (Array.isArray(body.lines) && typeof body.lines[0] === 'string') {
      body.lines = body.lines.map(() => ({ chartAccountId: s.accountId, quantity: 1, unitPrice: 1 }));
    }
    const res = await post(s, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('refuses a vendor as customer, an expense account, and a taken number (any case)', async () => {
    const s = await setup();
    const vendor = await makeContact(t.context, { businessId: s.businessId, type: 'VENDOR' });
    expect((await post(s, invoiceBody(s, { customerId: vendor.id }))).statusCode).toBe(404);
    const expense = await post(
      s,
      invoiceBody(s, { lines: [{ chartAccountId: s.expenseAccountId, quantity: 1, unitPrice: 5 }] }),
    );
    expect(expense.statusCode).toBe(422);
    expect(expense.json().errors[0]).toEqual({
      field: 'lines.0.chartAccountId',
      message: INVOICE_MESSAGES.accountNotIncome,
    });
    await createInvoice(s, { refNo: 'Inv-Alpha' });
    const taken = await post(s, invoiceBody(s, { refNo: 'INV-ALPHA' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors[0]).toEqual({ field: 'refNo', message: INVOICE_MESSAGES.referenceTaken });
    // Another business may use the same number.
    const other = await setup();
    expect((await post(other, invoiceBody(other, { refNo: 'INV-ALPHA' }))).statusCode).toBe(201);
  });
});

describe('next-reference-number', () => {
  it('starts at INV-0001 and answers one past the highest INV-n', async () => {
    const s = await setup();
    const next = async () => (await get(s, '/accounting/invoices/next-reference-number')).json().data.refNo;
    expect(await next()).toBe('INV-0001');
    await createInvoice(s, { refNo: 'INV-0009' });
    await createInvoice(s, { refNo: 'INV-12' });
    await createInvoice(s, { refNo: 'INV-99X' });
    expect(await next()).toBe('INV-0013');
  });
});

describe('PATCH accounting/invoices/{id}', () => {
  it('edits an unpaid invoice and refuses one with a payment or a request out', async () => {
    const s = await setup();
    const invoice = await createInvoice(s, { refNo: 'INV-0100' });
    const edit = (id: string, overrides: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: url(s, `/accounting/invoices/${id}`),
        headers: s.headers,
        payload: invoiceBody(s, overrides),
      });
    const edited = await edit(invoice.id, { refNo: 'INV-0100', paymentTerm: 'NET_30', memo: 'Edited' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ dueDate: '2026-12-02', memo: 'Edited', amount: 100 });
    const paid = await markPaid(s, {
      id: invoice.id,
      amount: 10,
      date: '2026-11-02',
      paymentInstrumentId: s.bank.id,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const refused = await edit(invoice.id, { refNo: 'INV-0100' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INVOICE_MESSAGES.notEditable);
    expect((await edit(newId(), {})).statusCode).toBe(404);
  });
});

describe('GET invoices (open list), accounting list and summary', () => {
  it('sorts by each key, filters, and sums the summary buckets', async () => {
    const s = await setup();
    const other = await makeContact(t.context, { businessId: s.businessId, type: 'CUSTOMER', name: 'Acme' });
    const a = await createInvoice(s, {
      refNo: 'INV-A',
      invoiceDate: '2026-10-01',
      paymentTerm: 'NET_15', // due 2026-10-16: overdue
      lines: [{ chartAccountId: s.accountId, quantity: 1, unitPrice: 30 }],
    });
    const b = await createInvoice(s, {
      refNo: 'INV-B',
      invoiceDate: '2026-11-01',
      paymentTerm: 'NET_7', // due 2026-11-08: within 7 days
      lines: [{ chartAccountId: s.accountId, quantity: 1, unitPrice: 10 }],
    });
    const c = await createInvoice(s, {
      refNo: 'INV-C',
      customerId: other.id,
      invoiceDate: '2026-10-20',
      paymentTerm: 'NET_45', // due 2026-12-04: later
      lines: [{ chartAccountId: s.accountId, quantity: 1, unitPrice: 20 }],
    });
    const ids = async (query: string) =>
      (await get(s, `/invoices?${query}`)).json().data.items.map((i: { id: string }) => i.id);
    expect(await ids('')).toEqual([b.id, c.id, a.id]);
    expect(await ids('sortBy=REF_NO&sortOrder=asc')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sortBy=DUE_DATE&sortOrder=asc')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sortBy=INVOICE_AMOUNT&sortOrder=desc')).toEqual([a.id, c.id, b.id]);
    expect(await ids('sortBy=INVOICE_DATE&sortOrder=asc')).toEqual([a.id, c.id, b.id]);
    expect(await ids(`customerId=${other.id}`)).toEqual([c.id]);
    expect(await ids('invoiceSummaryType=OVERDUE')).toEqual([a.id]);
    expect(await ids('invoiceSummaryType=DUE_IN_7_DAYS')).toEqual([b.id]);
    expect(await ids('dateRange=NEXT_7_DAYS')).toEqual([b.id]);
    expect(await ids('searchTerm=acm')).toEqual([c.id]);
    expect(await ids('searchTerm=inv-b')).toEqual([b.id]);
    const paged = (await get(s, '/invoices?pageSize=2&pageNumber=2')).json().data;
    expect(paged).toMatchObject({ total: 3, pageNumber: 2, pageSize: 2 });
    expect(paged.items.map((i: { id: string }) => i.id)).toEqual([a.id]);

    const summary = (await get(s, '/invoices/summary')).json().data;
    expect(summary).toEqual({
      totalOutstanding: { amount: 60, total: 3 },
      dueInNext7Days: { amount: 10, total: 1 },
      overdue: { amount: 30, total: 1 },
      today: '2026-11-02',
    });

    // Paying B in full takes it off the open list and the summary; status=paid lists it.
    const paid = await markPaid(s, {
      id: b.id,
      amount: 10,
      date: '2026-11-02',
      paymentInstrumentId: s.bank.id,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await ids('')).toEqual([c.id, a.id]);
    expect(await ids('status=paid')).toEqual([b.id]);
    expect(await ids('status=PAID')).toEqual([b.id]);
    expect((await get(s, '/invoices/summary')).json().data.totalOutstanding).toEqual({
      amount: 50,
      total: 2,
    });

    const accounting = async (query: string) =>
      (await get(s, `/accounting/invoices?${query}`)).json().data.items.map((i: { id: string }) => i.id);
    expect(await accounting('sortBy=REF_NO&sortOrder=asc')).toEqual([a.id, b.id, c.id]);
    expect(await accounting('paidStatus=PAID')).toEqual([b.id]);
    expect(await accounting('startDate=2026-10-15&endDate=2026-10-31')).toEqual([c.id]);
    expect(await accounting(`contactId=${other.id}`)).toEqual([c.id]);
    expect(await accounting('balance=25-35')).toEqual([a.id]);
    expect(await accounting(`lineItems=${s.accountId}`)).toHaveLength(3);
    expect((await get(s, '/accounting/invoices?sortBy=date')).statusCode).toBe(400);

    const multiple = (await get(s, `/invoices/multiple?invoiceIds=${c.id},${newId()},${a.id}`)).json().data;
    expect(multiple.map((i: { id: string }) => i.id)).toEqual([c.id, a.id]);
  });
});

describe('drafts', () => {
  it('saves, lists, reads, replaces and deletes invoice drafts; create removes the draft', async () => {
    const s = await setup();
    const saved = await t.app.inject({
      method: 'POST',
      url: url(s, '/accounting/invoices/draft'),
      headers: s.headers,
      payload: { customerId: s.customer.id, invoiceDate: '2026-11-02', lines: [{ quantity: '2' }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json().data;
    expect(draft.payload).toMatchObject({ customerId: s.customer.id, invoiceDate: '2026-11-02' });
    const replaced = await t.app.inject({
      method: 'PATCH',
      url: url(s, `/accounting/invoices/draft/${draft.id}`),
      headers: s.headers,
      payload: { refNo: 'INV-DRAFT' },
    });
    expect(replaced.json().data.payload).toEqual({ refNo: 'INV-DRAFT' });
    expect((await get(s, `/accounting/invoices/draft/${draft.id}`)).json().data.payload.refNo).toBe(
      'INV-DRAFT',
    );
    expect((await get(s, '/accounting/invoices/draft')).json().data.total).toBe(1);
    // A bill draft id is not an invoice draft.
    const missing = await get(s, `/accounting/invoices/draft/${newId()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(INVOICE_MESSAGES.draftNotFound);
    await createInvoice(s, { draftId: draft.id });
    expect((await get(s, '/accounting/invoices/draft')).json().data.total).toBe(0);
    const second = (
      await t.app.inject({
        method: 'POST',
        url: url(s, '/accounting/invoices/draft'),
        headers: s.headers,
        payload: {},
      })
    ).json().data;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: url(s, `/accounting/invoices/draft/${second.id}`),
      headers: s.headers,
    });
    expect(deleted.json().data).toEqual({ id: second.id });
  });
});

describe('attachments and PDF', () => {
  const upload = (s: Setup, data: Buffer, fields: { invoiceId?: string } = {}, filename = 'invoice.pdf') => {
    const body = multipartBody([
      ...(fields.invoiceId ? [{ name: 'invoiceId', data: fields.invoiceId }] : []),
      { name: 'file', filename, contentType: 'application/pdf', data },
    ]);
    return t.app.inject({
      method: 'POST',
      url: url(s, '/upload-invoice-attachment'),
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('uploads, attaches on save, downloads, and renders the PDF with payee and Bill to', async () => {
    const s = await setup();
    const wrong = await upload(s, Buffer.from('hello world'));
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().message).toBe(DOCUMENT_MESSAGES.invalidFile);
    const first = (await upload(s, jpegBytes(), {}, 'scan.jpg')).json().data;
    expect(first).toMatchObject({ invoiceId: null, mimeType: 'image/jpeg', url: null });
    const invoice = await createInvoice(s, { refNo: 'INV-0042', attachmentIds: [first.id] });
    expect(invoice.attachments).toHaveLength(1);
    expect(invoice.attachments[0].invoiceId).toBe(invoice.id);
    const download = await t.app.inject({
      method: 'GET',
      url: invoice.attachments[0].url,
      headers: s.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('image/jpeg');
    for (let i = 0; i < 4; i += 1) {
      expect((await upload(s, pdfBytes(), { invoiceId: invoice.id })).statusCode).toBe(200);
    }
    const sixth = await upload(s, pdfBytes(), { invoiceId: invoice.id });
    expect(sixth.statusCode).toBe(409);
    expect((await upload(s, pdfBytes(), { invoiceId: newId() })).statusCode).toBe(404);

    const link = await get(s, `/download-invoice-pdf/${invoice.id}`);
    expect(link.json().data).toEqual({ fileUrl: `/api/business/${s.businessId}/invoices/${invoice.id}/pdf` });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${link.json().data.fileUrl}?compress=false`,
      headers: s.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Invoice');
    expect(text).toContain('Ref# INV-0042');
    expect(text).toContain('Invoice Date');
    expect(text).toContain('Northwind Traders');
    expect(text).toContain('Bill to');
    // The customer is under Bill to (the second column), after the payee (this business).
    expect(text.indexOf('Bill to')).toBeLessThan(text.indexOf('Northwind Traders'));
  });
});

describe('PATCH mark-invoice-as-paid', () => {
  it('records a MARKED_AS_PAID payment: balance down, partial_paid then paid, activity', async () => {
    const s = await setup();
    const invoice = await createInvoice(s);
    const res = await markPaid(s, {
      id: invoice.id,
      amount: '40.00',
      date: '2026-10-30',
      paymentInstrumentId: s.bank.id,
      remarks: 'Check 1024',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(INVOICE_MESSAGES.markPaidSuccess);
    expect(res.json().data).toMatchObject({
      kind: 'MARKED_AS_PAID',
      amount: 40,
      date: '2026-10-30',
      status: 'COMPLETED',
      bankName: 'Chase',
      accountMask: '4321',
      remarks: 'Check 1024',
    });
    let view = (await get(s, `/invoices/${invoice.id}`)).json().data;
    expect(view).toMatchObject({ balance: 60, status: 'partial_paid' });
    expect(view.payments).toHaveLength(1);
    const rest = await markPaid(s, {
      id: invoice.id,
      amount: 60,
      date: '2026-11-02',
      paymentInstrumentId: s.bank.id,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    view = (await get(s, `/invoices/${invoice.id}`)).json().data;
    expect(view).toMatchObject({ balance: 0, status: 'paid' });
    const closed = await markPaid(s, {
      id: invoice.id,
      amount: 1,
      date: '2026-11-02',
      paymentInstrumentId: s.bank.id,
    });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe(INVOICE_MESSAGES.invoiceClosed);
    const logs = await get(s, `/user-activity-logs?entityType=invoices&entityId=${invoice.id}`);
    expect(logs.json().data.items.map((i: { action: string }) => i.action)).toContain(
      'INVOICE_MARKED_AS_PAID',
    );
  });

  it('checks amount, date and the receiving bank with the spec messages', async () => {
    const s = await setup();
    const invoice = await createInvoice(s);
    const body = { id: invoice.id, amount: 10, date: '2026-11-02', paymentInstrumentId: s.bank.id };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: '0.50' }, 422, PAYMENT_FORM_MESSAGES.markPaidMin],
      [{ amount: '100.01' }, 422, PAYMENT_FORM_MESSAGES.markPaidMax('$100.00')],
      [{ date: '2026-11-03' }, 422, PAYMENT_MESSAGES.markPaidDateFuture],
      [{ paymentInstrumentId: undefined }, 400, INVOICE_MESSAGES.markPaidBankRequired],
      [{ paymentInstrumentId: newId() }, 400, INVOICE_MESSAGES.markPaidBankRequired],
    ];
    for (const [overrides, status, message] of cases) {
      const res = await markPaid(s, { ...body, ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const unverified = await makeBank(t, s.businessId, {
      verificationStatus: 'PENDING',
      linked: false,
    });
    const refused = await markPaid(s, { ...body, paymentInstrumentId: unverified.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({
      field: 'paymentInstrumentId',
      message: INVOICE_MESSAGES.markPaidBankRequired,
    });
    expect((await row(invoice.id)).balanceCents).toBe(10_000);
  });

  it('20 concurrent calls never over-pay', async () => {
    const s = await setup();
    const invoice = await createInvoice(s); // $100.00
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        markPaid(s, { id: invoice.id, amount: 7, date: '2026-11-02', paymentInstrumentId: s.bank.id }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(14); // 14 × $7 = $98; a 15th would need $105.
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(r.statusCode).toBe(422);
    expect((await row(invoice.id)).balanceCents).toBe(200);
    expect((await get(s, `/invoices/${invoice.id}`)).json().data.payments).toHaveLength(14);
  });
});

describe('the payment-request side (service functions)', () => {
  it('receipts are idempotent per payment, refuse over-payment, reverse, and drive the status', async () => {
    const s = await setup();
    const invoice = await createInvoice(s);
    const { db } = t.context.database;
    const at = t.clock.now();
    const actor: Actor = { type: 'SYSTEM', userId: null, name: null };
    expect(await db.transaction((tx) => setInvoicePaymentInFlight(tx, invoice.id, true))).toBe('processing');
    const first = await db.transaction((tx) =>
      recordInvoiceReceipt(tx, {
        invoiceId: invoice.id,
        kind: 'RECEIVED',
        amountCents: 3000,
        date: '2026-11-02',
        actor,
        at,
      }),
    );
    expect(first.kind).toBe('RECEIVED');
    expect((await row(invoice.id)).status).toBe('processing');
    expect(await db.transaction((tx) => setInvoicePaymentInFlight(tx, invoice.id, false))).toBe(
      'partial_paid',
    );
    await expect(
      db.transaction((tx) =>
        recordInvoiceReceipt(tx, {
          invoiceId: invoice.id,
          kind: 'RECEIVED',
          amountCents: 7001,
          date: '2026-11-02',
          actor,
          at,
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await row(invoice.id)).balanceCents).toBe(7000);
  });

  it('a live payment request makes an unpaid invoice requested', async () => {
    const s = await setup();
    const invoice = await createInvoice(s);
    const payerBusiness = await makeSignedInBusiness(t.context);
    const { db } = t.context.database;
    await db.insert(paymentRequests).values({
      id: newId(),
      payeeBusinessId: s.businessId,
      payerBusinessId: payerBusiness.businessId,
      invoiceId: invoice.id,
      refNo: invoice.refNo,
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      subtotalCents: 10_000,
      amountCents: 10_000,
      balanceCents: 10_000,
      lines: [],
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    expect(await refreshInvoiceStatus(db, invoice.id)).toBe('requested');
    const view = (await get(s, `/invoices/${invoice.id}`)).json().data;
    expect(view.status).toBe('requested');
    expect(view.paymentRequest).toMatchObject({ state: 'CREATED', lastReminderAt: null });
    expect(await reverseInvoiceReceipt(db, { paymentId: newId(), at: t.clock.now() })).toBeNull();
  });
});

describe('access', () => {
  it('answers 404 for another business and 403 to a member without Due Invoices', async () => {
    const s = await setup();
    const invoice = await createInvoice(s);
    const other = await setup();
    const foreign = await get(other, `/invoices/${invoice.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(INVOICE_MESSAGES.invoiceNotFound);
    expect((await get(other, `/download-invoice-pdf/${invoice.id}`)).statusCode).toBe(404);
    const foreignMark = await markPaid(other, {
      id: invoice.id,
      amount: 1,
      date: '2026-11-02',
      paymentInstrumentId: other.bank.id,
    });
    expect(foreignMark.statusCode).toBe(404);

    const outsider = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: s.businessId,
      user: outsider,
      permissions: ['PAY_DUE_BILLS.manage'],
    });
    const outsiderHeaders = await signIn(t.context, outsider);
    expect((await get(s, '/invoices', outsiderHeaders)).statusCode).toBe(403);
    expect(
      (
        await markPaid(
          s,
          { id: invoice.id, amount: 1, date: '2026-11-02', paymentInstrumentId: s.bank.id },
          outsiderHeaders,
        )
      ).statusCode,
    ).toBe(403);
    const viewer = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: s.businessId,
      user: viewer,
      permissions: ['GET_PAID_DUE_INVOICES.view'],
    });
    const viewerHeaders = await signIn(t.context, viewer);
    expect((await get(s, '/invoices/summary', viewerHeaders)).statusCode).toBe(200);
    const denied = await t.app.inject({
      method: 'POST',
      url: url(s, '/accounting/invoices'),
      headers: { ...viewerHeaders, 'idempotency-key': newId() },
      payload: invoiceBody(s),
    });
    expect(denied.statusCode).toBe(403);
  });
});
