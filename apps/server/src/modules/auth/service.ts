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
  /** A guest session, scoped to one guest invitation and its guest business (modules/guest/scope.ts). */
  guest?: { invitationId: string; businessId: string };
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
    guestInvitationId: options.guest?.invitationId ?? null,
    guestBusinessId: options.guest?.businessId ?? null,
  });
  return { sessionId, token, expiresAt };
}

export interface ActiveSession {
  sessionId: string;
  user: UserRow;
  /** Absolute expiry. */
  expiresAt: Date;
  /** When the session ends without further requests (null when no idle timeout was asked for). */
  idleExpiresAt: Date | null;
  /** Set for a guest session (modules/guest/scope.ts), else null. */
  guest: GuestSessionScope | null;
}

/** What a guest session may reach: one invitation and its guest business. */
export interface GuestSessionScope {
  invitationId: string;
  businessId: string;
  phoneVerified: boolean;
}

/** `lastSeenAt` is written at most this often, so every request does not cost a write. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * The session for an id and token, if it exists, matches, has not expired and was not revoked. With
 * `idleMinutes`, a session without a request for that long (counted from `lastSeenAt`, or `createdAt`
 * before the first) is refused too, and a valid one has its `lastSeenAt` moved to now (at most once a
 * minute, so the idle timeout may end a session up to a minute early).
 */
export async function findActiveSession(options: {
  db: DbOrTx;
  clock: Clock;
  sessionId: string;
  token: string;
  idleMinutes?: number;
}): Promise<ActiveSession | null> {
  const now = options.clock.now();
  const rows = await options.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, options.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const expected = Buffer.from(row.session.tokenHash, 'hex');
  const actual = Buffer.from(hashToken(options.token), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;

  let idleExpiresAt: Date | null = null;
  if (options.idleMinutes !== undefined) {
    const idleMs = options.idleMinutes * 60_000;
    let lastSeen = (row.session.lastSeenAt ?? row.session.createdAt).getTime();
    if (now.getTime() - lastSeen >= idleMs) return null;
    if (now.getTime() - lastSeen >= SESSION_TOUCH_INTERVAL_MS) {
      await options.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
      lastSeen = now.getTime();
    }
    idleExpiresAt = new Date(Math.min(lastSeen + idleMs, row.session.expiresAt.getTime()));
  }
  const { guestInvitationId, guestBusinessId } = row.session;
  return {
    sessionId: row.session.id,
    user: row.user,
    expiresAt: row.session.expiresAt,
    idleExpiresAt,
    guest:
      guestInvitationId && guestBusinessId
        ? {
            invitationId: guestInvitationId,
            businessId: guestBusinessId,
            phoneVerified: row.session.guestPhoneVerifiedAt !== null,
          }
        : null,
  };
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
