import type { Address } from '@ferry/domain/schemas';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, timestampColumn, updatedAt } from '../../platform/db/columns.js';
import { businesses } from '../businesses/tables.js';
import { users } from '../users/tables.js';

/**
 * Ferry's record of each inquiry at the identity provider: a person's identity (INDIVIDUAL) or a
 * business check (BUSINESS). `status` mirrors the provider's last known state (providers/identity).
 */
export const identityInquiries = pgTable(
  'identity_inquiries',
  {
    id: idColumn(),
    provider: text('provider').notNull(),
    providerInquiryId: text('provider_inquiry_id').notNull(),
    kind: text('kind').notNull(),
    /** The person being verified (INDIVIDUAL), or who submitted the business (BUSINESS). */
    userId: refColumn('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The business being verified (BUSINESS), or whose verification started this person's inquiry. */
    businessId: refColumn('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    decidedAt: timestampColumn('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('identity_inquiries_provider_unique').on(table.provider, table.providerInquiryId),
    index('identity_inquiries_user_idx').on(table.userId),
    index('identity_inquiries_business_idx').on(table.businessId),
  ],
);
export type IdentityInquiryRow = typeof identityInquiries.$inferSelect;

/** The business verification form (KYB), one row per business, made on first save. */
export const businessVerifications = pgTable('business_verifications', {
  businessId: refColumn('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  legalBusinessName: text('legal_business_name').notNull(),
  /** The 9 digits of the tax id (EIN). */
  taxId: text('tax_id').notNull(),
  website: text('website'),
  employeeCount: text('employee_count').notNull(),
  address: jsonb('address').$type<Address>().notNull(),
  submittedAt: timestampColumn('submitted_at'),
  /** A fresh id per submission: the provider's business check is created once per submission. */
  submissionId: text('submission_id'),
  submittedBy: refColumn('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  /** The latest BUSINESS inquiry (identity_inquiries.id) made on submission. */
  businessInquiryId: refColumn('business_inquiry_id').references(() => identityInquiries.id, {
    onDelete: 'set null',
  }),
  updatedBy: refColumn('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type BusinessVerificationRow = typeof businessVerifications.$inferSelect;

/**
 * The people a business verification names: its control person and its beneficial owners (25% or
 * more). `userId` is set for the signed-in user listing themself, and for an invited person once they
 * accept; their identity is that user's latest INDIVIDUAL inquiry.
 */
export const businessPeople = pgTable(
  'business_people',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    userId: refColumn('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    title: text('title'),
    ownershipPercent: integer('ownership_percent'),
    /** Order as listed on the form. */
    position: integer('position').notNull().default(0),
    invitationId: refColumn('invitation_id'),
    invitationSentAt: timestampColumn('invitation_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('business_people_business_idx').on(table.businessId, table.role)],
);
export type BusinessPersonRow = typeof businessPeople.$inferSelect;
