import type { BillsDueSummary } from '@ferry/domain/schemas';
import { describe, expect, it } from 'vitest';
import { COMPACT_AFTER } from '../../platform/db/rollups.js';
import { newId } from '../../platform/ids.js';
import { makeContact } from '../../testing/contact-factories.js';
import { signIn } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import {
  markBillPaid,
  reopenOnBill,
  scheduleOnBill,
  setBillPaymentState,
  settleOnBill,
  unscheduleOnBill,
} from './engine.js';
import { compactOpenBills } from './rollups.js';
import { SEARCH_TOTAL_CAP } from './service.js';
import { type BillsSetup, billsUrl, makeBillsSetup } from './testing.js';

// bill_due_rollups (migration 0012) is kept by triggers on bills: after every kind of write it must equal
// a recount of the open bills, and the summary and the due-bills totals read from it must too.

const t = useTestApp();

const setup = () => makeBillsSetup(t.context);

type Setup = BillsSetup;

const url = billsUrl;

const body = (s: Setup, overrides: Record<string, unknown> = {}) => ({
  vendorId: s.vendor.id,
  refNo: `INV-${newId().slice(0, 8)}`,
  billDate: '2026-10-01',
  dueDate: '2026-11-05',
  paymentTerm: 'CUSTOM',
  lines: [{ chartAccountId: s.accountId, quantity: 1, unitPrice: 100 }],
  ...overrides,
});

const get = (s: Setup, rest: string) =>
  t.app.inject({ method: 'GET', url: url(s, rest), headers: s.headers });

async function createBill(s: Setup, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: url(s, '/bills'),
    headers: { ...s.headers, 'idempotency-key': newId() },
    payload: body(s, overrides),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; refNo: string; amount: number };
}

