import { deliveryPlan } from '@ferry/domain/payments';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/errors.js';
import type { Actor } from '../activity/service.js';
import { businessToday } from '../bills/service.js';
import { linkBill, mapBusiness } from './link.js';
import { type PaymentRequestRow, paymentRequests } from './tables.js';

type Context = Pick<AppContext, 'database' | 'clock'>;

/**
 * Paying a received payment request from the payer business (the guest flow and the auto-payment
 * engine): the sender is mapped as a vendor and the request gets its bill, once — concurrent calls
 * agree on the same vendor and bill. Answers the bill id.
 */
export async function ensureRequestBill(
  context: Context,
  options: { businessId: string; request: PaymentRequestRow; actor: Actor },
): Promise<string> {
  const { db } = context.database;
  const reread = async (): Promise<PaymentRequestRow> => {
    const [row] = await db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, options.request.id))
      .limit(1);
    if (!row) throw new Error(`payment request ${options.request.id} is gone`);
    return row;
  };
  let request = options.request;
  if (!request.vendorContactId && !request.billId) {
    try {
      await mapBusiness(context, {
        businessId: options.businessId,
        paymentRequestId: request.id,
        actor: options.actor,
      });
    } catch (error) {
      // A concurrent call mapped it (or linked the bill) first.
      if (!(error instanceof AppError) || error.errorCode !== 'CONFLICT') throw error;
    }
    request = await reread();
  }
  if (!request.billId) {
    await linkBill(context, {
      businessId: options.businessId,
      paymentRequestId: request.id,
      actor: options.actor,
    });
    request = await reread();
  }
  if (!request.billId) throw new Error(`payment request ${request.id} has no bill after link-bill`);
  return request.billId;
}

/** The first day the rails take a payment submitted now (today before the cutoff, else the next business day). */
export const firstProcessDate = (context: Pick<AppContext, 'clock'>, amountCents: number): string =>
  deliveryPlan({
    speed: 'STANDARD',
    processDate: businessToday(context),
    submittedAt: context.clock.now(),
    amountCents,
  }).processOn;
