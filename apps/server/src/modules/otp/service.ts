import { randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { MESSAGES } from '@ferry/domain/catalogues';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@ferry/domain/schemas';
import { and, count, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { queueMessage } from '../notifications/service.js';
import { type OtpPurpose, renderOtpMail, renderOtpSms } from '../notifications/templates.js';
import { type OtpRequestRow, otpRequests } from './tables.js';

const scryptAsync = promisify(scrypt) as (password: string, salt: string, keylen: number) => Promise<Buffer>;

export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

type OtpContext = Pick<AppContext, 'database' | 'clock' | 'jobs' | 'config'>;

/** A code's hash: scrypt, salted with its request id, so a leaked table does not give codes away. */
async function hashCode(requestId: string, code: string): Promise<string> {
  return (await scryptAsync(code, `ferry-otp:${requestId}`, 32)).toString('hex');
}

/** Six digits from the cryptographic generator. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export interface SentOtp {
  requestId: string;
  /** When the next code may be asked for. */
  resendAvailableAt: Date;
  expiresAt: Date;
}

/**
 * Sends a new code for `purpose` to an email or phone. Server-enforced: the 90-second resend wait, and a
 * daily cap per user and per destination. Earlier codes for the same user and purpose stop working.
 */
export async function sendOtp(
  context: OtpContext,
  options: { userId: string | null; purpose: OtpPurpose; channel: 'email' | 'sms'; destination: string },
): Promise<SentOtp> {
  const { db } = context.database;
  const now = context.clock.now();
  const destination = options.destination.trim().toLowerCase();
  const owner = options.userId
    ? eq(otpRequests.userId, options.userId)
    : eq(otpRequests.destination, destination);

  const [latest] = await db
    .select({ createdAt: otpRequests.createdAt })
    .from(otpRequests)
    .where(and(owner, eq(otpRequests.purpose, options.purpose)))
    .orderBy(desc(otpRequests.createdAt))
    .limit(1);
  if (latest) {
    const waitMs = latest.createdAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError(
        'OTP_RESEND_TOO_SOON',
        `Please wait ${seconds} seconds before requesting a new code.`,
        {
          headers: { 'retry-after': String(seconds) },
        },
      );
    }
  }

  const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
  const [sentToday] = await db
    .select({ n: count() })
    .from(otpRequests)
    .where(
      and(
        gt(otpRequests.createdAt, dayAgo),
        options.userId
          ? or(eq(otpRequests.userId, options.userId), eq(otpRequests.destination, destination))
          : eq(otpRequests.destination, destination),
      ),
    );
  if (Number(sentToday?.n ?? 0) >= context.config.OTP_DAILY_LIMIT) {
    throw new AppError('OTP_DAILY_LIMIT', 'Too many codes were requested today. Please try again tomorrow.');
  }

  const requestId = newId();
  const code = generateCode();
  const expiresAt = new Date(now.getTime() + OTP_VALID_MINUTES * 60_000);
  const codeHash = await hashCode(requestId, code);
  await db.transaction(async (tx) => {
    await tx
      .update(otpRequests)
      .set({ voidedAt: now })
      .where(
        and(
          owner,
          eq(otpRequests.purpose, options.purpose),
          isNull(otpRequests.consumedAt),
          isNull(otpRequests.voidedAt),
        ),
      );
    await tx.insert(otpRequests).values({
      id: requestId,
      userId: options.userId,
      purpose: options.purpose,
      channel: options.channel,
      destination,
      codeHash,
      createdAt: now,
      expiresAt,
    });
    const template = { code, purpose: options.purpose, validMinutes: OTP_VALID_MINUTES };
    await queueMessage(context, {
      db: tx,
      message:
        options.channel === 'email'
          ? { channel: 'email', to: destination, ...renderOtpMail(template) }
          : { channel: 'sms', to: destination, text: renderOtpSms(template) },
    });
  });
  return { requestId, resendAvailableAt: new Date(now.getTime() + OTP_RESEND_SECONDS * 1000), expiresAt };
}

const invalid = () =>
  new AppError('INVALID_OTP', MESSAGES.invalidOtp, {
    errors: [{ field: 'otp', message: MESSAGES.invalidOtp }],
  });

/**
 * Checks a code against its request: right purpose (and user, when given), not expired, not used, not
 * voided. A wrong code counts an attempt; the fifth wrong attempt voids the code. A right code is used up.
 */
export async function verifyOtp(
  context: OtpContext,
  options: { requestId: string; code: string; purpose: OtpPurpose; userId?: string | null },
): Promise<OtpRequestRow> {
  const { db } = context.database;
  const now = context.clock.now();
  const [request] = await db.select().from(otpRequests).where(eq(otpRequests.id, options.requestId)).limit(1);
  if (!request || request.purpose !== options.purpose) throw invalid();
  if (options.userId !== undefined && request.userId !== options.userId) throw invalid();
  if (request.consumedAt || request.voidedAt || request.attempts >= OTP_MAX_ATTEMPTS) throw invalid();
  if (request.expiresAt <= now) {
    throw new AppError('OTP_EXPIRED', 'This code has expired. Please request a new one.', {
      errors: [{ field: 'otp', message: 'This code has expired. Please request a new one.' }],
    });
  }

  const expected = Buffer.from(request.codeHash, 'hex');
  const actual = Buffer.from(await hashCode(request.id, options.code), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    await db
      .update(otpRequests)
      .set({
        attempts: sql`${otpRequests.attempts} + 1`,
        voidedAt: sql`case when ${otpRequests.attempts} + 1 >= ${OTP_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz else ${otpRequests.voidedAt} end`,
      })
      .where(eq(otpRequests.id, request.id));
    throw invalid();
  }
  // Use the code up; of two concurrent right answers only one gets the row.
  const [used] = await db
    .update(otpRequests)
    .set({ consumedAt: now })
    .where(and(eq(otpRequests.id, request.id), isNull(otpRequests.consumedAt), isNull(otpRequests.voidedAt)))
    .returning();
  if (!used) throw invalid();
  return used;
}

/**
 * True when `otpId` is an SMS code of this user that was verified (used up) within the last
 * OTP_VALID_MINUTES — the proof a sensitive step asks for right after POST /otp/verify.
 */
export async function isVerifiedSmsCode(
  context: Pick<OtpContext, 'clock'>,
  options: { db: DbOrTx; userId: string; otpId: string },
): Promise<boolean> {
  const since = new Date(context.clock.now().getTime() - OTP_VALID_MINUTES * 60_000);
  const [row] = await options.db
    .select({ id: otpRequests.id })
    .from(otpRequests)
    .where(
      and(
        eq(otpRequests.id, options.otpId),
        eq(otpRequests.userId, options.userId),
        eq(otpRequests.channel, 'sms'),
        gte(otpRequests.consumedAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}
