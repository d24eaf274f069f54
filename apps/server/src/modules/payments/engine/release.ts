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
import { type ApplyPaymentEventInput, applyPaymentEvents, lockPayments, SYSTEM_ACTOR } from '../state.js';
import { type PaymentRow, payments } from '../tables.js';
import { vendorHasBank } from './accounts.js';
import { inBatches, PAYMENT_BATCH_SIZE } from './batch.js';
import { queueVendorPaymentMail } from './notify.js';
import type { EngineContext } from './transfers.js';

const FULL_VERIFIED = 'FULL_VERIFIED';

/**
 * What the release rules read, each asked once per transaction (a batch of payments of one business
 * asks once whether it is verified).
 */
function releaseChecks(db: DbOrTx) {
  const memo = new Map<string, Promise<boolean>>();
  const once = (key: string, read: () => Promise<boolean>) => {
    let answer = memo.get(key);
    if (!answer) {
      answer = read();
      memo.set(key, answer);
    }
    return answer;
  };
  return {
    businessVerified: (businessId: string) =>
      once(`business:${businessId}`, async () => {
        const [row] = await db
          .select({ status: businesses.verificationStatus })
          .from(businesses)
          .where(eq(businesses.id, businessId))
          .limit(1);
        return row?.status === FULL_VERIFIED;
      }),
    vendorHasBank: (vendorId: string) => once(`vendor:${vendorId}`, () => vendorHasBank(db, vendorId)),
    bankVerified: (bankAccountId: string) =>
      once(`bank:${bankAccountId}`, async () => {
        const [bank] = await db
          .select({ status: businessBankAccounts.verificationStatus })
          .from(businessBankAccounts)
          .where(eq(businessBankAccounts.id, bankAccountId))
          .limit(1);
        return bank?.status === 'VERIFIED';
      }),
  };
}
type ReleaseChecks = ReturnType<typeof releaseChecks>;

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
 * - PENDING (or APPROVED, after its approvals) awaiting the payee's details: scheduled once the vendor has a bank (queued instead when the
 *   payer is not verified);
 * - HOLD (a vendor bank change): released when hold_until has passed on the rails' clock;
 * - BANK_UNDER_VERIFICATION: released once the payer's bank is verified.
 * A process date in the past moves to today, or the next business day (adjustProcessDate).
 */
async function releaseFor(checks: ReleaseChecks, row: PaymentRow, railsNow: Date): Promise<Release | null> {
  const processDate = adjustProcessDate(row.processDate, { today: newYorkDate(railsNow) }).date;
  switch (row.status) {
    case 'IN_QUEUE': {
      if (!(await checks.businessVerified(row.businessId))) return null;
      if (row.awaitingPayeeDetails && !(await checks.vendorHasBank(row.vendorId))) return null;
      return {
        event: { type: 'RELEASE_QUEUE', processDate },
        action: 'RELEASED',
        label: 'Scheduled',
        remarks: 'Your business is verified: the payment is scheduled.',
        patch: { awaitingPayeeDetails: false },
      };
    }
    case 'PENDING':
    case 'APPROVED': {
      if (!row.awaitingPayeeDetails || !(await checks.vendorHasBank(row.vendorId))) return null;
      if (!(await checks.businessVerified(row.businessId))) {
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
      if (!row.bankAccountId || !(await checks.bankVerified(row.bankAccountId))) return null;
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

/**
 * Releases the waiting payments among `paymentIds` that may go on, in one transaction under their row
 * locks (the rules are read there); answers the new status of each released one.
 */
async function releaseBatch(
  context: EngineContext,
  paymentIds: readonly string[],
  railsNow: Date,
): Promise<EnginePaymentStatus[]> {
  return context.database.db.transaction(async (tx) => {
    const locked = await lockPayments(tx, paymentIds);
    const checks = releaseChecks(tx);
    const inputs: ApplyPaymentEventInput[] = [];
    for (const id of paymentIds) {
      const row = locked.get(id);
      const release = row ? await releaseFor(checks, row, railsNow) : null;
      if (!row || !release) continue;
      inputs.push({
        paymentId: row.id,
        event: release.event,
        actor: SYSTEM_ACTOR,
        timeline: { action: release.action, label: release.label, remarks: release.remarks },
        at: railsNow,
        patch: release.patch,
      });
    }
    const statuses: EnginePaymentStatus[] = [];
    for (const outcome of await applyPaymentEvents(tx, inputs)) {
      if (!outcome.ok) throw outcome.error;
      if (outcome.payment.status === 'SCHEDULED') {
        await queueVendorPaymentMail(tx, context, { payment: outcome.payment, kind: 'SCHEDULED' });
      }
      statuses.push(outcome.payment.status);
    }
    return statuses;
  });
}

/** Releases one waiting payment if it may go on; answers its new status, or null when it keeps waiting. */
export async function releasePayment(
  context: EngineContext,
  paymentId: string,
  railsNow: Date,
): Promise<EnginePaymentStatus | null> {
  const [status] = await releaseBatch(context, [paymentId], railsNow);
  return status ?? null;
}

/**
 * The release sweep (`payments.release`, every minute, after every sandbox clock move, and when a
 * module asks for it): every waiting payment whose reason to wait is gone moves on. Candidates are read
 * cheaply, then re-checked under their row locks, PAYMENT_BATCH_SIZE per transaction.
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
    .where(
      and(
        inArray(payments.status, ['PENDING', 'APPROVED']),
        eq(payments.awaitingPayeeDetails, true),
        ...scope,
      ),
    )
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
  const ids = [...new Set([...queued, ...awaiting, ...held, ...banks].map((row) => row.id))];
  await inBatches(
    ids,
    PAYMENT_BATCH_SIZE,
    (batch) => releaseBatch(context, batch, railsNow),
    async () => {
      released += 1;
    },
  );
  return { released };
}
