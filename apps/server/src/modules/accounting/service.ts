import type { ChartAccountsQuery, ChartAccountType, ChartAccountView } from '@ferry/domain/schemas';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { type ChartAccountRow, chartAccounts } from './tables.js';

/**
 * Ferry's default chart of accounts for a small business (numbers in the usual 1000/2000/4000/5000/6000
 * ranges). Bank accounts map to BANK accounts, cards to CREDIT_CARD accounts, bill lines to expenses.
 */
export const DEFAULT_CHART: readonly { number: string; name: string; accountType: ChartAccountType }[] = [
  { number: '1000', name: 'Business Checking', accountType: 'BANK' },
  { number: '1010', name: 'Business Savings', accountType: 'BANK' },
  { number: '1020', name: 'Payroll Checking', accountType: 'BANK' },
  { number: '1030', name: 'Petty Cash', accountType: 'BANK' },
  { number: '2100', name: 'Business Credit Card', accountType: 'CREDIT_CARD' },
  { number: '2110', name: 'Corporate Card', accountType: 'CREDIT_CARD' },
  { number: '4000', name: 'Sales', accountType: 'INCOME' },
  { number: '4100', name: 'Services', accountType: 'INCOME' },
  { number: '5000', name: 'Cost of Goods Sold', accountType: 'COST_OF_GOODS_SOLD' },
  { number: '6000', name: 'Advertising', accountType: 'EXPENSE' },
  { number: '6010', name: 'Bank Fees', accountType: 'EXPENSE' },
  { number: '6020', name: 'Contractors', accountType: 'EXPENSE' },
  { number: '6030', name: 'Insurance', accountType: 'EXPENSE' },
  { number: '6040', name: 'Legal & Professional', accountType: 'EXPENSE' },
  { number: '6050', name: 'Meals', accountType: 'EXPENSE' },
  { number: '6060', name: 'Office Supplies', accountType: 'EXPENSE' },
  { number: '6070', name: 'Rent', accountType: 'EXPENSE' },
  { number: '6080', name: 'Software', accountType: 'EXPENSE' },
  { number: '6090', name: 'Travel', accountType: 'EXPENSE' },
  { number: '6100', name: 'Utilities', accountType: 'EXPENSE' },
  { number: '6110', name: 'Repairs & Maintenance', accountType: 'EXPENSE' },
  { number: '6120', name: 'Shipping & Delivery', accountType: 'EXPENSE' },
];

export const toChartAccountView = (row: ChartAccountRow): ChartAccountView => ({
  id: row.id,
  name: row.name,
  accountType: row.accountType,
  number: row.number,
  source: row.source,
});

/** Seeds the default chart for a business the first time its chart is used (safe to call concurrently). */
export async function ensureDefaultChart(
  db: DbOrTx,
  context: Pick<AppContext, 'clock'>,
  businessId: string,
): Promise<void> {
  const [existing] = await db
    .select({ id: chartAccounts.id })
    .from(chartAccounts)
    .where(eq(chartAccounts.businessId, businessId))
    .limit(1);
  if (existing) return;
  const now = context.clock.now();
  await db
    .insert(chartAccounts)
    .values(DEFAULT_CHART.map((account) => ({ id: newId(), businessId, ...account, createdAt: now })))
    .onConflictDoNothing();
}

const TYPES_OF: Record<NonNullable<ChartAccountsQuery['parentAccountType']>, ChartAccountType[]> = {
  BANK: ['BANK'],
  CREDIT_CARD: ['CREDIT_CARD'],
  EXPENSE: ['EXPENSE', 'COST_OF_GOODS_SOLD'],
  INCOME: ['INCOME'],
};

/** A page of the business's chart accounts (by number), optionally of one parent type. */
export async function listChartAccounts(
  context: Pick<AppContext, 'database' | 'clock'>,
  options: { businessId: string; query: ChartAccountsQuery },
): Promise<{ items: ChartAccountView[]; total: number; pageNumber: number; pageSize: number }> {
  const { db } = context.database;
  await ensureDefaultChart(db, context, options.businessId);
  const { query } = options;
  const conditions: SQL[] = [
    eq(chartAccounts.businessId, options.businessId),
    eq(chartAccounts.isActive, true),
  ];
  const types = query.isForCreateBill
    ? TYPES_OF.EXPENSE
    : query.parentAccountType
      ? TYPES_OF[query.parentAccountType]
      : null;
  if (types) conditions.push(inArray(chartAccounts.accountType, types));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(chartAccounts)
      .where(where)
      .orderBy(asc(chartAccounts.number), asc(chartAccounts.sequence))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ total: count() }).from(chartAccounts).where(where),
  ]);
  return {
    items: rows.map(toChartAccountView),
    total: Number(totals[0]?.total ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

/** One active chart account of a business, or null. Cards and banks call it to check an account they link to. */
export async function getChartAccount(
  tx: DbOrTx,
  businessId: string,
  id: string,
): Promise<ChartAccountRow | null> {
  if (!/^[0-9a-f]{24}$/.test(id)) return null;
  const [row] = await tx
    .select()
    .from(chartAccounts)
    .where(
      and(
        eq(chartAccounts.id, id),
        eq(chartAccounts.businessId, businessId),
        eq(chartAccounts.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}
