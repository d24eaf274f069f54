import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, timestampColumn, updatedAt } from '../../platform/db/columns.js';
import { users } from '../users/tables.js';

/** An accountant's practice (spec 001 §1, §3): one per accountant, made when they choose that account type. */
export const practices = pgTable(
  'practices',
  {
    id: idColumn(),
    ownerUserId: refColumn('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practiceFirmName: text('practice_firm_name').notNull(),
    /** Number-of-clients band (EMPLOYEE_COUNT_BANDS). */
    clientRange: text('client_range').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('practices_owner_unique').on(table.ownerUserId)],
);

export type PracticeRow = typeof practices.$inferSelect;

/**
 * A practice team member: invited by email (PENDING, `userId` set once the invitee has an account and
 * accepts), then ACTIVE. The accountant adds active members to client businesses with a role.
 */
export const practiceMembers = pgTable(
  'practice_members',
  {
    id: idColumn(),
    practiceId: refColumn('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    userId: refColumn('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** PENDING until the invitation is accepted, then ACTIVE. */
    status: text('status').notNull().default('PENDING'),
    /** The current invitation (a resend replaces it). */
    invitationId: refColumn('invitation_id'),
    invitedAt: timestampColumn('invited_at'),
    joinedAt: timestampColumn('joined_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('practice_members_email_unique').on(table.practiceId, sql`lower(${table.email})`),
    index('practice_members_user_idx').on(table.userId),
  ],
);

export type PracticeMemberRow = typeof practiceMembers.$inferSelect;
