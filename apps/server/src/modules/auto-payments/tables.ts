import type { AutoPaymentActivity, AutoPaymentMappingStatus } from '@ferry/domain/catalogues';
import type { AutoPaymentRunStatus } from '@ferry/domain/schemas';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, timestampColumn, updatedAt } from '../../platform/db/columns.js';
import { businesses } from '../businesses/tables.js';
import { contacts } from '../contacts/tables.js';
import { invoices } from '../invoices/tables.js';
import { payments } from '../payments/tables.js';
import { users } from '../users/tables.js';

const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * Auto-payment mappings (issue 20; spec 002 §4): a payee business's customer authorises the payee to
 * be paid automatically. The status only changes through `nextAutoPaymentStatus`
 * (@ferry/domain/payments). At most one live mapping per customer (partial unique index).
 */
export const autoPaymentMappings = pgTable(
  'auto_payment_mappings',
  {
    id: idColumn(),
    /** The business that is paid. */
    payeeBusinessId: refColumn('payee_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The payee's customer contact. */
    customerId: refColumn('customer_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The business that pays: the customer's network business, or its guest business. */
    payerBusinessId: refColumn('payer_business_id').references(() => businesses.id, { onDelete: 'set null' }),
    /** The payer's vendor contact for the payee (set when authorised). */
    vendorId: refColumn('vendor_id').references(() => contacts.id, { onDelete: 'set null' }),
    status: text('status').$type<AutoPaymentMappingStatus>().notNull(),
    /** Where RESUME returns a PAUSED mapping (REQUESTED or ACCEPTED). */
    resumeTo: text('resume_to').$type<AutoPaymentMappingStatus>(),
    /** The payer's instrument: a bank account id (BANK) or a card id (CARD). */
    paymentMethod: text('payment_method').$type<'BANK' | 'CARD'>(),
    paymentInstrumentId: refColumn('payment_instrument_id'),
    /** The address the request went to. */
    payerEmail: text('payer_email'),
    requestedBy: refColumn('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestampColumn('requested_at').notNull(),
    lastReminderAt: timestampColumn('last_reminder_at'),
    authorizedBy: refColumn('authorized_by').references(() => users.id, { onDelete: 'set null' }),
    authorizedAt: timestampColumn('authorized_at'),
    endedAt: timestampColumn('ended_at'),
    endReason: text('end_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('auto_payment_mappings_live_unique')
      .on(table.payeeBusinessId, table.customerId)
      .where(sql`${table.status} not in ('PAYER_DECLINED', 'PAYEE_CANCELLED')`),
    index('auto_payment_mappings_payer_idx').on(table.payerBusinessId, table.status),
    index('auto_payment_mappings_status_idx').on(table.status),
  ],
);
export type AutoPaymentMappingRow = typeof autoPaymentMappings.$inferSelect;

/**
 * The activity of a mapping on each side (spec 002 §4 customer-side and vendor-side actions): `side`
 * PAYEE rows show on the payee's customer, PAYER rows on the payer's vendor.
 */
export const autoPaymentEvents = pgTable(
  'auto_payment_events',
  {
    id: idColumn(),
    mappingId: refColumn('mapping_id')
      .notNull()
      .references(() => autoPaymentMappings.id, { onDelete: 'cascade' }),
    side: text('side').$type<'PAYEE' | 'PAYER'>().notNull(),
    action: text('action').$type<AutoPaymentActivity>().notNull(),
    actorUserId: refColumn('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    remarks: text('remarks'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [index('auto_payment_events_mapping_idx').on(table.mappingId, table.side, table.sequence)],
);
export type AutoPaymentEventRow = typeof autoPaymentEvents.$inferSelect;

/**
 * One auto payment per invoice — the heart of issue 20: `invoice_id` is UNIQUE, so whatever retries,
 * restarts or concurrent job runs happen, an invoice is claimed once; the payment it makes is found by
 * its idempotency key `auto-payment:{id}` and `payment_id` is UNIQUE too.
 */
export const autoPayments = pgTable(
  'auto_payments',
  {
    id: idColumn(),
    mappingId: refColumn('mapping_id')
      .notNull()
      .references(() => autoPaymentMappings.id, { onDelete: 'cascade' }),
    invoiceId: refColumn('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    payeeBusinessId: refColumn('payee_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    payerBusinessId: refColumn('payer_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** What was due when it was scheduled. */
    amountCents: cents('amount_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').$type<AutoPaymentRunStatus>().notNull(),
    paymentId: refColumn('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    failureReason: text('failure_reason'),
    noticeSentAt: timestampColumn('notice_sent_at'),
    resultSentAt: timestampColumn('result_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('auto_payments_invoice_unique').on(table.invoiceId),
    uniqueIndex('auto_payments_payment_unique').on(table.paymentId),
    index('auto_payments_mapping_idx').on(table.mappingId, table.status),
    index('auto_payments_payer_idx').on(table.payerBusinessId, table.dueDate),
    index('auto_payments_payee_idx').on(table.payeeBusinessId, table.dueDate),
    check('auto_payments_amount_check', sql`${table.amountCents} > 0`),
  ],
);
export type AutoPaymentRow = typeof autoPayments.$inferSelect;
