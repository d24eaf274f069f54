import { newYorkDate } from '@ferry/domain/payments';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { bills } from '../bills/tables.js';
import {
  recordInvoiceReceipt,
  reverseInvoiceReceipt,
  setInvoicePaymentInFlight,
} from '../invoices/service.js';
import { invoices } from '../invoices/tables.js';
import type { PaymentRow } from '../payments/tables.js';
import { paymentRequests } from './tables.js';

/**
 * The sender's invoice follows the payer's payments (issue 19). A payment request with an invoice,
 * once the payer linked it to a bill, ties the payer's bill to the sender's invoice: when a payment of
 * that bill moves, in the same transaction as the move,
 *
 * - while the bill has a payment on its way (scheduled or processing: `scheduled_cents` > 0, the same
 *   rule that shows the request as PROCESSING under For Review) the invoice shows 'processing';
 * - DELIVERED: the invoice receives the payment (a RECEIVED invoice payment of the payment's amount,
 *   not its card fee, into the payee's receiving bank when known) and becomes partial_paid or paid;
 * - FAILED / CANCELLED / DECLINED…: the payment no longer holds the bill, so the invoice goes back to
 *   'requested';
 * - REVERSED: the receipt is reversed and the invoice's balance restored.
 *
 * The request keeps what is left to pay (the bill's balance) and turns COMPLETED once its invoice is
 * paid (back to LINK_BILL on a reversal), so For Review and the sender's invoice agree. Payments the
 * payer marked as paid by hand (no method) are the payer's own record: the invoice is not credited.
 */

/** A payment's move, as applyPaymentEvents wrote it. */
export interface PaymentMove {
  before: Pick<PaymentRow, 'status'>;
  after: Pick<PaymentRow, 'id' | 'billId' | 'status' | 'method' | 'amountCents' | 'railsData'>;
  at: Date;
}

/** The payee's bank the credit went to, when the engine noted it (a network payee's own bank). */
const creditBankOf = (railsData: Record<string, unknown>): string | null =>
  typeof railsData.creditBankAccountId === 'string' ? railsData.creditBankAccountId : null;

/**
 * Brings the invoices of the given bills up to date after their payments moved (`moves`; none when only
 * a bill's scheduled amount changed, e.g. a new payment waiting for the payee). One statement when no
 * bill is linked to a request with an invoice (the common case), so the engine's batches stay constant.
 */
export async function syncInvoicesOfBills(
  tx: DbOrTx,
  billIds: readonly string[],
  moves: readonly PaymentMove[] = [],
): Promise<void> {
  const ids = [...new Set(billIds)];
  if (ids.length === 0) return;
  const links = await tx
    .select({
      requestId: paymentRequests.id,
      invoiceId: paymentRequests.invoiceId,
      billId: paymentRequests.billId,
      scheduledCents: bills.scheduledCents,
    })
    .from(paymentRequests)
    .innerJoin(bills, eq(bills.id, paymentRequests.billId))
    .innerJoin(invoices, eq(invoices.id, paymentRequests.invoiceId))
    .where(and(inArray(paymentRequests.billId, ids), isNotNull(paymentRequests.invoiceId)))
    .orderBy(paymentRequests.id)
    // The requests first, then their invoices: the order a cancel by the sender takes too.
    .for('update', { of: paymentRequests });
  if (links.length === 0) return;
  const byBill = new Map(links.map((link) => [link.billId, link]));

  for (const move of moves) {
    const link = byBill.get(move.after.billId);
    if (!link?.invoiceId || move.after.method === null || move.before.status === move.after.status) continue;
    if (move.after.status === 'DELIVERED') {
      await receive(tx, link.invoiceId, move);
    } else if (move.after.status === 'REVERSED') {
      await reverseInvoiceReceipt(tx, { paymentId: move.after.id, at: move.at });
    }
  }

  for (const link of links) {
    if (link.invoiceId) await setInvoicePaymentInFlight(tx, link.invoiceId, link.scheduledCents > 0);
  }

  // The requests: what is left is the bill's balance; COMPLETED once the invoice is paid.
  const requestIds = sql.join(
    links.map((link) => sql`${link.requestId}`),
    sql`, `,
  );
  await tx.execute(sql`update "payment_requests" as pr
    set "balance_cents" = least(b."balance_cents", pr."amount_cents"),
      "state" = (case
        when pr."state" = 'LINK_BILL' and i."balance_cents" = 0 then 'COMPLETED'
        when pr."state" = 'COMPLETED' and i."balance_cents" > 0 then 'LINK_BILL'
        else pr."state" end)
    from "bills" as b, "invoices" as i
    where pr."id" in (${requestIds}) and b."id" = pr."bill_id" and i."id" = pr."invoice_id"`);
}

/**
 * The invoice receives a delivered payment: at most what is left on it (the sender may have marked part
 * as paid meanwhile). An invoice already paid or cancelled is left as it is — the delivery itself must
 * never fail for it.
 */
async function receive(tx: DbOrTx, invoiceId: string, move: PaymentMove): Promise<void> {
  const [invoice] = await tx
    .select({ balanceCents: invoices.balanceCents, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice || invoice.status === 'cancelled' || invoice.balanceCents <= 0) return;
  try {
    await recordInvoiceReceipt(tx, {
      invoiceId,
      kind: 'RECEIVED',
      paymentId: move.after.id,
      amountCents: Math.min(move.after.amountCents, invoice.balanceCents),
      date: newYorkDate(move.at),
      bankAccountId: creditBankOf(move.after.railsData),
      actor: { type: 'SYSTEM', userId: null, name: 'Ferry' },
      at: move.at,
    });
  } catch (error) {
    // Refused before writing anything (closed meanwhile): the payment is delivered all the same.
    if (!(error instanceof AppError)) throw error;
  }
}
