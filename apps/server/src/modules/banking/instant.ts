import { BANK_MESSAGES, isBlockedInstitution } from '@ferry/domain/catalogues';
import type { BankAccountView, BankLinkResult, LinkTokenView, ReconnectResult } from '@ferry/domain/schemas';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { accountMaskOf, sealAccountNumber } from '../../platform/crypto/account-number.js';
import { getDataSecretBox } from '../../platform/crypto/secret-box.js';
import { getPgErrorCode, PG_UNIQUE_VIOLATION } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import type { BankLinkWebhookEvent, LinkedBankAccount } from '../../providers/bank-link/bank-link.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { renderReconnectNeededMail } from '../notifications/banking-templates.js';
import { BankingError, fromBankLinkError } from './errors.js';
import { businessNameOf, mailBankAdmins, noticeVendorBankChange, RECONNECT_BANK_ACCOUNT } from './notify.js';
import {
  accountDigestOf,
  accountSealContext,
  BANK_ENTITY_TYPE,
  type Ctx,
  ensurePrimary,
  findBank,
  lockBusinessBanks,
  revealAccessToken,
  tokenSealContext,
  viewsOf,
} from './service.js';
import { type BusinessBankAccountRow, businessBankAccounts } from './tables.js';
import { toBankViewOne } from './views.js';

const provider = (context: Ctx) => context.providers.bankLink;

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fromBankLinkError(error);
  }
}

/** A link token for the bank-link modal (Plaid Link or the sandbox modal). */
export async function createLinkToken(
  context: Ctx,
  options: { businessId: string; userId: string },
): Promise<LinkTokenView> {
  const clientName = await businessNameOf(context.database.db, options.businessId);
  const token = await guarded(() =>
    provider(context).createLinkToken({ businessId: options.businessId, userId: options.userId, clientName }),
  );
  return {
    linkToken: token.linkToken,
    expiration: token.expiration.toISOString(),
    provider: provider(context).name,
  };
}

const isDepository = (account: LinkedBankAccount) =>
  account.type === 'depository' && (account.subtype === 'checking' || account.subtype === 'savings');

/**
 * Finishes an instant link (spec 002 §7 `banking/connection/plaid`): a blocked institution (prepaid
 * and neobanks) is denied before anything is exchanged or stored; otherwise the public token is
 * exchanged, the accounts are read, and each chosen checking or savings account is stored VERIFIED and
 * CONNECTED — an account the business already has is reused (and upgraded to the instant link).
 */
