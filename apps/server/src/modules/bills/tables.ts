import type { BillInvoiceStatus, PaymentTerm } from '@ferry/domain/catalogues';
import type { BillDraftPayload, DiscountType } from '@ferry/domain/schemas';
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
import { rollupTables } from '../../platform/db/rollups.js';
import { chartAccounts } from '../accounting/tables.js';
import { businesses } from '../businesses/tables.js';
import { contacts } from '../contacts/tables.js';
import { users } from '../users/tables.js';

const cents = (name: string) => bigint(name, { mode: 'number' });

/** What the Pay engine reports about a bill's payments in flight (drives the bill status). */
export type BillPaymentState = 'pending' | 'scheduled' | 'processing' | 'in_queue' | 'failed' | 'reversed';

/**
 * Bills a business owes its vendors (spec 002 §3 "Bill"). Money in integer cents: `balance` is what is
 * still owed, `scheduled` the part of it held by payments not yet delivered (the Pay engine moves it
 * through the service functions), so the unscheduled balance is `balance - scheduled`.
 */
export const bills = pgTable(
  'bills',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    vendorId: refColumn('vendor_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'restrict' }),
    refNo: text('ref_no').notNull(),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
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
    scheduledCents: cents('scheduled_cents').notNull().default(0),
    status: text('status').$type<BillInvoiceStatus>().notNull().default('unpaid'),
    paymentState: text('payment_state').$type<BillPaymentState>(),
    memo: text('memo'),
    source: text('source').$type<'FERRY' | 'BOOKS'>().notNull().default('FERRY'),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('bills_vendor_ref_unique').on(table.businessId, table.vendorId, sql`lower(${table.refNo})`),
    // Open bills (the due-bills list): only rows with something left to pay. Due-date windows and the
    // due-date sort, the default sort (bill date), the vendor filter; the counts come from
    // bill_due_rollups instead.
    index('bills_open_due_idx')
      .on(table.businessId, table.dueDate, table.billDate, table.sequence)
      .where(sql`${table.balanceCents} > 0 and ${table.status} <> 'cancelled'`),
    index('bills_open_date_idx')
      .on(table.businessId, table.billDate, table.sequence)
      .where(sql`${table.balanceCents} > 0 and ${table.status} <> 'cancelled'`),
    index('bills_open_vendor_idx')
      .on(table.businessId, table.vendorId, table.billDate, table.sequence)
      .where(sql`${table.balanceCents} > 0 and ${table.status} <> 'cancelled'`),
    // The amount and balance sorts of both lists (walked with LIMIT, never sorted in full).
    index('bills_business_amount_idx').on(table.businessId, table.amountCents, table.sequence),
    index('bills_business_balance_idx').on(table.businessId, table.balanceCents, table.sequence),
    // Search "bill number contains": trigram index (pg_trgm; the migration skips it where the
    // extension is missing, and the search still works, unindexed).
    index('bills_ref_trgm_idx').using('gin', table.refNo.op('gin_trgm_ops')),
    index('bills_business_status_due_idx').on(table.businessId, table.status, table.dueDate),
    index('bills_business_date_idx').on(table.businessId, table.billDate, table.sequence),
    index('bills_business_vendor_idx').on(table.businessId, table.vendorId, table.billDate),
    index('bills_business_ref_idx').on(table.businessId, sql`lower(${table.refNo})`),
    // next-reference-number: the highest BILL-n of a business, read from the end of this index.
    index('bills_business_ref_number_idx').on(
      table.businessId,
      sql`((substring(${table.refNo} from '^BILL-([0-9]{1,15})$'))::bigint)`,
    ),
    check(
      'bills_money_check',
      sql`${table.balanceCents} >= 0 and ${table.scheduledCents} >= 0
      and ${table.scheduledCents} <= ${table.balanceCents} and ${table.balanceCents} <= ${table.amountCents}`,
    ),
  ],
);
export type BillRow = typeof bills.$inferSelect;

/**
 * Open bills (balance > 0, not cancelled) counted per business, due date and status: what the bills
 * summary and the due-bills totals add up instead of counting bills (a few thousand rows per business
 * however many bills it has). Written only by the compaction (bills/rollups.ts), which folds
 * `bill_due_deltas` in; the open bills are always this plus the business's deltas. Rows that drop to
 * zero stay (at most one per due date and status). `bill_due_deltas`: the changes not yet folded in,
 * appended by statement triggers on `bills` (migration 0012) in the writer's own transaction.
 */
export const { rollup: billDueRollups, deltas: billDueDeltas } = rollupTables({
  rollup: 'bill_due_rollups',
  deltas: 'bill_due_deltas',
  business: () => businesses.id,
  columns: () => ({
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').$type<BillInvoiceStatus>().notNull(),
    openCount: bigint('open_count', { mode: 'number' }).notNull(),
    openBalanceCents: cents('open_balance_cents').notNull(),
  }),
  keys: ['dueDate', 'status'],
  deltasIndex: ['dueDate'],
});

/** A bill's lines: against an item or a chart account, with the name it had when saved. */
export const billLineItems = pgTable(
  'bill_line_items',
  {
    id: idColumn(),
    billId: refColumn('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
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
    uniqueIndex('bill_line_items_bill_position_unique').on(table.billId, table.position),
    index('bill_line_items_item_idx').on(table.itemId, table.billId),
    index('bill_line_items_account_idx').on(table.chartAccountId, table.billId),
  ],
);
export type BillLineItemRow = typeof billLineItems.$inferSelect;

/** Unfinished bills of the create form (the save-before-exit popover). */
export const billDrafts = pgTable(
  'bill_drafts',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<BillDraftPayload>().notNull(),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('bill_drafts_business_idx').on(table.businessId, table.updatedAt)],
);
export type BillDraftRow = typeof billDrafts.$inferSelect;

/** Files attached to a bill (at most 5); `bill_id` stays null until the bill is saved. */
export const billAttachments = pgTable(
  'bill_attachments',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    billId: refColumn('bill_id').references(() => bills.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [
    index('bill_attachments_bill_idx').on(table.billId),
    index('bill_attachments_business_idx').on(table.businessId, table.createdAt),
  ],
);
export type BillAttachmentRow = typeof billAttachments.$inferSelect;

/** Products and services a business buys or sells; Ferry's default items until accounting is connected. */
export const accountingItems = pgTable(
  'accounting_items',
  {
    id: idColumn(),
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    chartAccountId: refColumn('chart_account_id')
      .notNull()
      .references(() => chartAccounts.id, { onDelete: 'restrict' }),
    isSold: boolean('is_sold').notNull().default(false),
    isPurchased: boolean('is_purchased').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    source: text('source').$type<'FERRY' | 'BOOKS'>().notNull().default('FERRY'),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('accounting_items_business_name_unique').on(table.businessId, sql`lower(${table.name})`),
  ],
);
export type AccountingItemRow = typeof accountingItems.$inferSelect;
