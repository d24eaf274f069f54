import { and, count, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/http/errors.js';
import { FORGOT_PASSWORD } from '../invitations/kinds.js';
import {
  createInvitation,
  findInvitee,
  findUsableInvitationByToken,
  isUsable,
  revokeUnusedInvitations,
} from '../invitations/service.js';
import { queueMessage } from '../notifications/service.js';
import { renderPasswordResetMail } from '../notifications/templates.js';
import { BLOCKED_STATUSES, findUserByEmail } from '../users/service.js';
import { type UserRow, users } from '../users/tables.js';
import { hashPassword, verifyPassword } from './password.js';
import {
  type CreatedSession,
  createSession,
  hashToken,
  revokeOtherSessions,
  revokeTrustedDevices,
} from './service.js';
import { assertStrongPassword, setInitialPassword, VERIFY_FIRST_MESSAGE } from './set-password.js';
import { invitations } from './tables.js';

type PasswordContext = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>;

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, we have sent a link to reset your password.';
export const RESET_PASSWORD_MESSAGE = 'Your password has been reset. Please sign in.';
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired. Please request a new one.';
export const OLD_PASSWORD_INCORRECT_MESSAGE = 'Old password is incorrect.';

/** At most this many reset mails per account per hour; further requests get the same answer, no mail. */
export const RESET_MAILS_PER_HOUR = 5;

export const invalidLink = () => new AppError('INVALID_LINK', INVALID_LINK_MESSAGE);

/** The browser page the reset link opens. */
export const resetPasswordLink = (origin: string, token: string): string =>
  `${origin}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * `POST /auth/forgot-password`. Mails a single-use reset link to an account that has a password (and
 * may sign in); older unused links of that account stop working. Unknown emails, half-registered
 * accounts (no password yet: there is nothing to reset, sign-up is finished from its own session) and
 * blocked accounts get no mail. The caller answers the same in every case.
 */
export async function requestPasswordReset(
  context: PasswordContext,
  options: { email: string; origin: string },
): Promise<void> {
  const { db } = context.database;
  const user = await findUserByEmail({ db, email: options.email });
  if (!user?.passwordHash || BLOCKED_STATUSES.has(user.activeStatus)) return;
  const now = context.clock.now();
  const [recent] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.sentToUserId, user.id),
        eq(invitations.invitationType, FORGOT_PASSWORD),
        gt(invitations.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    );
  if (Number(recent?.n ?? 0) >= RESET_MAILS_PER_HOUR) return;
  await db.transaction(async (tx) => {
    await revokeUnusedInvitations({
      db: tx,
      clock: context.clock,
      sentToUserId: user.id,
      type: FORGOT_PASSWORD,
    });
    const { token } = await createInvitation(context, {
      db: tx,
      type: FORGOT_PASSWORD,
      email: user.email,
      sentToUserId: user.id,
      ttlMinutes: context.config.PASSWORD_RESET_TTL_MINUTES,
    });
    const mail = renderPasswordResetMail({
      firstName: user.firstName,
      link: resetPasswordLink(options.origin, token),
      validMinutes: context.config.PASSWORD_RESET_TTL_MINUTES,
    });
    await queueMessage(context, { db: tx, message: { channel: 'email', to: user.email, ...mail } });
  });
}

/**
 * `PATCH /auth/reset-password`: uses the link once (of two concurrent resets with one token exactly
 * one succeeds), sets the new password, clears the sign-in lockout and ends every session and trusted
 * device of the account, all in one transaction.
 */
export async function resetPassword(
  context: PasswordContext,
  options: { token: string; password: string },
): Promise<void> {
  const { db } = context.database;
  // A cheap look first, so a bad link costs no strength check and no password hashing.
  const link = await findUsableInvitationByToken({
    db,
    clock: context.clock,
    token: options.token,
    type: FORGOT_PASSWORD,
  });
  if (!link?.sentToUserId) throw invalidLink();
  const [owner] = await db.select().from(users).where(eq(users.id, link.sentToUserId));
  if (!owner) throw invalidLink();
  await assertStrongPassword(options.password, owner);
  const passwordHash = await hashPassword(options.password);
  await db.transaction(async (tx) => {
    const now = context.clock.now();
    const [used] = await tx
      .update(invitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(invitations.tokenHash, hashToken(options.token)),
          eq(invitations.invitationType, FORGOT_PASSWORD),
          isUsable(now),
        ),
      )
      .returning();
    if (!used?.sentToUserId) throw invalidLink();
    const userId = used.sentToUserId;
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, failedSignInCount: 0, lockedAt: null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!updated) throw invalidLink();
    await revokeOtherSessions({ db: tx, clock: context.clock, userId });
    await revokeTrustedDevices({ db: tx, clock: context.clock, userId });
    await revokeUnusedInvitations({
      db: tx,
      clock: context.clock,
      sentToUserId: userId,
      type: FORGOT_PASSWORD,
    });
  });
}

/**
 * `PATCH /user/change-password`: checks the old password, sets the new one, ends every session and
 * trusted device, and returns a fresh session for this browser.
 */
export async function changePassword(
  context: PasswordContext,
  options: { user: UserRow; oldPassword: string; password: string; deviceId: string | null },
): Promise<CreatedSession> {
  const { user } = options;
  const wrongOldPassword = () =>
    new AppError('VALIDATION_ERROR', OLD_PASSWORD_INCORRECT_MESSAGE, {
      errors: [{ field: 'oldPassword', message: OLD_PASSWORD_INCORRECT_MESSAGE }],
    });
  const oldHash = user.passwordHash;
  if (!oldHash || !(await verifyPassword(oldHash, options.oldPassword))) throw wrongOldPassword();
  await assertStrongPassword(options.password, user);
  const passwordHash = await hashPassword(options.password);
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const now = context.clock.now();
    // Two concurrent changes: only the one that still sees the old hash wins.
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, oldHash)))
      .returning({ id: users.id });
    if (!updated) throw wrongOldPassword();
    await revokeOtherSessions({ db: tx, clock: context.clock, userId: user.id });
    await revokeTrustedDevices({ db: tx, clock: context.clock, userId: user.id });
    await revokeUnusedInvitations({
      db: tx,
      clock: context.clock,
      sentToUserId: user.id,
      type: FORGOT_PASSWORD,
    });
    return createSession({
      db: tx,
      clock: context.clock,
      userId: user.id,
      deviceId: options.deviceId,
      ttlHours: context.config.SESSION_TTL_HOURS,
    });
  });
}

/**
 * `PATCH /auth/password`: an invited user's first password, proven by the invitation link's token.
 * The invitation stays open (accepting it is a separate step); the rules are those of the sign-up
 * set-password step (email and, where required, phone verified first).
 */
export async function setPasswordFromInvitation(
  context: PasswordContext,
  options: { token: string; password: string; deviceId: string | null },
): Promise<{ session: CreatedSession; user: UserRow }> {
  const { db } = context.database;
  const invitation = await findUsableInvitationByToken({ db, clock: context.clock, token: options.token });
  if (!invitation) throw invalidLink();
  const invitee = await findInvitee({ db, invitation });
  if (!invitee) throw new AppError('FORBIDDEN', VERIFY_FIRST_MESSAGE);
  if (BLOCKED_STATUSES.has(invitee.activeStatus) || invitee.email.toLowerCase() !== invitation.email) {
    throw invalidLink();
  }
  return setInitialPassword(context, {
    user: invitee,
    password: options.password,
    deviceId: options.deviceId,
  });
}
