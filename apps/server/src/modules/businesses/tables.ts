import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, updatedAt } from '../../platform/db/columns.js';
import { roles } from '../roles/tables.js';
import { users } from '../users/tables.js';

export const businesses = pgTable('businesses', {
  id: idColumn(),
  businessName: text('business_name').notNull(),
  businessType: text('business_type'),
  category: text('category'),
  country: text('country'),
  verificationStep: text('verification_step').notNull().default('NOT_INITIATED'),
  verificationStatus: text('verification_status'),
  /** Listed by the business-network search (spec 002 "Business network"). */
  isDiscoverable: boolean('is_discoverable').notNull().default(true),
  /**
   * Made for someone paying or accepting a payment through an emailed guest link (Get Paid, issue 19):
   * never listed by the business network, never a candidate of a network lookup.
   */
  isGuest: boolean('is_guest').notNull().default(false),
  createdBy: refColumn('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const businessMembers = pgTable(
  'business_members',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: refColumn('role_id')
      .notNull()
      .references(() => roles.id),
    status: text('status').notNull().default('ACTIVE'),
    /** Added by an accountant from their practice team (not by an emailed invitation). */
    isPracticeMember: boolean('is_practice_member').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('business_members_unique').on(table.businessId, table.userId),
    index('business_members_user_idx').on(table.userId),
  ],
);

export type BusinessRow = typeof businesses.$inferSelect;
