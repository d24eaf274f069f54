import { randomBytes } from 'node:crypto';
import type { CardOnboardingStatus } from '@ferry/domain/catalogues';
import { MAX_SURCHARGE_BPS, surchargeRateBps } from '@ferry/domain/fees';
import {
  isProhibitedMerchantCategory,
  MERCHANT_API_MESSAGES,
  MERCHANT_CATEGORIES,
  MERCHANT_FORM_MESSAGES,
  type MerchantApplicationRequest,
  type MerchantStatus,
  SAQ_VALIDITY_DAYS,
  type saqDetailsSchema,
  websiteHost,
} from '@ferry/domain/schemas';
import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { chartAccounts } from '../accounting/tables.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { businessBankAccounts } from '../banking/tables.js';
import { businesses } from '../businesses/tables.js';
import { CARD_SUBJECT, MERCHANT_ENTITY_TYPE } from './access.js';
import { completeApplication, knownDetailsOf } from './known-details.js';
import {
  type CardSurchargeRow,
  cardSurcharges,
  type MerchantAccountRow,
  merchantAccounts,
} from './tables.js';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>;

export const MERCHANT_DECISION_JOB = 'cards.merchant-decision';
export const MERCHANT_SWEEP_JOB = 'cards.merchant-sweep';

/** The card processor's system actor (its decisions) and Ferry's own (SAQ expiry). */
const PROCESSOR: Actor = { type: 'PROVIDER', userId: null, name: 'Card processor' };
const SYSTEM: Actor = { type: 'SYSTEM', userId: null, name: 'Ferry' };

const DAY_MS = 86_400_000;

/** Submissions the processor has not decided after this long are decided by the sweep. */
const STUCK_DECISION_MS = 10 * 60_000;

/**
 * The bank accounts that may receive card payouts (spec 002 §5): active, linked instantly through the
 * bank-link provider and verified by it, not waiting for a reconnect, and linked to an account of the
 * chart of accounts.
 */
export async function eligiblePayoutBanks(db: DbOrTx, businessId: string) {
  return db
    .select({
      id: businessBankAccounts.id,
      bankName: businessBankAccounts.bankName,
      accountMask: businessBankAccounts.accountMask,
      chartAccountName: chartAccounts.name,
    })
    .from(businessBankAccounts)
    .innerJoin(
      chartAccounts,
      and(eq(chartAccounts.id, businessBankAccounts.chartAccountId), eq(chartAccounts.isActive, true)),
    )
    .where(
      and(
        eq(businessBankAccounts.businessId, businessId),
        isNull(businessBankAccounts.deletedAt),
        eq(businessBankAccounts.provider, 'PLAID'),
        eq(businessBankAccounts.verificationStatus, 'VERIFIED'),
        inArray(businessBankAccounts.status, ['VERIFIED', 'CONNECTED']),
        eq(businessBankAccounts.reconnectFailed, false),
        isNotNull(businessBankAccounts.chartAccountId),
      ),
    )
    .orderBy(asc(businessBankAccounts.createdAt));
}

const findMerchant = async (db: DbOrTx, businessId: string, forUpdate = false) => {
  const query = db
    .select()
    .from(merchantAccounts)
    .where(eq(merchantAccounts.businessId, businessId))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
};

const findSurcharge = async (db: DbOrTx, businessId: string) => {
  const [row] = await db
    .select()
    .from(cardSurcharges)
    .where(eq(cardSurcharges.businessId, businessId))
    .limit(1);
  return row ?? null;
};

