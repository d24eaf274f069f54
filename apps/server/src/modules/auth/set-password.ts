import { checkPasswordStrength, passwordUserInputs, weakPasswordMessage } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/errors.js';
import { type UserRow, users } from '../users/tables.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.js';
import { hashPassword } from './password.js';
import { type CreatedSession, createSession, revokeOtherSessions } from './service.js';

export const PASSWORD_ALREADY_SET_MESSAGE = 'Your password is already set. Use change password instead.';
export const VERIFY_FIRST_MESSAGE = 'Please verify your email and mobile number first.';

const passwordFieldError = (message: string) =>
  new AppError('VALIDATION_ERROR', message, { errors: [{ field: 'password', message }] });

/**
 * Refuses, as a field error on `password`, a password from the common-passwords list, then one that
 * zxcvbn finds guessable (score under 3, NIST SP 800-63B) given the person's email and names; the
 * message carries zxcvbn's warning and suggestions. The browser runs the same check before sending.
 */
export async function assertStrongPassword(
  password: string,
  user: Pick<UserRow, 'email' | 'firstName' | 'lastName'>,
): Promise<void> {
  if (isCommonPassword(password)) throw passwordFieldError(COMMON_PASSWORD_MESSAGE);
  const strength = await checkPasswordStrength(password, passwordUserInputs(user));
  if (!strength.isStrong) throw passwordFieldError(weakPasswordMessage(strength));
}

export function isPhoneVerificationRequired(
  context: Pick<AppContext, 'config'>,
  user: Pick<UserRow, 'country'>,
): boolean {
  return context.config.PHONE_VERIFICATION_COUNTRIES.includes((user.country ?? 'US').toUpperCase());
}

/**
 * Sign-up step 2: the first password of a verified user. The user becomes ACTIVE and gets a fresh
 * session in place of the sign-up one.
 */
export async function setInitialPassword(
  context: Pick<AppContext, 'database' | 'clock' | 'config'>,
  options: { user: UserRow; password: string; deviceId: string | null },
): Promise<{ session: CreatedSession; user: UserRow }> {
  const { user } = options;
  if (user.passwordHash) throw new AppError('CONFLICT', PASSWORD_ALREADY_SET_MESSAGE);
  if (!user.isEmailVerified || (isPhoneVerificationRequired(context, user) && !user.isPhoneNumberVerified)) {
    throw new AppError('FORBIDDEN', VERIFY_FIRST_MESSAGE);
  }
  await assertStrongPassword(options.password, user);
  const passwordHash = await hashPassword(options.password);
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        passwordHash,
        activeStatus: user.activeStatus === 'PENDING' ? 'ACTIVE' : user.activeStatus,
        updatedAt: context.clock.now(),
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'User not found');
    await revokeOtherSessions({ db: tx, clock: context.clock, userId: user.id });
    const session = await createSession({
      db: tx,
      clock: context.clock,
      userId: user.id,
      deviceId: options.deviceId,
      ttlHours: context.config.SESSION_TTL_HOURS,
    });
    return { session, user: updated };
  });
}
