import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import { type UserRow, users } from '../users/tables.js';
import { sessions, trustedDevices } from './tables.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface CreatedSession {
  sessionId: string;
  token: string;
  expiresAt: Date;
}

export async function createSession(options: {
  db: DbOrTx;
  clock: Clock;
  userId: string;
  deviceId?: string | null;
  ttlHours: number;
}): Promise<CreatedSession> {
  const token = randomBytes(32).toString('base64url');
  const sessionId = newId();
  const expiresAt = new Date(options.clock.now().getTime() + options.ttlHours * 3_600_000);
  await options.db.insert(sessions).values({
    id: sessionId,
    userId: options.userId,
    tokenHash: hashToken(token),
    deviceId: options.deviceId ?? null,
    createdAt: options.clock.now(),
    expiresAt,
  });
  return { sessionId, token, expiresAt };
}

export interface ActiveSession {
  sessionId: string;
  user: UserRow;
}

/** The session for an id and token, if it exists, matches, has not expired and was not revoked. */
export async function findActiveSession(options: {
  db: DbOrTx;
  clock: Clock;
  sessionId: string;
  token: string;
}): Promise<ActiveSession | null> {
  const rows = await options.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, options.sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, options.clock.now()),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const expected = Buffer.from(row.session.tokenHash, 'hex');
  const actual = Buffer.from(hashToken(options.token), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { sessionId: row.session.id, user: row.user };
}

export async function revokeSession(options: { db: DbOrTx; clock: Clock; sessionId: string }): Promise<void> {
  await options.db
    .update(sessions)
    .set({ revokedAt: options.clock.now() })
    .where(and(eq(sessions.id, options.sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user but `keepSessionId` (after a password change or reset). */
export async function revokeOtherSessions(options: {
  db: DbOrTx;
  clock: Clock;
  userId: string;
  keepSessionId?: string;
}): Promise<void> {
  await options.db
    .update(sessions)
    .set({ revokedAt: options.clock.now() })
    .where(
      and(
        eq(sessions.userId, options.userId),
        isNull(sessions.revokedAt),
        options.keepSessionId ? ne(sessions.id, options.keepSessionId) : undefined,
      ),
    );
}

/** Ends every trusted device of a user (after a password change or reset). */
export async function revokeTrustedDevices(options: {
  db: DbOrTx;
  clock: Clock;
  userId: string;
}): Promise<void> {
  await options.db
    .update(trustedDevices)
    .set({ revokedAt: options.clock.now() })
    .where(and(eq(trustedDevices.userId, options.userId), isNull(trustedDevices.revokedAt)));
}