/** ACTIVE merchants whose SAQ is past its expiry become SAQ_EXPIRED (their card acceptance pauses). */
async function expireSaqs(
  db: DbOrTx,
  context: Pick<AppContext, 'clock'>,
  businessId?: string,
): Promise<number> {
  const now = context.clock.now();
  const expired = await db
    .update(merchantAccounts)
    .set({ status: 'SAQ_EXPIRED', updatedAt: now })
    .where(
      and(
        eq(merchantAccounts.status, 'ACTIVE'),
        lte(merchantAccounts.saqExpiresAt, now),
        businessId ? eq(merchantAccounts.businessId, businessId) : undefined,
      ),
    )
    .returning({ businessId: merchantAccounts.businessId, saqExpiresAt: merchantAccounts.saqExpiresAt });
  for (const row of expired) {
    await recordActivity(db, {
      businessId: row.businessId,
      entityType: MERCHANT_ENTITY_TYPE,
      entityId: row.businessId,
      subject: CARD_SUBJECT,
      action: 'SAQ_EXPIRED',
      label: 'SAQ expired',
      actor: SYSTEM,
      remarks:
        'The annual Self-Assessment Questionnaire expired; card acceptance is paused until it is renewed.',
      data: { expiredAt: row.saqExpiresAt?.toISOString() ?? null },
      at: now,
    });
  }
  return expired.length;
}

/** The merchant's card-acceptance status, with a SAQ past its expiry read as SAQ_EXPIRED. */
export async function merchantStatusOf(
  db: DbOrTx,
  context: Pick<AppContext, 'clock'>,
  businessId: string,
): Promise<{
  status: CardOnboardingStatus;
  merchant: MerchantAccountRow | null;
  surcharge: CardSurchargeRow | null;
}> {
  const merchant = await findMerchant(db, businessId);
  if (!merchant) return { status: 'NOT_INITIATED', merchant: null, surcharge: null };
  const now = context.clock.now();
  const status: CardOnboardingStatus =
    merchant.status === 'ACTIVE' && merchant.saqExpiresAt && merchant.saqExpiresAt <= now
      ? 'SAQ_EXPIRED'
      : merchant.status;
  return { status, merchant, surcharge: await findSurcharge(db, businessId) };
}

async function toStatusView(
  db: DbOrTx,
  context: Pick<AppContext, 'clock'>,
  businessId: string,
): Promise<MerchantStatus> {
  const { status, merchant, surcharge } = await merchantStatusOf(db, context, businessId);
  const banks = await eligiblePayoutBanks(db, businessId);
  return {
    status,
    application: merchant
      ? {
          incorporationDate: merchant.incorporationDate,
          businessCategory: merchant.businessCategory,
          businessWebsite: merchant.businessWebsite,
          businessType: merchant.businessType,
          payoutBankAccount: merchant.payoutBankAccountId,
          expectedAnnualCardVolume: merchant.expectedAnnualCardVolume,
          agreeTerms: true,
          submittedAt: merchant.submittedAt.toISOString(),
          decidedAt: merchant.decidedAt?.toISOString() ?? null,
        }
      : null,
    rejectionReason: status === 'REJECTED' ? (merchant?.rejectionReason ?? null) : null,
    saq:
      merchant?.saqCompletedAt && merchant.saqExpiresAt
        ? {
            saqType: merchant.saqType ?? 'A',
            completedAt: merchant.saqCompletedAt.toISOString(),
            expiresAt: merchant.saqExpiresAt.toISOString(),
            signerName: merchant.saqSignerName ?? '',
            signerTitle: merchant.saqSignerTitle ?? '',
          }
        : null,
    surcharge: surcharge
      ? {
          id: surcharge.id,
          enabled: surcharge.enabled,
          rateBps: surcharge.rateBps,
          maxRateBps: MAX_SURCHARGE_BPS,
        }
      : null,
    eligiblePayoutBanks: banks.map((bank) => ({ ...bank })),
    knownDetails: await knownDetailsOf(db, businessId),
  };
}

/** `GET …/card-payment/merchant-status` (an expired SAQ is recorded as such on read). */
export async function getMerchantStatus(context: Ctx, businessId: string): Promise<MerchantStatus> {
  const { db } = context.database;
  return db.transaction(async (tx) => {
    await expireSaqs(tx, context, businessId);
    return toStatusView(tx, context, businessId);
  });
}

