// `npm run bench:due-bills -w @ferry/bench`: the due-bills list and the three summaries
// (bills/summary/due, /review, /payments) of one business with 1k, 100k and 1M bills — one business per
// size, all in the same database, timed round-robin so a busy machine slows every size alike: p50/p99
// per query end to end, the database's own time (EXPLAIN ANALYZE) per query and size, then EXPLAIN
// (ANALYZE, BUFFERS) of every query at the largest size, flagging any sequential scan of bills, payments
// or payment requests. Runs on the embedded database (PGlite, in memory) and, when
// DATABASE_URL is set, on PostgreSQL (in a fresh database, dropped at the end). Figures only: nothing
// here is asserted. The goal printed is "1M within 2× of 1k" (issue 7).
//
// Environment: BENCH_BILLS_SIZES (default 1000,100000,1000000), BENCH_RUNS (runs per query and size,
// default 50), BENCH_PGLITE_MAX (largest size tried on PGlite, default 100000:
// 1M bills take minutes to load in the WebAssembly build), BENCH_PGLITE=false to
// skip PGlite, BENCH_KEEP_DATABASE=true to keep the PostgreSQL database for a look at the plans.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type DueBillsQuery, dueBillsQuerySchema } from '@ferry/domain/schemas';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import { compactOpenBills } from '../apps/server/src/modules/bills/rollups.js';
import { businessToday, dueSummary, listDueBills } from '../apps/server/src/modules/bills/service.js';
import { reviewSummary } from '../apps/server/src/modules/payment-requests/service.js';
import { type PaymentsContext, paymentsSummary } from '../apps/server/src/modules/payments/service.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import {
  createPglite,
  type Database,
  type Db,
  openPostgres,
  wrapPglite,
} from '../apps/server/src/platform/db/client.js';
import { applyMigrations } from '../apps/server/src/platform/db/migrate.js';
import * as schema from '../apps/server/src/platform/db/schema.js';
import { makeBusiness } from '../apps/server/src/testing/factories.js';

const sizes = (process.env.BENCH_BILLS_SIZES ?? '1000,100000,1000000')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 50));
const pgliteMax = Number(process.env.BENCH_PGLITE_MAX ?? 100_000);
const VENDORS = 500;
const SEARCH_VENDOR = 'Harborview Marine Supply';
const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });

/** A database plus a second drizzle instance on the same connection that records the SQL it runs. */
interface Target {
  title: string;
  database: Database;
  traced: Db;
  captured: { sql: string; params: unknown[] }[];
  close(): Promise<void>;
}

const recorder = (captured: Target['captured']): Logger => ({
  logQuery: (sql, params) => {
    captured.push({ sql, params });
  },
});

async function pgliteTarget(): Promise<Target> {
  const client = await createPglite();
  const captured: Target['captured'] = [];
  const database = wrapPglite(client);
  const traced = drizzlePglite(client, { schema, logger: recorder(captured) }) as unknown as Db;
  return { title: 'PGlite (embedded, in memory)', database, traced, captured, close: database.close };
}

async function postgresTarget(url: string, name: string): Promise<Target> {
  const database = await openPostgres(url, 4);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: Target['captured'] = [];
  const traced = drizzleNodePg(pool, { schema, logger: recorder(captured) }) as unknown as Db;
  return {
    title: `PostgreSQL (${new URL(url).host}, database ${name})`,
    database,
    traced,
    captured,
    close: async () => {
      await pool.end();
      await database.close();
    },
  };
}

interface Fixture {
  businessId: string;
  vendorId: string;
  /** Businesses that send this one payment requests (the For Review tab). */
  senderIds: string[];
  loaded: number;
}

