import type { DeliverySpeed, PaymentFailureReason } from '@ferry/domain/catalogues';
import type { AchReturnCode, EnginePaymentStatus } from '@ferry/domain/payments';
import type { PaymentTimelineAction } from '@ferry/domain/schemas';
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
import { createdAt, idColumn, refColumn, timestampColumn, updatedAt } from '../../platform/db/columns.js';
import { rollupTables } from '../../platform/db/rollups.js';
import { businessBankAccounts } from '../banking/tables.js';
import { bills } from '../bills/tables.js';
import { businesses } from '../businesses/tables.js';
import { cards } from '../cards/tables.js';
import { contacts } from '../contacts/tables.js';
import { users } from '../users/tables.js';

const cents = (name: string) => bigint(name, { mode: 'number' });

/** How the money leaves the payer; null for a bill marked as paid (no money moved through Ferry). */
export type PaymentMethodKind = 'BANK' | 'CARD';

/** Free-form data the rails engine keeps with a payment (transfer ids, trace numbers…). */
export type PaymentRailsData = Record<string, unknown>;

/**
 * Payments a business makes to its vendors (spec 002 §2–§5): one bill each. Money in integer cents:
 * `amount` is what the vendor gets for the bill, `fee` the card surcharge paid on top (so the payer's
 * source gives amount + fee). The status follows the domain machine (`@ferry/domain/payments`) and only
 * changes through `applyPaymentEvent` (state.ts), which posts the ledger and moves the bill in the same
 * transaction.
 */
export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    /** The payer. */
    businessId: refColumn('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The vendor (a contact of the payer). */
    vendorId: refColumn('vendor_id')
      .notNull()
      .references(() => contacts.id),
    billId: refColumn('bill_id')
      .notNull()
      .references(() => bills.id),
    /** The payment request (For Review) this payment answers, if any. */
    paymentRequestId: refColumn('payment_request_id'),
    status: text('status').$type<EnginePaymentStatus>().notNull(),
    method: text('method').$type<PaymentMethodKind>(),
    bankAccountId: refColumn('bank_account_id').references(() => businessBankAccounts.id),
    cardId: refColumn('card_id').references(() => cards.id),
    amountCents: cents('amount_cents').notNull(),
    feeCents: cents('fee_cents').notNull().default(0),
    deliverySpeed: text('delivery_speed').$type<DeliverySpeed>(),
    /** The business day the payment is (or was) sent to the rails. */
    processDate: date('process_date', { mode: 'string' }).notNull(),
    expectedDeliveryEarliest: date('expected_delivery_earliest', { mode: 'string' }),
    expectedDeliveryLatest: date('expected_delivery_latest', { mode: 'string' }),
    submittedAt: timestampColumn('submitted_at'),
    deliveredAt: timestampColumn('delivered_at'),
    failedAt: timestampColumn('failed_at'),
    cancelledAt: timestampColumn('cancelled_at'),
    declinedAt: timestampColumn('declined_at'),
    reversedAt: timestampColumn('reversed_at'),
    /** Marked as paid: the date the payer says the bill was paid. */
    paidDate: date('paid_date', { mode: 'string' }),
    failureReason: text('failure_reason').$type<PaymentFailureReason>(),
    returnCode: text('return_code').$type<AchReturnCode>(),
    reattempts: integer('reattempts').notNull().default(0),
    remarks: text('remarks'),
    /** The vendor has no bank on file yet: the payment waits for them to accept it. */
    awaitingPayeeDetails: boolean('awaiting_payee_details').notNull().default(false),
    acceptReminderSentAt: timestampColumn('accept_reminder_sent_at'),
    /** A vendor bank change holds the payment until then (24 h rule). */
    holdUntil: timestampColumn('hold_until'),
    isAuto: boolean('is_auto').notNull().default(false),
    /** The rails engine's own data (transfer ids…), merged by applyPaymentEvent. */
    railsData: jsonb('rails_data').$type<PaymentRailsData>().notNull().default({}),
    /** The Idempotency-Key of the request that made it (bulk: key + ':' + bill id). */
    idempotencyKey: text('idempotency_key'),
    createdBy: refColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Bumped on every change (optimistic checks, cache keys). */
    version: integer('version').notNull().default(1),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('payments_business_idempotency_unique')
      .on(table.businessId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('payments_business_status_idx').on(table.businessId, table.status),
    index('payments_business_process_date_idx').on(table.businessId, table.processDate),
    index('payments_business_created_idx').on(table.businessId, table.createdAt, table.sequence),
    // The engine's due scan: SCHEDULED payments whose process date has come.
    index('payments_status_process_date_idx').on(table.status, table.processDate),
    index('payments_bill_idx').on(table.billId, table.status),
    index('payments_vendor_idx').on(table.vendorId, table.status),
    // The payee's side (Get Paid > Payments) finds payments by the requests it sent.
    index('payments_payment_request_idx').on(table.paymentRequestId, table.status),
    check('payments_amount_check', sql`${table.amountCents} > 0 and ${table.feeCents} >= 0`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/** A payment's timeline (PaymentDetail.timeline): one row per event, in order. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: idColumn(),
    paymentId: refColumn('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    action: text('action').$type<PaymentTimelineAction>().notNull(),
    label: text('label').notNull(),
    /** The payment's status after the event. */
    status: text('status').$type<EnginePaymentStatus>().notNull(),
    /** Null for Ferry's own actions (actor name 'Ferry'). */
    actorUserId: refColumn('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    remarks: text('remarks'),
    at: timestampColumn('at').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    sequence: bigint('sequence', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (table) => [index('payment_events_payment_idx').on(table.paymentId, table.sequence)],
);
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/**
 * The payer's payments per status (migration 0013; platform/db/rollups.ts): how many and their amount,
 * for bills/summary/payments; `payment_status_deltas` holds the changes appended since by triggers on
 * payments.
 */
export const { rollup: paymentStatusRollups, deltas: paymentStatusDeltas } = rollupTables({
  rollup: 'payment_status_rollups',
  deltas: 'payment_status_deltas',
  business: () => businesses.id,
  columns: () => ({
    status: text('status').$type<EnginePaymentStatus>().notNull(),
    paymentCount: bigint('payment_count', { mode: 'number' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
  }),
  keys: ['status'],
});