export async function linkInstantly(
  context: Ctx,
  options: { businessId: string; actor: Actor; publicToken: string; institutionId: string },
): Promise<BankLinkResult> {
  const denied: BankLinkResult = { bankAccounts: [], bankDenied: true, reason: 'BLOCKED_INSTITUTE' };
  if (isBlockedInstitution(options.institutionId)) return denied;
  const bankLink = provider(context);
  const { accessToken, itemId } = await guarded(() => bankLink.exchangePublicToken(options.publicToken));
  const auth = await guarded(() => bankLink.getAuth(accessToken));
  if (isBlockedInstitution(auth.institution.id, auth.institution.name)) {
    await bankLink.removeItem(accessToken).catch(() => undefined);
    return denied;
  }
  const accounts = auth.accounts.filter(isDepository);
  if (accounts.length === 0) {
    throw new BankingError('UNPROCESSABLE', 'NO_AUTH_ACCOUNTS', BANK_MESSAGES.noDepositoryAccounts);
  }
  const box = getDataSecretBox(context.config);
  const now = context.clock.now();
  const run = () =>
    context.database.db.transaction(async (tx) => {
      await lockBusinessBanks(tx, options.businessId);
      const ids: string[] = [];
      for (const account of accounts) {
        const digest = accountDigestOf(context, account.routingNumber, account.accountNumber);
        const accountType = account.subtype === 'savings' ? 'BUSINESS_SAVINGS' : 'BUSINESS_CHECKING';
        const [existing] = await tx
          .select()
          .from(businessBankAccounts)
          .where(
            and(
              eq(businessBankAccounts.businessId, options.businessId),
              eq(businessBankAccounts.accountDigest, digest),
              isNull(businessBankAccounts.deletedAt),
            ),
          )
          .limit(1);
        const id = existing?.id ?? newId();
        const linked = {
          provider: 'PLAID' as const,
          itemId,
          accessTokenCiphertext: box.seal(accessToken, tokenSealContext(id)),
          providerAccountId: account.accountId,
          institutionId: auth.institution.id,
          institutionName: auth.institution.name,
          verificationStatus: 'VERIFIED' as const,
          accountStatus: 'VERIFIED' as const,
          status: 'CONNECTED' as const,
          reconnectFailed: false,
          expiredAt: null,
          microDepositState: null,
          verifyAttemptsRemaining: null,
          updatedAt: now,
        };
        if (existing) {
          await tx.update(businessBankAccounts).set(linked).where(eq(businessBankAccounts.id, id));
        } else {
          await tx.insert(businessBankAccounts).values({
            id,
            businessId: options.businessId,
            bankName: auth.institution.name,
            accountName: account.officialName ?? account.name,
            accountHolderName: null,
            accountType,
            subtype: accountType === 'BUSINESS_SAVINGS' ? 'business savings' : 'business checking',
            routingNumber: account.routingNumber,
            ...sealAccountNumber(box, account.accountNumber, accountSealContext(id)),
            accountDigest: digest,
            createdBy: options.actor.userId,
            createdAt: now,
            ...linked,
          });
        }
        ids.push(id);
        await recordActivity(tx, {
          businessId: options.businessId,
          entityType: BANK_ENTITY_TYPE,
          entityId: id,
          subject: 'PaymentMethod',
          action: existing ? 'BANK_ACCOUNT_VERIFIED' : 'BANK_ACCOUNT_ADDED',
          label: existing ? 'Bank account verified' : 'Bank account added',
          actor: options.actor,
          remarks: `${auth.institution.name} *** ${accountMaskOf(account.accountNumber)} (instant link)`,
          data: { bankAccountId: id, provider: 'PLAID' },
          at: now,
        });
      }
      const [first] = ids;
      if (first) await ensurePrimary(tx, context, options.businessId, first);
      const [firstAccount] = accounts;
      if (firstAccount) {
        const notice = await noticeVendorBankChange(tx, context, {
          businessId: options.businessId,
          change: 'ADDED',
          bank: { bankName: auth.institution.name, accountMask: accountMaskOf(firstAccount.accountNumber) },
          holdBankAccountId: null,
        });
        // Payers were told once for the whole link; every linked account is held.
        if (notice.holdUntil) {
          await tx
            .update(businessBankAccounts)
            .set({ holdUntil: notice.holdUntil })
            .where(inArray(businessBankAccounts.id, ids));
        }
      }
      return viewsOf(tx, ids);
    });
  let bankAccounts: BankAccountView[];
  try {
    bankAccounts = await run();
  } catch (error) {
    // Two links of the same account at once: the second finds the first's row and reuses it.
    if (getPgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
    bankAccounts = await run();
  }
  return { bankAccounts, bankDenied: false, reason: null };
}

const instantBank = async (context: Ctx, options: { businessId: string; bankId: string }) => {
  const bank = await findBank(context.database.db, options);
  if (bank.provider !== 'PLAID' || !bank.accessTokenCiphertext) {
    throw new BankingError('UNPROCESSABLE', 'NOT_INSTANT_BANK', BANK_MESSAGES.notInstant);
  }
  return bank;
};

/** An update-mode link token for an instant bank's item (the modal signs in again to repair it). */
export async function createReconnectToken(
  context: Ctx,
  options: { businessId: string; userId: string; bankId: string },
): Promise<LinkTokenView> {
  const bank = await instantBank(context, options);
  const clientName = await businessNameOf(context.database.db, options.businessId);
  const token = await guarded(() =>
    provider(context).createLinkToken({
      businessId: options.businessId,
      userId: options.userId,
      clientName,
      accessToken: revealAccessToken(context, bank),
    }),
  );
  return {
    linkToken: token.linkToken,
    expiration: token.expiration.toISOString(),
    provider: provider(context).name,
  };
}

const itemBanks = (bank: BusinessBankAccountRow) =>
  and(
    eq(businessBankAccounts.businessId, bank.businessId),
    eq(businessBankAccounts.itemId, bank.itemId ?? ''),
    isNull(businessBankAccounts.deletedAt),
  );

/**
 * Re-checks an instant bank's item after the modal ran in update mode. Repaired: every bank of the item
 * is CONNECTED again. Still failing: the bank stays EXPIRED with reconnectFailed (treated as a manual
 * bank until reconnected) and the answer's status is FAILED.
 */
export async function reconnectBank(
  context: Ctx,
  options: { businessId: string; actor: Actor; bankId: string; publicToken?: string | undefined },
): Promise<ReconnectResult> {
  const bank = await instantBank(context, options);
  const bankLink = provider(context);
  if (options.publicToken) {
    const exchanged = await guarded(() => bankLink.exchangePublicToken(options.publicToken ?? ''));
    if (exchanged.itemId !== bank.itemId) {
      // Update mode always gives back the same item; another item is a new link, not a repair.
      await bankLink.removeItem(exchanged.accessToken).catch(() => undefined);
      throw new BankingError('UNPROCESSABLE', 'INVALID_ACCOUNT', BANK_MESSAGES.reconnectFailed);
    }
  }
  const itemStatus = await guarded(() => bankLink.getItemStatus(revealAccessToken(context, bank)));
  const ok = itemStatus.status === 'OK';
  const now = context.clock.now();
  const row = await context.database.db.transaction(async (tx) => {
    if (ok) {
      await tx
        .update(businessBankAccounts)
        .set({
          status: 'CONNECTED',
          accountStatus: 'VERIFIED',
          reconnectFailed: false,
          expiredAt: null,
          updatedAt: now,
        })
        .where(itemBanks(bank));
    } else {
      await tx
        .update(businessBankAccounts)
        .set({
          status: 'EXPIRED',
          accountStatus: 'EXPIRED',
          reconnectFailed: true,
          expiredAt: bank.expiredAt ?? now,
          updatedAt: now,
        })
        .where(eq(businessBankAccounts.id, bank.id));
    }
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: BANK_ENTITY_TYPE,
      entityId: bank.id,
      subject: 'PaymentMethod',
      action: ok ? 'BANK_ACCOUNT_RECONNECTED' : 'BANK_ACCOUNT_RECONNECT_FAILED',
      label: ok ? 'Bank account reconnected' : 'Bank reconnect failed',
      actor: options.actor,
      remarks: `${bank.bankName} *** ${bank.accountMask}`,
      data: { bankAccountId: bank.id, errorCode: itemStatus.errorCode },
      at: now,
    });
    const [fresh] = await tx.select().from(businessBankAccounts).where(eq(businessBankAccounts.id, bank.id));
    return fresh ?? bank;
  });
  return { status: ok ? 'VERIFIED' : 'FAILED', bankAccount: await toBankViewOne(context.database.db, row) };
}

