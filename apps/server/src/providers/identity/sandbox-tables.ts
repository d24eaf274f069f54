import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampColumn, updatedAt } from '../../platform/db/columns.js';
import type { InquiryFields } from './identity.js';

/**
 * The sandbox identity provider's own store: it stands in for the vendor's systems, so it keeps its
 * inquiries apart from Ferry's records (modules/verification) and answers through the same interface.
 */
export const sandboxIdentityInquiries = pgTable('sandbox_identity_inquiries', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  referenceId: text('reference_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  status: text('status').notNull(),
  fields: jsonb('fields').$type<InquiryFields>().notNull(),
  /** SHA-256 of the current session token; a new session replaces it. */
  sessionTokenHash: text('session_token_hash'),
  decidedAt: timestampColumn('decided_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
