import { BANK_MESSAGES, MICRO_DEPOSIT } from '@ferry/domain/catalogues';
import { addBusinessDays, toCalendarDate } from '@ferry/domain/dates';
import type {
  AddBankAccountRequest,
  BankAccountListQuery,
  BankAccountView,
  LinkChartAccountRequest,
} from '@ferry/domain/schemas';
import { and, desc, eq, inArray, isNull, ne, not, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { sealAccountNumber } from '../../platform/crypto/account-number.js';
import { getDataSecretBox } from '../../platform/crypto/secret-box.js';
import { type DbOrTx, getPgErrorCode, PG_UNIQUE_VIOLATION } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { getChartAccount } from '../accounting/service.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { BankingError } from './errors.js';
import { noticeVendorBankChange } from './notify.js';
import { type BusinessBankAccountRow, businessBankAccounts } from './tables.js';
import { subtypeOf, toBankView, toBankViewOne, toBankViews } from './views.js';

export type Ctx = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs' | 'providers'>;

export const BANK_ENTITY_TYPE = 'business_bank_accounts';
export const SEND_MICRO_DEPOSITS_JOB = 'banking.send-micro-deposits';

/** The ciphertexts are bound to their row: they cannot be moved to another. */
export const accountSealContext = (id: string) => `business_bank_accounts:${id}`;
export const tokenSealContext = (id: string) => `business_bank_accounts:${id}:access-token`;

/** Keyed digest of an account: the same account added twice has the same digest. */
export const accountDigestOf = (context: Pick<AppContext, 'config'>, routing: string, account: string) =>
  getDataSecretBox(context.config).digest(`business-bank:${routing}:${account.replace(/^0+(?=\d)/, '')}`);

/** The full account number, for the payment rails only (never for an API answer). */
export const revealAccountNumber = (context: Pick<AppContext, 'config'>, row: BusinessBankAccountRow) =>
  getDataSecretBox(context.config).open(row.accountNumberCiphertext, accountSealContext(row.id));

export const revealAccessToken = (context: Pick<AppContext, 'config'>, row: BusinessBankAccountRow) => {
  if (!row.accessTokenCiphertext) throw new Error('bank has no access token');
  return getDataSecretBox(context.config).open(row.accessTokenCiphertext, tokenSealContext(row.id));
};

const ID = /^[0-9a-f]{24}$/;
export const bankNotFound = () => new AppError('NOT_FOUND', BANK_MESSAGES.notFound);

/** A business's bank (not removed), or 404 — also for another business's bank. */
export async function findBank(
  db: DbOrTx,
  options: { businessId: string; bankId: string; forUpdate?: boolean },
): Promise<BusinessBankAccountRow> {
  if (!ID.test(options.bankId)) throw bankNotFound();
  const query = db
    .select()
    .from(businessBankAccounts)
    .where(
      and(
        eq(businessBankAccounts.id, options.bankId),
        eq(businessBankAccounts.businessId, options.businessId),
        isNull(businessBankAccounts.deletedAt),
      ),
    )
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw bankNotFound();
  return row;
}

const activeBanks = (businessId: string) =>
  and(eq(businessBankAccounts.businessId, businessId), isNull(businessBankAccounts.deletedAt));

/** Makes `bankId` the primary when the business has no primary bank yet (its first verified bank). */
export async function ensurePrimary(
  db: DbOrTx,
  context: Pick<AppContext, 'clock'>,
  businessId: string,
  bankId: string,
) {
  const [current] = await db
    .select({ id: businessBankAccounts.id })
    .from(businessBankAccounts)
    .where(and(activeBanks(businessId), eq(businessBankAccounts.isPrimary, true)))
    .limit(1);
  if (current) return false;
  await db
    .update(businessBankAccounts)
    .set({ isPrimary: true, updatedAt: context.clock.now() })
    .where(and(eq(businessBankAccounts.id, bankId), eq(businessBankAccounts.verificationStatus, 'VERIFIED')));
  return true;
}

/** Locks the business's banks so primary changes and additions of one business run one at a time. */
export const lockBusinessBanks = (db: DbOrTx, businessId: string) =>
  db.execute(sql`select id from businesses where id = ${businessId} for update`);

/**
 * The business's banks, newest first. Default: usable banks (not removed, not rejected or unusable,
 * access not expired). `blocked` adds banks whose access expired (to reconnect); `unusable` adds
 * rejected and unusable ones.
 */
export async function listBanks(
  context: Pick<AppContext, 'database'>,
  options: { businessId: string; query: BankAccountListQuery },
): Promise<BankAccountView[]> {
  const { db } = context.database;
  const conditions: (SQL | undefined)[] = [activeBanks(options.businessId)];
  if (!options.query.unusable) {
    conditions.push(ne(businessBankAccounts.verificationStatus, 'REJECTED'));
    conditions.push(ne(businessBankAccounts.status, 'UNUSABLE'));
  }
  if (!options.query.blocked) conditions.push(ne(businessBankAccounts.status, 'EXPIRED'));
  const rows = await db
    .select()
    .from(businessBankAccounts)
    .where(and(...conditions))
    .orderBy(desc(businessBankAccounts.createdAt), desc(businessBankAccounts.sequence));
  return toBankViews(db, rows);
}

const duplicate = () => new BankingError('CONFLICT', 'DUPLICATE_BANK_ACCOUNT', BANK_MESSAGES.duplicate);

/**
 * Adds a bank entered by hand (spec 002 §5): stored PENDING with its number sealed, and its two
 * micro-deposits scheduled (a job sends them through the rails; they arrive in 2 business days).
 */
export async function addManualBank(
  context: Ctx,
  options: { businessId: string; actor: Actor; request: AddBankAccountRequest },
): Promise<BankAccountView> {
  const { db } = context.database;
  const { request } = options;
  const box = getDataSecretBox(context.config);
  const now = context.clock.now();
  const bankToday = toCalendarDate(await context.providers.rails.now());
  const id = newId();
  const digest = accountDigestOf(context, request.routingNumber, request.accountNumber);
  const bankName = request.bankName.trim();
  const sealed = sealAccountNumber(box, request.accountNumber, accountSealContext(id));
  const { accountMask } = sealed;
  let view: BankAccountView;
  try {
    view = await db.transaction(async (tx) => {
      await lockBusinessBanks(tx, options.businessId);
      const [existing] = await tx
        .select({ id: businessBankAccounts.id })
        .from(businessBankAccounts)
        .where(and(activeBanks(options.businessId), eq(businessBankAccounts.accountDigest, digest)))
        .limit(1);
      if (existing) throw duplicate();
      const [row] = await tx
        .insert(businessBankAccounts)
        .values({
          id,
          businessId: options.businessId,
          bankName,
          accountName: `${bankName} ${request.accountType === 'BUSINESS_SAVINGS' ? 'Savings' : 'Checking'}`,
          accountHolderName: request.accountHolderName.trim(),
          accountType: request.accountType,
          subtype: subtypeOf(request.accountType),
          routingNumber: request.routingNumber,
          ...sealed,
          accountDigest: digest,
          provider: 'USER',
          verificationStatus: 'PENDING',
          accountStatus: 'NOT_VERIFIED',
          status: 'NOT_CONNECTED',
          microDepositState: 'SCHEDULED',
          verifyAttemptsRemaining: MICRO_DEPOSIT.attempts,
          microDepositExpectedBy: addBusinessDays(bankToday, MICRO_DEPOSIT.settlementBusinessDays),
          createdBy: options.actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('bank not stored');
      await recordActivity(tx, {
        businessId: options.businessId,
        entityType: BANK_ENTITY_TYPE,
        entityId: id,
        subject: 'PaymentMethod',
        action: 'BANK_ACCOUNT_ADDED',
        label: 'Bank account added',
        actor: options.actor,
        remarks: `${bankName} *** ${accountMask} (manual; micro-deposits scheduled)`,
        data: { bankAccountId: id, provider: 'USER' },
        at: now,
      });
      await noticeVendorBankChange(tx, context, {
        businessId: options.businessId,
        change: 'ADDED',
        bank: { bankName, accountMask },
        holdBankAccountId: id,
      });
      if (context.jobs.started) {
        await context.jobs.send(SEND_MICRO_DEPOSITS_JOB, { bankAccountId: id }, { db: tx, singletonKey: id });
      }
      const [fresh] = await tx.select().from(businessBankAccounts).where(eq(businessBankAccounts.id, id));
      return toBankView(fresh ?? row, null);
    });
  } catch (error) {
    if (getPgErrorCode(error) === PG_UNIQUE_VIOLATION) throw duplicate();
    throw error;
  }
  return view;
}

/** Makes a verified bank the business's primary (the others lose the flag). */
export async function markPrimary(
  context: Ctx,
  options: { businessId: string; actor: Actor; bankId: string },
): Promise<BankAccountView[]> {
  const { db } = context.database;
  const now = context.clock.now();
  await db.transaction(async (tx) => {
    await lockBusinessBanks(tx, options.businessId);
    const bank = await findBank(tx, { businessId: options.businessId, bankId: options.bankId });
    if (bank.verificationStatus !== 'VERIFIED') {
      throw new BankingError('UNPROCESSABLE', 'BANK_NOT_VERIFIED', BANK_MESSAGES.primaryNotVerified);
    }
    if (bank.isPrimary) return;
    await tx
      .update(businessBankAccounts)
      .set({ isPrimary: sql`${businessBankAccounts.id} = ${bank.id}`, updatedAt: now })
      .where(activeBanks(options.businessId));
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: BANK_ENTITY_TYPE,
      entityId: bank.id,
      subject: 'PaymentMethod',
      action: 'BANK_ACCOUNT_MARKED_PRIMARY',
      label: 'Primary bank changed',
      actor: options.actor,
      remarks: `${bank.bankName} *** ${bank.accountMask}`,
      data: { bankAccountId: bank.id },
      at: now,
    });
    await noticeVendorBankChange(tx, context, {
      businessId: options.businessId,
      change: 'PRIMARY_CHANGED',
      bank,
      holdBankAccountId: bank.id,
    });
  });
  return listBanks(context, { businessId: options.businessId, query: { blocked: true, unusable: true } });
}

/** Links a bank to a BANK-type chart account (one bank per chart account). */
export async function linkChartAccount(
  context: Ctx,
  options: { businessId: string; actor: Actor; request: LinkChartAccountRequest },
): Promise<BankAccountView> {
  const { db } = context.database;
  const now = context.clock.now();
  try {
    return await db.transaction(async (tx) => {
      await lockBusinessBanks(tx, options.businessId);
      const bank = await findBank(tx, {
        businessId: options.businessId,
        bankId: options.request.paymentInstrumentId,
      });
      const account = await getChartAccount(tx, options.businessId, options.request.businessAccountId);
      if (!account) throw new AppError('NOT_FOUND', BANK_MESSAGES.chartAccountNotFound);
      if (account.accountType !== 'BANK') {
        throw new BankingError('UNPROCESSABLE', 'CHART_ACCOUNT_NOT_BANK', BANK_MESSAGES.chartAccountNotBank);
      }
      const [taken] = await tx
        .select({ id: businessBankAccounts.id })
        .from(businessBankAccounts)
        .where(
          and(
            activeBanks(options.businessId),
            eq(businessBankAccounts.chartAccountId, account.id),
            not(eq(businessBankAccounts.id, bank.id)),
          ),
        )
        .limit(1);
      if (taken) throw new BankingError('CONFLICT', 'CHART_ACCOUNT_TAKEN', BANK_MESSAGES.chartAccountTaken);
      const [row] = await tx
        .update(businessBankAccounts)
        .set({ chartAccountId: account.id, updatedAt: now })
        .where(eq(businessBankAccounts.id, bank.id))
        .returning();
      if (!row) throw bankNotFound();
      await recordActivity(tx, {
        businessId: options.businessId,
        entityType: BANK_ENTITY_TYPE,
        entityId: bank.id,
        subject: 'PaymentMethod',
        action: 'BANK_ACCOUNT_LINKED',
        label: 'Linked to chart account',
        actor: options.actor,
        remarks: `${bank.bankName} *** ${bank.accountMask} → ${account.name}`,
        data: { bankAccountId: bank.id, chartAccountId: account.id },
        at: now,
      });
      return toBankView(row, account.name);
    });
  } catch (error) {
    if (getPgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new BankingError('CONFLICT', 'CHART_ACCOUNT_TAKEN', BANK_MESSAGES.chartAccountTaken);
    }
    throw error;
  }
}

export async function unlinkChartAccount(
  context: Ctx,
  options: { businessId: string; actor: Actor; bankId: string },
): Promise<BankAccountView> {
  const { db } = context.database;
  const now = context.clock.now();
  return db.transaction(async (tx) => {
    const bank = await findBank(tx, {
      businessId: options.businessId,
      bankId: options.bankId,
      forUpdate: true,
    });
    if (!bank.chartAccountId) return toBankView(bank, null);
    const [row] = await tx
      .update(businessBankAccounts)
      .set({ chartAccountId: null, updatedAt: now })
      .where(eq(businessBankAccounts.id, bank.id))
      .returning();
    if (!row) throw bankNotFound();
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: BANK_ENTITY_TYPE,
      entityId: bank.id,
      subject: 'PaymentMethod',
      action: 'BANK_ACCOUNT_UNLINKED',
      label: 'Unlinked from chart account',
      actor: options.actor,
      remarks: `${bank.bankName} *** ${bank.accountMask}`,
      data: { bankAccountId: bank.id, chartAccountId: bank.chartAccountId },
      at: now,
    });
    return toBankView(row, null);
  });
}

