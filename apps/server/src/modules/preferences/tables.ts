import type { Address } from '@ferry/domain/schemas';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, refColumn, timestampColumn, updatedAt } from '../../platform/db/columns.js';
import { businesses } from '../businesses/tables.js';
import { users } from '../users/tables.js';

/**
 * The business profile (spec 002 "business profile"): one row per business, made on first change.
 * Name, type and country stay on `businesses` (they belong to onboarding and verification); this
 * table holds what the profile page edits freely. The logo itself lives in the files provider under
 * `logo_key`; only its metadata is here.
 */
export const businessPreferences = pgTable('business_preferences', {
  businessId: refColumn('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  website: text('website'),
  /** `{ addressLine1, addressLine2, city, state, zipCode, country }` (spec 000 §3), or null. */
  billingAddress: jsonb('billing_address').$type<Address>(),
  shippingAddress: jsonb('shipping_address').$type<Address>(),
  logoKey: text('logo_key'),
  logoContentType: text('logo_content_type'),
  logoSize: integer('logo_size'),
  logoUpdatedAt: timestampColumn('logo_updated_at'),
  updatedBy: refColumn('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type BusinessPreferencesRow = typeof businessPreferences.$inferSelect;
