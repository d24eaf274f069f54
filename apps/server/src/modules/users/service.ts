import { PHONE_MESSAGES, type SignUpRequest, toE164 } from '@ferry/domain/schemas';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import { type Db, type DbOrTx, getPgErrorCode, PG_UNIQUE_VIOLATION } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { otpRequests } from '../otp/tables.js';
import { type UserPhoneRow, type UserRow, userPhones, users } from './tables.js';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please sign in.';

const phoneTaken = (field: string) =>
  new AppError('CONFLICT', PHONE_MESSAGES.linkedElsewhere, {
    errors: [{ field, message: PHONE_MESSAGES.linkedElsewhere }],
  });

export async function findUserByEmail(options: { db: DbOrTx; email: string }): Promise<UserRow | null> {
  const [row] = await options.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, options.email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * Whether a primary phone number is already linked to another account than `userId` (with
 * `verifiedOnly`, only a verified primary phone counts).
 */
export async function isPhoneLinkedElsewhere(options: {
  db: DbOrTx;
  e164: string;
  userId?: string | null;
  verifiedOnly?: boolean;
}): Promise<boolean> {
  const [row] = await options.db
    .select({ id: userPhones.id })
    .from(userPhones)
    .where(
      and(
        eq(userPhones.e164, options.e164),
        eq(userPhones.isPrimary, true),
        options.verifiedOnly ? eq(userPhones.isVerified, true) : undefined,
        options.userId ? ne(userPhones.userId, options.userId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Creates a PENDING user with an unverified primary phone (sign-up step 1). */
export async function registerUser(options: {
  db: Db;
  clock: Clock;
  request: SignUpRequest;
}): Promise<UserRow> {
  const { request } = options;
  const phone = request.phones[0];
  if (!phone) throw phoneTaken('phones.0.phoneNumber');
  const e164 = toE164(phone.phoneNumber, phone.countryISOCode);
  if (!e164) {
    throw new AppError('VALIDATION_ERROR', PHONE_MESSAGES.invalid, {
      errors: [{ field: 'phones.0.phoneNumber', message: PHONE_MESSAGES.invalid }],
    });
  }
  const email = request.email.trim().toLowerCase();
  if (await findUserByEmail({ db: options.db, email })) {
    throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, {
      errors: [{ field: 'email', message: EMAIL_TAKEN_MESSAGE }],
    });
  }
  if (await isPhoneLinkedElsewhere({ db: options.db, e164 })) throw phoneTaken('phones.0.phoneNumber');

  const now = options.clock.now();
  const userId = newId();
  try {
    return await options.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          id: userId,
          email,
          firstName: request.firstName.trim(),
          lastName: request.lastName.trim(),
          activeStatus: 'PENDING',
          country: request.country.trim().toUpperCase(),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(userPhones).values({
        id: newId(),
        userId,
        countryCode: phone.countryCode.replace(/^\+/, ''),
        countryIsoCode: phone.countryISOCode.trim().toLowerCase(),
        phoneNumber: phone.phoneNumber.trim(),
        e164,
        isPrimary: true,
        isVerified: false,
        createdAt: now,
      });
      if (!user) throw new Error('user not created');
      return user;
    });
  } catch (error) {
    // Two sign-ups racing for the same email or phone: the unique indexes decide.
    if (getPgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      const text = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? error);
      if (text.includes('e164')) throw phoneTaken('phones.0.phoneNumber');
      throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, {
        errors: [{ field: 'email', message: EMAIL_TAKEN_MESSAGE }],
      });
    }
    throw error;
  }
}

export async function listPhones(options: { db: DbOrTx; userId: string }): Promise<UserPhoneRow[]> {
  return options.db.select().from(userPhones).where(eq(userPhones.userId, options.userId));
}

/** The user as the browser keeps it (access spec §3 "User session"), without the token. */
export function toUserProfile(user: UserRow, phones: UserPhoneRow[]) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    country: user.country,
    activeStatus: user.activeStatus,
    isPasswordSet: user.passwordHash !== null,
    isEmailVerified: user.isEmailVerified,
    isPhoneNumberVerified: user.isPhoneNumberVerified,
    userType: user.userType,
    linkBillPopupDismiss: user.linkBillPopupDismiss,
    verificationStep: user.verificationStep,
    secondaryEmails: user.secondaryEmails,
    phones: phones.map((p) => ({
      countryCode: p.countryCode,
      phoneNumber: p.phoneNumber,
      countryISOCode: p.countryIsoCode,
      isPrimary: p.isPrimary,
      isPhoneNumberVerified: p.isVerified,
    })),
  };
}

