import type { Address, ContactKind } from '@ferry/domain/schemas';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, updatedAt } from '../../platform/db/columns.js';
import { businesses } from '../businesses/tables.js';
import { users } from '../users/tables.js';

export interface StoredPhone {
  countryISOCode: string;
  dialCode: string;
  phoneNumber: string;
}

/** Vendors and customers of a business (spec 002 §3 "Contact"). */
export const contacts = pgTable(
  'contacts',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    type: text('type').$type<ContactKind>().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    secondaryEmails: jsonb('secondary_emails').$type<string[]>().notNull().default([]),
    phone: jsonb('phone').$type<StoredPhone>(),
    billingAddress: jsonb('billing_address').$type<Address>(),
    /** The 9 digits of the tax id. */
    taxId: text('tax_id'),
    /** The Ferry network business this contact is (its bank details are then the vendor's own). */
    networkBusinessId: refColumn('network_business_id').references(() => businesses.id, {
      onDelete: 'set null',
    }),
    /** Added inline from a picker: name and email only, to be completed. */
    needsFinalize: boolean('needs_finalize').notNull().default(false),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('contacts_email_unique').on(table.businessId, table.type, sql`lower(${table.email})`),
    uniqueIndex('contacts_network_unique')
      .on(table.businessId, table.type, table.networkBusinessId)
      .where(sql`${table.networkBusinessId} is not null`),
    index('contacts_business_name_idx').on(table.businessId, table.type, sql`lower(${table.name})`),
    index('contacts_network_business_idx').on(table.networkBusinessId),
  ],
);
export type ContactRow = typeof contacts.$inferSelect;

/** Other documents of a contact (at most 5); the bytes live in the files provider under `file_key`. */
export const contactDocuments = pgTable(
  'contact_documents',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    contactId: refColumn('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    /** Decided from the file's first bytes at upload. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    documentType: text('document_type').notNull().default('OTHER'),
    entityType: text('entity_type'),
    /** Insertion order (timestamps can tie within a transaction or under a test clock). */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('contact_documents_contact_idx').on(table.contactId, table.createdAt)],
);
export type ContactDocumentRow = typeof contactDocuments.$inferSelect;
