import { PHONE_MESSAGES, type SignUpRequest, toE164 } from '@ferry/domain/schemas';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import { type Db, type DbOrTx, getPgErrorCode, PG_UNIQUE_VIOLATION } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
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

/** Whether a primary phone number is already linked to another account. */
export async function isPhoneLinkedElsewhere(options: {
  db: DbOrTx;
  e164: string;
  userId?: string;
}): Promise<boolean> {
  const [row] = await options.db
    .select({ id: userPhones.id })
    .from(userPhones)
    .where(
      and(
        eq(userPhones.e164, options.e164),
        eq(userPhones.isPrimary, true),
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
export const userProfileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    country: z.string().nullable(),
    activeStatus: z.string(),
    isPasswordSet: z.boolean(),
    isEmailVerified: z.boolean(),
    isPhoneNumberVerified: z.boolean(),
    userType: z.string().nullable(),
    phones: z.array(
      z.object({
        countryCode: z.string(),
        phoneNumber: z.string(),
        countryISOCode: z.string(),
        isPrimary: z.boolean(),
        isPhoneNumberVerified: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'UserProfile' });
