import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampColumn } from '../../platform/db/columns.js';

/**
 * The sandbox rails' and sandbox bank's own store: it stands in for the outside systems, so it keeps
 * its records apart from Ferry's (modules/banking) and answers through the rails interface.
 */

/** The sandbox clock: one row, an offset added to the real clock (moved by POST /sandbox/clock/advance). */
export const sandboxRailsClock = pgTable('sandbox_rails_clock', {
  id: text('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
});

/** Transfers the sandbox rails were asked for, as the receiving bank shows them. */
export const sandboxRailsTransfers = pgTable(
  'sandbox_rails_transfers',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    direction: text('direction').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Ferry's id of the account (settlement events carry it back). */
    reference: text('reference').notNull(),
    bankName: text('bank_name').notNull(),
    routingNumber: text('routing_number').notNull(),
    /** Keyed digest of routing + account number: the bank's account, never the number itself. */
    accountDigest: text('account_digest').notNull(),
    accountMask: text('account_mask').notNull(),
    holderName: text('holder_name').notNull(),
    holderEmail: text('holder_email'),
    description: text('description').notNull(),
    settleOn: text('settle_on').notNull(),
    status: text('status').notNull().default('PENDING'),
    postedAt: timestampColumn('posted_at'),
    /** When every settlement handler accepted the event (null: to be delivered again). */
    eventDeliveredAt: timestampColumn('event_delivered_at'),
    /** Sandbox test amounts: 'FAIL' (the transfer fails on its day) or 'RETURN' (it posts, then comes back). */
    plannedOutcome: text('planned_outcome'),
    plannedReturnCode: text('planned_return_code'),
    /** The ACH return code of a FAILED or RETURNED transfer. */
    returnCode: text('return_code'),
    /** The business day a planned return comes back ('YYYY-MM-DD'). */
    returnOn: text('return_on'),
    returnedAt: timestampColumn('returned_at'),
    /** When every handler accepted the RETURNED event. */
    returnEventDeliveredAt: timestampColumn('return_event_delivered_at'),
    alertSentAt: timestampColumn('alert_sent_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('sandbox_rails_transfers_account_idx').on(table.accountDigest),
    index('sandbox_rails_transfers_due_idx').on(table.status, table.settleOn),
    index('sandbox_rails_transfers_reference_idx').on(table.reference),
  ],
);
export type SandboxRailsTransferRow = typeof sandboxRailsTransfers.$inferSelect;
