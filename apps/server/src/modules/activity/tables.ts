import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn } from '../../platform/db/columns.js';
import { businesses } from '../businesses/tables.js';
import { users } from '../users/tables.js';

/**
 * The append-only activity log (spec 002 "Activity logs"): one row per change, written in the same
 * transaction as the change. Rows are never updated or deleted by the application.
 */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** What the entry is about, e.g. 'contacts' + the contact id. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The CASL subject a member must be able to read to see the entry (e.g. 'PayManageVendors'). */
    subject: text('subject').notNull(),
    action: text('action').notNull(),
    label: text('label').notNull(),
    actorType: text('actor_type').$type<'USER' | 'SYSTEM' | 'PROVIDER'>().notNull(),
    actorUserId: refColumn('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name when the entry was written (kept if the user is renamed or removed). */
    actorName: text('actor_name'),
    remarks: text('remarks'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** Insertion order (timestamps can tie within a transaction or under a test clock). */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [
    index('activity_logs_entity_idx').on(table.businessId, table.entityType, table.entityId, table.createdAt),
    index('activity_logs_business_idx').on(table.businessId, table.createdAt),
  ],
);
export type ActivityLogRow = typeof activityLogs.$inferSelect;
