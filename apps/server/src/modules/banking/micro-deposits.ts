import { randomBytes, randomInt } from 'node:crypto';
import { MICRO_DEPOSIT, MICRO_DEPOSIT_ERRORS } from '@ferry/domain/catalogues';
import type { BankAccountView, VerifyMicroDepositRequest } from '@ferry/domain/schemas';
import { and, eq, isNull, like, lte, ne, or, sql } from 'drizzle-orm';
import { getDataSecretBox } from '../../platform/crypto/secret-box.js';
import type { DbOrTx } from '../../platform/db/client.js';
import type { RailsTransfer } from '../../providers/rails/rails.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { businesses } from '../businesses/tables.js';
import {
  renderDepositsSentMail,
  renderVerificationFailedMail,
  renderVerificationPendingMail,
} from '../notifications/banking-templates.js';
import { requestPaymentRelease } from '../payments/engine/jobs.js';
import { users } from '../users/tables.js';
import { BankingError } from './errors.js';
import {
  businessNameOf,
  MANUAL_BANK_VERIFICATION,
  mailBankAdmins,
  noticeVendorBankChange,
} from './notify.js';
import {
  BANK_ENTITY_TYPE,
  bankNotFound,
  type Ctx,
  ensurePrimary,
  findBank,
  revealAccountNumber,
} from './service.js';
import { type BusinessBankAccountRow, businessBankAccounts } from './tables.js';
import { toBankViewOne } from './views.js';

const DAY_MS = 86_400_000;
/**
 * A verify holds its bank while it runs, and for this long after it answered the same amounts: a second
 * verify of the same bank while one runs (two tabs), or with the same amounts within this window (a double
 * submit), answers 'Request already in progress.' without using an attempt. The window does not depend on
 * how two concurrent requests interleave (PGlite runs them one after the other, PostgreSQL side by side).
 * Different amounts (a corrected entry) are answered as soon as the previous verify has finished.
 */
export const VERIFY_IN_PROGRESS_MS = 3_000;

/** Keyed digest of the two amounts in cents, in either order (never the amounts themselves). */
export const microDepositDigest = (context: Pick<Ctx, 'config'>, bankId: string, a: number, b: number) =>
  getDataSecretBox(context.config).digest(`micro-deposit:${bankId}:${Math.min(a, b)}:${Math.max(a, b)}`);

const dateText = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const railsKey = (bankId: string, part: 'first' | 'second' | 'offset') => `micro-deposit:${bankId}:${part}`;

/** The owner's email: the sandbox bank mails its statement alerts there (as a bank mails its customer). */
async function ownerEmailOf(db: DbOrTx, businessId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.createdBy))
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row?.email ?? null;
}

/**
 * Sends a manual bank's micro-deposits through the rails: two credits of 1–99 cents and one debit of
 * their sum, settling `settlementBusinessDays` business days after the bank was added. Idempotent: the
 * rails return the same transfers for the same keys, and the digest is always taken from what the rails
 * hold, so a retry never changes the amounts to enter.
 */
export async function sendMicroDeposits(context: Ctx, bankAccountId: string): Promise<'sent' | 'skipped'> {
  const { db } = context.database;
  const [bank] = await db
    .select()
    .from(businessBankAccounts)
    .where(eq(businessBankAccounts.id, bankAccountId));
  if (!bank || bank.deletedAt || bank.provider !== 'USER' || bank.microDepositState !== 'SCHEDULED')
    return 'skipped';
  if (bank.microDepositDigest) return 'skipped';
  const settleOn = bank.microDepositExpectedBy ?? '';
  const account = {
    routingNumber: bank.routingNumber,
    accountNumber: revealAccountNumber(context, bank),
    holderName: bank.accountHolderName ?? bank.accountName,
    bankName: bank.bankName,
    reference: bank.id,
    holderEmail: await ownerEmailOf(db, bank.businessId),
  };
  const { rails } = context.providers;
  const send = (part: 'first' | 'second', amountCents: number) =>
    rails.createTransfer({
      kind: 'MICRO_DEPOSIT',
      amountCents,
      direction: 'CREDIT',
      account,
      idempotencyKey: railsKey(bank.id, part),
      settleOn,
      description: 'FERRY ACCTVERIFY',
    });
  const amount = () => randomInt(MICRO_DEPOSIT.minCents, MICRO_DEPOSIT.maxCents + 1);
  const first = await send('first', amount());
  const second = await send('second', amount());
  await rails.createTransfer({
    kind: 'MICRO_DEPOSIT_OFFSET',
    amountCents: first.amountCents + second.amountCents,
    direction: 'DEBIT',
    account,
    idempotencyKey: railsKey(bank.id, 'offset'),
    settleOn,
    description: 'FERRY ACCTVERIFY REVERSAL',
  });
  await db
    .update(businessBankAccounts)
    .set({
      microDepositDigest: microDepositDigest(context, bank.id, first.amountCents, second.amountCents),
      updatedAt: context.clock.now(),
    })
    .where(and(eq(businessBankAccounts.id, bank.id), isNull(businessBankAccounts.microDepositDigest)));
  return 'sent';
}