/** One business with VENDORS vendors (one of them with a distinctive name for the search). */
async function prepare(database: Database, senderIds: string[]): Promise<Fixture> {
  const { businessId } = await makeBusiness({ database, clock: systemClock, config });
  await database.sql.query(
    `insert into contacts (id, business_id, type, name, email)
     select substr(md5($1 || ':vendor:' || j), 1, 24), $1, 'VENDOR',
            case when j = 42 then $2
                 else 'Supplier ' || lpad(j::text, 3, '0') || ' ' ||
                      (array['Logistics', 'Foods', 'Paper Co', 'Steel Works', 'Printing', 'Electric'])[1 + j % 6]
            end,
            'ap' || j || '@vendor' || j || '.example.com'
     from generate_series(1, $3::int) j`,
    [businessId, SEARCH_VENDOR, VENDORS],
  );
  const vendorId = (
    await database.sql.query<{ id: string }>(`select id from contacts where business_id = $1 and name = $2`, [
      businessId,
      SEARCH_VENDOR,
    ])
  ).rows[0]?.id as string;
  return { businessId, vendorId, senderIds, loaded: 0 };
}

/**
 * Bills `from`..`to` of the business in one INSERT … SELECT over generate_series. Per bill i (independent
 * hashes of i, so the same data on every run): vendor 1 of 500; bill date within the last 730 days;
 * terms 0/7/15/30/45/90 days; amount $100–$10,000; status 60% paid, 5% cancelled, 5% partly paid,
 * 5% scheduled, 25% unpaid — so 35% are open (balance > 0 and not cancelled). With them: a payment per
 * paid, partly paid and scheduled bill (delivered, delivered for half, scheduled; ~70% of the bills) plus
 * a failed one on 1% of the unpaid bills; and a payment request received for every 10th bill (from 5
 * sender businesses: 40% completed, 30% created, 10% linked to that bill, 10% void, 10% processing).
 */
async function load(database: Database, fixture: Fixture, to: number, today: string) {
  const from = fixture.loaded + 1;
  if (to < from) return;
  await database.sql.query(
    `with v as (
       select array_agg(id order by id) as ids from contacts where business_id = $1 and type = 'VENDOR'
     ), g as (
       select i,
              (hashint4extended(i, 1) & 2147483647) % 100 as r,
              (hashint4extended(i, 2) & 2147483647) as vendor_hash,
              (array[0, 7, 15, 30, 45, 90])[1 + (hashint4extended(i, 3) & 2147483647) % 6] as term_days,
              $4::date - ((hashint4extended(i, 4) & 2147483647) % 730)::int as bill_date,
              10000 + (hashint4extended(i, 5) & 2147483647) % 990000 as amount
       from generate_series($2::int, $3::int) i
     )
     insert into bills (id, business_id, vendor_id, ref_no, bill_date, due_date, payment_term,
                        subtotal_cents, amount_cents, balance_cents, scheduled_cents, status, payment_state)
     select substr(md5($1 || ':bill:' || g.i), 1, 24), $1,
            v.ids[1 + g.vendor_hash % array_length(v.ids, 1)],
            'INV-' || lpad(g.i::text, 7, '0'),
            g.bill_date, g.bill_date + g.term_days,
            case g.term_days when 0 then 'DUE_ON_RECEIPT' else 'NET_' || g.term_days end,
            g.amount, g.amount,
            case when g.r < 60 then 0 when g.r < 70 and g.r >= 65 then g.amount / 2 else g.amount end,
            case when g.r >= 70 and g.r < 75 then g.amount else 0 end,
            case when g.r < 60 then 'paid' when g.r < 65 then 'cancelled' when g.r < 70 then 'partial_paid'
                 when g.r < 75 then 'scheduled' else 'unpaid' end,
            case when g.r >= 70 and g.r < 75 then 'scheduled' end
     from g, v`,
    [fixture.businessId, from, to, today],
  );
  await database.sql.query(
    `with g as (
       select i, (hashint4extended(i, 1) & 2147483647) % 100 as r,
              substr(md5($1 || ':bill:' || i), 1, 24) as bill_id
       from generate_series($2::int, $3::int) i
     )
     insert into payments (id, business_id, vendor_id, bill_id, status, amount_cents, process_date, paid_date,
                           delivered_at, created_at, updated_at)
     select substr(md5($1 || ':payment:' || g.i), 1, 24), $1, b.vendor_id, b.id,
            case when g.r < 70 then 'DELIVERED' when g.r < 75 then 'SCHEDULED' else 'FAILED' end,
            case when g.r >= 65 and g.r < 70 then b.amount_cents - b.balance_cents else b.amount_cents end,
            b.due_date, case when g.r < 70 then b.due_date end,
            case when g.r < 70 then b.due_date::timestamptz end,
            b.bill_date::timestamptz, b.bill_date::timestamptz
     from g join bills b on b.id = g.bill_id
     where g.r < 60 or (g.r >= 65 and g.r < 75) or (g.r >= 75 and (hashint4extended(g.i, 6) & 2147483647) % 100 < 4)`,
    [fixture.businessId, from, to],
  );
  await database.sql.query(
    `with g as (
       select i, (hashint4extended(i, 7) & 2147483647) % 100 as r,
              substr(md5($1 || ':bill:' || i), 1, 24) as bill_id
       from generate_series($2::int, $3::int) i
       where i % 10 = 0
     )
     insert into payment_requests (id, payee_business_id, payer_business_id, ref_no, invoice_date, due_date,
                                   subtotal_cents, amount_cents, balance_cents, lines, state, bill_id)
     select substr(md5($1 || ':request:' || g.i), 1, 24), ($4::text[])[1 + g.i % array_length($4::text[], 1)], $1,
            'PR-' || lpad(g.i::text, 7, '0'), b.bill_date, b.due_date,
            b.amount_cents, b.amount_cents, case when g.r < 40 then 0 else b.amount_cents end, '[]'::jsonb,
            case when g.r < 40 then 'COMPLETED' when g.r < 70 then 'CREATED' when g.r < 80 then 'LINK_BILL'
                 when g.r < 90 then 'VOID' else 'PROCESSING' end,
            case when g.r >= 70 and g.r < 80 then b.id end
     from g join bills b on b.id = g.bill_id`,
    [fixture.businessId, from, to, fixture.senderIds],
  );
  fixture.loaded = to;
}

