import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { practiceMembers, practices } from './tables.js';

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
        eq(practiceMembers.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  return row?.userId ? { userId: row.userId } : null;
}