/**
 * The rails say a micro-deposit posted: the bank is now waiting for its amounts (SENT) for 14 days, and
 * its admins get the 'deposits sent' mail. Idempotent (only a SCHEDULED bank moves).
 */
export async function onMicroDepositSettled(context: Ctx, transfer: RailsTransfer): Promise<void> {
  if (transfer.kind !== 'MICRO_DEPOSIT' || transfer.status !== 'POSTED') return;
  const postedAt = transfer.postedAt ?? (await context.providers.rails.now());
  const expiresAt = new Date(postedAt.getTime() + MICRO_DEPOSIT.expiryDays * DAY_MS);
  await context.database.db.transaction(async (tx) => {
    const [bank] = await tx
      .update(businessBankAccounts)
      .set({
        microDepositState: 'SENT',
        microDepositSentAt: postedAt,
        microDepositExpiresAt: expiresAt,
        updatedAt: context.clock.now(),
      })
      .where(
        and(
          eq(businessBankAccounts.id, transfer.reference),
          eq(businessBankAccounts.microDepositState, 'SCHEDULED'),
          isNull(businessBankAccounts.deletedAt),
        ),
      )
      .returning();
    if (!bank) return;
    const businessName = await businessNameOf(tx, bank.businessId);
    await mailBankAdmins(tx, context, {
      businessId: bank.businessId,
      bankAccountId: bank.id,
      type: MANUAL_BANK_VERIFICATION,
      ttlMinutes: MICRO_DEPOSIT.expiryDays * 24 * 60,
      render: (link) =>
        renderDepositsSentMail({
          businessName,
          bankName: bank.bankName,
          accountMask: bank.accountMask,
          expiresOn: dateText(expiresAt),
          link,
        }),
    });
  });
}

const REJECTED = {
  verificationStatus: 'REJECTED',
  accountStatus: 'INVALID',
  status: 'UNUSABLE',
  isPrimary: false,
} as const;

async function failVerification(
  tx: DbOrTx,
  context: Ctx,
  bank: BusinessBankAccountRow,
  reason: 'ATTEMPTS_EXHAUSTED' | 'EXPIRED',
  actor: Actor,
): Promise<boolean> {
  const now = context.clock.now();
  const [row] = await tx
    .update(businessBankAccounts)
    .set({
      ...REJECTED,
      microDepositState: reason === 'EXPIRED' ? 'EXPIRED' : 'FAILED',
      ...(reason === 'ATTEMPTS_EXHAUSTED' ? { verifyAttemptsRemaining: 0 } : {}),
      updatedAt: now,
    })
    .where(and(eq(businessBankAccounts.id, bank.id), eq(businessBankAccounts.verificationStatus, 'PENDING')))
    .returning();
  if (!row) return false;
  await recordActivity(tx, {
    businessId: bank.businessId,
    entityType: BANK_ENTITY_TYPE,
    entityId: bank.id,
    subject: 'PaymentMethod',
    action: 'BANK_ACCOUNT_VERIFICATION_FAILED',
    label: reason === 'EXPIRED' ? 'Bank verification expired' : 'Bank verification failed',
    actor,
    remarks: `${bank.bankName} *** ${bank.accountMask}`,
    data: { bankAccountId: bank.id, reason },
    at: now,
  });
  const businessName = await businessNameOf(tx, bank.businessId);
  await mailBankAdmins(tx, context, {
    businessId: bank.businessId,
    bankAccountId: bank.id,
    type: MANUAL_BANK_VERIFICATION,
    render: (link) =>
      renderVerificationFailedMail({
        businessName,
        bankName: bank.bankName,
        accountMask: bank.accountMask,
        reason,
        link,
      }),
  });
  return true;
}

const SYSTEM: Actor = { type: 'SYSTEM', userId: null, name: 'Ferry' };

