import { type ApiPhone, PHONE_MESSAGES, toE164 } from '@ferry/domain/schemas';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { getPgErrorCode, PG_UNIQUE_VIOLATION } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type SentOtp, sendOtp } from '../otp/service.js';
import { otpRequests } from '../otp/tables.js';
import { findPrimaryPhone, isPhoneLinkedElsewhere } from './service.js';
import { type UserRow, userPhones, users } from './tables.js';

export const VERIFIED_PHONE_CHANGE_MESSAGE =
  'For your security, a verified mobile number can only be changed after signing in.';

const phoneError = (code: 'VALIDATION_ERROR' | 'CONFLICT', message: string) =>
  new AppError(code, message, { errors: [{ field: 'phoneNumber', message }] });

/**
 * `PATCH /user/mobile-number`: the primary phone becomes `phone`, unverified, and a code is sent to it —
 * a SIGN_IN code during a sign-in (`mode: 'sign-in'`, verified by verify-sign-in-otp), a
 * PHONE_VERIFICATION code when signed in (verified by `POST /otp/verify/phone`).
 *
 * During a sign-in only the password has been proven, so a number that was already verified cannot be
 * replaced there: otherwise a stolen password alone would let anyone move the sign-in code to their own
 * phone. A never-verified number (a typo at sign-up) can be corrected.
 *
 * The code is sent before the number is stored, so a refused send (90-second wait, daily cap) changes
 * nothing.
 */
export async function changeMobileNumber(
  context: Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>,
  options: { user: UserRow; phone: ApiPhone; mode: 'sign-in' | 'signed-in' },
): Promise<SentOtp> {
  const { db } = context.database;
  const { user, phone } = options;
  const e164 = toE164(phone.phoneNumber, phone.countryISOCode);
  if (!e164) throw phoneError('VALIDATION_ERROR', PHONE_MESSAGES.invalid);

  const current = await findPrimaryPhone({ db, userId: user.id });
  const isSameNumber = current?.e164 === e164;
  if (options.mode === 'sign-in' && current?.isVerified && !isSameNumber) {
    throw new AppError('FORBIDDEN', VERIFIED_PHONE_CHANGE_MESSAGE, {
      errors: [{ field: 'phoneNumber', message: VERIFIED_PHONE_CHANGE_MESSAGE }],
    });
  }
  if (await isPhoneLinkedElsewhere({ db, e164, userId: user.id })) {
    throw phoneError('CONFLICT', PHONE_MESSAGES.linkedElsewhere);
  }

  const sent = await sendOtp(context, {
    userId: user.id,
    purpose: options.mode === 'sign-in' ? 'SIGN_IN' : 'PHONE_VERIFICATION',
    channel: 'sms',
    destination: e164,
  });
  if (isSameNumber) return sent;

  const now = context.clock.now();
  const fields = {
    countryCode: phone.countryCode.replace(/^\+/, ''),
    countryIsoCode: phone.countryISOCode.trim().toLowerCase(),
    phoneNumber: phone.phoneNumber.trim(),
    e164,
    isVerified: false,
  };
  try {
    await db.transaction(async (tx) => {
      if (current) {
        await tx.update(userPhones).set(fields).where(eq(userPhones.id, current.id));
      } else {
        await tx
          .insert(userPhones)
          .values({ id: newId(), userId: user.id, isPrimary: true, createdAt: now, ...fields });
      }
      await tx
        .update(users)
        .set({ isPhoneNumberVerified: false, updatedAt: now })
        .where(eq(users.id, user.id));
    });
  } catch (error) {
    if (getPgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
    // Another account took the number meanwhile: the code just sent must not verify anything.
    await db
      .update(otpRequests)
      .set({ voidedAt: now })
      .where(and(eq(otpRequests.id, sent.requestId), eq(otpRequests.userId, user.id)));
    throw phoneError('CONFLICT', PHONE_MESSAGES.linkedElsewhere);
  }
  return sent;
}