const categoryLabel = (value: string) => MERCHANT_CATEGORIES.find((c) => c.value === value)?.label ?? value;

/**
 * Submits (or, after a rejection, re-submits) the application to accept cards. The business must be
 * fully verified and the payout bank eligible. The processor's decision follows from a job.
 */
export async function submitMerchantApplication(
  context: Ctx,
  options: { businessId: string; actor: Actor; application: MerchantApplicationRequest },
): Promise<MerchantStatus> {
  const { db } = context.database;
  const now = context.clock.now();
  return db.transaction(async (tx) => {
    // The website and business type the business already gave may be left out of the request.
    const application = completeApplication(
      options.application,
      await knownDetailsOf(tx, options.businessId),
    );
    const [business] = await tx
      .select({ verificationStatus: businesses.verificationStatus })
      .from(businesses)
      .where(eq(businesses.id, options.businessId))
      .for('update');
    if (business?.verificationStatus !== 'FULL_VERIFIED') {
      throw new AppError('BUSINESS_NOT_VERIFIED', MERCHANT_API_MESSAGES.notVerified);
    }
    const existing = await findMerchant(tx, options.businessId, true);
    if (existing && existing.status !== 'REJECTED') {
      throw new AppError('CONFLICT', MERCHANT_API_MESSAGES.alreadySubmitted);
    }
    const banks = await eligiblePayoutBanks(tx, options.businessId);
    if (!banks.some((bank) => bank.id === application.payoutBankAccount)) {
      throw new AppError('UNPROCESSABLE', MERCHANT_FORM_MESSAGES.payoutBank, {
        errors: [{ field: 'payoutBankAccount', message: MERCHANT_FORM_MESSAGES.payoutBank }],
      });
    }
    const submissionId = newId();
    const values = {
      status: 'SUBMITTED' as const,
      incorporationDate: application.incorporationDate,
      businessCategory: application.businessCategory,
      businessWebsite: application.businessWebsite,
      businessType: application.businessType,
      payoutBankAccountId: application.payoutBankAccount,
      expectedAnnualCardVolume: application.expectedAnnualCardVolume,
      termsAgreedAt: now,
      submittedAt: now,
      submittedBy: options.actor.userId,
      submissionId,
      decidedAt: null,
      rejectionReason: null,
      processorMerchantId: null,
      updatedAt: now,
    };
    await tx
      .insert(merchantAccounts)
      .values({ businessId: options.businessId, ...values, createdAt: now })
      .onConflictDoUpdate({ target: merchantAccounts.businessId, set: values });
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: MERCHANT_ENTITY_TYPE,
      entityId: options.businessId,
      subject: CARD_SUBJECT,
      action: 'MERCHANT_APPLICATION_SUBMITTED',
      label: existing ? 'Card acceptance application re-submitted' : 'Card acceptance application submitted',
      actor: options.actor,
      remarks: `${categoryLabel(application.businessCategory)}, ${application.businessWebsite}`,
      data: { submissionId, payoutBankAccountId: application.payoutBankAccount },
      at: now,
    });
    if (context.jobs.started) {
      await context.jobs.send(
        MERCHANT_DECISION_JOB,
        { businessId: options.businessId, submissionId },
        { db: tx, singletonKey: submissionId },
      );
    }
    return toStatusView(tx, context, options.businessId);
  });
}

/**
 * The sandbox card processor's underwriting, deterministic: a website whose host contains 'reject', or
 * a prohibited category, is rejected; anything else is approved.
 */
export function sandboxProcessorDecision(
  merchant: Pick<MerchantAccountRow, 'businessWebsite' | 'businessCategory'>,
): { approved: true } | { approved: false; reason: string } {
  if (websiteHost(merchant.businessWebsite).includes('reject')) {
    return { approved: false, reason: MERCHANT_API_MESSAGES.rejectedWebsite };
  }
  if (isProhibitedMerchantCategory(merchant.businessCategory)) {
    return { approved: false, reason: MERCHANT_API_MESSAGES.rejectedCategory };
  }
  return { approved: true };
}

