import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampColumn } from '../db/columns.js';

/**
 * Rate-limit counters shared by every API process through the database (fixed windows): the per-client
 * limits of @fastify/rate-limit and the per-account sign-in limit. `key` names the limit and the client
 * (`global:{ip}`, `POST /api/auth/sign-in:{ip}`, `sign-in:{email}`). Expired rows are swept now and then
 * by the writers themselves.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestampColumn('window_ends_at').notNull(),
});