async function editBill(s: Setup, billId: string, overrides: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: url(s, `/bills/${billId}`),
    headers: s.headers,
    payload: body(s, overrides),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

interface Row {
  due_date: string;
  status: string;
  n: string;
  cents: string;
}

const sortRows = (rows: Row[]) =>
  rows
    .map((r) => ({ dueDate: String(r.due_date), status: r.status, n: Number(r.n), cents: Number(r.cents) }))
    .sort((a, b) => `${a.dueDate}${a.status}`.localeCompare(`${b.dueDate}${b.status}`));

/**
 * The rollup of the business with its appended changes (keys counting nothing left out), and a recount
 * of its open bills.
 */
async function rollupAndRecount(businessId: string) {
  const { sql } = t.context.database;
  const rollup = await sql.query<Row>(
    `select due_date::text as due_date, status, sum(n) as n, sum(cents) as cents
     from (select due_date, status, open_count as n, open_balance_cents as cents
           from bill_due_rollups where business_id = $1
           union all
           select due_date, status, open_count, open_balance_cents
           from bill_due_deltas where business_id = $1) as all_rows
     group by due_date, status
     having sum(n) <> 0 or sum(cents) <> 0`,
    [businessId],
  );
  const recount = await sql.query<Row>(
    `select due_date::text as due_date, status, count(*) as n, sum(balance_cents) as cents
     from bills where business_id = $1 and balance_cents > 0 and status <> 'cancelled'
     group by due_date, status`,
    [businessId],
  );
  return { rollup: sortRows(rollup.rows), recount: sortRows(recount.rows) };
}

/** The summary cards computed straight from the bills, for New York's `today`. */
async function recountSummary(businessId: string, today: string) {
  const { rows } = await t.context.database.sql.query<Record<string, string | null>>(
    `select count(*) as total, coalesce(sum(balance_cents), 0) as amount,
            count(*) filter (where due_date between $2::date and $2::date + 7) as due_total,
            coalesce(sum(balance_cents) filter (where due_date between $2::date and $2::date + 7), 0) as due_amount,
            count(*) filter (where due_date < $2::date) as overdue_total,
            coalesce(sum(balance_cents) filter (where due_date < $2::date), 0) as overdue_amount
     from bills where business_id = $1 and balance_cents > 0 and status <> 'cancelled'`,
    [businessId, today],
  );
  const row = rows[0] ?? {};
  const bucket = (amount: string | null | undefined, total: string | null | undefined) => ({
    amount: Number(amount ?? 0) / 100,
    total: Number(total ?? 0),
  });
  return {
    totalOutstanding: bucket(row.amount, row.total),
    dueInNext7Days: bucket(row.due_amount, row.due_total),
    overdue: bucket(row.overdue_amount, row.overdue_total),
    today,
  };
}

/**
 * The rollup equals a recount, before and after folding the appended changes in; and so do the summary
 * and the unfiltered list total.
 */
async function expectExact(s: Setup, label: string) {
  const before = await rollupAndRecount(s.businessId);
  expect(before.rollup, label).toEqual(before.recount);
  await compactOpenBills(t.context.database.db, s.businessId);
  const after = await rollupAndRecount(s.businessId);
  expect(after.rollup, `${label}, folded in`).toEqual(after.recount);
  const { rows } = await t.context.database.sql.query<{ n: string }>(
    'select count(*) as n from bill_due_deltas where business_id = $1',
    [s.businessId],
  );
  expect(Number(rows[0]?.n), `${label}: nothing left to fold in`).toBe(0);
  const summary = (await get(s, '/bills/summary/due')).json().data;
  expect(summary, label).toEqual(await recountSummary(s.businessId, summary.today));
  const list = (await get(s, '/due-bills')).json().data;
  expect(list.total, label).toBe(summary.totalOutstanding.total);
  return summary as BillsDueSummary;
}

const inTx = <T>(work: (tx: Parameters<Parameters<typeof t.context.database.db.transaction>[0]>[0]) => T) =>
  t.context.database.db.transaction(async (tx) => work(tx));

describe('bill_due_rollups', () => {
  it('stays equal to a recount through create, edit, payments, mark as paid, reversal, cancel and delete', async () => {
    const s = await setup();
    await expectExact(s, 'no bills');

    const a = await createBill(s, { dueDate: '2026-11-01' }); // overdue (today is 2026-11-02 in New York)
    const b = await createBill(s, {
      dueDate: '2026-11-05',
      lines: [{ chartAccountId: s.accountId, quantity: 2, unitPrice: 250 }],
    });
    const c = await createBill(s, { dueDate: '2026-12-20' });
    const d = await createBill(s, { dueDate: '2026-11-05' });
    let summary = await expectExact(s, 'created');
    expect(summary.totalOutstanding).toEqual({ amount: 800, total: 4 });

    // Edit: another due date and amount (the old day loses the bill, the new one gains it).
    await editBill(s, c.id, {
      refNo: c.refNo,
      dueDate: '2026-11-03',
      lines: [{ chartAccountId: s.accountId, quantity: 3, unitPrice: 100 }],
    });
    summary = await expectExact(s, 'edited');
    expect(summary.totalOutstanding).toEqual({ amount: 1000, total: 4 });

    // Partial payment: scheduled (status moves), then delivered for part of the balance.
    await inTx(async (tx) => {
      await scheduleOnBill(tx, b.id, 20000);
      await setBillPaymentState(tx, b.id, 'processing');
    });
    await expectExact(s, 'scheduled and processing');
    await inTx(async (tx) => {
      await settleOnBill(tx, b.id, 20000);
      await setBillPaymentState(tx, b.id, null);
    });
    summary = await expectExact(s, 'partly paid');
    expect(summary.totalOutstanding).toEqual({ amount: 800, total: 4 });

    // Full payment: the rest scheduled and delivered; the bill leaves the open bills.
    await inTx(async (tx) => {
      await scheduleOnBill(tx, b.id, 30000);
      await settleOnBill(tx, b.id, 30000);
    });
    summary = await expectExact(s, 'paid in full');
    expect(summary.totalOutstanding).toEqual({ amount: 500, total: 3 });

    // A payment that failed gives its schedule back; a reversed one makes the bill owed again.
    await inTx((tx) => scheduleOnBill(tx, d.id, 4000));
    await inTx((tx) => unscheduleOnBill(tx, d.id, 4000));
    await expectExact(s, 'unscheduled');
    await inTx((tx) => reopenOnBill(tx, b.id, 10000));
    summary = await expectExact(s, 'reversed');
    expect(summary.totalOutstanding).toEqual({ amount: 600, total: 4 });

    // Mark as paid, partly then fully.
    await inTx((tx) => markBillPaid(tx, a.id, 4000));
    await expectExact(s, 'marked partly paid');
    await inTx((tx) => markBillPaid(tx, a.id, 6000));
    summary = await expectExact(s, 'marked paid');
    expect(summary.overdue).toEqual({ amount: 0, total: 0 });

    // Cancel and delete (no route does either yet: the triggers catch any writer).
    await t.context.database.sql.query(`update bills set status = 'cancelled' where id = $1`, [d.id]);
    await expectExact(s, 'cancelled');
    await t.context.database.sql.query(`update bills set status = 'unpaid' where id = $1`, [d.id]);
    await expectExact(s, 'uncancelled');
    await t.context.database.sql.query(`delete from bills where id = $1`, [c.id]);
    summary = await expectExact(s, 'deleted');
    expect(summary.totalOutstanding).toEqual({ amount: 200, total: 2 });

    // One statement over several bills, and a memo-only change (nothing moves).
    await t.context.database.sql.query(
      `update bills set due_date = due_date + 30, memo = 'moved' where business_id = $1`,
      [s.businessId],
    );
    await expectExact(s, 'moved in one statement');
    await t.context.database.sql.query(`update bills set memo = 'memo only' where business_id = $1`, [
      s.businessId,
    ]);
    await expectExact(s, 'memo only');

    // A transaction that fails leaves the rollup as it was.
    await expect(
      inTx(async (tx) => {
        await markBillPaid(tx, d.id, 10000);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    summary = await expectExact(s, 'rolled back');
    expect(summary.totalOutstanding).toEqual({ amount: 200, total: 2 });
  });

  it("keeps businesses apart and follows New York's date for the summary windows", async () => {
    const s = await setup();
    const other = await setup();
    await createBill(other, { dueDate: '2026-11-01' });
    await createBill(s, {
      dueDate: '2026-11-02',
      lines: [{ chartAccountId: s.accountId, quantity: 1, unitPrice: 12.34 }],
    });
    await createBill(s, { dueDate: '2026-11-09' });
    await createBill(s, { dueDate: '2026-11-10' });
    let summary = await expectExact(s, 'today 2026-11-02');
    expect(summary).toMatchObject({
      totalOutstanding: { amount: 212.34, total: 3 },
      dueInNext7Days: { amount: 112.34, total: 2 },
      overdue: { amount: 0, total: 0 },
    });
    // 05:30 UTC on the 3rd is 00:30 in New York: the day has moved on.
    t.clock.set('2026-11-03T05:30:00.000Z');
    try {
      const fresh = { ...s, headers: await signIn(t.context, s.owner) };
      summary = await expectExact(fresh, 'today 2026-11-03');
      expect(summary).toMatchObject({
        totalOutstanding: { amount: 212.34, total: 3 },
        dueInNext7Days: { amount: 200, total: 2 },
        overdue: { amount: 12.34, total: 1 },
      });
    } finally {
      t.clock.set('2026-11-02T15:00:00.000Z');
    }
    await expectExact(other, 'the other business');
  });

  it('gives due-bills totals equal to a recount for every filter', async () => {
    const s = await setup();
    const zeta = await makeContact(t.context, { businessId: s.businessId, name: 'Zeta Parts' });
    const dues = [
      '2026-10-20',
      '2026-11-01',
      '2026-11-02',
      '2026-11-04',
      '2026-11-09',
      '2026-11-10',
      '2026-12-01',
    ];
    const made: { id: string }[] = [];
    for (const [i, dueDate] of dues.entries()) {
      made.push(await createBill(s, { dueDate, vendorId: i % 2 === 0 ? s.vendor.id : zeta.id }));
    }
    await inTx((tx) => scheduleOnBill(tx, made[1]?.id ?? '', 5000));
    await inTx((tx) => markBillPaid(tx, made[2]?.id ?? '', 3000));
    await inTx((tx) => markBillPaid(tx, made[6]?.id ?? '', 10000));
    const cases: [string, string][] = [
      ['', 'true'],
      ['billSummaryType=OVERDUE', `due_date < '2026-11-02'`],
      ['billSummaryType=DUE_IN_7_DAYS', `due_date between '2026-11-02' and '2026-11-09'`],
      ['dateRange=DUE_TODAY', `due_date = '2026-11-02'`],
      ['dateRange=NEXT_3_DAYS', `due_date between '2026-11-02' and '2026-11-05'`],
      ['dateRange=NEXT_7_DAYS', `due_date between '2026-11-02' and '2026-11-09'`],
      ['dateRange=OVERDUE', `due_date < '2026-11-02'`],
      [
        'billSummaryType=DUE_IN_7_DAYS&dateRange=NEXT_3_DAYS',
        `due_date between '2026-11-02' and '2026-11-05'`,
      ],
      ['billSummaryType=OVERDUE&dateRange=NEXT_7_DAYS', 'false'],
      ['status=scheduled', `status = 'scheduled'`],
      ['status=partial_paid,unpaid', `status in ('partial_paid', 'unpaid')`],
      ['status=PAID', 'false'],
      [
        'status=unpaid&dateRange=NEXT_7_DAYS',
        `status = 'unpaid' and due_date between '2026-11-02' and '2026-11-09'`,
      ],
      [`vendorId=${zeta.id}`, `vendor_id = '${zeta.id}'`],
      [`vendorId=${zeta.id}&billSummaryType=OVERDUE`, `vendor_id = '${zeta.id}' and due_date < '2026-11-02'`],
    ];
    for (const [query, condition] of cases) {
      const { rows } = await t.context.database.sql.query<{ n: string }>(
        `select count(*) as n from bills where business_id = $1 and balance_cents > 0 and status <> 'cancelled' and ${condition}`,
        [s.businessId],
      );
      const page = (await get(s, `/due-bills?pageSize=100&${query}`)).json().data;
      expect(page.total, query).toBe(Number(rows[0]?.n));
      expect(page.items.length, query).toBe(Number(rows[0]?.n));
    }
    // Past the last page: the total, no items.
    const past = (await get(s, '/due-bills?pageSize=5&pageNumber=3')).json().data;
    expect(past).toMatchObject({ items: [], total: 6, pageNumber: 3, pageSize: 5 });
  });
});

describe('appended changes', () => {
  it('are folded in by a read that meets more than COMPACT_AFTER of them, and reads stay exact', async () => {
    const s = await setup();
    const bills = [];
    for (let i = 0; i < 3; i += 1) bills.push(await createBill(s, { dueDate: `2026-11-0${i + 3}` }));
    await compactOpenBills(t.context.database.db, s.businessId);
    // Many small statements (each appends a row): cents marked paid one at a time.
    for (let i = 0; i < COMPACT_AFTER + 5; i += 1) {
      await t.context.database.sql.query(
        'update bills set balance_cents = balance_cents - 1, status = $2 where id = $1',
        [bills[i % 3]?.id, 'partial_paid'],
      );
    }
    const pending = async () =>
      Number(
        (
          await t.context.database.sql.query<{ n: string }>(
            'select count(*) as n from bill_due_deltas where business_id = $1',
            [s.businessId],
          )
        ).rows[0]?.n,
      );
    expect(await pending()).toBeGreaterThan(COMPACT_AFTER);
    const summary = (await get(s, '/bills/summary/due')).json().data;
    expect(summary.totalOutstanding).toEqual({ amount: (30_000 - (COMPACT_AFTER + 5)) / 100, total: 3 });
    expect(await pending()).toBe(0);
    await expectExact(s, 'after many writes');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'never make concurrent writers of the same due dates wait on each other (PostgreSQL)',
    async () => {
      const s = await setup();
      const dues = ['2026-11-10', '2026-11-20'];
      const made: { id: string }[] = [];
      for (let i = 0; i < 8; i += 1) made.push(await createBill(s, { dueDate: dues[i % 2] }));
      // Pairs of transactions, each paying two bills due on the two dates, in opposite orders, both
      // holding their first write while the other makes its own (a shared counter row per date would
      // deadlock here).
      const { db } = t.context.database;
      const pair = async (first: string, second: string, other: string, otherSecond: string) => {
        let arrived = 0;
        let release: () => void = () => undefined;
        const both = new Promise<void>((resolve) => {
          release = resolve;
        });
        const meet = async () => {
          arrived += 1;
          if (arrived === 2) release();
          await both;
        };
        await Promise.all([
          db.transaction(async (tx) => {
            await markBillPaid(tx, first, 1000);
            await meet();
            await markBillPaid(tx, second, 1000);
          }),
          db.transaction(async (tx) => {
            await markBillPaid(tx, other, 1000);
            await meet();
            await markBillPaid(tx, otherSecond, 1000);
          }),
        ]);
      };
      const id = (i: number) => made[i]?.id ?? '';
      await pair(id(0), id(1), id(3), id(2));
      await pair(id(4), id(5), id(7), id(6));
      const summary = await expectExact(s, 'concurrent payments');
      expect(summary.totalOutstanding).toEqual({ amount: 800 - 80, total: 8 });
    },
  );
});

describe('due-bills search and vendor sort', () => {
  it('finds bills by vendor name and bill number, case-insensitive and partial', async () => {
    const s = await setup();
    const zeta = await makeContact(t.context, { businessId: s.businessId, name: 'Zeta Marine Parts' });
    const harbor1 = await createBill(s, { refNo: 'HB-2026-001' });
    const harbor2 = await createBill(s, { refNo: 'hb-2026-002' });
    const zeta1 = await createBill(s, { refNo: 'ZP_100', vendorId: zeta.id });
    const zeta2 = await createBill(s, { refNo: 'Q-7781', vendorId: zeta.id });
    const foreign = await setup();
    await createBill(foreign, { refNo: 'HB-2026-003' });
    await createBill(foreign, {
      refNo: 'X-1',
      vendorId: (await makeContact(t.context, { businessId: foreign.businessId, name: 'Zeta Marine Parts' }))
        .id,
    });

    const search = async (term: string) => {
      const page = (
        await get(s, `/due-bills?sortBy=refNo&sortOrder=asc&searchTerm=${encodeURIComponent(term)}`)
      ).json().data;
      expect(page.total, term).toBe(page.items.length);
      return page.items.map((b: { id: string }) => b.id);
    };
    expect(await search('hb-2026')).toEqual([harbor1.id, harbor2.id]);
    expect(await search('2026-00')).toEqual([harbor1.id, harbor2.id]);
    expect(await search('778')).toEqual([zeta2.id]);
    expect(await search('MARINE')).toEqual([zeta2.id, zeta1.id]);
    expect(await search('arbor sup')).toEqual([harbor1.id, harbor2.id]);
    expect(await search('harbor supplies')).toEqual([harbor1.id, harbor2.id]);
    // LIKE's wildcards are plain characters in a search.
    expect(await search('p_1')).toEqual([zeta1.id]);
    expect(await search('b_2026')).toEqual([]);
    expect(await search('%')).toEqual([]);
    expect(await search('nothing like this')).toEqual([]);
    // Combined with a filter, and on the accounting list (same search).
    expect(await search('marine')).toHaveLength(2);
    await inTx((tx) => markBillPaid(tx, zeta2.id, 10000));
    expect(await search('marine')).toEqual([zeta1.id]);
    const accounting = (await get(s, '/accounting/bills?searchTerm=MARINE&sortBy=refNo&sortOrder=asc')).json()
      .data;
    expect(accounting.items.map((b: { id: string }) => b.id)).toEqual([zeta2.id, zeta1.id]);
  });

  it(`caps a search's total at ${SEARCH_TOTAL_CAP} and still pages in the list's order`, async () => {
    const s = await setup();
    // One INSERT of many bills (the statement trigger adds them to the rollup at once).
    await t.context.database.sql.query(
      `insert into bills (id, business_id, vendor_id, ref_no, bill_date, due_date, payment_term,
                          subtotal_cents, amount_cents, balance_cents, status)
       select substr(md5($1 || i), 1, 24), $1, $2, 'BULK-' || lpad(i::text, 4, '0'),
              date '2026-01-01' + (i % 300), date '2026-02-01' + (i % 300), 'CUSTOM', 1000 + i, 1000 + i,
              1000 + i, 'unpaid'
       from generate_series(1, $3::int) i`,
      [s.businessId, s.vendor.id, SEARCH_TOTAL_CAP + 50],
    );
    await expectExact(s, 'bulk insert');
    const ordered = async (condition: string, limit: number) =>
      (
        await t.context.database.sql.query<{ id: string }>(
          `select id from bills where business_id = $1 and balance_cents > 0 and status <> 'cancelled'
           and ${condition} order by bill_date desc, sequence desc limit ${limit}`,
          [s.businessId],
        )
      ).rows.map((r) => r.id);
    const page = async (query: string) => (await get(s, `/due-bills?${query}`)).json().data;
    const common = await page('searchTerm=bulk');
    expect(common.total).toBe(SEARCH_TOTAL_CAP);
    expect(common.items.map((b: { id: string }) => b.id)).toEqual(await ordered(`ref_no ilike '%bulk%'`, 10));
    const third = await page('searchTerm=BULK&pageNumber=3');
    expect(third.total).toBe(SEARCH_TOTAL_CAP);
    expect(third.items.map((b: { id: string }) => b.id)).toEqual(
      (await ordered(`ref_no ilike '%bulk%'`, 30)).slice(20),
    );
    // The vendor's name matches every bill too; over the cap, the vendor order and pages past the cap
    // are read in the list's order.
    expect((await page('searchTerm=harbor')).total).toBe(SEARCH_TOTAL_CAP);
    const byVendor = await page('searchTerm=harbor&sortBy=vendorName&pageNumber=2');
    expect(byVendor.total).toBe(SEARCH_TOTAL_CAP);
    expect(byVendor.items.map((b: { id: string }) => b.id)).toEqual((await ordered('true', 20)).slice(10));
    const past = await page(`searchTerm=bulk&pageNumber=${SEARCH_TOTAL_CAP / 10 + 1}`);
    expect(past.total).toBe(SEARCH_TOTAL_CAP);
    expect(past.items.map((b: { id: string }) => b.id)).toEqual(
      (await ordered(`ref_no ilike '%bulk%'`, SEARCH_TOTAL_CAP + 10)).slice(SEARCH_TOTAL_CAP),
    );
    const one = await page('searchTerm=bulk-0104');
    expect(one.total).toBe(1);
    expect(one.items[0].refNo).toBe('BULK-0104');
    // Past the matches of a rare term: the exact total, no items.
    expect(await page('searchTerm=BULK-010&pageNumber=2')).toMatchObject({ items: [], total: 10 });
  });

  it('has pg_trgm and the trigram index on the bill number', async () => {
    const { rows } = await t.context.database.sql.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = 'bills_ref_trgm_idx'`,
    );
    expect(rows[0]?.indexdef).toMatch(/USING gin \(ref_no gin_trgm_ops\)/);
  });

  it('sorts by vendor name, then bill date, across pages', async () => {
    const s = await setup();
    const alpha = await makeContact(t.context, { businessId: s.businessId, name: 'alpha tools' });
    const beta = await makeContact(t.context, { businessId: s.businessId, name: 'Beta Freight' });
    const beta2 = await makeContact(t.context, { businessId: s.businessId, name: 'BETA FREIGHT' });
    const make = (vendorId: string, billDate: string) =>
      createBill(s, { vendorId, billDate, dueDate: '2026-12-01' });
    const b1 = await make(beta.id, '2026-10-03');
    const a1 = await make(alpha.id, '2026-10-01');
    const b2 = await make(beta2.id, '2026-10-02');
    const h1 = await make(s.vendor.id, '2026-10-05');
    const a2 = await make(alpha.id, '2026-10-04');
    const b3 = await make(beta.id, '2026-10-01');
    const paid = await make(alpha.id, '2026-10-09');
    await inTx((tx) => markBillPaid(tx, paid.id, 10000));
    const ids = async (query: string) =>
      (await get(s, `/due-bills?sortBy=vendorName&${query}`))
        .json()
        .data.items.map((b: { id: string }) => b.id);
    const ascending = [a1.id, a2.id, b3.id, b2.id, b1.id, h1.id];
    expect(await ids('sortOrder=asc&pageSize=100')).toEqual(ascending);
    expect(await ids('sortOrder=desc&pageSize=100')).toEqual([...ascending].reverse());
    expect(await ids('sortOrder=asc&pageSize=4&pageNumber=2')).toEqual(ascending.slice(4));
    expect(await ids('sortOrder=asc&pageSize=2&pageNumber=2')).toEqual(ascending.slice(2, 4));
    expect(await ids(`sortOrder=asc&pageSize=100&billSummaryType=OVERDUE`)).toEqual([]);
    expect(await ids('sortOrder=asc&pageSize=100&searchTerm=freight')).toEqual([b3.id, b2.id, b1.id]);
  });
});
