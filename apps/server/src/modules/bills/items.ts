import type { AccountingItemsQuery, AccountingItemView } from '@ferry/domain/schemas';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { ensureDefaultChart } from '../accounting/service.js';
import { chartAccounts } from '../accounting/tables.js';
import { type AccountingItemRow, accountingItems } from './tables.js';

/** Ferry's default items (like the default chart), each booked to an expense account of that chart. */
export const DEFAULT_ITEMS: readonly { name: string; description: string; account: string }[] = [
  {
    name: 'Consulting services',
    description: 'Professional and consulting services',
    account: 'Contractors',
  },
  { name: 'Office supplies', description: 'Stationery and office consumables', account: 'Office Supplies' },
  { name: 'Software subscription', description: 'Software and SaaS subscriptions', account: 'Software' },
  { name: 'Shipping', description: 'Freight, postage and delivery', account: 'Shipping & Delivery' },
  { name: 'Equipment rental', description: 'Rented tools and equipment', account: 'Rent' },
];

/** Seeds the default items of a business the first time its items are used (safe to call concurrently). */
export async function ensureDefaultItems(
  db: DbOrTx,
  context: Pick<AppContext, 'clock'>,
  businessId: string,
): Promise<void> {
  const [existing] = await db
    .select({ id: accountingItems.id })
    .from(accountingItems)
    .where(eq(accountingItems.businessId, businessId))
    .limit(1);
  if (existing) return;
  await ensureDefaultChart(db, context, businessId);
  const accounts = await db
    .select({ id: chartAccounts.id, name: chartAccounts.name })
    .from(chartAccounts)
    .where(
      and(
        eq(chartAccounts.businessId, businessId),
        inArray(
          chartAccounts.name,
          DEFAULT_ITEMS.map((item) => item.account),
        ),
      ),
    );
  const accountOf = new Map(accounts.map((a) => [a.name, a.id]));
  const now = context.clock.now();
  const values = DEFAULT_ITEMS.flatMap((item) => {
    const chartAccountId = accountOf.get(item.account);
    return chartAccountId
      ? [
          {
            id: newId(),
            businessId,
            name: item.name,
            description: item.description,
            chartAccountId,
            createdAt: now,
          },
        ]
      : [];
  });
  if (values.length > 0) await db.insert(accountingItems).values(values).onConflictDoNothing();
}

const toView = (row: AccountingItemRow, chartAccountName: string): AccountingItemView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  chartAccountId: row.chartAccountId,
  chartAccountName,
  isSold: row.isSold,
  isPurchased: row.isPurchased,
  source: row.source,
});

/** GET accounting/items: isSold true → items sold, false → items bought, absent → all (by name). */
export async function listItems(
  context: Pick<AppContext, 'database' | 'clock'>,
  options: { businessId: string; query: AccountingItemsQuery },
): Promise<{ items: AccountingItemView[]; total: number; pageNumber: number; pageSize: number }> {
  const { db } = context.database;
  await ensureDefaultItems(db, context, options.businessId);
  const { query } = options;
  const conditions: SQL[] = [
    eq(accountingItems.businessId, options.businessId),
    eq(accountingItems.isActive, true),
  ];
  if (query.isSold === true) conditions.push(eq(accountingItems.isSold, true));
  if (query.isSold === false) conditions.push(eq(accountingItems.isPurchased, true));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({ item: accountingItems, accountName: chartAccounts.name })
      .from(accountingItems)
      .innerJoin(chartAccounts, eq(chartAccounts.id, accountingItems.chartAccountId))
      .where(where)
      .orderBy(asc(accountingItems.name), asc(accountingItems.sequence))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ total: count() }).from(accountingItems).where(where),
  ]);
  return {
    items: rows.map((r) => toView(r.item, r.accountName)),
    total: Number(totals[0]?.total ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

/** One active item of a business with its chart account's name, or null. */
export async function getItem(
  db: DbOrTx,
  businessId: string,
  id: string,
): Promise<{ item: AccountingItemRow; accountName: string } | null> {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  const [row] = await db
    .select({ item: accountingItems, accountName: chartAccounts.name })
    .from(accountingItems)
    .innerJoin(chartAccounts, eq(chartAccounts.id, accountingItems.chartAccountId))
    .where(
      and(
        eq(accountingItems.id, id),
        eq(accountingItems.businessId, businessId),
        eq(accountingItems.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Accounting sync: creates or changes the item linked to one in the books (by id when linked before, else
 * by name), booked to `chartAccountId`. Answers the item's id.
 */
export async function upsertBooksItem(
  tx: DbOrTx,
  context: Pick<AppContext, 'clock'>,
  options: {
    businessId: string;
    itemId: string | null;
    name: string;
    description: string | null;
    isSold: boolean;
    isPurchased: boolean;
    isActive: boolean;
    chartAccountId: string;
  },
): Promise<string> {
  const { businessId } = options;
  const fields = {
    name: options.name,
    description: options.description,
    isSold: options.isSold,
    isPurchased: options.isPurchased,
    isActive: options.isActive,
    chartAccountId: options.chartAccountId,
  };
  const [existing] = options.itemId
    ? await tx
        .select({ id: accountingItems.id })
        .from(accountingItems)
        .where(and(eq(accountingItems.id, options.itemId), eq(accountingItems.businessId, businessId)))
        .limit(1)
    : await tx
        .select({ id: accountingItems.id })
        .from(accountingItems)
        .where(
          and(
            eq(accountingItems.businessId, businessId),
            sql`lower(${accountingItems.name}) = lower(${options.name})`,
          ),
        )
        .limit(1);
  if (existing) {
    await tx.update(accountingItems).set(fields).where(eq(accountingItems.id, existing.id));
    return existing.id;
  }
  const id = newId();
  await tx
    .insert(accountingItems)
    .values({ id, businessId, ...fields, source: 'BOOKS', createdAt: context.clock.now() });
  return id;
}