interface Scenario {
  name: string;
  run(context: Pick<PaymentsContext, 'database' | 'clock'>): Promise<unknown>;
}

function scenarios(fixture: Fixture): Scenario[] {
  const list = (name: string, raw: Record<string, string>): Scenario => {
    const query: DueBillsQuery = dueBillsQuerySchema.parse(raw);
    return { name, run: (context) => listDueBills(context, { businessId: fixture.businessId, query }) };
  };
  return [
    list('list, default sort (bill date desc)', {}),
    list('list, due window NEXT_7_DAYS', { dateRange: 'NEXT_7_DAYS' }),
    list('list, summary filter OVERDUE', { billSummaryType: 'OVERDUE' }),
    list('list, summary filter DUE_IN_7_DAYS', { billSummaryType: 'DUE_IN_7_DAYS' }),
    list('list, due window DUE_TODAY', { dateRange: 'DUE_TODAY' }),
    list('list, OVERDUE + NEXT_7_DAYS (empty)', { billSummaryType: 'OVERDUE', dateRange: 'NEXT_7_DAYS' }),
    list('list, status scheduled', { status: 'scheduled' }),
    list('list, status failed (none)', { status: 'failed' }),
    list('list, vendor filter', { vendorId: fixture.vendorId }),
    list('list, search vendor name', { searchTerm: 'harborview' }),
    list('list, search bill number', { searchTerm: 'INV-00004' }),
    list('list, search common ("supplier")', { searchTerm: 'supplier' }),
    list('list, sort due date asc', { sortBy: 'dueDate', sortOrder: 'asc' }),
    list('list, sort amount desc', { sortBy: 'amount' }),
    list('list, sort balance asc', { sortBy: 'balance', sortOrder: 'asc' }),
    list('list, sort bill number asc', { sortBy: 'refNo', sortOrder: 'asc' }),
    list('list, sort vendor name asc', { sortBy: 'vendorName', sortOrder: 'asc' }),
    list('list, OVERDUE sorted by amount', { billSummaryType: 'OVERDUE', sortBy: 'amount' }),
    list('list, page 30 (offset 290)', { pageNumber: '30' }),
    { name: 'summary/due', run: (context) => dueSummary(context, fixture.businessId) },
    { name: 'summary/review', run: (context) => reviewSummary(context, fixture.businessId) },
    {
      name: 'summary/payments',
      // The summary reads the database only (the engine's config and jobs are not used).
      run: (context) => paymentsSummary(context as PaymentsContext, fixture.businessId),
    },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Every scenario at every size, round-robin (run 1 of each at each size, then run 2, …), so a machine
 * busy with something else slows all sizes alike; 3 warm-up rounds first.
 */
async function timeAll(database: Database, bySize: { size: number; list: Scenario[] }[]) {
  const context = { database, clock: systemClock };
  const latencies = new Map<string, number[]>();
  const key = (name: string, size: number) => `${name}@${size}`;
  const names = bySize[0]?.list.map((s) => s.name) ?? [];
  for (let round = -Math.min(3, runs); round < runs; round += 1) {
    for (const [index, name] of names.entries()) {
      for (const { size, list } of bySize) {
        const scenario = list[index] as Scenario;
        const started = performance.now();
        await scenario.run(context);
        if (round < 0) continue;
        const all = latencies.get(key(name, size)) ?? [];
        all.push(performance.now() - started);
        latencies.set(key(name, size), all);
      }
    }
  }
  const result = new Map<string, { p50: number; p99: number }>();
  for (const [k, values] of latencies) {
    values.sort((a, b) => a - b);
    result.set(k, { p50: percentile(values, 50), p99: percentile(values, 99) });
  }
  return (name: string, size: number) => result.get(key(name, size)) ?? { p50: 0, p99: 0 };
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1)).padStart(8);
const count = (n: number) => n.toLocaleString('en-US');

/** The database's own time for a scenario (sum of EXPLAIN ANALYZE execution times, best of 3). */
async function serverTime(target: Target, scenario: Scenario): Promise<number> {
  target.captured.length = 0;
  await scenario.run({ database: { ...target.database, db: target.traced }, clock: systemClock });
  const queries = [...target.captured];
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let total = 0;
    for (const query of queries) {
      const { rows } = await target.database.sql.query<{ 'QUERY PLAN': string }>(
        `explain (analyze) ${query.sql}`,
        query.params,
      );
      for (const row of rows) {
        const match = /^Execution Time: ([0-9.]+) ms/.exec(row['QUERY PLAN']);
        if (match) total += Number(match[1]);
      }
    }
    best = Math.min(best, total);
  }
  return best;
}