export async function markEmailVerified(options: {
  db: DbOrTx;
  clock: Clock;
  userId: string;
}): Promise<void> {
  await options.db
    .update(users)
    .set({ isEmailVerified: true, updatedAt: options.clock.now() })
    .where(eq(users.id, options.userId));
}

/** Marks the primary phone (and so the user's phone) verified. */
export async function markPrimaryPhoneVerified(options: {
  db: Db;
  clock: Clock;
  userId: string;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    await tx
      .update(userPhones)
      .set({ isVerified: true })
      .where(and(eq(userPhones.userId, options.userId), eq(userPhones.isPrimary, true)));
    await tx
      .update(users)
      .set({ isPhoneNumberVerified: true, updatedAt: options.clock.now() })
      .where(eq(users.id, options.userId));
  });
}

export async function findPrimaryPhone(options: {
  db: DbOrTx;
  userId: string;
}): Promise<UserPhoneRow | null> {
  const [row] = await options.db
    .select()
    .from(userPhones)
    .where(and(eq(userPhones.userId, options.userId), eq(userPhones.isPrimary, true)))
    .limit(1);
  return row ?? null;
}

/** The shape of `toUserProfile`, for route schemas. */
export { userProfileSchema } from '@ferry/domain/schemas';

export async function findUserById(options: { db: DbOrTx; userId: string }): Promise<UserRow | null> {
  const [row] = await options.db.select().from(users).where(eq(users.id, options.userId)).limit(1);
  return row ?? null;
}

/** Statuses that may not sign in, be invited in or activated (access spec §4). */
export const BLOCKED_STATUSES: ReadonlySet<string> = new Set(['INACTIVE', 'SUSPENDED', 'DELETED']);

export const USER_TYPE_ALREADY_SET_MESSAGE = 'Your account type has already been chosen.';

/** `PATCH /user`: names, the link-bill popup flag and the account type (chosen once). */
export async function updateUserProfile(options: {
  db: DbOrTx;
  clock: Clock;
  user: UserRow;
  changes: {
    firstName?: string;
    lastName?: string;
    userType?: 'ACCOUNTANT' | 'SME_OWNER';
    linkBillPopupDismiss?: boolean;
  };
}): Promise<UserRow> {
  const { user, changes } = options;
  if (changes.userType !== undefined && user.userType !== null && user.userType !== changes.userType) {
    throw new AppError('CONFLICT', USER_TYPE_ALREADY_SET_MESSAGE, {
      errors: [{ field: 'userType', message: USER_TYPE_ALREADY_SET_MESSAGE }],
    });
  }
  const [updated] = await options.db
    .update(users)
    .set({
      ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
      ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
      ...(changes.linkBillPopupDismiss !== undefined
        ? { linkBillPopupDismiss: changes.linkBillPopupDismiss }
        : {}),
      ...(changes.userType !== undefined ? { userType: changes.userType } : {}),
      updatedAt: options.clock.now(),
    })
    // The type is chosen once: a concurrent request that set another type first wins.
    .where(
      and(
        eq(users.id, user.id),
        changes.userType !== undefined
          ? sql`(${users.userType} is null or ${users.userType} = ${changes.userType})`
          : undefined,
      ),
    )
    .returning();
  if (!updated) {
    throw new AppError('CONFLICT', USER_TYPE_ALREADY_SET_MESSAGE, {
      errors: [{ field: 'userType', message: USER_TYPE_ALREADY_SET_MESSAGE }],
    });
  }
  return updated;
}

export const EMAIL_ALREADY_VERIFIED_MESSAGE = 'Your email address is already verified and cannot be changed.';

/**
 * `POST /user/email`: corrects the sign-up email while it is not verified yet. Codes already sent to the
 * old address stop working, so they cannot verify the new one.
 */
