import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, updatedAt } from '../../platform/db/columns.js';
import { businesses } from '../businesses/tables.js';

export const roles = pgTable(
  'roles',
  {
    id: idColumn(),
    /** Every role belongs to one business; built-in roles (Admin, Read-only) are created with it. */
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isBuiltIn: boolean('is_built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('roles_business_name_unique').on(table.businessId, sql`lower(${table.name})`)],
);

export type RoleRow = typeof roles.$inferSelect;