/**
 * The item behind some banks lost its login (webhook, sandbox event or the polling job): each of its
 * CONNECTED banks becomes EXPIRED and the bank admins get one 'reconnect needed' mail per bank.
 */
export async function expireItem(context: Ctx, itemId: string, errorCode: string | null): Promise<number> {
  const now = context.clock.now();
  return context.database.db.transaction(async (tx) => {
    const expired = await tx
      .update(businessBankAccounts)
      .set({ status: 'EXPIRED', accountStatus: 'EXPIRED', expiredAt: now, updatedAt: now })
      .where(
        and(
          eq(businessBankAccounts.itemId, itemId),
          eq(businessBankAccounts.status, 'CONNECTED'),
          isNull(businessBankAccounts.deletedAt),
        ),
      )
      .returning();
    for (const bank of expired) {
      await recordActivity(tx, {
        businessId: bank.businessId,
        entityType: BANK_ENTITY_TYPE,
        entityId: bank.id,
        subject: 'PaymentMethod',
        action: 'BANK_ACCOUNT_EXPIRED',
        label: 'Bank connection expired',
        actor: {
          type: 'PROVIDER',
          userId: null,
          name: provider(context).name === 'plaid' ? 'Plaid' : 'Bank link',
        },
        remarks: `${bank.bankName} *** ${bank.accountMask}${errorCode ? ` (${errorCode})` : ''}`,
        data: { bankAccountId: bank.id, errorCode },
        at: now,
      });
      const businessName = await businessNameOf(tx, bank.businessId);
      await mailBankAdmins(tx, context, {
        businessId: bank.businessId,
        bankAccountId: bank.id,
        type: RECONNECT_BANK_ACCOUNT,
        ttlMinutes: 7 * 24 * 60,
        render: (link) =>
          renderReconnectNeededMail({
            businessName,
            bankName: bank.bankName,
            accountMask: bank.accountMask,
            link,
          }),
      });
    }
    return expired.length;
  });
}

/** What an item event means for Ferry: a lost login or revoked access expires the item's banks. */
export async function handleItemEvent(context: Ctx, event: BankLinkWebhookEvent): Promise<number> {
  if (event.kind === 'LOGIN_REQUIRED' || event.kind === 'PERMISSION_REVOKED') {
    return expireItem(context, event.itemId, event.errorCode);
  }
  return 0;
}

/**
 * The polling fallback for servers webhooks cannot reach: asks the provider about every item of a
 * CONNECTED instant bank and expires the ones that lost their login.
 */
export async function pollItemStatuses(context: Ctx): Promise<number> {
  const rows = await context.database.db
    .select()
    .from(businessBankAccounts)
    .where(
      and(
        eq(businessBankAccounts.provider, 'PLAID'),
        eq(businessBankAccounts.status, 'CONNECTED'),
        isNull(businessBankAccounts.deletedAt),
        isNotNull(businessBankAccounts.itemId),
      ),
    );
  const seen = new Set<string>();
  let expired = 0;
  for (const bank of rows) {
    if (!bank.itemId || seen.has(bank.itemId)) continue;
    seen.add(bank.itemId);
    try {
      const status = await provider(context).getItemStatus(revealAccessToken(context, bank));
      if (status.status !== 'OK') expired += await expireItem(context, bank.itemId, status.errorCode);
    } catch {
      // One unreachable item does not stop the others; it is asked again at the next run.
    }
  }
  return expired;
}
