import type { BillInvoiceStatus } from '@ferry/domain/catalogues';
import { and, type Column, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { billDueDeltas, billDueRollups } from './tables.js';

/**
 * The open bills of a business (balance > 0, not cancelled) by due date and status, without reading
 * bills: the folded-in counts (`bill_due_rollups`) plus the changes appended since
 * (`bill_due_deltas`, one row per statement and key, written by triggers on bills in the writer's own
 * transaction). Reads add both up in one statement, so they see one consistent state. Once a read
 * meets more than COMPACT_AFTER appended rows it folds them in (`compactOpenBills`): what a read adds
 * up stays a few thousand rows however many bills and writes there are.
 */

/** Appended rows a read tolerates before folding them into the rollup. */
export const COMPACT_AFTER = 500;

/** A due-date range, both ends inclusive (either may be open). */
export interface DueDateRange {
  from?: string | undefined;
  to?: string | undefined;
}

type RollupTable = typeof billDueRollups | typeof billDueDeltas;

/**
 * The range as conditions on a due-date column. One day is an equality: an index on due date then bill
 * date then gives the list's default order for it without sorting.
 */
export function dueDateConditions(column: Column, range: DueDateRange): (SQL | undefined)[] {
  if (range.from !== undefined && range.from === range.to) return [eq(column, range.from)];
  return [
    range.from === undefined ? undefined : gte(column, range.from),
    range.to === undefined ? undefined : lte(column, range.to),
  ];
}

/** The rollup rows and the appended rows of the business that `filter` keeps, as one subquery. */
function openBills(businessId: string, filter: (table: RollupTable) => (SQL | undefined)[]): SQL {
  const part = (table: RollupTable, pending: 0 | 1) =>
    sql`select ${table.dueDate} as due_date, ${table.status} as status, ${table.openCount} as open_count,
      ${table.openBalanceCents} as open_balance_cents, ${sql.raw(String(pending))} as pending
      from ${table} where ${and(eq(table.businessId, businessId), ...filter(table))}`;
  return sql`(${part(billDueRollups, 0)} union all ${part(billDueDeltas, 1)}) as open_bills`;
}

/**
 * Folds the business's appended rows into the rollup: one statement deletes them and adds them up into
 * the rollup rows (in key order). One compaction per business at a time (a transaction-level advisory
 * lock; a second one finds it taken and leaves). Writers only append, so they never wait for it.
 */
export async function compactOpenBills(db: DbOrTx, businessId: string): Promise<void> {
  const d = billDueDeltas;
  const r = billDueRollups;
  await db.transaction(async (tx) => {
    const [lock] = await tx
      .select({
        ok: sql<boolean>`pg_try_advisory_xact_lock(hashtext('bill_due_rollups'), hashtext(${businessId}))`,
      })
      .from(sql`(select 1) as one`);
    if (!lock?.ok) return;
    await tx.execute(sql`with moved as (
        delete from ${d} where ${d.businessId} = ${businessId}
        returning ${d.dueDate} as due_date, ${d.status} as status, ${d.openCount} as open_count,
          ${d.openBalanceCents} as open_balance_cents
      )
      insert into ${r} as r (business_id, due_date, status, open_count, open_balance_cents)
      select ${businessId}, due_date, status, sum(open_count), sum(open_balance_cents)
      from moved
      group by due_date, status
      order by due_date, status
      on conflict (business_id, due_date, status) do update
      set open_count = r.open_count + excluded.open_count,
        open_balance_cents = r.open_balance_cents + excluded.open_balance_cents`);
  });
}

const toNumber = (value: string | number | null | undefined) => Number(value ?? 0);

/** Folds the appended rows in when a read met too many of them (the read's answer is already exact). */
async function compactIfNeeded(db: DbOrTx, businessId: string, pending: number) {
  if (pending > COMPACT_AFTER) await compactOpenBills(db, businessId);
}

/** How many open bills the business has due in `range` with one of `statuses` (all when empty). */
export async function countOpenBills(
  db: DbOrTx,
  options: { businessId: string; range: DueDateRange; statuses: readonly BillInvoiceStatus[] },
): Promise<number> {
  const [row] = await db
    .select({
      total: sql<string | null>`sum(open_bills.open_count)`,
      pending: sql<string>`count(*) filter (where open_bills.pending = 1)`,
    })
    .from(
      openBills(options.businessId, (table) => [
        ...dueDateConditions(table.dueDate, options.range),
        options.statuses.length > 0 ? inArray(table.status, [...options.statuses]) : undefined,
      ]),
    );
  await compactIfNeeded(db, options.businessId, toNumber(row?.pending));
  return toNumber(row?.total);
}

export interface OpenBillBuckets {
  all: { count: number; cents: number };
  dueIn7: { count: number; cents: number };
  overdue: { count: number; cents: number };
}

/** All open bills, those due in `dueIn7` and those due before `overdueBefore`: counts and balances. */
export async function openBillBuckets(
  db: DbOrTx,
  options: { businessId: string; dueIn7: { from: string; to: string }; overdueBefore: string },
): Promise<OpenBillBuckets> {
  const inWindow = sql`open_bills.due_date between ${options.dueIn7.from} and ${options.dueIn7.to}`;
  const overdue = sql`open_bills.due_date < ${options.overdueBefore}`;
  const [row] = await db
    .select({
      count: sql<string | null>`sum(open_bills.open_count)`,
      cents: sql<string | null>`sum(open_bills.open_balance_cents)`,
      dueCount: sql<string | null>`sum(open_bills.open_count) filter (where ${inWindow})`,
      dueCents: sql<string | null>`sum(open_bills.open_balance_cents) filter (where ${inWindow})`,
      overdueCount: sql<string | null>`sum(open_bills.open_count) filter (where ${overdue})`,
      overdueCents: sql<string | null>`sum(open_bills.open_balance_cents) filter (where ${overdue})`,
      pending: sql<string>`count(*) filter (where open_bills.pending = 1)`,
    })
    .from(openBills(options.businessId, () => []));
  await compactIfNeeded(db, options.businessId, toNumber(row?.pending));
  return {
    all: { count: toNumber(row?.count), cents: toNumber(row?.cents) },
    dueIn7: { count: toNumber(row?.dueCount), cents: toNumber(row?.dueCents) },
    overdue: { count: toNumber(row?.overdueCount), cents: toNumber(row?.overdueCents) },
  };
}
