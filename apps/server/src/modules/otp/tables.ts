import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, timestampColumn } from '../../platform/db/columns.js';
import { users } from '../users/tables.js';

/**
 * One-time codes. The id is the request id the client holds; the code itself is never stored, only its
 * scrypt hash salted with the request id.
 */
export const otpRequests = pgTable(
  'otp_requests',
  {
    id: idColumn(),
    userId: refColumn('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** Lower-cased email or E.164 phone number the code was sent to. */
    destination: text('destination').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestampColumn('expires_at').notNull(),
    consumedAt: timestampColumn('consumed_at'),
    voidedAt: timestampColumn('voided_at'),
  },
  (table) => [
    index('otp_requests_user_idx').on(table.userId, table.purpose, table.createdAt),
    index('otp_requests_destination_idx').on(table.destination, table.createdAt),
  ],
);

export type OtpRequestRow = typeof otpRequests.$inferSelect;