export async function changeUnverifiedEmail(options: {
  db: Db;
  clock: Clock;
  user: UserRow;
  email: string;
}): Promise<UserRow> {
  const { user } = options;
  const email = options.email.trim().toLowerCase();
  if (user.isEmailVerified) throw new AppError('FORBIDDEN', EMAIL_ALREADY_VERIFIED_MESSAGE);
  if (email === user.email.toLowerCase()) return user;
  const taken = () =>
    new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, {
      errors: [{ field: 'email', message: EMAIL_TAKEN_MESSAGE }],
    });
  const other = await findUserByEmail({ db: options.db, email });
  if (other && other.id !== user.id) throw taken();
  const now = options.clock.now();
  try {
    return await options.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ email, updatedAt: now })
        .where(and(eq(users.id, user.id), eq(users.isEmailVerified, false)))
        .returning();
      if (!updated) throw new AppError('FORBIDDEN', EMAIL_ALREADY_VERIFIED_MESSAGE);
      await tx
        .update(otpRequests)
        .set({ voidedAt: now })
        .where(
          and(
            eq(otpRequests.userId, user.id),
            eq(otpRequests.purpose, 'EMAIL_VERIFICATION'),
            isNull(otpRequests.consumedAt),
            isNull(otpRequests.voidedAt),
          ),
        );
      return updated;
    });
  } catch (error) {
    if (getPgErrorCode(error) === PG_UNIQUE_VIOLATION) throw taken();
    throw error;
  }
}

export const SECONDARY_IS_PRIMARY_MESSAGE = 'This is already your primary email.';

/** `PATCH /user/secondary-emails`: replaces the list (lower-cased, without duplicates). */
export async function setSecondaryEmails(options: {
  db: DbOrTx;
  clock: Clock;
  user: UserRow;
  secondaryEmails: string[];
}): Promise<UserRow> {
  const primary = options.user.email.toLowerCase();
  const emails: string[] = [];
  const errors: { field: string; message: string }[] = [];
  options.secondaryEmails.forEach((raw, index) => {
    const email = raw.trim().toLowerCase();
    if (email === primary)
      errors.push({ field: `secondaryEmails.${index}`, message: SECONDARY_IS_PRIMARY_MESSAGE });
    else if (!emails.includes(email)) emails.push(email);
  });
  const [first] = errors;
  if (first) throw new AppError('VALIDATION_ERROR', first.message, { errors });
  const [updated] = await options.db
    .update(users)
    .set({ secondaryEmails: emails, updatedAt: options.clock.now() })
    .where(eq(users.id, options.user.id))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', 'User not found');
  return updated;
}

export const CANNOT_ACTIVATE_MESSAGE = 'Your account cannot be activated.';
export const SET_PASSWORD_FIRST_MESSAGE = 'Please set your password first.';

/**
 * `POST /user/mark-active`: a PENDING or GUEST_ACTIVE user with a verified email (and phone where the
 * country requires it) and a password becomes ACTIVE; an ACTIVE user stays so; anyone else gets 403.
 */
export async function markUserActive(options: {
  db: DbOrTx;
  clock: Clock;
  user: UserRow;
  phoneRequired: boolean;
}): Promise<UserRow> {
  const { user } = options;
  if (user.activeStatus === 'ACTIVE') return user;
  if (user.activeStatus !== 'PENDING' && user.activeStatus !== 'GUEST_ACTIVE') {
    throw new AppError('FORBIDDEN', CANNOT_ACTIVATE_MESSAGE);
  }
  if (!user.isEmailVerified || (options.phoneRequired && !user.isPhoneNumberVerified)) {
    throw new AppError('FORBIDDEN', 'Please verify your email and mobile number first.');
  }
  if (!user.passwordHash) throw new AppError('FORBIDDEN', SET_PASSWORD_FIRST_MESSAGE);
  const [updated] = await options.db
    .update(users)
    .set({ activeStatus: 'ACTIVE', updatedAt: options.clock.now() })
    .where(and(eq(users.id, user.id), inArray(users.activeStatus, ['PENDING', 'GUEST_ACTIVE', 'ACTIVE'])))
    .returning();
  if (!updated) throw new AppError('FORBIDDEN', CANNOT_ACTIVATE_MESSAGE);
  return updated;
}

/**
 * The account of someone who opened an invitation without having one: PENDING, email verified (the
 * invitation reached them there), no phone and no password yet. Returns the existing user when one
 * with the email appeared meanwhile.
 */
export async function createInvitedUser(options: {
  db: DbOrTx;
  clock: Clock;
  email: string;
  firstName?: string;
  lastName?: string;
  country?: string | null;
}): Promise<UserRow> {
  const now = options.clock.now();
  const email = options.email.trim().toLowerCase();
  const [created] = await options.db
    .insert(users)
    .values({
      id: newId(),
      email,
      firstName: options.firstName?.trim() ?? '',
      lastName: options.lastName?.trim() ?? '',
      activeStatus: 'PENDING',
      country: options.country ? options.country.trim().toUpperCase() : null,
      isEmailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const existing = await findUserByEmail({ db: options.db, email });
  if (!existing) throw new Error('invited user neither created nor found');
  return existing;
}
