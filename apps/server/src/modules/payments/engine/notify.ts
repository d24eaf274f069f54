import type { AppContext } from '../../../platform/context.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { queueVendorPaymentMail as queueMail } from '../notify.js';
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
  if (options.payment.method === null) return;
  await queueMail(context, tx, { paymentId: options.payment.id, kind: options.kind });
}
