import { BILL_MESSAGES, DOCUMENT_MESSAGES, PAYMENT_FORM_MESSAGES } from '@ferry/domain/schemas';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import { makeUser, signIn } from '../../testing/factories.js';
import { jpegBytes, multipartBody, pdfBytes } from '../../testing/multipart.js';
import { useTestApp } from '../../testing/test-app.js';
import { listChartAccounts } from '../accounting/service.js';
import {
  lockBillsForPayment,
  markBillPaid,
  reopenOnBill,
  scheduleOnBill,
  setBillPaymentState,
  settleOnBill,
  unscheduleOnBill,
} from './engine.js';
import { type BillsSetup, billsUrl, makeBillsSetup } from './testing.js';

const t = useTestApp();

const setup = () => makeBillsSetup(t.context);

type Setup = BillsSetup;

const url = billsUrl;

const billBody = (s: Setup, overrides: Record<string, unknown> = {}) => ({
  vendorId: s.vendor.id,
  refNo: `INV-${newId().slice(0, 8)}`,
  billDate: '2026-11-02',
  lines: [{ chartAccountId: s.accountId, description: 'Seats', quantity: 3, unitPrice: '19.99' }],
  ...overrides,
});

const post = (s: Setup, body: unknown, key = newId()) =>
  t.app.inject({
    method: 'POST',
    url: url(s, '/bills'),
    headers: { ...s.headers, 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });

const get = (s: Setup, rest: string) =>
  t.app.inject({ method: 'GET', url: url(s, rest), headers: s.headers });

async function createBill(s: Setup, overrides: Record<string, unknown> = {}) {
  const res = await post(s, billBody(s, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The text drawn in an uncompressed pdfkit file (hex strings of its TJ operators). */
const pdfText = (body: Buffer): string =>
  [...body.toString('latin1').matchAll(/\[(.*?)\] TJ/g)]
    .map((m) =>
      [...(m[1] ?? '').matchAll(/<([0-9a-f]*)>/g)]
        .map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1'))
        .join(''),
    )
    .join('\n');

describe('POST bills', () => {
  it('creates a bill with server-side totals, NET_7 default due date and an activity entry', async () => {
    const s = await setup();
    const items = (await get(s, '/accounting/items?isSold=false&pageSize=1000')).json().data;
    const shipping = items.items.find((i: { name: string }) => i.name === 'Shipping');
    const res = await post(
      s,
      billBody(s, {
        refNo: 'BILL-0007',
        lines: [
          { chartAccountId: s.accountId, description: 'Seats', quantity: '1.5', unitPrice: '10.01' },
          { itemId: shipping.id, quantity: 2, unitPrice: 12.5 },
        ],
        discount: { type: 'PERCENT', value: 10 },
        taxAmount: '3.10',
        memo: ' Thanks ',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json().data;
    // 1.5 × 10.01 = 15.015 → 15.02; 2 × 12.50 = 25.00; subtotal 40.02; 10% = 4.002 → 4.00; + 3.10.
    expect(bill.lines.map((l: { amount: number }) => l.amount)).toEqual([15.02, 25]);
    expect(bill.lines[0].coaName).toBe('Software');
    expect(bill.lines[1].itemName).toBe('Shipping');
    expect(bill.subtotal).toBe(40.02);
    expect(bill.discount).toEqual({ type: 'PERCENT', value: 10, amount: 4 });
    expect(bill.taxAmount).toBe(3.1);
    expect(bill.amount).toBe(39.12);
    expect(bill.balance).toBe(39.12);
    expect(bill.unScheduledBalance).toBe(39.12);
    expect(bill.status).toBe('unpaid');
    expect(bill.paymentTerm).toBe('NET_7');
    expect(bill.dueDate).toBe('2026-11-09');
    expect(bill.memo).toBe('Thanks');
    expect(bill.vendorName).toBe('Harbor Supplies');
    const again = await get(s, `/bills/${bill.id}`);
    expect(again.json().data).toEqual(bill);
    const logs = await t.app.inject({
      method: 'GET',
      url: `/api/business/${s.businessId}/user-activity-logs?entityType=bills&entityId=${bill.id}`,
      headers: s.headers,
    });
    expect(logs.statusCode).toBe(200);
    expect(logs.json().data.items).toHaveLength(1);
    expect(logs.json().data.items[0]).toMatchObject({ entityType: 'bills', entityId: bill.id });
  });

  it('needs an Idempotency-Key and answers a replay with the same bill', async () => {
    const s = await setup();
    const missing = await t.app.inject({
      method: 'POST',
      url: url(s, '/bills'),
      headers: s.headers,
      payload: billBody(s),
    });
    expect(missing.statusCode).toBe(400);
    const body = billBody(s);
    const first = await post(s, body, 'same-key');
    const second = await post(s, body, 'same-key');
    expect(second.json().data.id).toBe(first.json().data.id);
  });

  it.each([
    [{ refNo: '' }, BILL_MESSAGES.referenceRequired],
    [{ refNo: 'A'.repeat(22) }, PAYMENT_FORM_MESSAGES.referenceTooLong],
    [{ refNo: 'INV#1' }, PAYMENT_FORM_MESSAGES.referenceInvalid],
    [{ vendorId: '' }, BILL_MESSAGES.vendorRequired],
    [{ billDate: '2026-02-30' }, BILL_MESSAGES.invalidDate],
    [{ dueDate: '2026-11-01' }, BILL_MESSAGES.dueBeforeBill],
    [{ paymentTerm: 'CUSTOM' }, BILL_MESSAGES.dueDateRequired],
    [{ lines: [] }, BILL_MESSAGES.linesRequired],
    [{ lines: [{ quantity: 1, unitPrice: 5 }] }, BILL_MESSAGES.lineTarget],
    [{ lines: [{ chartAccountId: newId(), quantity: 0, unitPrice: 5 }] }, BILL_MESSAGES.quantityInvalid],
    [
      { lines: [{ chartAccountId: newId(), quantity: '1.23456', unitPrice: 5 }] },
      BILL_MESSAGES.quantityDecimals,
    ],
    [
      { lines: [{ chartAccountId: newId(), quantity: 1, unitPrice: '5.001' }] },
      BILL_MESSAGES.unitPriceInvalid,
    ],
    [{ lines: [{ chartAccountId: newId(), quantity: 1, unitPrice: -1 }] }, BILL_MESSAGES.unitPriceInvalid],
    [{ lines: [{ chartAccountId: newId(), quantity: 1, unitPrice: '0.99' }] }, BILL_MESSAGES.amountMin],
    [{ discount: { type: 'PERCENT', value: 101 } }, BILL_MESSAGES.discountPercent],
    [{ discount: { type: 'AMOUNT', value: 1000 } }, BILL_MESSAGES.discountAboveSubtotal],
    [{ taxAmount: 'x' }, BILL_MESSAGES.taxInvalid],
    [{ memo: 'm'.repeat(501) }, BILL_MESSAGES.memoTooLong],
  ])('refuses %j with its message', async (overrides, message) => {
    const s = await setup();
    const res = await post(s, billBody(s, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('refuses lines against unknown or non-expense accounts, and vendors of other businesses', async () => {
    const s = await setup();
    const unknown = await post(
      s,
      billBody(s, { lines: [{ chartAccountId: newId(), quantity: 1, unitPrice: 5 }] }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(BILL_MESSAGES.accountNotFound);
    const banks = await listChartAccounts(t.context, {
      businessId: s.businessId,
      query: { parentAccountType: 'BANK', isForCreateBill: false, pageNumber: 1, pageSize: 10 },
    });
    const bank = await post(
      s,
      billBody(s, { lines: [{ chartAccountId: banks.items[0]?.id, quantity: 1, unitPrice: 5 }] }),
    );
    expect(bank.json().message).toBe(BILL_MESSAGES.accountNotExpense);
    const other = await setup();
    const foreign = await post(s, billBody(s, { vendorId: other.vendor.id }));
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a bill number the vendor already has (any case) with 409, but another vendor may use it', async () => {
    const s = await setup();
    await createBill(s, { refNo: 'Ref 1' });
    const dup = await post(s, billBody(s, { refNo: 'REF 1' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(BILL_MESSAGES.referenceTaken);
    const vendor2 = await makeContact(t.context, { businessId: s.businessId });
    expect((await post(s, billBody(s, { refNo: 'REF 1', vendorId: vendor2.id }))).statusCode).toBe(200);
  });

  it('gives the next free BILL-nnnn number', async () => {
    const s = await setup();
    expect((await get(s, '/bills/next-reference-number')).json().data).toEqual({ refNo: 'BILL-0001' });
    await createBill(s, { refNo: 'BILL-0009' });
    await createBill(s, { refNo: 'OTHER-77' });
    expect((await get(s, '/bills/next-reference-number')).json().data).toEqual({ refNo: 'BILL-0010' });
  });

  it('edits an unpaid bill, and refuses once money is scheduled', async () => {
    const s = await setup();
    const bill = await createBill(s);
    const res = await t.app.inject({
      method: 'PATCH',
      url: url(s, `/bills/${bill.id}`),
      headers: s.headers,
      payload: billBody(s, {
        refNo: bill.refNo,
        lines: [{ chartAccountId: s.accountId, quantity: 2, unitPrice: 50 }],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.amount).toBe(100);
    expect(res.json().data.balance).toBe(100);
    await t.context.database.db.transaction((tx) => scheduleOnBill(tx, bill.id, 1000));
    const refused = await t.app.inject({
      method: 'PATCH',
      url: url(s, `/bills/${bill.id}`),
      headers: s.headers,
      payload: billBody(s, { refNo: bill.refNo }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BILL_MESSAGES.notEditable);
  });

  it('refuses to edit a bill once part of it is paid (marked paid or settled), and one of another business', async () => {
    const s = await setup();
    const edit = (billId: string, refNo: string, headers = s.headers) =>
      t.app.inject({
        method: 'PATCH',
        url: url(s, `/bills/${billId}`),
        headers,
        payload: billBody(s, { refNo }),
      });
    const marked = await createBill(s);
    await t.context.database.db.transaction((tx) => markBillPaid(tx, marked.id, 100));
    const refused = await edit(marked.id, marked.refNo);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'CONFLICT', message: BILL_MESSAGES.notEditable });

    const settled = await createBill(s, { refNo: 'BILL-0777' });
    await t.context.database.db.transaction(async (tx) => {
      await scheduleOnBill(tx, settled.id, 100);
      await settleOnBill(tx, settled.id, 100);
    });
    expect((await edit(settled.id, settled.refNo)).statusCode).toBe(409);

    const other = await setup();
    const fresh = await createBill(s, { refNo: 'BILL-0778' });
    expect((await edit(fresh.id, fresh.refNo, other.headers)).statusCode).toBe(404);
    expect((await edit(fresh.id, fresh.refNo)).statusCode).toBe(200);
  });
});

describe('drafts', () => {
  it('saves, reads, lists, replaces and deletes drafts; saving a bill deletes its draft', async () => {
    const s = await setup();
    const created = await t.app.inject({
      method: 'POST',
      url: url(s, '/bills/draft'),
      headers: s.headers,
      payload: { refNo: 'half', lines: [{ quantity: '2' }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const draft = created.json().data;
    expect(draft.payload.refNo).toBe('half');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: url(s, `/bills/draft/${draft.id}`),
      headers: s.headers,
      payload: { refNo: 'done', memo: 'x' },
    });
    expect(patched.json().data.payload).toEqual({ refNo: 'done', memo: 'x' });
    expect((await get(s, `/bills/draft/${draft.id}`)).json().data.payload.refNo).toBe('done');
    expect((await get(s, '/bills/draft')).json().data.total).toBe(1);
    await createBill(s, { draftId: draft.id });
    expect((await get(s, `/bills/draft/${draft.id}`)).statusCode).toBe(404);
    const second = (
      await t.app.inject({ method: 'POST', url: url(s, '/bills/draft'), headers: s.headers, payload: {} })
    ).json().data;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: url(s, `/bills/draft/${second.id}`),
      headers: s.headers,
    });
    expect(deleted.json().data).toEqual({ id: second.id });
    expect((await get(s, '/bills/draft')).json().data.total).toBe(0);
  });
});

describe('attachments', () => {
  const upload = (s: Setup, data: Buffer, fields: { billId?: string } = {}, filename = 'bill.pdf') => {
    const body = multipartBody([
      ...(fields.billId ? [{ name: 'billId', data: fields.billId }] : []),
      { name: 'file', filename, contentType: 'application/pdf', data },
    ]);
    return t.app.inject({
      method: 'POST',
      url: url(s, '/upload-bill-attachment'),
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('sniffs the type, limits size and count, attaches on save and downloads', async () => {
    const s = await setup();
    const notPdf = await upload(s, Buffer.from('hello world'));
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().message).toBe(DOCUMENT_MESSAGES.invalidFile);
    const big = await upload(s, pdfBytes(5_242_881));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(DOCUMENT_MESSAGES.invalidFile);

    const first = (await upload(s, jpegBytes(), {}, 'scan.jpg')).json().data;
    expect(first).toMatchObject({ billId: null, mimeType: 'image/jpeg', fileName: 'scan.jpg', url: null });
    const bill = await createBill(s, { attachmentIds: [first.id] });
    expect(bill.attachments).toHaveLength(1);
    const download = await t.app.inject({ method: 'GET', url: bill.attachments[0].url, headers: s.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    // A claimed attachment cannot be claimed by another bill.
    expect((await post(s, billBody(s, { attachmentIds: [first.id] }))).statusCode).toBe(422);

    for (let i = 0; i < 4; i += 1)
      expect((await upload(s, pdfBytes(), { billId: bill.id })).statusCode).toBe(200);
    const sixth = await upload(s, pdfBytes(), { billId: bill.id });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(DOCUMENT_MESSAGES.limit);
    const six = [];
    for (let i = 0; i < 6; i += 1) six.push((await upload(s, pdfBytes())).json().data.id);
    const tooMany = await post(s, billBody(s, { attachmentIds: six }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].message).toBe(DOCUMENT_MESSAGES.limit);
  });
});

describe('due bills and summaries', () => {
  it('lists open bills with filters, sorting and paging, and sums the cards for the business date', async () => {
    const s = await setup();
    // The test clock is 2026-11-02 15:00 UTC = 10:00 in New York.
    const other = await makeContact(t.context, { businessId: s.businessId, name: 'Zeta Parts' });
    const make = (refNo: string, dueDate: string, unitPrice: number, vendorId = s.vendor.id) =>
      createBill(s, {
        refNo,
        vendorId,
        billDate: '2026-10-01',
        dueDate,
        paymentTerm: 'CUSTOM',
        lines: [{ chartAccountId: s.accountId, quantity: 1, unitPrice }],
      });
    const overdue = await make('A-1', '2026-11-01', 100);
    const today = await make('A-2', '2026-11-02', 200);
    const in3 = await make('A-3', '2026-11-05', 300, other.id);
    const in7 = await make('A-4', '2026-11-09', 400);
    const in8 = await make('A-5', '2026-11-10', 500);
    const paid = await make('A-6', '2026-11-03', 50);
    await t.context.database.db.transaction((tx) => markBillPaid(tx, paid.id, 5000));

    const ids = (res: { json(): { data: { items: { id: string }[] } } }) =>
      res.json().data.items.map((b) => b.id);
    const all = await get(s, '/due-bills?sortBy=dueDate&sortOrder=asc');
    expect(ids(all)).toEqual([overdue.id, today.id, in3.id, in7.id, in8.id]);
    expect(all.json().data.total).toBe(5);
    expect(ids(await get(s, '/due-bills?dateRange=DUE_TODAY'))).toEqual([today.id]);
    expect(ids(await get(s, '/due-bills?dateRange=OVERDUE'))).toEqual([overdue.id]);
    expect(ids(await get(s, '/due-bills?dateRange=NEXT_3_DAYS&sortBy=dueDate&sortOrder=asc'))).toEqual([
      today.id,
      in3.id,
    ]);
    expect(
      ids(await get(s, '/due-bills?billSummaryType=DUE_IN_7_DAYS&sortBy=dueDate&sortOrder=asc')),
    ).toEqual([today.id, in3.id, in7.id]);
    expect(ids(await get(s, `/due-bills?vendorId=${other.id}`))).toEqual([in3.id]);
    // Amounts 500, 400 | 300, 200 | 100: page 2 of 2 per page.
    expect(ids(await get(s, '/due-bills?sortBy=amount&sortOrder=desc&pageSize=2&pageNumber=2'))).toEqual([
      in3.id,
      today.id,
    ]);
    expect(ids(await get(s, '/due-bills?sortBy=vendorName&sortOrder=desc&pageSize=1'))).toEqual([in3.id]);

    const summary = (await get(s, '/bills/summary/due')).json().data;
    expect(summary).toEqual({
      totalOutstanding: { amount: 1500, total: 5 },
      dueInNext7Days: { amount: 900, total: 3 },
      overdue: { amount: 100, total: 1 },
      today: '2026-11-02',
    });
    // After midnight in New York (05:00 UTC) the day moves on: today's bill becomes overdue.
    t.clock.set('2026-11-03T05:30:00.000Z');
    try {
      const fresh = { ...s, headers: await signIn(t.context, s.owner) };
      const next = (await get(fresh, '/bills/summary/due')).json().data;
      expect(next.today).toBe('2026-11-03');
      expect(next.overdue).toEqual({ amount: 300, total: 2 });
      expect(next.dueInNext7Days).toEqual({ amount: 1200, total: 3 });
    } finally {
      t.clock.set('2026-11-02T15:00:00.000Z');
    }
  });

  it('filters accounting bills by search, dates, vendor, paid status, status, balance and line items', async () => {
    const s = await setup();
    const items = (await get(s, '/accounting/items?pageSize=1000')).json().data.items;
    const rental = items.find((i: { name: string }) => i.name === 'Equipment rental');
    const a = await createBill(s, { refNo: 'ALPHA-1', billDate: '2026-09-01' });
    const b = await createBill(s, {
      refNo: 'BETA-2',
      billDate: '2026-10-15',
      lines: [{ itemId: rental.id, quantity: 1, unitPrice: 250 }],
    });
    const other = await makeContact(t.context, { businessId: s.businessId, name: 'Quartz Labs' });
    const c = await createBill(s, { refNo: 'GAMMA-3', vendorId: other.id, billDate: '2026-10-20' });
    await t.context.database.db.transaction((tx) => markBillPaid(tx, b.id, 10000));
    await t.context.database.db.transaction((tx) => markBillPaid(tx, c.id, c.amount * 100));

    const ids = async (query: string) =>
      (await get(s, `/accounting/bills?${query}`)).json().data.items.map((x: { id: string }) => x.id);
    expect(await ids('sortBy=date&sortOrder=asc')).toEqual([a.id, b.id, c.id]);
    expect(await ids('searchTerm=beta')).toEqual([b.id]);
    expect(await ids('searchTerm=quartz')).toEqual([c.id]);
    expect(await ids('startDate=2026-10-01&endDate=2026-10-16')).toEqual([b.id]);
    expect(await ids(`contactId=${other.id}`)).toEqual([c.id]);
    expect(await ids('paidStatus=PAID')).toEqual([c.id]);
    expect(await ids('paidStatus=PARTIAL_PAID')).toEqual([b.id]);
    expect(await ids('paidStatus=UNPAID')).toEqual([a.id]);
    expect(await ids('status=partial_paid')).toEqual([b.id]);
    expect(await ids('status=PAID')).toEqual([c.id]);
    expect(await ids('balance=100-200&sortOrder=asc')).toEqual([b.id]);
    expect(await ids(`lineItems=${rental.id}`)).toEqual([b.id]);
    expect(await ids(`lineItems=${s.accountId}&sortBy=refNo&sortOrder=asc`)).toEqual([a.id, c.id]);
    const bad = await get(s, '/accounting/bills?balance=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(BILL_MESSAGES.balanceInvalid);
    const multiple = (await get(s, `/bills/multiple?billIds=${c.id},${a.id},${newId()}`)).json().data;
    expect(multiple.map((x: { id: string }) => x.id)).toEqual([c.id, a.id]);
  });
});

describe('PDF', () => {
  it('generates the bill PDF in the spec layout', async () => {
    const s = await setup();
    const bill = await createBill(s, {
      refNo: 'PDF-REF-42',
      memo: 'Pay by Friday',
      discount: { type: 'AMOUNT', value: 1 },
      taxAmount: 2,
    });
    const link = await get(s, `/download-bill-pdf/${bill.id}`);
    expect(link.json().data).toEqual({ fileUrl: `/api/business/${s.businessId}/bills/${bill.id}/pdf` });
    const res = await t.app.inject({
      method: 'GET',
      url: `${link.json().data.fileUrl}?compress=false`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Bill',
      'Ref# PDF-REF-42',
      'Harbor Supplies',
      'Bill to',
      'Nov 2, 2026',
      'Nov 9, 2026',
      'Net 7',
      'Software',
      'Seats',
      '$59.97',
      'Discount',
      '-$1.00',
      'Taxes',
      '$2.00',
      'Total',
      '$60.97',
      'Memo',
      'Pay by Friday',
    ]) {
      expect(text).toContain(expected);
    }
    const compressed = await t.app.inject({
      method: 'GET',
      url: link.json().data.fileUrl,
      headers: s.headers,
    });
    expect(compressed.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('Pay engine functions', () => {
  it('locks, schedules, settles, unschedules and marks paid with exact arithmetic and statuses', async () => {
    const s = await setup();
    const bill = await createBill(s, {
      lines: [{ chartAccountId: s.accountId, quantity: 1, unitPrice: 100 }],
    });
    const other = await createBill(s);
    const { db } = t.context.database;
    const locked = await db.transaction((tx) =>
      lockBillsForPayment(tx, s.businessId, [other.id, bill.id, newId()]),
    );
    expect(locked.map((b) => b.id)).toEqual([bill.id, other.id].sort());
    expect(locked.find((b) => b.id === bill.id)).toMatchObject({
      balanceCents: 10000,
      scheduledCents: 0,
      unscheduledCents: 10000,
      vendorId: s.vendor.id,
    });
    const foreign = await setup();
    expect(await db.transaction((tx) => lockBillsForPayment(tx, foreign.businessId, [bill.id]))).toEqual([]);

    let state = await db.transaction((tx) => scheduleOnBill(tx, bill.id, 6000));
    expect(state).toMatchObject({
      balanceCents: 10000,
      scheduledCents: 6000,
      unscheduledCents: 4000,
      status: 'scheduled',
    });
    await expect(db.transaction((tx) => scheduleOnBill(tx, bill.id, 4001))).rejects.toThrow(
      PAYMENT_FORM_MESSAGES.amountAboveBalance('$40.00'),
    );
    state = await db.transaction((tx) => setBillPaymentState(tx, bill.id, 'processing'));
    expect(state.status).toBe('processing');
    state = await db.transaction(async (tx) => {
      await settleOnBill(tx, bill.id, 6000);
      return setBillPaymentState(tx, bill.id, null);
    });
    expect(state).toMatchObject({ balanceCents: 4000, scheduledCents: 0, status: 'partial_paid' });
    state = await db.transaction((tx) => scheduleOnBill(tx, bill.id, 1000));
    state = await db.transaction((tx) => unscheduleOnBill(tx, bill.id, 1000));
    expect(state).toMatchObject({ scheduledCents: 0, status: 'partial_paid' });
    await expect(db.transaction((tx) => unscheduleOnBill(tx, bill.id, 1))).rejects.toThrow();
    state = await db.transaction((tx) => markBillPaid(tx, bill.id, 4000));
    expect(state).toMatchObject({ balanceCents: 0, status: 'paid' });
    state = await db.transaction((tx) => reopenOnBill(tx, bill.id, 6000));
    expect(state).toMatchObject({ balanceCents: 6000, status: 'partial_paid' });
    await expect(db.transaction((tx) => reopenOnBill(tx, bill.id, 4001))).rejects.toThrow();
    const view = (await get(s, `/bills/${bill.id}`)).json().data;
    expect(view).toMatchObject({
      balance: 60,
      scheduledAmount: 0,
      unScheduledBalance: 60,
      status: 'partial_paid',
    });
  });

  it('never over-schedules a bill under concurrent payments', async () => {
    const s = await setup();
    const bill = await createBill(s, {
      lines: [{ chartAccountId: s.accountId, quantity: 1, unitPrice: 10 }],
    });
    const { db } = t.context.database;
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, () =>
        db.transaction(async (tx) => {
          await lockBillsForPayment(tx, s.businessId, [bill.id]);
          return scheduleOnBill(tx, bill.id, 100);
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const [row] = await db.transaction((tx) => lockBillsForPayment(tx, s.businessId, [bill.id]));
    expect(row).toMatchObject({ scheduledCents: 1000, unscheduledCents: 0 });
  });
});

describe('permissions', () => {
  it('a member without Due Bills gets 403 on reads and writes; view can read but not create', async () => {
    const s = await setup();
    const outsider = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: s.businessId,
      user: outsider,
      permissions: ['PAY_MANAGE_VENDORS.manage'],
    });
    const headers = await signIn(t.context, outsider);
    const read = await t.app.inject({ method: 'GET', url: url(s, '/due-bills'), headers });
    expect(read.statusCode).toBe(403);
    const write = await t.app.inject({
      method: 'POST',
      url: url(s, '/bills'),
      headers: { ...headers, 'idempotency-key': newId() },
      payload: billBody(s),
    });
    expect(write.statusCode).toBe(403);
    const viewer = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: s.businessId,
      user: viewer,
      permissions: ['PAY_DUE_BILLS.view'],
    });
    const viewerHeaders = await signIn(t.context, viewer);
    expect(
      (await t.app.inject({ method: 'GET', url: url(s, '/bills/summary/due'), headers: viewerHeaders }))
        .statusCode,
    ).toBe(200);
    const denied = await t.app.inject({
      method: 'POST',
      url: url(s, '/bills/draft'),
      headers: viewerHeaders,
      payload: {},
    });
    expect(denied.statusCode).toBe(403);
  });
});
