import type { BillInvoiceStatus, PaymentTerm } from '@ferry/domain/catalogues';
import type {
  DiscountType,
  InvoiceDraftPayload,
  InvoicePaymentKind,
  InvoicePaymentStatus,
} from '@ferry/domain/schemas';
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
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, updatedAt } from '../../platform/db/columns.js';
import { chartAccounts } from '../accounting/tables.js';
import { businessBankAccounts } from '../banking/tables.js';
import { accountingItems } from '../bills/tables.js';
import { businesses } from '../businesses/tables.js';
import { contacts } from '../contacts/tables.js';
import { payments } from '../payments/tables.js';
import { users } from '../users/tables.js';

const cents = (name: string) => bigint(name, { mode: 'number' });

/** Open invoices: something left to receive and not cancelled (the default GET invoices list). */
const OPEN = (table: { balanceCents: unknown; status: unknown }) =>
  sql`${table.balanceCents} > 0 and ${table.status} <> 'cancelled'`;

/**
 * Invoices a business sends its customers (spec 002 §3 "Invoice"). Money in integer cents: `balance`
 * is what the customer still owes. `payment_in_flight` is set by the payment-request side while a
 * customer's Ferry payment is on its way (status 'processing'); the status itself is recomputed by
 * `refreshInvoiceStatus` (service.ts) from the balance, that flag and a live payment request.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The customer contact (type CUSTOMER) of this business. */
    customerId: refColumn('customer_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'restrict' }),
    refNo: text('ref_no').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paymentTerm: text('payment_term').$type<PaymentTerm>().notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    discountType: text('discount_type').$type<DiscountType>(),
    /** Cents for AMOUNT, hundredths of a percent for PERCENT. */
    discountValue: bigint('discount_value', { mode: 'number' }),
    discountCents: cents('discount_cents').notNull().default(0),
    taxCents: cents('tax_cents').notNull().default(0),
    amountCents: cents('amount_cents').notNull(),
    balanceCents: cents('balance_cents').notNull(),
    status: text('status').$type<BillInvoiceStatus>().notNull().default('unpaid'),
    paymentInFlight: boolean('payment_in_flight').notNull().default(false),
    memo: text('memo'),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Invoice numbers are unique per business, whatever the case (spec 002 §5).
    uniqueIndex('invoices_business_ref_unique').on(table.businessId, sql`lower(${table.refNo})`),
    // The open list (GET invoices) in its sorts and the summary's due-date buckets.
    index('invoices_open_due_idx').on(table.businessId, table.dueDate, table.sequence).where(OPEN(table)),
    index('invoices_open_date_idx')
      .on(table.businessId, table.invoiceDate, table.sequence)
      .where(OPEN(table)),
    index('invoices_open_customer_idx')
      .on(table.businessId, table.customerId, table.invoiceDate, table.sequence)
      .where(OPEN(table)),
    // Every invoice (GET accounting/invoices and status-filtered lists) in each sort.
    index('invoices_business_date_idx').on(table.businessId, table.invoiceDate, table.sequence),
    index('invoices_business_due_idx').on(table.businessId, table.dueDate, table.sequence),
    index('invoices_business_amount_idx').on(table.businessId, table.amountCents, table.sequence),
    index('invoices_business_status_idx').on(table.businessId, table.status, table.invoiceDate),
    // next-reference-number: the highest INV-n of a business, read from the end of this index.
    index('invoices_business_ref_number_idx').on(
      table.businessId,
      sql`((substring(${table.refNo} from '^INV-([0-9]{1,15})$'))::bigint)`,
    ),
    check(
      'invoices_money_check',
      sql`${table.amountCents} >= 100 and ${table.balanceCents} >= 0 and ${table.balanceCents} <= ${table.amountCents}`,
    ),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** An invoice's lines: against an item or a chart account, with the name it had when saved. */
export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: idColumn(),
    invoiceId: refColumn('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemId: refColumn('item_id').references(() => accountingItems.id, { onDelete: 'set null' }),
    chartAccountId: refColumn('chart_account_id').references(() => chartAccounts.id, {
      onDelete: 'set null',
    }),
    itemName: text('item_name'),
    coaName: text('coa_name'),
    description: text('description'),
    /** Quantity in ten-thousandths (1.5 → 15000). */
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    amountCents: cents('amount_cents').notNull(),
  },
  (table) => [
    uniqueIndex('invoice_line_items_invoice_position_unique').on(table.invoiceId, table.position),
    index('invoice_line_items_item_idx').on(table.itemId, table.invoiceId),
    index('invoice_line_items_account_idx').on(table.chartAccountId, table.invoiceId),
  ],
);
export type InvoiceLineItemRow = typeof invoiceLineItems.$inferSelect;

/** Unfinished invoices of the create form (the save-before-exit popover). */
export const invoiceDrafts = pgTable(
  'invoice_drafts',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<InvoiceDraftPayload>().notNull(),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('invoice_drafts_business_idx').on(table.businessId, table.updatedAt)],
);
export type InvoiceDraftRow = typeof invoiceDrafts.$inferSelect;

/**
 * Files attached to an invoice (at most 5); `invoice_id` stays null until the invoice is saved. Its own
 * table rather than a generic one shared with bills: each keeps a real foreign key that cascades with
 * its document, and bills' stored rows need no migration.
 */
export const invoiceAttachments = pgTable(
  'invoice_attachments',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    invoiceId: refColumn('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [
    index('invoice_attachments_invoice_idx').on(table.invoiceId),
    index('invoice_attachments_business_idx').on(table.businessId, table.createdAt),
  ],
);
export type InvoiceAttachmentRow = typeof invoiceAttachments.$inferSelect;

/**
 * What an invoice received: MARKED_AS_PAID by hand (into the business's own receiving bank) or
 * RECEIVED through Ferry (`payment_id` the customer's Ferry payment; one row per payment). REVERSED
 * rows came back and no longer count.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: idColumn(),
    invoiceId: refColumn('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InvoicePaymentKind>().notNull(),
    paymentId: refColumn('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    amountCents: cents('amount_cents').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    bankAccountId: refColumn('bank_account_id').references(() => businessBankAccounts.id, {
      onDelete: 'set null',
    }),
    remarks: text('remarks'),
    status: text('status').$type<InvoicePaymentStatus>().notNull().default('COMPLETED'),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invoice_payments_payment_unique')
      .on(table.paymentId)
      .where(sql`${table.paymentId} is not null`),
    index('invoice_payments_invoice_idx').on(table.invoiceId, table.sequence),
    index('invoice_payments_business_idx').on(table.businessId, table.createdAt),
    check('invoice_payments_amount_check', sql`${table.amountCents} > 0`),
    check('invoice_payments_kind_check', sql`${table.kind} = 'RECEIVED' or ${table.paymentId} is null`),
  ],
);
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