/**
 * Applies the processor's decision to a submission (once: a later submission or a decided one is left
 * alone). Approval moves the merchant to SAQ_PENDING and creates its surcharge (off, at the lower of 3%
 * and the processing cost).
 */
export async function decideMerchantApplication(
  context: Pick<AppContext, 'database' | 'clock' | 'config'>,
  options: { businessId: string; submissionId: string },
): Promise<CardOnboardingStatus | null> {
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const merchant = await findMerchant(tx, options.businessId, true);
    if (merchant?.status !== 'SUBMITTED' || merchant.submissionId !== options.submissionId) return null;
    const now = context.clock.now();
    const decision = sandboxProcessorDecision(merchant);
    if (!decision.approved) {
      await tx
        .update(merchantAccounts)
        .set({ status: 'REJECTED', decidedAt: now, rejectionReason: decision.reason, updatedAt: now })
        .where(eq(merchantAccounts.businessId, merchant.businessId));
      await recordActivity(tx, {
        businessId: merchant.businessId,
        entityType: MERCHANT_ENTITY_TYPE,
        entityId: merchant.businessId,
        subject: CARD_SUBJECT,
        action: 'MERCHANT_APPLICATION_REJECTED',
        label: 'Card acceptance application rejected',
        actor: PROCESSOR,
        remarks: decision.reason,
        data: { submissionId: merchant.submissionId },
        at: now,
      });
      return 'REJECTED';
    }
    const processorMerchantId = `mch_${randomBytes(12).toString('hex')}`;
    await tx
      .update(merchantAccounts)
      .set({
        status: 'SAQ_PENDING',
        decidedAt: now,
        rejectionReason: null,
        processorMerchantId,
        updatedAt: now,
      })
      .where(eq(merchantAccounts.businessId, merchant.businessId));
    await tx
      .insert(cardSurcharges)
      .values({
        id: newId(),
        businessId: merchant.businessId,
        enabled: false,
        rateBps: surchargeRateBps(context.config.CARD_PROCESSING_COST_BPS),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    await recordActivity(tx, {
      businessId: merchant.businessId,
      entityType: MERCHANT_ENTITY_TYPE,
      entityId: merchant.businessId,
      subject: CARD_SUBJECT,
      action: 'MERCHANT_APPLICATION_APPROVED',
      label: 'Card acceptance application approved',
      actor: PROCESSOR,
      remarks: 'Complete the Self-Assessment Questionnaire (SAQ) to start accepting cards.',
      data: { submissionId: merchant.submissionId, processorMerchantId },
      at: now,
    });
    return 'SAQ_PENDING';
  });
}

type SaqDetails = z.output<typeof saqDetailsSchema>;

/** Records the signed SAQ: the merchant becomes ACTIVE for a year (SAQ_PENDING, or a renewal). */
export async function submitSaqDetails(
  context: Ctx,
  options: { businessId: string; actor: Actor; saq: SaqDetails },
): Promise<MerchantStatus> {
  const { db } = context.database;
  const now = context.clock.now();
  return db.transaction(async (tx) => {
    await expireSaqs(tx, context, options.businessId);
    const merchant = await findMerchant(tx, options.businessId, true);
    if (!merchant || !['SAQ_PENDING', 'SAQ_EXPIRED', 'ACTIVE'].includes(merchant.status)) {
      throw new AppError('CONFLICT', MERCHANT_API_MESSAGES.saqNotPending);
    }
    const expiresAt = new Date(now.getTime() + SAQ_VALIDITY_DAYS * DAY_MS);
    await tx
      .update(merchantAccounts)
      .set({
        status: 'ACTIVE',
        saqType: options.saq.saqType,
        saqSignerName: options.saq.signerName,
        saqSignerTitle: options.saq.signerTitle,
        saqAttestations: options.saq.attestations,
        saqCompletedAt: now,
        saqExpiresAt: expiresAt,
        updatedAt: now,
      })
      .where(eq(merchantAccounts.businessId, options.businessId));
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: MERCHANT_ENTITY_TYPE,
      entityId: options.businessId,
      subject: CARD_SUBJECT,
      action: 'SAQ_SUBMITTED',
      label: merchant.status === 'SAQ_PENDING' ? 'SAQ submitted' : 'SAQ renewed',
      actor: options.actor,
      remarks: `SAQ ${options.saq.saqType} signed by ${options.saq.signerName} (${options.saq.signerTitle})`,
      data: { expiresAt: expiresAt.toISOString() },
      at: now,
    });
    return toStatusView(tx, context, options.businessId);
  });
}

