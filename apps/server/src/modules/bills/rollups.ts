import type { BillInvoiceStatus } from '@ferry/domain/catalogues';
import { type Column, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  compactIfNeeded,
  compactRollup,
  pendingRows,
  type RollupSpec,
  rollupColumn,
  rollupSource,
} from '../../platform/db/rollups.js';
import { billDueDeltas, billDueRollups } from './tables.js';

/**
 * The open bills of a business (balance > 0, not cancelled) by due date and status, without reading
 * bills: `bill_due_rollups` plus the changes appended since in `bill_due_deltas` by triggers on bills
 * (migration 0012; how these rollups work: platform/db/rollups.ts).
 */
export const openBillsRollup: RollupSpec = {
  name: 'open_bills',
  rollup: billDueRollups,
  deltas: billDueDeltas,
  keys: ['dueDate', 'status'],
  measures: ['openCount', 'openBalanceCents'],
};

/** A due-date range, both ends inclusive (either may be open). */
export interface DueDateRange {
  from?: string | undefined;
  to?: string | undefined;
}

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

/** Folds the business's appended open-bill changes into its rollup (tests and the fold job). */
export const compactOpenBills = (db: DbOrTx, businessId: string) =>
  compactRollup(db, openBillsRollup, businessId);

const toNumber = (value: string | number | null | undefined) => Number(value ?? 0);
const count = rollupColumn(openBillsRollup, 'openCount');
const cents = rollupColumn(openBillsRollup, 'openBalanceCents');
const dueDate = rollupColumn(openBillsRollup, 'dueDate');

/** How many open bills the business has due in `range` with one of `statuses` (all when empty). */
export async function countOpenBills(
  db: DbOrTx,
  options: { businessId: string; range: DueDateRange; statuses: readonly BillInvoiceStatus[] },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${count})`, pending: pendingRows(openBillsRollup) })
    .from(
      rollupSource(openBillsRollup, options.businessId, (table) => [
        ...dueDateConditions(table.dueDate, options.range),
        options.statuses.length > 0 ? inArray(table.status, [...options.statuses]) : undefined,
      ]),
    );
  await compactIfNeeded(db, openBillsRollup, options.businessId, row?.pending);
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
  const inWindow = sql`${dueDate} between ${options.dueIn7.from} and ${options.dueIn7.to}`;
  const overdue = sql`${dueDate} < ${options.overdueBefore}`;
  const [row] = await db
    .select({
      count: sql<string | null>`sum(${count})`,
      cents: sql<string | null>`sum(${cents})`,
      dueCount: sql<string | null>`sum(${count}) filter (where ${inWindow})`,
      dueCents: sql<string | null>`sum(${cents}) filter (where ${inWindow})`,
      overdueCount: sql<string | null>`sum(${count}) filter (where ${overdue})`,
      overdueCents: sql<string | null>`sum(${cents}) filter (where ${overdue})`,
      pending: pendingRows(openBillsRollup),
    })
    .from(rollupSource(openBillsRollup, options.businessId));
  await compactIfNeeded(db, openBillsRollup, options.businessId, row?.pending);
  return {
    all: { count: toNumber(row?.count), cents: toNumber(row?.cents) },
    dueIn7: { count: toNumber(row?.dueCount), cents: toNumber(row?.dueCents) },
    overdue: { count: toNumber(row?.overdueCount), cents: toNumber(row?.overdueCents) },
  };
}
