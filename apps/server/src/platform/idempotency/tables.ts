import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampColumn } from '../db/columns.js';

/** Answers remembered per (scope, route, Idempotency-Key) for 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: idColumn(),
    /** `business:{id}` for business routes, `user:{id}` otherwise. */
    scope: text('scope').notNull(),
    route: text('route').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'completed'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    lockedUntil: timestampColumn('locked_until').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
  },
  (table) => [uniqueIndex('idempotency_keys_unique').on(table.scope, table.route, table.key)],
);
