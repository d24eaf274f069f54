import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, timestampColumn, updatedAt } from '../../platform/db/columns.js';

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
    /** Extra addresses the user can be reached at (PATCH /user/secondary-emails). */
    secondaryEmails: jsonb('secondary_emails').$type<string[]>().notNull().default([]),
    /** Consecutive failed sign-ins (wrong password or code); reset by a success. */
    failedSignInCount: integer('failed_sign_in_count').notNull().default(0),
    /** Set when the failure count reaches the cap; only a password reset clears it. */
    lockedAt: timestampColumn('locked_at'),
    lastSignInAt: timestampColumn('last_sign_in_at'),
    passwordChangedAt: timestampColumn('password_changed_at'),
    linkBillPopupDismiss: boolean('link_bill_popup_dismiss').notNull().default(false),
    /** Identity verification (KYC): NOT_INITIATED, then COMPLETED or ACTION_REQUIRED (spec 000 §3). */
    verificationStep: text('verification_step').notNull().default('NOT_INITIATED'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

export type UserRow = typeof users.$inferSelect;

/** A user's phone numbers; at most one primary. A verified primary number belongs to one account only. */
export const userPhones = pgTable(
  'user_phones',
  {
    id: idColumn(),
    userId: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Dial code without '+', e.g. '1'. */
    countryCode: text('country_code').notNull(),
    /** Lower-case ISO 3166 alpha-2, e.g. 'us'. */
    countryIsoCode: text('country_iso_code').notNull(),
    /** The number as entered, national format digits. */
    phoneNumber: text('phone_number').notNull(),
    /** E.164, e.g. +14155550123: what codes are sent to and what uniqueness is checked on. */
    e164: text('e164').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('user_phones_primary_unique').on(table.userId).where(sql`${table.isPrimary}`),
    uniqueIndex('user_phones_e164_primary_unique').on(table.e164).where(sql`${table.isPrimary}`),
  ],
);

export type UserPhoneRow = typeof userPhones.$inferSelect;

/** Guided tours (home, bill payments, approvals, invoices) a user has finished; one row per user and tour. */
export const userTours = pgTable(
  'user_tours',
  {
    userId: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tour: text('tour').notNull(),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestampColumn('completed_at'),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tour] })],
);
