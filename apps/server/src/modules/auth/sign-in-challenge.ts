import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { clearApiCookie, setApiCookie } from '../../platform/auth/session-cookie.js';
import type { Clock } from '../../platform/clock.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { hashToken } from './service.js';
import { type SignInChallengeRow, signInChallenges } from './tables.js';

/**
 * The sign-in challenge: proof that the password step of a sign-in succeeded, required by the calls that
 * send and check the sign-in code (and by a phone change during a sign-in). Its secret (256 random bits)
 * travels in an HttpOnly cookie and in the sign-in answer; only its SHA-256 is stored. It lives 10
 * minutes and is used up when the code verifies.
 */
export const SIGN_IN_COOKIE = 'ferry_sign_in';
export const SIGN_IN_CHALLENGE_MINUTES = 10;
export const SIGN_IN_EXPIRED_MESSAGE = 'Your sign-in has expired. Please sign in again.';

/** Secrets are 43 base64url characters; anything much longer is not one of ours. */
const MAX_SECRET_LENGTH = 128;

export interface CreatedChallenge {
  challengeId: string;
  secret: string;
  expiresAt: Date;
}

export async function createSignInChallenge(options: {
  db: DbOrTx;
  clock: Clock;
  userId: string;
  isIncognito: boolean;
}): Promise<CreatedChallenge> {
  const secret = randomBytes(32).toString('base64url');
  const challengeId = newId();
  const now = options.clock.now();
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_MINUTES * 60_000);
  await options.db.insert(signInChallenges).values({
    id: challengeId,
    userId: options.userId,
    secretHash: hashToken(secret),
    isIncognito: options.isIncognito,
    createdAt: now,
    expiresAt,
  });
  return { challengeId, secret, expiresAt };
}

/** The open (unexpired, not completed) challenge with this secret, for `userId` when given. */
export async function findOpenSignInChallenge(options: {
  db: DbOrTx;
  clock: Clock;
  secret: string;
  userId?: string;
}): Promise<SignInChallengeRow | null> {
  if (!options.secret || options.secret.length > MAX_SECRET_LENGTH) return null;
  const [row] = await options.db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.secretHash, hashToken(options.secret)),
        isNull(signInChallenges.completedAt),
        gt(signInChallenges.expiresAt, options.clock.now()),
        options.userId ? eq(signInChallenges.userId, options.userId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses a challenge up; false when it was already used (a concurrent second verification). */
export async function completeSignInChallenge(options: {
  db: DbOrTx;
  clock: Clock;
  challengeId: string;
}): Promise<boolean> {
  const rows = await options.db
    .update(signInChallenges)
    .set({ completedAt: options.clock.now() })
    .where(and(eq(signInChallenges.id, options.challengeId), isNull(signInChallenges.completedAt)))
    .returning({ id: signInChallenges.id });
  return rows.length > 0;
}

/**
 * The request's open challenge: the body's `challengeToken` (API clients) or else the `ferry_sign_in`
 * cookie (the browser). Null when neither holds an open challenge (for `userId` when given).
 */
export async function findRequestSignInChallenge(options: {
  db: DbOrTx;
  clock: Clock;
  request: FastifyRequest;
  bodyToken?: string;
  userId?: string;
}): Promise<SignInChallengeRow | null> {
  const candidates = [options.bodyToken, options.request.cookies?.[SIGN_IN_COOKIE]];
  for (const secret of candidates) {
    if (!secret) continue;
    const row = await findOpenSignInChallenge({
      db: options.db,
      clock: options.clock,
      secret,
      userId: options.userId,
    });
    if (row) return row;
  }
  return null;
}

/** Like `findRequestSignInChallenge`, but a missing challenge is a 401 SIGN_IN_EXPIRED. */
export async function requireRequestSignInChallenge(options: {
  db: DbOrTx;
  clock: Clock;
  request: FastifyRequest;
  bodyToken?: string;
  userId: string;
}): Promise<SignInChallengeRow> {
  const challenge = await findRequestSignInChallenge(options);
  if (!challenge) throw new AppError('SIGN_IN_EXPIRED', SIGN_IN_EXPIRED_MESSAGE);
  return challenge;
}

export function setSignInChallengeCookie(
  reply: FastifyReply,
  config: Config,
  challenge: CreatedChallenge,
): void {
  setApiCookie(reply, config, {
    name: SIGN_IN_COOKIE,
    value: challenge.secret,
    expiresAt: challenge.expiresAt,
  });
}

export function clearSignInChallengeCookie(reply: FastifyReply, config: Config): void {
  clearApiCookie(reply, config, SIGN_IN_COOKIE);
}
