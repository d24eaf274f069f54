import { fromDayNumber, getWeekday, toDayNumber } from '@ferry/domain/dates';
import { centsToAmount } from '@ferry/domain/money';
import type { EnginePaymentStatus } from '@ferry/domain/payments';
import type { Action, Subject } from '@ferry/domain/permissions';
import { CASH_FLOW_WEEKS, type CashFlow, type CashFlowWeek } from '@ferry/domain/schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { businessToday } from '../bills/service.js';
import { BILL_HOLDING_STATUSES } from '../payments/state.js';

type Context = Pick<AppContext, 'database' | 'clock'>;

/** The right that shows the money side in (open invoices, customers' payments). */
export const CASH_FLOW_IN = ['read', 'GetPaidDueInvoices'] as const satisfies readonly [Action, Subject];
/** The right that shows the money side out (this business's payments not yet sent). */
export const CASH_FLOW_OUT = ['read', 'PayPayments'] as const satisfies readonly [Action, Subject];

/**
 * A customer's Ferry payment on its way to this business: the statuses in which it holds its bill's
 * scheduled amount (payments/state.ts), the same rule that shows the sender's invoice as 'processing'
 * (payment-requests/invoice-sync.ts), so the chart and the invoice agree on what is in flight.
 */
export const INCOMING_STATUSES: readonly EnginePaymentStatus[] = BILL_HOLDING_STATUSES;

/**
 * This business's payments not yet sent to the rails: every holding status but PROCESSING (once
 * processing, the money has already left the payer's account).
 */
export const OUTGOING_STATUSES: readonly EnginePaymentStatus[] = BILL_HOLDING_STATUSES.filter(
  (status) => status !== 'PROCESSING',
);

/** The Monday of the week of a business date. */
export const mondayOf = (date: string): string => {
  const weekday = getWeekday(date); // 0 = Sunday
  return fromDayNumber(toDayNumber(date) - ((weekday + 6) % 7));
};

const statusList = (statuses: readonly string[]): SQL =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * The week index (0 = this week) of a date column: before today counts as today (a payment whose process
 * date passed but is not sent yet goes out now), integer division of the days since the first Monday.
 */
const weekOf = (date: SQL, today: string, start: string): SQL =>
  sql`((greatest(${date}, ${today}::date) - ${start}::date) / 7)::int`;

type Bucket = {
  kind: 'invoices' | 'incoming' | 'overdue' | 'outgoing';
  week: number;
  cents: string | number;
};

const rowsOf = async (db: DbOrTx, query: SQL): Promise<Bucket[]> =>
  ((await db.execute(query)) as unknown as { rows: Bucket[] }).rows;

/**
 * The money side in, one statement: a customer's in-flight payments to this business (through a payment
 * request the business sent, whose payer's bill the payment pays) and open invoices by due date, each
 * invoice less what its in-flight payments already bring (never below zero, so it is not counted twice).
 * Invoices past due go to 'overdue' (week -1), the rest by due-date week; payments by expected delivery
 * (latest, else earliest, else process date). Grouped by week in the database: no per-row work here.
 *
 * Indexes: invoices_open_due_idx (business, due date; partial on open invoices), payment_requests_payee_idx
 * (payee) then payments_bill_idx (bill, status).
 */