/**
 * Removes a bank (kept with deleted_at for the payments made from it). A removed primary passes the
 * flag to the newest remaining verified bank; the provider's item is removed when no other bank uses it.
 */
export async function deleteBank(
  context: Ctx,
  options: { businessId: string; actor: Actor; bankId: string },
): Promise<{ id: string }> {
  const { db } = context.database;
  const now = context.clock.now();
  const removeItemToken = await db.transaction(async (tx) => {
    await lockBusinessBanks(tx, options.businessId);
    const bank = await findBank(tx, { businessId: options.businessId, bankId: options.bankId });
    await tx
      .update(businessBankAccounts)
      .set({ deletedAt: now, isPrimary: false, updatedAt: now })
      .where(eq(businessBankAccounts.id, bank.id));
    let newPrimaryId: string | null = null;
    if (bank.isPrimary) {
      const [next] = await tx
        .select({ id: businessBankAccounts.id })
        .from(businessBankAccounts)
        .where(and(activeBanks(options.businessId), eq(businessBankAccounts.verificationStatus, 'VERIFIED')))
        .orderBy(desc(businessBankAccounts.createdAt), desc(businessBankAccounts.sequence))
        .limit(1);
      if (next) {
        newPrimaryId = next.id;
        await tx
          .update(businessBankAccounts)
          .set({ isPrimary: true, updatedAt: now })
          .where(eq(businessBankAccounts.id, next.id));
      }
    }
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: BANK_ENTITY_TYPE,
      entityId: bank.id,
      subject: 'PaymentMethod',
      action: 'BANK_ACCOUNT_REMOVED',
      label: 'Bank account removed',
      actor: options.actor,
      remarks: `${bank.bankName} *** ${bank.accountMask}`,
      data: { bankAccountId: bank.id, newPrimaryId },
      at: now,
    });
    await noticeVendorBankChange(tx, context, {
      businessId: options.businessId,
      change: 'REMOVED',
      bank,
      holdBankAccountId: newPrimaryId,
    });
    if (bank.provider !== 'PLAID' || !bank.itemId) return null;
    const [sharing] = await tx
      .select({ id: businessBankAccounts.id })
      .from(businessBankAccounts)
      .where(and(isNull(businessBankAccounts.deletedAt), eq(businessBankAccounts.itemId, bank.itemId)))
      .limit(1);
    return sharing ? null : revealAccessToken(context, bank);
  });
  if (removeItemToken) {
    // The bank is removed in Ferry whatever the provider answers; an item left behind only keeps a
    // read-only connection Ferry no longer uses (the provider expires it).
    await context.providers.bankLink.removeItem(removeItemToken).catch(() => undefined);
  }
  return { id: options.bankId };
}

/** Reads rows back as views (after a change made outside a view-returning call). */
export async function viewsOf(db: DbOrTx, ids: string[]): Promise<BankAccountView[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(businessBankAccounts).where(inArray(businessBankAccounts.id, ids));
  const order = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  return toBankViews(db, rows);
}

export { toBankViewOne };
