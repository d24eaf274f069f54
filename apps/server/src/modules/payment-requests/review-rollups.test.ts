import { describe, expect, it } from 'vitest';
import { registerJobs } from '../../app.js';
import type { AppContext } from '../../platform/context.js';
import { compactRollup } from '../../platform/db/rollups.js';
import { makeBusiness, makeSignedInBusiness } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import {
  markBillPaid,
  reopenOnBill,
  scheduleOnBill,
  setBillPaymentState,
  settleOnBill,
} from '../bills/engine.js';
import { cancelPaymentRequest, createPaymentRequest, reviewRollup } from './service.js';

// payment_request_review_rollups (migration 0013) is kept by triggers on payment_requests and on bills
// (a linked request follows its bill): after every kind of write it must equal a recount made the way the
// For Review list decides what is open, and so must bills/summary/review.

const t = useTestApp();
const SENDER = { type: 'USER' as const, userId: null, name: 'Sender' };
const base = (businessId: string) => `/api/business/${businessId}`;

let invoiceSeq = 0;
async function send(payee: string, payer: string, dueDate: string, unitPriceCents = 10000) {
  invoiceSeq += 1;
  const { paymentRequest } = await t.context.database.db.transaction((tx) =>
    createPaymentRequest(tx, {
      payeeBusinessId: payee,
      payerBusinessId: payer,
      invoiceId: `rollup-${invoiceSeq}`,
      refNo: `RR-${invoiceSeq}`,
      invoiceDate: '2026-10-01',
      dueDate,
      lines: [{ itemName: 'Work', quantity: 1, unitPriceCents }],
      actor: SENDER,
      at: t.clock.now(),
    }),
  );
  return paymentRequest;
}

interface Row {
  due_date: string;
  n: string;
  o: string;
  c: string;
}

const sortRows = (rows: Row[]) =>
  rows
    .map((r) => ({ dueDate: String(r.due_date), n: Number(r.n), o: Number(r.o), c: Number(r.c) }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));

/** The rollup with its appended rows, and a recount with the list's rule for "open" (statusNow). */
async function rollupAndRecount(businessId: string) {
  const { sql } = t.context.database;
  const rollup = await sql.query<Row>(
    `select due_date::text as due_date, sum(n) as n, sum(o) as o, sum(c) as c
     from (select due_date, request_count as n, open_count as o, open_cents as c
           from payment_request_review_rollups where business_id = $1
           union all
           select due_date, request_count, open_count, open_cents
           from payment_request_review_deltas where business_id = $1) as all_rows
     group by due_date
     having sum(n) <> 0 or sum(o) <> 0 or sum(c) <> 0`,
    [businessId],
  );
  const recount = await sql.query<Row>(
    `select due_date::text as due_date, count(*) as n,
            count(*) filter (where open) as o, coalesce(sum(balance) filter (where open), 0) as c
     from (select pr.due_date, coalesce(b.balance_cents, pr.balance_cents) as balance,
                  (case when pr.state = 'LINK_BILL' and b.id is not null
                        then (case when b.balance_cents = 0 then 'COMPLETED' else 'LINK_BILL' end)
                        else pr.state end) in ('CREATED', 'PROCESSING', 'FAILED', 'LINK_BILL')
                  and coalesce(b.balance_cents, pr.balance_cents) > 0 as open
           from payment_requests pr left join bills b on b.id = pr.bill_id
           where pr.payer_business_id = $1) as r
     group by due_date`,
    [businessId],
  );
  return { rollup: sortRows(rollup.rows), recount: sortRows(recount.rows) };
}

