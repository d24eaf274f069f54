import type { BankAccountType, BankVerificationStatus } from '@ferry/domain/catalogues';
import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, updatedAt } from '../../platform/db/columns.js';
import { businesses } from '../businesses/tables.js';
import { contacts } from '../contacts/tables.js';
import { users } from '../users/tables.js';

/**
 * Bank details a payer entered by hand for a vendor that is not on the network (spec 002 "Vendor
 * banks"). The account number is kept only encrypted (platform/crypto/secret-box); answers carry the
 * last 4 digits.
 */
export const vendorBankAccounts = pgTable(
  'vendor_bank_accounts',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    contactId: refColumn('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    accountType: text('account_type').$type<BankAccountType>().notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    routingNumber: text('routing_number').notNull(),
    /** AES-256-GCM of the account number (`v1.<iv>.<tag>.<ciphertext>`, base64url). */
    accountNumberCiphertext: text('account_number_ciphertext').notNull(),
    accountMask: text('account_mask').notNull(),
    /** Flagged by "mark as primary"; with none flagged the last added is the primary. */
    isPrimary: boolean('is_primary').notNull().default(false),
    verificationStatus: text('verification_status')
      .$type<BankVerificationStatus>()
      .notNull()
      .default('PENDING'),
    accountStatus: text('account_status').notNull().default('UNDER_REVIEW'),
    /** Manual entry (USER) for now; a bank-link provider later. */
    accountProvider: text('account_provider').notNull().default('USER'),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Insertion order (timestamps can tie within a transaction or under a test clock). */
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('vendor_bank_accounts_contact_idx').on(table.contactId, table.createdAt)],
);
export type VendorBankAccountRow = typeof vendorBankAccounts.$inferSelect;