async function explain(target: Target, scenario: Scenario) {
  target.captured.length = 0;
  await scenario.run({ database: { ...target.database, db: target.traced }, clock: systemClock });
  const queries = [...target.captured];
  const labelOf = (text: string) =>
    /bill_due_rollups/.test(text)
      ? 'rollup'
      : /^select "id" from "contacts"/i.test(text)
        ? 'vendors matching the term'
        : /^select count\(\*\)/i.test(text)
          ? 'count'
          : /limit/i.test(text)
            ? 'rows'
            : 'query';
  let seqScans = 0;
  for (const query of queries) {
    const { rows } = await target.database.sql.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.params,
    );
    const plan = rows.map((r) => r['QUERY PLAN']);
    const seq = plan
      .map((line) => /Seq Scan on (bills|payments|payment_requests)\b/.exec(line)?.[1])
      .find(Boolean);
    if (seq) seqScans += 1;
    console.log(`\n  [${scenario.name} — ${labelOf(query.sql)}]${seq ? `  !! SEQ SCAN ON ${seq}` : ''}`);
    console.log(`    params: ${JSON.stringify(query.params)}`);
    for (const line of plan) console.log(`    ${line}`);
  }
  return seqScans;
}

async function measure(target: Target, maxSize: number) {
  const { database } = target;
  const today = businessToday({ clock: systemClock });
  console.log(`\n${target.title}`);
  await applyMigrations(database);
  const senderIds: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    senderIds.push((await makeBusiness({ database, clock: systemClock, config })).businessId);
  }
  const measured = sizes.filter((n) => n <= maxSize);
  const skipped = sizes.filter((n) => n > maxSize);
  // One business per size, all in the same database (as in production: many businesses of all sizes).
  const fixtures: { size: number; fixture: Fixture; list: Scenario[] }[] = [];
  for (const size of measured) {
    const started = performance.now();
    const fixture = await prepare(database, senderIds);
    await load(database, fixture, size, today);
    // The load's changes (appended by the triggers) folded into the rollup, as the first read would.
    await compactOpenBills(database.db, fixture.businessId);
    fixtures.push({ size, fixture, list: scenarios(fixture) });
    console.log(
      `  -- business with ${count(size)} bills loaded in ${Math.round(performance.now() - started)} ms`,
    );
  }
  // What autovacuum does after a bulk load: statistics and the visibility map (index-only scans).
  for (const table of [
    'bills',
    'bill_due_rollups',
    'bill_due_deltas',
    'contacts',
    'payments',
    'payment_requests',
  ]) {
    await database.sql.exec(`vacuum analyze ${table}`);
  }
  for (const { size, fixture } of fixtures) {
    const [row] = (
      await database.sql.query<{
        open: string;
        payments: string;
        requests: string;
        rollups: string;
        drift: string;
      }>(
        `select (select count(*) from bills
                 where business_id = $1 and balance_cents > 0 and status <> 'cancelled') as open,
                (select count(*) from payments where business_id = $1) as payments,
                (select count(*) from payment_requests where payer_business_id = $1) as requests,
                (select count(*) from bill_due_rollups where business_id = $1) as rollups,
                (select count(*) from (
                   (select due_date, status, count(*) as n, sum(balance_cents) as cents from bills
                    where business_id = $1 and balance_cents > 0 and status <> 'cancelled' group by 1, 2
                    except
                    select due_date, status, sum(n), sum(cents) from (
                      select due_date, status, open_count as n, open_balance_cents as cents
                      from bill_due_rollups where business_id = $1
                      union all
                      select due_date, status, open_count, open_balance_cents
                      from bill_due_deltas where business_id = $1
                    ) a group by 1, 2 having sum(n) <> 0)
                 ) d)
                + (select count(*) from (
                   (select status, count(*) as n, sum(amount_cents) as cents from payments
                    where business_id = $1 group by 1
                    except
                    select status, sum(n), sum(cents) from (
                      select status, payment_count as n, amount_cents as cents
                      from payment_status_rollups where business_id = $1
                      union all
                      select status, payment_count, amount_cents from payment_status_deltas where business_id = $1
                    ) a group by 1 having sum(n) <> 0)
                 ) p)
                + (select count(*) from (
                   (select pr.due_date, count(*) as n,
                           count(*) filter (where coalesce(b.balance_cents, pr.balance_cents) > 0 and (case
                             when pr.state = 'LINK_BILL' and b.id is not null then 'LINK_BILL'
                             else pr.state end) in ('CREATED', 'PROCESSING', 'FAILED', 'LINK_BILL')) as o
                    from payment_requests pr left join bills b on b.id = pr.bill_id
                    where pr.payer_business_id = $1 group by 1
                    except
                    select due_date, sum(n), sum(o) from (
                      select due_date, request_count as n, open_count as o
                      from payment_request_review_rollups where business_id = $1
                      union all
                      select due_date, request_count, open_count
                      from payment_request_review_deltas where business_id = $1
                    ) a group by 1 having sum(n) <> 0)
                 ) r) as drift`,
        [fixture.businessId],
      )
    ).rows;
    console.log(
      `  -- ${count(size)} bills: ${count(Number(row?.open))} open, ${count(Number(row?.payments))} payments,` +
        ` ${count(Number(row?.requests))} payment requests received; ${count(Number(row?.rollups))} bill rollup rows;` +
        ` the three rollups ${Number(row?.drift) === 0 ? 'equal to a recount' : `!! ${row?.drift} rows differ from a recount`}`,
    );
  }
  if (skipped.length > 0) {
    console.log(
      `  (not measured here: ${skipped.map(count).join(', ')} bills — over BENCH_PGLITE_MAX=${count(maxSize)})`,
    );
  }
  const figures = await timeAll(
    database,
    fixtures.map(({ size, list }) => ({ size, list })),
  );
  const server = new Map<string, number>();
  for (const { size, list } of fixtures) {
    for (const scenario of list) server.set(`${scenario.name}@${size}`, await serverTime(target, scenario));
  }
  const smallest = measured[0];
  const largest = measured[measured.length - 1];
  const header = measured.map((n) => `${count(n)} p50 / p99`.padStart(20)).join('');
  console.log(`\n  end to end (service function), ms; ${runs} runs per query and size, interleaved`);
  console.log(`  ${'query'.padEnd(40)}${header}   ratio p50 ${count(largest ?? 0)}/${count(smallest ?? 0)}`);
  for (const scenario of fixtures[0]?.list ?? []) {
    const cells = measured
      .map((n) => {
        const f = figures(scenario.name, n);
        return `${ms(f.p50)} /${ms(f.p99)}`.padStart(20);
      })
      .join('');
    const small = figures(scenario.name, smallest ?? 0).p50;
    const big = figures(scenario.name, largest ?? 0).p50;
    const ratio = big / Math.max(small, 0.001);
    console.log(
      `  ${scenario.name.padEnd(40)}${cells}   ${ratio.toFixed(1).padStart(6)}× ${ratio <= 2 ? 'met' : 'MISSED'}`,
    );
  }
  console.log('\n  in the database (sum of EXPLAIN ANALYZE execution times of its queries, best of 3), ms');
  console.log(`  ${'query'.padEnd(40)}${measured.map((n) => count(n).padStart(12)).join('')}`);
  for (const scenario of fixtures[0]?.list ?? []) {
    const cells = measured.map((n) => ms(server.get(`${scenario.name}@${n}`) ?? 0).padStart(12)).join('');
    console.log(`  ${scenario.name.padEnd(40)}${cells}`);
  }
  const biggest = fixtures[fixtures.length - 1];
  if (biggest) {
    console.log(`\n  plans at ${count(biggest.size)} bills (EXPLAIN (ANALYZE, BUFFERS)):`);
    let seqScans = 0;
    for (const scenario of biggest.list) seqScans += await explain(target, scenario);
    console.log(
      `\n  ${seqScans === 0 ? 'no sequential scan of bills, payments or payment requests in any plan' : `!! ${seqScans} plan(s) scan bills, payments or payment requests sequentially`}`,
    );
  }
}

