import type { ChartAccountType } from '@ferry/domain/schemas';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn } from '../../platform/db/columns.js';
import { businesses } from '../businesses/tables.js';

/**
 * A business's chart of accounts. Until accounting software is connected it is Ferry's default
 * small-business chart (source FERRY), seeded on first use.
 */
export const chartAccounts = pgTable(
  'chart_accounts',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    accountType: text('account_type').$type<ChartAccountType>().notNull(),
    number: text('number'),
    source: text('source').$type<'FERRY'>().notNull().default('FERRY'),
    isActive: boolean('is_active').notNull().default(true),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('chart_accounts_business_name_unique').on(table.businessId, sql`lower(${table.name})`),
    index('chart_accounts_business_type_idx').on(table.businessId, table.accountType),
  ],
);
export type ChartAccountRow = typeof chartAccounts.$inferSelect;
