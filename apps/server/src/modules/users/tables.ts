import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    activeStatus: text('active_status').notNull().default('PENDING'),
    userType: text('user_type'),
    country: text('country'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isPhoneNumberVerified: boolean('is_phone_number_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

export type UserRow = typeof users.$inferSelect;