type Outcome = { kind: 'VERIFIED'; view: BankAccountView } | { kind: 'ERROR'; error: BankingError };

/**
 * Checks the deposited amounts a member entered (spec 002 §4 "Micro-deposit verification"). One verify
 * per bank at a time: a short in-progress claim is taken with a conditional UPDATE, so a concurrent
 * verify answers 409 'Request already in progress.' on PGlite and PostgreSQL alike.
 */
export async function verifyMicroDeposits(
  context: Ctx,
  options: { businessId: string; actor: Actor; request: VerifyMicroDepositRequest },
): Promise<BankAccountView> {
  const { db } = context.database;
  const bankId = options.request.paymentInstrumentId;
  await findBank(db, { businessId: options.businessId, bankId });
  const enteredDigest = microDepositDigest(
    context,
    bankId,
    Number(options.request.firstMicroDeposit),
    Number(options.request.secondMicroDeposit),
  );
  const claim = `busy:${randomBytes(12).toString('hex')}`;
  const answered = `done:${enteredDigest}`;
  const claimedAt = context.clock.now();
  const claimed = await db
    .update(businessBankAccounts)
    .set({ verifyClaim: claim, verifyClaimedAt: claimedAt })
    .where(
      and(
        eq(businessBankAccounts.id, bankId),
        eq(businessBankAccounts.businessId, options.businessId),
        or(
          isNull(businessBankAccounts.verifyClaim),
          lte(businessBankAccounts.verifyClaimedAt, new Date(claimedAt.getTime() - VERIFY_IN_PROGRESS_MS)),
          and(
            like(businessBankAccounts.verifyClaim, 'done:%'),
            ne(businessBankAccounts.verifyClaim, answered),
          ),
        ),
      ),
    )
    .returning({ id: businessBankAccounts.id });
  if (claimed.length === 0) {
    throw new BankingError('CONFLICT', 'REQUEST_IN_PROGRESS', MICRO_DEPOSIT_ERRORS.REQUEST_IN_PROGRESS);
  }
  try {
    // Read before the transaction: on the embedded database a query outside it would wait for it.
    const bankNow = await context.providers.rails.now();
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const bank = await findBank(tx, { businessId: options.businessId, bankId, forUpdate: true });
      const error = (status: 'UNPROCESSABLE' | 'CONFLICT', code: keyof typeof MICRO_DEPOSIT_ERRORS) => ({
        kind: 'ERROR' as const,
        error: new BankingError(status, code, MICRO_DEPOSIT_ERRORS[code]),
      });
      if (bank.provider !== 'USER' || bank.verificationStatus === 'VERIFIED') {
        return error('CONFLICT', 'NOT_AWAITING_VERIFICATION');
      }
      if (bank.verificationStatus === 'REJECTED') {
        return bank.microDepositState === 'EXPIRED'
          ? error('UNPROCESSABLE', 'MICRO_DEPOSITS_EXPIRED')
          : error('UNPROCESSABLE', 'VERIFY_ATTEMPTS_EXHAUSTED');
      }
      if (bank.microDepositState !== 'SENT' || !bank.microDepositDigest) {
        return error('CONFLICT', 'MICRO_DEPOSITS_NOT_ARRIVED');
      }
      if (bank.microDepositExpiresAt && bank.microDepositExpiresAt.getTime() <= bankNow.getTime()) {
        await failVerification(tx, context, bank, 'EXPIRED', SYSTEM);
        return error('UNPROCESSABLE', 'MICRO_DEPOSITS_EXPIRED');
      }
      const now = context.clock.now();
      if (enteredDigest !== bank.microDepositDigest) {
        const remaining = Math.max(0, (bank.verifyAttemptsRemaining ?? MICRO_DEPOSIT.attempts) - 1);
        if (remaining === 0) {
          await failVerification(tx, context, bank, 'ATTEMPTS_EXHAUSTED', options.actor);
          return error('UNPROCESSABLE', 'VERIFY_ATTEMPTS_EXHAUSTED');
        }
        await tx
          .update(businessBankAccounts)
          .set({ verifyAttemptsRemaining: remaining, updatedAt: now })
          .where(eq(businessBankAccounts.id, bank.id));
        return error('UNPROCESSABLE', 'INVALID_MICRODEPOSIT');
      }
      await tx
        .update(businessBankAccounts)
        .set({
          verificationStatus: 'VERIFIED',
          accountStatus: 'VERIFIED',
          status: 'VERIFIED',
          microDepositState: 'VERIFIED',
          updatedAt: now,
        })
        .where(eq(businessBankAccounts.id, bank.id));
      await ensurePrimary(tx, context, options.businessId, bank.id);
      // Payments waiting for this bank's verification go to the engine's release sweep at once.
      await requestPaymentRelease(context, tx);
      await recordActivity(tx, {
        businessId: options.businessId,
        entityType: BANK_ENTITY_TYPE,
        entityId: bank.id,
        subject: 'PaymentMethod',
        action: 'BANK_ACCOUNT_VERIFIED',
        label: 'Bank account verified',
        actor: options.actor,
        remarks: `${bank.bankName} *** ${bank.accountMask} (micro-deposits)`,
        data: { bankAccountId: bank.id },
        at: now,
      });
      await noticeVendorBankChange(tx, context, {
        businessId: options.businessId,
        change: 'VERIFIED',
        bank,
        holdBankAccountId: bank.id,
      });
      const [row] = await tx.select().from(businessBankAccounts).where(eq(businessBankAccounts.id, bank.id));
      if (!row) throw bankNotFound();
      return { kind: 'VERIFIED', view: await toBankViewOne(tx, row) };
    });
    // Answered: the same amounts again within the window are a double submit; others are answered.
    await db
      .update(businessBankAccounts)
      .set({ verifyClaim: answered, verifyClaimedAt: context.clock.now() })
      .where(and(eq(businessBankAccounts.id, bankId), eq(businessBankAccounts.verifyClaim, claim)));
    if (outcome.kind === 'ERROR') throw outcome.error;
    return outcome.view;
  } catch (error) {
    // A failure of Ferry's own (not an answer about the amounts) frees the bank for a retry at once.
    if (!(error instanceof BankingError)) {
      await db
        .update(businessBankAccounts)
        .set({ verifyClaim: null, verifyClaimedAt: null })
        .where(and(eq(businessBankAccounts.id, bankId), eq(businessBankAccounts.verifyClaim, claim)));
    }
    throw error;
  }
}

