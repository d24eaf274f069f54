import { type Practice, type PracticeFirm, SETTINGS_API_MESSAGES } from '@ferry/domain/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { accessDenied } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import type { UserRow } from '../users/tables.js';
import { type PracticeRow, practiceMembers, practices } from './tables.js';

/** The account type that may run a practice (spec 001 §1). */
export const ACCOUNTANT = 'ACCOUNTANT';
/** The account type a practice invitation gives someone who has none yet (spec 000 §4). */
export const PRACTICE_MEMBER = 'PRACTICE_MEMBER';

/** A team member's stored status: PENDING until the invitation is accepted (EXPIRED is derived). */
export const TEAM_PENDING = 'PENDING';
export const TEAM_ACTIVE = 'ACTIVE';

/**
 * The ACTIVE team member with user id `memberUserId` in the practice owned by `ownerUserId`, else null
 * (an accountant adds only their own active team members to client businesses).
 */
export async function findActiveTeamMember(
  db: DbOrTx,
  options: { ownerUserId: string; memberUserId: string },
): Promise<{ userId: string } | null> {
  const [row] = await db
    .select({ userId: practiceMembers.userId })
    .from(practiceMembers)
    .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
    .where(
      and(
        eq(practices.ownerUserId, options.ownerUserId),
        eq(practiceMembers.userId, options.memberUserId),
        eq(practiceMembers.status, TEAM_ACTIVE),
      ),
    )
    .limit(1);
  return row?.userId ? { userId: row.userId } : null;
}

export const toPractice = (row: PracticeRow, userId: string): Practice => ({
  id: row.id,
  practiceFirmName: row.practiceFirmName,
  clientRange: row.clientRange,
  ownerUserId: row.ownerUserId,
  isOwner: row.ownerUserId === userId,
  createdAt: row.createdAt.toISOString(),
});

export async function findOwnedPractice(db: DbOrTx, ownerUserId: string): Promise<PracticeRow | null> {
  const [row] = await db.select().from(practices).where(eq(practices.ownerUserId, ownerUserId)).limit(1);
  return row ?? null;
}

/**
 * The practice the user runs, for the team calls. A team member of some practice (who does not run
 * one) is refused (403); anyone else finds no practice (404), so another's team ids are never seen.
 */
export async function requireOwnedPractice(db: DbOrTx, user: UserRow): Promise<PracticeRow> {
  const owned = await findOwnedPractice(db, user.id);
  if (owned) return owned;
  const [membership] = await db
    .select({ id: practiceMembers.id })
    .from(practiceMembers)
    .where(and(eq(practiceMembers.userId, user.id), eq(practiceMembers.status, TEAM_ACTIVE)))
    .limit(1);
  if (membership) throw accessDenied();
  throw new AppError('NOT_FOUND', SETTINGS_API_MESSAGES.practiceNotFound);
}

/**
 * `POST /practice`: an accountant sets up their practice, once. The unique index on the owner decides
 * between two concurrent requests: the second gets 409.
 */
export async function createPractice(
  context: Pick<AppContext, 'database' | 'clock'>,
  options: { user: UserRow; firm: PracticeFirm },
): Promise<Practice> {
  const { user, firm } = options;
  if (user.userType !== ACCOUNTANT) {
    throw new AppError('FORBIDDEN', SETTINGS_API_MESSAGES.notAccountant);
  }
  const now = context.clock.now();
  const [created] = await context.database.db
    .insert(practices)
    .values({
      id: newId(),
      ownerUserId: user.id,
      practiceFirmName: firm.practiceFirmName,
      clientRange: firm.clientRange,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AppError('CONFLICT', SETTINGS_API_MESSAGES.practiceExists);
  return toPractice(created, user.id);
}

/**
 * `GET /practice`: the practice the user runs, else the one they are an ACTIVE team member of (the
 * latest they joined), else null.
 */
export async function getPracticeForUser(
  context: Pick<AppContext, 'database'>,
  user: UserRow,
): Promise<Practice | null> {
  const { db } = context.database;
  const owned = await findOwnedPractice(db, user.id);
  if (owned) return toPractice(owned, user.id);
  const [joined] = await db
    .select({ practice: practices })
    .from(practiceMembers)
    .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
    .where(and(eq(practiceMembers.userId, user.id), eq(practiceMembers.status, TEAM_ACTIVE)))
    .orderBy(desc(practiceMembers.joinedAt), desc(practiceMembers.id))
    .limit(1);
  return joined ? toPractice(joined.practice, user.id) : null;
}
