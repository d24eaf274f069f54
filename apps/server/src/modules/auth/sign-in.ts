import { MESSAGES } from '@ferry/domain/catalogues';
import { maskLast4 } from '@ferry/domain/format';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { RateLimitCounter } from '../../platform/rate-limit/counter.js';
import { type SentOtp, sendOtp, verifyOtp } from '../otp/service.js';
import { BLOCKED_STATUSES, findPrimaryPhone, findUserByEmail } from '../users/service.js';
import { type UserPhoneRow, type UserRow, userPhones, users } from '../users/tables.js';
import { verifyPassword } from './password.js';
import { type CreatedSession, createSession } from './service.js';
import {
  type CreatedChallenge,
  completeSignInChallenge,
  createSignInChallenge,
  SIGN_IN_EXPIRED_MESSAGE,
} from './sign-in-challenge.js';
import type { SignInChallengeRow } from './tables.js';
import {
  type CreatedTrustedDevice,
  createTrustedDevice,
  findTrustedDevice,
  markTrustedDeviceUsed,
} from './trusted-devices.js';

type SignInContext = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>;

/** Consecutive failures (wrong password or wrong sign-in code) after which the account is locked. */
export const MAX_FAILED_SIGN_INS = 100;
export const ACCOUNT_LOCKED_MESSAGE = 'Too many failed attempts. Reset your password to unlock your account.';
export const ACCOUNT_NOT_ACTIVE_MESSAGE = 'Your account is not active. Please contact support.';

/** Per-account sign-in limit: at most this many attempts per email in the window. */
export const SIGN_IN_ATTEMPTS_PER_ACCOUNT = 10;
export const SIGN_IN_ATTEMPT_WINDOW_MINUTES = 15;

/** Statuses that never get a session from a sign-in. */

/**
 * An argon2id hash (same parameters as `hashPassword`) of a random password nobody knows. Sign-ins for
 * unknown emails verify against it, so they take as long as a wrong password for a real account.
 */
const DUMMY_PASSWORD_HASH =
  '$argon2id$v=19$m=47104,t=1,p=1$aWjj/l/tME3M5EkSzKH4bg$0F8Md0/qk+rfxkqAOA6klqBwLlW3ZdOassdagzzekic';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', MESSAGES.invalidEmailOrPassword);
const accountLocked = () => new AppError('ACCOUNT_LOCKED', ACCOUNT_LOCKED_MESSAGE);

/**
 * The per-account sign-in limit (on top of the per-IP limit of every sensitive route): at most `max`
 * attempts per email address in a window of `windowMs` from the first, counted whether the email has an
 * account or not (so the answer tells nothing). Counted in the database, so every API process of a
 * deployment shares the count; the 100-failure lockout, stored with the user, is the hard bound.
 */
export class SignInAttemptLimiter {
  constructor(
    private readonly counter: RateLimitCounter,
    private readonly max = SIGN_IN_ATTEMPTS_PER_ACCOUNT,
    private readonly windowMs = SIGN_IN_ATTEMPT_WINDOW_MINUTES * 60_000,
  ) {}