async function inSide(
  db: DbOrTx,
  options: { businessId: string; today: string; start: string; end: string },
): Promise<Bucket[]> {
  const { businessId, today, start, end } = options;
  return rowsOf(
    db,
    sql`with inflight as (
      select r.invoice_id, p.amount_cents,
        coalesce(p.expected_delivery_latest, p.expected_delivery_earliest, p.process_date) as on_date
      from payment_requests r
      join payments p on p.bill_id = r.bill_id
      where r.payee_business_id = ${businessId} and r.bill_id is not null
        and p.method is not null and p.status in (${statusList(INCOMING_STATUSES)})
    ),
    inflight_by_invoice as (
      select invoice_id, sum(amount_cents) as cents from inflight where invoice_id is not null group by invoice_id
    ),
    open_invoices as (
      select i.due_date, greatest(i.balance_cents - coalesce(f.cents, 0), 0) as cents
      from invoices i
      left join inflight_by_invoice f on f.invoice_id = i.id
      where i.business_id = ${businessId} and i.balance_cents > 0 and i.status <> 'cancelled'
        and i.due_date <= ${end}::date
    )
    select case when due_date < ${today}::date then 'overdue' else 'invoices' end as kind,
      case when due_date < ${today}::date then -1 else ${weekOf(sql`due_date`, today, start)} end as week,
      sum(cents) as cents
    from open_invoices group by 1, 2
    union all
    select 'incoming' as kind, ${weekOf(sql`on_date`, today, start)} as week, sum(amount_cents) as cents
    from inflight where on_date <= ${end}::date group by 1, 2`,
  );
}

/**
 * The money side out, one statement: this business's payments not yet sent, by process date (past
 * process dates count this week), what leaves its source (amount plus any card surcharge).
 * Index: payments_business_status_idx (business, status).
 */
async function outSide(
  db: DbOrTx,
  options: { businessId: string; today: string; start: string; end: string },
): Promise<Bucket[]> {
  const { businessId, today, start, end } = options;
  return rowsOf(
    db,
    sql`select 'outgoing' as kind, ${weekOf(sql`process_date`, today, start)} as week,
      sum(amount_cents + fee_cents) as cents
    from payments
    where business_id = ${businessId} and method is not null
      and status in (${statusList(OUTGOING_STATUSES)}) and process_date <= ${end}::date
    group by 1, 2`,
  );
}

/**
 * GET cash-flow: money expected in and going out per week (Monday–Sunday, business dates in New York)
 * for `CASH_FLOW_WEEKS` weeks, the first containing today, with the overdue invoices apart. Only the sides
 * the member may read are computed (`sides`); the other stays at zero.
 */
export async function cashFlow(
  context: Context,
  options: { businessId: string; sides: { in: boolean; out: boolean } },
): Promise<CashFlow> {
  const { businessId, sides } = options;
  const db = context.database.db;
  const today = businessToday(context);
  const start = mondayOf(today);
  const startDay = toDayNumber(start);
  const end = fromDayNumber(startDay + CASH_FLOW_WEEKS * 7 - 1);
  const window = { businessId, today, start, end };
  const [inRows, outRows] = await Promise.all([
    sides.in ? inSide(db, window) : Promise.resolve([]),
    sides.out ? outSide(db, window) : Promise.resolve([]),
  ]);

  const cents = new Map<string, number>();
  const centsOf = (kind: Bucket['kind'], week: number) => cents.get(`${kind}:${week}`) ?? 0;
  for (const row of [...inRows, ...outRows]) {
    const key = `${row.kind}:${row.kind === 'overdue' ? -1 : Number(row.week)}`;
    cents.set(key, (cents.get(key) ?? 0) + Number(row.cents));
  }

  const weeks: CashFlowWeek[] = Array.from({ length: CASH_FLOW_WEEKS }, (_, week) => {
    const invoicesCents = centsOf('invoices', week);
    const incomingCents = centsOf('incoming', week);
    const outgoingCents = centsOf('outgoing', week);
    const inCents = invoicesCents + incomingCents;
    return {
      start: fromDayNumber(startDay + week * 7),
      end: fromDayNumber(startDay + week * 7 + 6),
      expectedIn: {
        invoices: centsToAmount(invoicesCents),
        incomingPayments: centsToAmount(incomingCents),
        total: centsToAmount(inCents),
      },
      goingOut: { scheduledPayments: centsToAmount(outgoingCents), total: centsToAmount(outgoingCents) },
      net: centsToAmount(inCents - outgoingCents),
    };
  });
  return { today, weeks, overdueIn: centsToAmount(centsOf('overdue', -1)), sides };
}
