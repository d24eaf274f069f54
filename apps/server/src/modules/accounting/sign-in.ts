import { ACCOUNTING_MESSAGES, type AuthCallbackRequest } from '@ferry/domain/schemas';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/errors.js';
import { continueSignIn, type SignInAttemptLimiter, type SignInOutcome } from '../auth/sign-in.js';
import { findUserByEmail } from '../users/service.js';
import { findState } from './connections.js';
import { type AccountingOauthStateRow, accountingOauthStates } from './tables.js';

type SignInContext = Pick<AppContext, 'database' | 'clock' | 'config'>;

const expiredState = () => new AppError('BAD_REQUEST', ACCOUNTING_MESSAGES.state);

/** A SIGN_IN round trip the provider completed with an identity, not used and without an error. */
const isUsableSignIn = (
  row: AccountingOauthStateRow | null,
  providerType: AuthCallbackRequest['providerType'],
): row is AccountingOauthStateRow & { identity: NonNullable<AccountingOauthStateRow['identity']> } =>
  row !== null &&
  row.requestFor === 'SIGN_IN' &&
  row.providerType === providerType &&
  row.completedAt !== null &&
  row.usedAt === null &&
  row.error === null &&
  Boolean(row.identity?.email);

/**
 * `POST /auth/callback`: 'Sign in with Intuit / Xero' (spec 000 §4, §7). The provider proved who is
 * signing in (the identity its callback gave); that stands for the password, and the rest is the password
 * sign-in's own second half (`continueSignIn`): a locked or inactive account is refused, a trusted device
 * gets its session at once, any other device goes through the sign-in code. The round trip is used up
 * (and the provider's tokens dropped: a sign-in does not keep them) in the transaction that opens the
 * session or the code step, and also when the sign-in is refused. No Ferry account with the identity's
 * email (case-insensitive), or one whose sign-up is not complete (no password yet, as the password
 * sign-in decides), answers 403 SIGNUP_INCOMPLETE. `keepMeLogin` off (the state's, chosen before leaving
 * for the provider) is a sign-in that this browser does not keep: like a private window, no trusted device
 * is used or registered.
 */
export async function signInWithAccounting(
  context: SignInContext,
  options: {
    request: AuthCallbackRequest;
    trustedDeviceToken: string | undefined;
    deviceId: string | null;
    limiter: SignInAttemptLimiter;
  },
): Promise<SignInOutcome> {
  const { db } = context.database;
  const now = context.clock.now();
  const row = await findState(db, options.request.state, now);
  if (!isUsableSignIn(row, options.request.providerType)) throw expiredState();
  const email = row.identity.email.trim().toLowerCase();
  // The password sign-in's per-account limit, counted on the same key.
  await options.limiter.hit(email);

  const result = await db.transaction(
    async (tx): Promise<{ outcome: SignInOutcome } | { refused: AppError }> => {
      const claimed = await tx
        .update(accountingOauthStates)
        .set({ usedAt: now, tokensSealed: null })
        .where(and(eq(accountingOauthStates.id, row.id), isNull(accountingOauthStates.usedAt)))
        .returning({ id: accountingOauthStates.id });
      if (claimed.length === 0) throw expiredState();
      const user = await findUserByEmail({ db: tx, email });
      if (!user || user.activeStatus === 'DELETED' || !user.passwordHash) {
        return { refused: new AppError('SIGNUP_INCOMPLETE', ACCOUNTING_MESSAGES.completeSignup) };
      }
      try {
        const outcome = await continueSignIn(context, {
          db: tx,
          user,
          isIncognito: !row.keepMeLogin,
          trustedDeviceToken: options.trustedDeviceToken,
          deviceId: options.deviceId,
        });
        return { outcome };
      } catch (error) {
        // Refused before anything was written (locked, not active): the round trip stays used up.
        if (error instanceof AppError) return { refused: error };
        throw error;
      }
    },
  );
  if ('refused' in result) throw result.refused;
  return result.outcome;
}