  /** Counts an attempt for `key`, or throws 429 RATE_LIMITED (with retry-after) when over the limit. */
  async hit(key: string): Promise<void> {
    const { count, ttlMs } = await this.counter.hit(`sign-in:${key}`, this.windowMs);
    if (count <= this.max) return;
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      'RATE_LIMITED',
      `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { headers: { 'retry-after': String(seconds) } },
    );
  }
}

/** Counts a failed sign-in; the failure that reaches the cap locks the account. */
export async function recordFailedSignIn(options: {
  db: DbOrTx;
  clock: Clock;
  userId: string;
}): Promise<{ locked: boolean }> {
  const now = options.clock.now().toISOString();
  const [row] = await options.db
    .update(users)
    .set({
      failedSignInCount: sql`${users.failedSignInCount} + 1`,
      lockedAt: sql`case when ${users.failedSignInCount} + 1 >= ${MAX_FAILED_SIGN_INS} then coalesce(${users.lockedAt}, ${now}::timestamptz) else ${users.lockedAt} end`,
    })
    .where(eq(users.id, options.userId))
    .returning({ lockedAt: users.lockedAt });
  return { locked: Boolean(row?.lockedAt) };
}

/** A successful sign-in: the failure count starts over, lastSignInAt is now, and a new session. */
async function issueSignInSession(
  context: Pick<AppContext, 'clock' | 'config'>,
  options: { db: DbOrTx; userId: string; deviceId: string | null },
): Promise<CreatedSession> {
  await options.db
    .update(users)
    .set({ failedSignInCount: 0, lastSignInAt: context.clock.now() })
    .where(eq(users.id, options.userId));
  return createSession({
    db: options.db,
    clock: context.clock,
    userId: options.userId,
    deviceId: options.deviceId,
    ttlHours: context.config.SESSION_TTL_HOURS,
  });
}

export interface MaskedPhone {
  countryCode: string;
  phoneNumber: string;
  countryISOCode: string;
}

/** The primary phone as the sign-in answer shows it: only the last four digits. */
export function maskPhone(phone: UserPhoneRow | null): MaskedPhone | null {
  if (!phone) return null;
  return {
    countryCode: phone.countryCode,
    phoneNumber: maskLast4(phone.phoneNumber.replace(/\D/g, '')),
    countryISOCode: phone.countryIsoCode,
  };
}

/** How a sign-in goes on once its first factor (a password, or an accounting provider) is proven. */
export type SignInOutcome =
  | { kind: 'session'; user: UserRow; primaryPhone: MaskedPhone | null; session: CreatedSession }
  | { kind: 'challenge'; user: UserRow; primaryPhone: MaskedPhone | null; challenge: CreatedChallenge };
export type PasswordSignInOutcome = SignInOutcome;

/** Refuses a user who may not finish a sign-in (locked, or not active any more). */
function assertMaySignIn(user: UserRow): void {
  if (user.lockedAt) throw accountLocked();
  if (BLOCKED_STATUSES.has(user.activeStatus)) throw new AppError('FORBIDDEN', ACCOUNT_NOT_ACTIVE_MESSAGE);
}

/**
 * `POST /auth/sign-in`, the password step. An unknown (or deleted) email and a wrong password get the
 * same answer after the same argon2 work. The answers that do differ: an account without a password
 * yet (the spec's 'Please complete the signup before signing in.') and a locked account (after 100
 * consecutive failures). With a trusted-device token of this user (and not a private window) the
 * session is issued at once; otherwise a sign-in challenge is opened for the code step.
 */
export async function signInWithPassword(
  context: SignInContext,
  options: {
    email: string;
    password: string;
    isIncognito: boolean;
    trustedDeviceToken: string | undefined;
    deviceId: string | null;
    limiter: SignInAttemptLimiter;
  },
): Promise<PasswordSignInOutcome> {
  const { db } = context.database;
  const email = options.email.trim().toLowerCase();
  await options.limiter.hit(email);

  const user = await findUserByEmail({ db, email });
  if (!user || user.activeStatus === 'DELETED') {
    await verifyPassword(DUMMY_PASSWORD_HASH, options.password);
    throw invalidCredentials();
  }
  if (!user.passwordHash) throw new AppError('SIGNUP_INCOMPLETE', MESSAGES.completeSignup);
  if (user.lockedAt) throw accountLocked();
  if (!(await verifyPassword(user.passwordHash, options.password))) {
    const { locked } = await recordFailedSignIn({ db, clock: context.clock, userId: user.id });
    throw locked ? accountLocked() : invalidCredentials();
  }
  return continueSignIn(context, {
    db,
    user,
    isIncognito: options.isIncognito,
    trustedDeviceToken: options.trustedDeviceToken,
    deviceId: options.deviceId,
  });
}

/**
 * The second half of every sign-in, once its first factor is proven (the password, or an accounting
 * provider's sign-in): a locked or inactive user is refused; with a trusted-device token of this user
 * (and not a private window) the session is issued at once; otherwise a sign-in challenge is opened for
 * the code step. `db` may be the caller's transaction.
 */
export async function continueSignIn(
  context: Pick<AppContext, 'clock' | 'config'>,
  options: {
    db: DbOrTx;
    user: UserRow;
    isIncognito: boolean;
    trustedDeviceToken: string | undefined;
    deviceId: string | null;
  },
): Promise<SignInOutcome> {
  const { db, user } = options;
  assertMaySignIn(user);

  const primaryPhone = maskPhone(await findPrimaryPhone({ db, userId: user.id }));
  const device = options.isIncognito
    ? null
    : await findTrustedDevice({
        db,
        clock: context.clock,
        userId: user.id,
        token: options.trustedDeviceToken,
      });
  if (device) {
    const session = await db.transaction(async (tx) => {
      await markTrustedDeviceUsed({ db: tx, clock: context.clock, id: device.id });
      return issueSignInSession(context, { db: tx, userId: user.id, deviceId: options.deviceId });
    });
    return { kind: 'session', user, primaryPhone, session };
  }
  const challenge = await createSignInChallenge({
    db,
    clock: context.clock,
    userId: user.id,
    isIncognito: options.isIncognito,
  });
  return { kind: 'challenge', user, primaryPhone, challenge };
}

async function loadUser(db: DbOrTx, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('SIGN_IN_EXPIRED', SIGN_IN_EXPIRED_MESSAGE);
  return user;
}

/** The user signing in with an open challenge, refused when locked or no longer active. */
export async function loadChallengeUser(
  context: Pick<AppContext, 'database'>,
  challenge: Pick<SignInChallengeRow, 'userId'>,
): Promise<UserRow> {
  const user = await loadUser(context.database.db, challenge.userId);
  assertMaySignIn(user);
  return user;
}

/**
 * `POST /otp/send-sign-in-otp/{userId}`: a SIGN_IN code to the primary phone (by email for an account
 * without a phone), under the usual 90-second wait and daily cap.
 */
export async function sendSignInCode(
  context: SignInContext,
  options: { challenge: SignInChallengeRow },
): Promise<SentOtp> {
  const { db } = context.database;
  const user = await loadChallengeUser(context, options.challenge);
  const phone = await findPrimaryPhone({ db, userId: user.id });
  return sendOtp(context, {
    userId: user.id,
    purpose: 'SIGN_IN',
    channel: phone ? 'sms' : 'email',
    destination: phone ? phone.e164 : user.email,
  });
}

/**
 * `POST /otp/verify-sign-in-otp/{userId}`: checks the code; a wrong one counts toward the lockout. A right
 * one uses the challenge up, marks the primary phone verified when the code went to it (a number changed
 * during the sign-in), and issues the session — plus a trusted device when asked and the sign-in is not
 * in a private window.
 */
export async function verifySignInCode(
  context: SignInContext,
  options: {
    challenge: SignInChallengeRow;
    requestId: string;
    otp: string;
    isRegisterTrustedDevice: boolean;
    isIncognito: boolean;
    deviceId: string | null;
  },
): Promise<{ user: UserRow; session: CreatedSession; trustedDevice: CreatedTrustedDevice | null }> {
  const { db } = context.database;
  const { challenge } = options;
  const user = await loadChallengeUser(context, challenge);

  let destination: string;
  try {
    const used = await verifyOtp(context, {
      requestId: options.requestId,
      code: options.otp,
      purpose: 'SIGN_IN',
      userId: user.id,
    });
    destination = used.destination;
  } catch (error) {
    if (error instanceof AppError && error.errorCode === 'INVALID_OTP') {
      const { locked } = await recordFailedSignIn({ db, clock: context.clock, userId: user.id });
      if (locked) throw accountLocked();
    }
    throw error;
  }

  return db.transaction(async (tx) => {
    if (!(await completeSignInChallenge({ db: tx, clock: context.clock, challengeId: challenge.id }))) {
      throw new AppError('SIGN_IN_EXPIRED', SIGN_IN_EXPIRED_MESSAGE);
    }
    const phone = await findPrimaryPhone({ db: tx, userId: user.id });
    if (phone && !phone.isVerified && phone.e164 === destination) {
      await tx.update(userPhones).set({ isVerified: true }).where(eq(userPhones.id, phone.id));
      await tx
        .update(users)
        .set({ isPhoneNumberVerified: true, updatedAt: context.clock.now() })
        .where(eq(users.id, user.id));
    }
    const session = await issueSignInSession(context, {
      db: tx,
      userId: user.id,
      deviceId: options.deviceId,
    });
    const trustedDevice =
      options.isRegisterTrustedDevice && !options.isIncognito && !challenge.isIncognito
        ? await createTrustedDevice({
            db: tx,
            clock: context.clock,
            userId: user.id,
            deviceId: options.deviceId,
          })
        : null;
    return { user: await loadUser(tx, user.id), session, trustedDevice };
  });
}
