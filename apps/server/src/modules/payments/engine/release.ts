import {
  adjustProcessDate,
  type EnginePaymentStatus,
  newYorkDate,
  type PaymentEvent,
} from '@ferry/domain/payments';
import type { PaymentTimelineAction } from '@ferry/domain/schemas';
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.js';
import { businessBankAccounts } from '../../banking/tables.js';
import { businesses } from '../../businesses/tables.js';
import { applyPaymentEvent, lockPayment, SYSTEM_ACTOR } from '../state.js';
import { type PaymentRow, payments } from '../tables.js';
import { vendorHasBank } from './accounts.js';
import { queueVendorPaymentMail } from './notify.js';
import type { EngineContext } from './transfers.js';

const FULL_VERIFIED = 'FULL_VERIFIED';

async function isBusinessVerified(db: DbOrTx, businessId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: businesses.verificationStatus })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row?.status === FULL_VERIFIED;
}

type Release = {
  event: PaymentEvent;
  action: PaymentTimelineAction;
  label: string;
  remarks: string | null;
  patch: Partial<Pick<PaymentRow, 'awaitingPayeeDetails' | 'holdUntil'>>;
};

/**
 * What a waiting payment may do now, read inside its transaction (under the row lock), or null when it
 * must keep waiting:
 * - IN_QUEUE (the payer was not verified): released once the business is FULL_VERIFIED — and, when it
 *   also waited for the vendor's bank details, once the vendor has a bank;
 * - PENDING awaiting the payee's details: scheduled once the vendor has a bank (queued instead when the
 *   payer is not verified);
 * - HOLD (a vendor bank change): released when hold_until has passed on the rails' clock;
 * - BANK_UNDER_VERIFICATION: released once the payer's bank is verified.
 * A process date in the past moves to today, or the next business day (adjustProcessDate).
 */
async function releaseFor(tx: DbOrTx, row: PaymentRow, railsNow: Date): Promise<Release | null> {
  const processDate = adjustProcessDate(row.processDate, { today: newYorkDate(railsNow) }).date;
  switch (row.status) {
    case 'IN_QUEUE': {
      if (!(await isBusinessVerified(tx, row.businessId))) return null;
      if (row.awaitingPayeeDetails && !(await vendorHasBank(tx, row.vendorId))) return null;
      return {
        event: { type: 'RELEASE_QUEUE', processDate },
        action: 'RELEASED',
        label: 'Scheduled',
        remarks: 'Your business is verified: the payment is scheduled.',
        patch: { awaitingPayeeDetails: false },
      };
    }
    case 'PENDING': {
      if (!row.awaitingPayeeDetails || !(await vendorHasBank(tx, row.vendorId))) return null;
      if (!(await isBusinessVerified(tx, row.businessId))) {
        return {
          event: { type: 'QUEUE_UNVERIFIED' },
          action: 'IN_QUEUE',
          label: 'Paused',
          remarks: "The vendor's bank details were added; the payment waits for your business verification.",
          patch: { awaitingPayeeDetails: false },
        };
      }
      return {
        event: { type: 'SCHEDULE', processDate },
        action: 'PAYEE_ACCEPTED',
        label: 'Scheduled',
        remarks: "The vendor's bank details were added: the payment is scheduled.",
        patch: { awaitingPayeeDetails: false },
      };
    }
    case 'HOLD': {
      if (!row.holdUntil || row.holdUntil.getTime() > railsNow.getTime()) return null;
      return {
        event: { type: 'RELEASE_HOLD', processDate },
        action: 'RELEASED',
        label: 'Scheduled',
        remarks: 'The hold after the vendor bank change has ended.',
        patch: { holdUntil: null },
      };
    }
    case 'BANK_UNDER_VERIFICATION': {
      if (!row.bankAccountId) return null;
      const [bank] = await tx
        .select({ status: businessBankAccounts.verificationStatus })
        .from(businessBankAccounts)
        .where(eq(businessBankAccounts.id, row.bankAccountId))
        .limit(1);
      if (bank?.status !== 'VERIFIED') return null;
      return {
        event: { type: 'BANK_VERIFIED', processDate },
        action: 'RELEASED',
        label: 'Scheduled',
        remarks: 'Your bank account is verified: the payment is scheduled.',
        patch: {},
      };
    }
    default:
      return null;
  }
}

/** Releases one waiting payment if it may go on; answers its new status, or null when it keeps waiting. */
export async function releasePayment(
  context: EngineContext,
  paymentId: string,
  railsNow: Date,
): Promise<EnginePaymentStatus | null> {
  return context.database.db.transaction(async (tx) => {
    const row = await lockPayment(tx, paymentId);
    if (!row) return null;
    const release = await releaseFor(tx, row, railsNow);
    if (!release) return null;
    const after = await applyPaymentEvent(tx, {
      paymentId: row.id,
      event: release.event,
      actor: SYSTEM_ACTOR,
      timeline: { action: release.action, label: release.label, remarks: release.remarks },
      at: railsNow,
      patch: release.patch,
    });
    if (after.status === 'SCHEDULED') {
      await queueVendorPaymentMail(tx, context, { payment: after, kind: 'SCHEDULED' });
    }
    return after.status;
  });
}

/**
 * The release sweep (`payments.release`, every minute, after every sandbox clock move, and when a
 * module asks for it): every waiting payment whose reason to wait is gone moves on. Candidates are read
 * cheaply, then each is re-checked under its row lock.
 */
export async function releaseWaitingPayments(
  context: EngineContext,
  options: { businessId?: string } = {},
): Promise<{ released: number }> {
  const { db } = context.database;
  const railsNow = await context.providers.rails.now();
  const scope = options.businessId ? [eq(payments.businessId, options.businessId)] : [];
  const queued = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(businesses, eq(businesses.id, payments.businessId))
    .where(and(eq(payments.status, 'IN_QUEUE'), eq(businesses.verificationStatus, FULL_VERIFIED), ...scope))
    .limit(1000);
  const awaiting = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'PENDING'), eq(payments.awaitingPayeeDetails, true), ...scope))
    .limit(1000);
  const held = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'HOLD'),
        isNotNull(payments.holdUntil),
        lte(payments.holdUntil, railsNow),
        ...scope,
      ),
    )
    .limit(1000);
  const banks = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(businessBankAccounts, eq(businessBankAccounts.id, payments.bankAccountId))
    .where(
      and(
        inArray(payments.status, ['BANK_UNDER_VERIFICATION']),
        eq(businessBankAccounts.verificationStatus, 'VERIFIED'),
        ...scope,
      ),
    )
    .limit(1000);
  let released = 0;
  for (const { id } of [...queued, ...awaiting, ...held, ...banks]) {
    if (await releasePayment(context, id, railsNow)) released += 1;
  }
  return { released };
}