function withDatabase(connectionString: string, name: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(connectionString: string, text: string) {
  const database = await openPostgres(connectionString, 1);
  try {
    await database.sql.exec(text);
  } finally {
    await database.close();
  }
}

console.log(
  `due-bills list and summaries; one business per size, in one database; ${runs} runs per query and size` +
    ' (after 3 warm-up rounds, sizes interleaved);' +
    ` ${os.cpus().length} cores, Node ${process.version}; page size 10; ${VENDORS} vendors;` +
    ' bills: 35% open (25% unpaid, 5% partly paid, 5% scheduled), 60% paid, 5% cancelled, bill dates over' +
    ' the last 2 years, terms 0–90 days; ~0.7 payments and 0.1 payment requests received per bill.',
);

if (process.env.BENCH_PGLITE !== 'false') {
  const target = await pgliteTarget();
  try {
    await measure(target, pgliteMax);
  } finally {
    await target.close();
  }
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const name = `ferry_bench_bills_${randomBytes(4).toString('hex')}`;
  await admin(databaseUrl, `create database ${name}`);
  try {
    const target = await postgresTarget(withDatabase(databaseUrl, name), name);
    try {
      await measure(target, Number.POSITIVE_INFINITY);
    } finally {
      await target.close();
    }
  } finally {
    if (process.env.BENCH_KEEP_DATABASE === 'true') console.log(`\n(kept database ${name})`);
    else await admin(databaseUrl, `drop database if exists ${name} with (force)`);
  }
} else {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL to measure it)');
}