/** Turns the surcharge on or off (only while card acceptance is ACTIVE). */
export async function setSurcharge(
  context: Ctx,
  options: { businessId: string; actor: Actor; surchargeId: string; enabled: boolean },
): Promise<MerchantStatus> {
  const { db } = context.database;
  const now = context.clock.now();
  return db.transaction(async (tx) => {
    await expireSaqs(tx, context, options.businessId);
    const [surcharge] = /^[0-9a-f]{24}$/.test(options.surchargeId)
      ? await tx
          .select()
          .from(cardSurcharges)
          .where(
            and(
              eq(cardSurcharges.id, options.surchargeId),
              eq(cardSurcharges.businessId, options.businessId),
            ),
          )
          .for('update')
      : [];
    if (!surcharge) throw new AppError('NOT_FOUND', MERCHANT_API_MESSAGES.surchargeNotFound);
    const merchant = await findMerchant(tx, options.businessId);
    if (merchant?.status !== 'ACTIVE')
      throw new AppError('CONFLICT', MERCHANT_API_MESSAGES.surchargeNotActive);
    if (surcharge.enabled !== options.enabled) {
      await tx
        .update(cardSurcharges)
        .set({ enabled: options.enabled, updatedAt: now })
        .where(eq(cardSurcharges.id, surcharge.id));
      await recordActivity(tx, {
        businessId: options.businessId,
        entityType: MERCHANT_ENTITY_TYPE,
        entityId: options.businessId,
        subject: CARD_SUBJECT,
        action: options.enabled ? 'SURCHARGE_ENABLED' : 'SURCHARGE_DISABLED',
        label: options.enabled ? 'Card surcharge turned on' : 'Card surcharge turned off',
        actor: options.actor,
        remarks: `Rate ${(surcharge.rateBps / 100).toFixed(2)}%`,
        data: { surchargeId: surcharge.id, rateBps: surcharge.rateBps },
        at: now,
      });
    }
    return toStatusView(tx, context, options.businessId);
  });
}

/**
 * The periodic sweep: SAQs past their expiry become SAQ_EXPIRED, and submissions the processor has not
 * decided (a lost job) are decided.
 */
export async function sweepMerchants(
  context: Pick<AppContext, 'database' | 'clock' | 'config'>,
): Promise<{ expired: number; decided: number }> {
  const { db } = context.database;
  const expired = await db.transaction((tx) => expireSaqs(tx, context));
  const cutoff = new Date(context.clock.now().getTime() - STUCK_DECISION_MS);
  const stuck = await db
    .select({ businessId: merchantAccounts.businessId, submissionId: merchantAccounts.submissionId })
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.status, 'SUBMITTED'), lte(merchantAccounts.submittedAt, cutoff)))
    .limit(100);
  let decided = 0;
  for (const row of stuck) {
    if (await decideMerchantApplication(context, row)) decided += 1;
  }
  return { expired, decided };
}

/** Whether a business accepts cards now (ACTIVE, SAQ current), with its surcharge. */
export async function cardAcceptanceOf(
  db: DbOrTx,
  context: Pick<AppContext, 'clock'>,
  businessId: string,
): Promise<{ accepting: boolean; surcharge: CardSurchargeRow | null }> {
  const { status, surcharge } = await merchantStatusOf(db, context, businessId);
  return { accepting: status === 'ACTIVE', surcharge };
}
