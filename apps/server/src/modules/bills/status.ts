import type { BillInvoiceStatus } from '@ferry/domain/catalogues';
import type { BillPaymentState } from './tables.js';

/**
 * A bill's status from its money and what the Pay engine reports about its payments in flight
 * (spec 002 §4 bill statuses), first match wins:
 * - cancelled stays cancelled;
 * - nothing left to pay → paid;
 * - a payment in flight in a state worth showing (processing, in_queue, failed, reversed, pending) →
 *   that state;
 * - some of the balance scheduled (or the engine says scheduled) → scheduled;
 * - part of the amount paid → partial_paid;
 * - else unpaid.
 */
export function recomputeBillStatus(bill: {
  status: BillInvoiceStatus;
  amountCents: number;
  balanceCents: number;
  scheduledCents: number;
  paymentState: BillPaymentState | null;
}): BillInvoiceStatus {
  if (bill.status === 'cancelled') return 'cancelled';
  if (bill.balanceCents <= 0) return 'paid';
  const state = bill.paymentState;
  if (state && state !== 'scheduled') return state;
  if (bill.scheduledCents > 0 || state === 'scheduled') return 'scheduled';
  if (bill.balanceCents < bill.amountCents) return 'partial_paid';
  return 'unpaid';
}
