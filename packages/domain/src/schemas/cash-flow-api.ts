import { z } from 'zod';

/** How many weeks GET cash-flow looks ahead (the first containing today). */
export const CASH_FLOW_WEEKS = 8;

/** Money expected in during one week: open invoice balances by due date and customers' payments on their way. */
export const cashFlowInSchema = z.object({
  /** Open invoices due that week, less what customers' payments already bring in for them. */
  invoices: z.number(),
  /** Customers' Ferry payments to this business in flight (scheduled or processing), by expected delivery. */
  incomingPayments: z.number(),
  total: z.number(),
});

/** Money going out during one week: this business's payments not yet sent, by process date. */
export const cashFlowOutSchema = z.object({
  scheduledPayments: z.number(),
  total: z.number(),
});

/** One week, Monday to Sunday (business dates, America/New_York); amounts in decimal dollars. */
export const cashFlowWeekSchema = z
  .object({
    /** The Monday, 'YYYY-MM-DD'. */
    start: z.string(),
    /** The Sunday, 'YYYY-MM-DD'. */
    end: z.string(),
    expectedIn: cashFlowInSchema,
    goingOut: cashFlowOutSchema,
    /** expectedIn.total − goingOut.total (of the sides the member may read). */
    net: z.number(),
  })
  .meta({ id: 'CashFlowWeek' });
export type CashFlowWeek = z.infer<typeof cashFlowWeekSchema>;

/**
 * GET cash-flow (the Get Paid and Pay home): money expected in and going out per week for the next
 * `CASH_FLOW_WEEKS` weeks. A side the member may not read (`sides`) is all zeros.
 */
export const cashFlowSchema = z
  .object({
    /** The business date the weeks were computed for (America/New_York). */
    today: z.string(),
    weeks: z.array(cashFlowWeekSchema),
    /** Open invoice balances already past due (not in any week), less what is on its way in for them. */
    overdueIn: z.number(),
    /** Which sides the member may read: in = Get Paid › Due Invoices, out = Pay › Payments. */
    sides: z.object({ in: z.boolean(), out: z.boolean() }),
  })
  .meta({ id: 'CashFlow' });
export type CashFlow = z.infer<typeof cashFlowSchema>;