/**
 * The daily life of waiting micro-deposits, by the rails' clock: a bank whose deposits arrived 14 days
 * ago without being verified is rejected (mail 'verification failed'); one waiting 5 days gets one
 * 'verification pending' reminder. Idempotent (conditional updates).
 */
export async function sweepMicroDeposits(context: Ctx): Promise<{ expired: number; reminded: number }> {
  const { db } = context.database;
  const bankNow = await context.providers.rails.now();
  const waiting = and(
    eq(businessBankAccounts.provider, 'USER'),
    eq(businessBankAccounts.microDepositState, 'SENT'),
    eq(businessBankAccounts.verificationStatus, 'PENDING'),
    isNull(businessBankAccounts.deletedAt),
  );
  const toExpire = await db
    .select()
    .from(businessBankAccounts)
    .where(and(waiting, lte(businessBankAccounts.microDepositExpiresAt, bankNow)));
  let expired = 0;
  for (const bank of toExpire) {
    const done = await db.transaction((tx) => failVerification(tx, context, bank, 'EXPIRED', SYSTEM));
    if (done) expired += 1;
  }
  const remindBefore = new Date(bankNow.getTime() - MICRO_DEPOSIT.reminderAfterDays * DAY_MS);
  const toRemind = await db
    .select()
    .from(businessBankAccounts)
    .where(
      and(
        waiting,
        isNull(businessBankAccounts.microDepositRemindedAt),
        lte(businessBankAccounts.microDepositSentAt, remindBefore),
        sql`${businessBankAccounts.microDepositExpiresAt} > ${bankNow.toISOString()}`,
      ),
    );
  let reminded = 0;
  for (const bank of toRemind) {
    const sent = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(businessBankAccounts)
        .set({ microDepositRemindedAt: context.clock.now() })
        .where(and(eq(businessBankAccounts.id, bank.id), isNull(businessBankAccounts.microDepositRemindedAt)))
        .returning();
      if (!row) return false;
      const businessName = await businessNameOf(tx, bank.businessId);
      await mailBankAdmins(tx, context, {
        businessId: bank.businessId,
        bankAccountId: bank.id,
        type: MANUAL_BANK_VERIFICATION,
        render: (link) =>
          renderVerificationPendingMail({
            businessName,
            bankName: bank.bankName,
            accountMask: bank.accountMask,
            expiresOn: dateText(bank.microDepositExpiresAt ?? bankNow),
            link,
          }),
      });
      return true;
    });
    if (sent) reminded += 1;
  }
  return { expired, reminded };
}