async function summaryOf(businessId: string, headers: AuthHeaders) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${base(businessId)}/bills/summary/review`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Rollup = recount before and after folding in; the summary's cards = the open part of the recount. */
async function expectExact(payer: { businessId: string; headers: AuthHeaders }, label: string) {
  const before = await rollupAndRecount(payer.businessId);
  expect(before.rollup, label).toEqual(before.recount);
  await compactRollup(t.context.database.db, reviewRollup, payer.businessId);
  const after = await rollupAndRecount(payer.businessId);
  expect(after.rollup, `${label}, folded in`).toEqual(after.recount);
  const summary = await summaryOf(payer.businessId, payer.headers);
  const open = after.recount.reduce((acc, r) => acc + r.o, 0);
  const cents = after.recount.reduce((acc, r) => acc + r.c, 0);
  expect(summary.totalOutstanding, label).toEqual({ amount: cents / 100, total: open });
  expect(summary.totalPaymentRequests, label).toBe(after.recount.reduce((acc, r) => acc + r.n, 0));
  const list = await t.app.inject({
    method: 'GET',
    url: `${base(payer.businessId)}/payment-requests`,
    headers: payer.headers,
  });
  expect(list.json().data.total, `${label}: the list counts the same open requests`).toBe(open);
  return summary;
}

const inTx = <T>(work: (tx: Parameters<Parameters<typeof t.context.database.db.transaction>[0]>[0]) => T) =>
  t.context.database.db.transaction(async (tx) => work(tx));

describe('payment_request_review_rollups', () => {
  it('stays equal to a recount through arrival, link-bill, payments on the bill, reversal, cancel and deletes', async () => {
    const payer = await makeSignedInBusiness(t.context, { businessName: 'Rollup Payer LLC' });
    const sender = await makeBusiness(t.context, { businessName: 'Rollup Sender Co' });
    const other = await makeBusiness(t.context, { businessName: 'Second Sender Co' });
    await expectExact(payer, 'nothing received');

    // Today is 2026-11-02 in New York: one overdue, two due within 7 days, one later.
    const overdue = await send(sender.businessId, payer.businessId, '2026-10-30', 5000);
    const soon = await send(sender.businessId, payer.businessId, '2026-11-05', 20000);
    const soon2 = await send(other.businessId, payer.businessId, '2026-11-05', 3000);
    const later = await send(sender.businessId, payer.businessId, '2026-12-20', 40000);
    let summary = await expectExact(payer, 'received');
    expect(summary).toMatchObject({
      totalOutstanding: { amount: 680, total: 4 },
      dueInNext7Days: { amount: 230, total: 2 },
      overdue: { amount: 50, total: 1 },
      totalPaymentRequests: 4,
    });

    // Link a bill: the request now follows the bill's balance.
    const url = (id: string, rest: string) => `${base(payer.businessId)}/payment-requests/${id}/${rest}`;
    const post = (u: string) => t.app.inject({ method: 'POST', url: u, headers: payer.headers, payload: {} });
    expect((await post(url(soon.id, 'map-business'))).statusCode).toBe(200);
    const linked = await post(url(soon.id, 'link-bill'));
    expect(linked.statusCode, linked.body).toBe(200);
    const billId = linked.json().data.billId as string;
    await expectExact(payer, 'linked');

    // Payments on the bill: scheduled (still open), part delivered, the rest delivered (completed).
    await inTx(async (tx) => {
      await scheduleOnBill(tx, billId, 5000);
      await setBillPaymentState(tx, billId, 'processing');
    });
    await expectExact(payer, 'scheduled on the bill');
    await inTx((tx) => settleOnBill(tx, billId, 5000));
    summary = await expectExact(payer, 'part paid');
    expect(summary.dueInNext7Days).toEqual({ amount: 180, total: 2 });
    await inTx(async (tx) => {
      await scheduleOnBill(tx, billId, 15000);
      await settleOnBill(tx, billId, 15000);
      await setBillPaymentState(tx, billId, null);
    });
    summary = await expectExact(payer, 'paid in full');
    expect(summary.dueInNext7Days).toEqual({ amount: 30, total: 1 });

    // A reversal makes the bill (and the request) owed again; mark as paid closes it.
    await inTx((tx) => reopenOnBill(tx, billId, 8000));
    summary = await expectExact(payer, 'reversed');
    expect(summary.dueInNext7Days).toEqual({ amount: 110, total: 2 });
    await inTx((tx) => markBillPaid(tx, billId, 8000));
    await expectExact(payer, 'marked as paid');
    await inTx((tx) => reopenOnBill(tx, billId, 2000));
    await expectExact(payer, 'reopened again');

    // The sender cancels one; a failed transaction changes nothing.
    await inTx((tx) =>
      cancelPaymentRequest(tx, {
        payeeBusinessId: sender.businessId,
        paymentRequestId: later.id,
        actor: SENDER,
        at: t.clock.now(),
      }),
    );
    summary = await expectExact(payer, 'cancelled');
    expect(summary.totalPaymentRequests).toBe(4);
    await expect(
      inTx(async (tx) => {
        await markBillPaid(tx, billId, 2000);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectExact(payer, 'rolled back');

    // The linked bill deleted (the request falls back to its own state and balance), one statement
    // over several requests, and the second sender deleted (its requests go with it).
    await t.context.database.sql.query('delete from bills where id = $1', [billId]);
    await expectExact(payer, 'bill deleted');
    await t.context.database.sql.query(
      'update payment_requests set due_date = due_date + 1 where payer_business_id = $1',
      [payer.businessId],
    );
    await expectExact(payer, 'moved in one statement');
    await t.context.database.sql.query('delete from businesses where id = $1', [other.businessId]);
    summary = await expectExact(payer, 'sender deleted');
    expect(summary.totalPaymentRequests).toBe(3);
    expect(overdue.id).not.toBe(soon2.id);

    // The fold job (every 10 minutes) folds every business's appended rows into every summary rollup.
    await send(sender.businessId, payer.businessId, '2026-11-03', 700);
    const registered = new Map<string, { handler: () => Promise<void>; cron?: string | undefined }>();
    const jobs = {
      ...t.context.jobs,
      register: (name: string, handler: () => Promise<void>, options?: { cron?: string }) => {
        registered.set(name, { handler, cron: options?.cron });
      },
    } as unknown as AppContext['jobs'];
    registerJobs({
      ...t.context,
      jobs,
      providers: {
        ...t.context.providers,
        rails: { ...t.context.providers.rails, onSettlement: () => {}, onSettlementBatch: () => {} },
      },
    });
    const fold = registered.get('rollups.fold');
    expect(fold?.cron).toBe('*/10 * * * *');
    await fold?.handler();
    for (const table of ['bill_due_deltas', 'payment_request_review_deltas', 'payment_status_deltas']) {
      const { rows } = await t.context.database.sql.query<{ n: string }>(
        `select count(*) as n from ${table}`,
      );
      expect(Number(rows[0]?.n), table).toBe(0);
    }
    const after = await rollupAndRecount(payer.businessId);
    expect(after.rollup).toEqual(after.recount);
  });
});
