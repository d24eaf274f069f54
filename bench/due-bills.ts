// `npm run bench:due-bills -w @ferry/bench`: the due-bills list and the bills summary of ONE business at
// 1k, 100k and 1M bills — p50/p99 per query, then EXPLAIN (ANALYZE, BUFFERS) of every query at the
// largest size, flagging any sequential scan of `bills`. Runs on the embedded database (PGlite, in
// memory) and, when DATABASE_URL is set, on PostgreSQL (in a fresh database, dropped at the end).
// Figures only: nothing here is asserted. The goal printed is "1M within 2× of 1k" (issue 7).
//
// Environment: BENCH_BILLS_SIZES (default 1000,100000,1000000), BENCH_RUNS (runs per query and size,
// default 50), BENCH_PGLITE_MAX (largest size tried on PGlite, default 100000:
// 1M bills take minutes to load in the WebAssembly build), BENCH_PGLITE=false to
// skip PGlite.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { type DueBillsQuery, dueBillsQuerySchema } from '@ferry/domain/schemas';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.js';
import { businessToday, dueSummary, listDueBills } from '../apps/server/src/modules/bills/service.js';
import { systemClock } from '../apps/server/src/platform/clock.js';
import { type Database, type Db, openPostgres, wrapPglite } from '../apps/server/src/platform/db/client.js';
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
  const client = await PGlite.create();
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
  loaded: number;
}

/** One business with VENDORS vendors; one of them has a distinctive name for the search. */
async function prepare(database: Database): Promise<Fixture> {
  await applyMigrations(database);
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
  return { businessId, vendorId, loaded: 0 };
}

/**
 * Bills `from`..`to` of the business in one INSERT … SELECT over generate_series. Per bill i (independent
 * hashes of i, so the same data on every run): vendor 1 of 500; bill date within the last 730 days;
 * terms 0/7/15/30/45/90 days; amount $100–$10,000; status 60% paid, 5% cancelled, 5% partly paid,
 * 5% scheduled, 25% unpaid — so 35% are open (balance > 0 and not cancelled).
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
  fixture.loaded = to;
  // What autovacuum does after a bulk load: statistics and the visibility map (index-only scans).
  await database.sql.exec('vacuum analyze bills');
  await database.sql.exec('vacuum analyze contacts');
}

interface Scenario {
  name: string;
  run(context: Pick<Parameters<typeof dueSummary>[0], 'database' | 'clock'>): Promise<unknown>;
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
    list('list, vendor filter', { vendorId: fixture.vendorId }),
    list('list, search vendor name', { searchTerm: 'harborview' }),
    list('list, search bill number', { searchTerm: 'INV-00004' }),
    {
      name: 'summary/due',
      run: (context) => dueSummary(context, fixture.businessId),
    },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function time(scenario: Scenario, database: Database) {
  const context = { database, clock: systemClock };
  for (let i = 0; i < Math.min(3, runs); i += 1) await scenario.run(context);
  const latencies: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await scenario.run(context);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1)).padStart(8);
const count = (n: number) => n.toLocaleString('en-US');

async function explain(target: Target, scenario: Scenario) {
  target.captured.length = 0;
  await scenario.run({ database: { ...target.database, db: target.traced }, clock: systemClock });
  const queries = [...target.captured];
  const labels = queries.length === 2 ? ['rows', 'count'] : queries.map((_, i) => `query ${i + 1}`);
  let seqScans = 0;
  for (const [i, query] of queries.entries()) {
    const { rows } = await target.database.sql.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.params,
    );
    const plan = rows.map((r) => r['QUERY PLAN']);
    const seq = plan.some((line) => /Seq Scan on bills\b/.test(line));
    if (seq) seqScans += 1;
    console.log(`\n  [${scenario.name} — ${labels[i]}]${seq ? '  !! SEQ SCAN ON bills' : ''}`);
    console.log(`    params: ${JSON.stringify(query.params)}`);
    for (const line of plan) console.log(`    ${line}`);
  }
  return seqScans;
}

async function measure(target: Target, maxSize: number) {
  const { database } = target;
  const today = businessToday({ clock: systemClock });
  console.log(`\n${target.title}`);
  const fixture = await prepare(database);
  const list = scenarios(fixture);
  const measured = sizes.filter((n) => n <= maxSize);
  const skipped = sizes.filter((n) => n > maxSize);
  const figures = new Map<string, Map<number, { p50: number; p99: number }>>();
  console.log(`  ${'query'.padEnd(38)} ${'bills'.padStart(10)} ${'open'.padStart(9)} p50 ms   p99 ms`);
  for (const size of measured) {
    const started = performance.now();
    await load(database, fixture, size, today);
    const open = Number(
      (
        await database.sql.query<{ n: string }>(
          `select count(*) as n from bills where business_id = $1 and balance_cents > 0 and status <> 'cancelled'`,
          [fixture.businessId],
        )
      ).rows[0]?.n,
    );
    console.log(
      `  -- ${count(size)} bills (${count(open)} open), loaded and vacuumed in ${Math.round(performance.now() - started)} ms`,
    );
    for (const scenario of list) {
      const result = await time(scenario, database);
      const bySize = figures.get(scenario.name) ?? new Map();
      bySize.set(size, result);
      figures.set(scenario.name, bySize);
      console.log(
        `  ${scenario.name.padEnd(38)} ${count(size).padStart(10)} ${count(open).padStart(9)} ${ms(result.p50)} ${ms(result.p99)}`,
      );
    }
  }
  if (skipped.length > 0) {
    console.log(
      `  (not measured here: ${skipped.map(count).join(', ')} bills — over BENCH_PGLITE_MAX=${count(maxSize)})`,
    );
  }
  const smallest = measured[0];
  const largest = measured[measured.length - 1];
  if (smallest !== undefined && largest !== undefined && largest > smallest) {
    console.log(
      `\n  goal: ${count(largest)} bills within 2× of ${count(smallest)} (p50; printed, not asserted)`,
    );
    for (const [name, bySize] of figures) {
      const small = bySize.get(smallest);
      const big = bySize.get(largest);
      if (!small || !big) continue;
      const ratio = big.p50 / Math.max(small.p50, 0.001);
      console.log(
        `  ${name.padEnd(38)} ${ms(small.p50)} → ${ms(big.p50)} ms  ${ratio.toFixed(1).padStart(6)}×  ${ratio <= 2 ? 'met' : 'MISSED'}`,
      );
    }
  }
  if (largest !== undefined) {
    console.log(`\n  plans at ${count(largest)} bills (EXPLAIN (ANALYZE, BUFFERS)):`);
    let seqScans = 0;
    for (const scenario of list) seqScans += await explain(target, scenario);
    console.log(
      `\n  ${seqScans === 0 ? 'no sequential scan of bills in any plan' : `!! ${seqScans} plan(s) scan bills sequentially`}`,
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
  `due-bills list and summary of one business; ${runs} runs per query and size (after 3 warm-up runs);` +
    ` ${os.cpus().length} cores, Node ${process.version}; page size 10; ${VENDORS} vendors;` +
    ' bills: 35% open (25% unpaid, 5% partly paid, 5% scheduled), 60% paid, 5% cancelled, bill dates over' +
    ' the last 2 years, terms 0–90 days.' +
    ' bills/summary/review and bills/summary/payments: not measured (no service functions for them yet).',
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
    await admin(databaseUrl, `drop database if exists ${name} with (force)`);
  }
} else {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL to measure it)');
}
