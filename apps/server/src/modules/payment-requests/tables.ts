import type { ActorType, PaymentRequestStatus } from '@ferry/domain/schemas';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, updatedAt } from '../../platform/db/columns.js';
import { rollupTables } from '../../platform/db/rollups.js';
import { bills } from '../bills/tables.js';
import { businesses } from '../businesses/tables.js';
import { contacts } from '../contacts/tables.js';
import { users } from '../users/tables.js';

const cents = (name: string) => bigint(name, { mode: 'number' });

/** One invoice line as the sender wrote it (quantity in ten-thousandths, money in cents). */
export interface StoredRequestLine {
  itemName: string;
  description: string | null;
  quantityE4: number;
  unitPriceCents: number;
  amountCents: number;
}

/** Where a request came from: the Get Paid side of Ferry, or the sandbox's sample sender. */
export type PaymentRequestSource = 'FERRY' | 'SANDBOX';

/**
 * Payment requests (spec 002 §3 "Payment request", §4 states): the payee business (the sender) asks
 * the payer business to pay an invoice. The payer sees it under For Review; it becomes a bill of the
 * payer (link-bill) for the payer's vendor contact of the sender (`vendor_contact_id`, set when the payer
 * has, or maps, a vendor for the sender). Money in integer cents.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: idColumn(),
    /** The sender, who gets paid. */
    payeeBusinessId: refColumn('payee_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The receiver, who pays. */
    payerBusinessId: refColumn('payer_business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The sender's customer contact for the payer (Get Paid side), when known. */
    payerContactId: refColumn('payer_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** The payer's vendor contact for the sender; null until mapped. */
    vendorContactId: refColumn('vendor_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** The sender's invoice this request is for (the Get Paid invoices), when there is one. */
    invoiceId: text('invoice_id'),
    refNo: text('ref_no').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    discountCents: cents('discount_cents').notNull().default(0),
    taxCents: cents('tax_cents').notNull().default(0),
    amountCents: cents('amount_cents').notNull(),
    balanceCents: cents('balance_cents').notNull(),
    lines: jsonb('lines').$type<StoredRequestLine[]>().notNull(),
    memo: text('memo'),
    state: text('state').$type<PaymentRequestStatus>().notNull().default('CREATED'),
    /**
     * What is left to pay while the request is open under For Review, else 0: the linked bill's balance
     * when linked, else the request's while its state is open. Kept by triggers (migration 0013) on
     * payment_requests and on bills, never written by the application.
     */
    openCents: cents('open_cents').notNull().default(0),
    /** The payer's bill for this request (link-bill). */
    billId: refColumn('bill_id').references(() => bills.id, { onDelete: 'set null' }),
    source: text('source').$type<PaymentRequestSource>().notNull().default('FERRY'),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One live request per invoice of the sender (createPaymentRequest answers the existing one).
    uniqueIndex('payment_requests_invoice_unique')
      .on(table.payeeBusinessId, table.invoiceId)
      .where(sql`${table.invoiceId} is not null and ${table.state} not in ('VOID', 'CANCELLED')`),
    uniqueIndex('payment_requests_bill_unique').on(table.billId).where(sql`${table.billId} is not null`),
    index('payment_requests_payer_due_idx').on(table.payerBusinessId, table.dueDate),
    index('payment_requests_payer_date_idx').on(table.payerBusinessId, table.invoiceDate, table.sequence),
    index('payment_requests_payer_payee_idx').on(table.payerBusinessId, table.payeeBusinessId),
    index('payment_requests_payee_idx').on(table.payeeBusinessId, table.createdAt),
    check(
      'payment_requests_money_check',
      sql`${table.amountCents} >= 100 and ${table.balanceCents} >= 0 and ${table.balanceCents} <= ${table.amountCents}`,
    ),
    check('payment_requests_parties_check', sql`${table.payeeBusinessId} <> ${table.payerBusinessId}`),
  ],
);
export type PaymentRequestRow = typeof paymentRequests.$inferSelect;

/** The timeline of a request (spec 002 §4 "Payment-request events"), visible to both businesses. */
export const paymentRequestEvents = pgTable(
  'payment_request_events',
  {
    id: idColumn(),
    paymentRequestId: refColumn('payment_request_id')
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    label: text('label').notNull(),
    actorType: text('actor_type').$type<ActorType>().notNull(),
    actorUserId: refColumn('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    remarks: text('remarks'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [index('payment_request_events_request_idx').on(table.paymentRequestId, table.sequence)],
);
export type PaymentRequestEventRow = typeof paymentRequestEvents.$inferSelect;

/**
 * The payer's received requests per due date (migration 0013; platform/db/rollups.ts): how many
 * arrived, how many are open and what is left to pay on them, for bills/summary/review;
 * `payment_request_review_deltas` holds the changes appended since by triggers on payment_requests.
 */
export const { rollup: paymentRequestReviewRollups, deltas: paymentRequestReviewDeltas } = rollupTables({
  rollup: 'payment_request_review_rollups',
  deltas: 'payment_request_review_deltas',
  business: () => businesses.id,
  columns: () => ({
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    requestCount: bigint('request_count', { mode: 'number' }).notNull(),
    openCount: bigint('open_count', { mode: 'number' }).notNull(),
    openCents: cents('open_cents').notNull(),
  }),
  keys: ['dueDate'],
});

/**
 * A business's scheduled reminders of the payment requests it sent (GET/PUT payment-requests/
 * reminder-settings): N days before the due date, on the due date, every N days once overdue. No row:
 * the defaults (off).
 */
export const paymentRequestReminderSettings = pgTable(
  'payment_request_reminder_settings',
  {
    businessId: refColumn('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** Days before the due date (1–30), or null for no reminder before it. */
    beforeDueDays: integer('before_due_days'),
    onDueDate: boolean('on_due_date').notNull().default(true),
    /** Every N days (1–30) once overdue, or null for none. */
    afterDueEveryDays: integer('after_due_every_days'),
    updatedBy: refColumn('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'payment_request_reminder_settings_days_check',
      sql`(${table.beforeDueDays} is null or ${table.beforeDueDays} between 1 and 30) and (${table.afterDueEveryDays} is null or ${table.afterDueEveryDays} between 1 and 30)`,
    ),
  ],
);
export type PaymentRequestReminderSettingsRow = typeof paymentRequestReminderSettings.$inferSelect;

/** Why a reminder went out: a member's 'Send reminder', or the business's schedule. */
export type PaymentRequestReminderKind = 'MANUAL' | 'SCHEDULED';

/**
 * The reminders sent, one per request and (New York business) day at most: the key makes the one-a-day
 * rule hold across several workers and a member's click at the same moment.
 */
export const paymentRequestReminders = pgTable(
  'payment_request_reminders',
  {
    paymentRequestId: refColumn('payment_request_id')
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<PaymentRequestReminderKind>().notNull(),
    actorUserId: refColumn('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.paymentRequestId, table.day] })],
);
export type PaymentRequestReminderRow = typeof paymentRequestReminders.$inferSelect;
