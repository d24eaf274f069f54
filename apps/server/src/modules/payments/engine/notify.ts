import type { AppContext } from '../../../platform/context.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { queueVendorPaymentMails as queueMails } from '../notify.js';
import type { PaymentRow } from '../tables.js';

/** The engine's mails to the vendor (the templates and remittance details live in ../notify.ts). */
export type EngineVendorMail = 'SCHEDULED' | 'DELIVERED' | 'FAILED' | 'REVERSED';

/**
 * Queues the vendor's mail about a status the engine reached, in the caller's transaction: it goes out
 * exactly when the status change commits. Payments marked as paid (no money through Ferry) are never
 * mailed.
 */
export async function queueVendorPaymentMail(
  tx: DbOrTx,
  context: Pick<AppContext, 'clock' | 'jobs' | 'config'>,
  options: { payment: PaymentRow; kind: EngineVendorMail },
): Promise<void> {
  await queueVendorPaymentMails(tx, context, [options]);
}

/** `queueVendorPaymentMail` for many payments at once (the batched settlements). */
export async function queueVendorPaymentMails(
  tx: DbOrTx,
  context: Pick<AppContext, 'clock' | 'jobs' | 'config'>,
  items: readonly { payment: PaymentRow; kind: EngineVendorMail }[],
): Promise<void> {
  const mailed = items.filter((item) => item.payment.method !== null);
  await queueMails(
    context,
    tx,
    mailed.map((item) => ({ paymentId: item.payment.id, kind: item.kind })),
  );
}
