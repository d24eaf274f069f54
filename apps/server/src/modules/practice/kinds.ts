import { paths } from '@ferry/domain/routes';
import { PRACTICE_INVITATION } from '@ferry/domain/schemas';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import type { InvitationRow } from '../auth/tables.js';
import { type InvitationKindContext, registerInvitationKind } from '../invitations/kinds.js';
import { invalidInvitation } from '../invitations/service.js';
import { findUserById } from '../users/service.js';
import { type UserRow, users } from '../users/tables.js';
import { PRACTICE_MEMBER, TEAM_ACTIVE, TEAM_PENDING } from './service.js';
import { practiceMembers, practices } from './tables.js';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** `invitationData` of a practice invitation: the practice, the accountant who runs it, the account type. */
export async function describePracticeInvitation(options: {
  db: DbOrTx;
  invitation: InvitationRow;
}): Promise<Record<string, unknown>> {
  const { invitation } = options;
  const practiceId = text(invitation.data.practiceId);
  const [practice] = practiceId
    ? await options.db.select().from(practices).where(eq(practices.id, practiceId)).limit(1)
    : [];
  const owner = practice ? await findUserById({ db: options.db, userId: practice.ownerUserId }) : null;
  return {
    ...invitation.data,
    practiceName: practice?.practiceFirmName ?? text(invitation.data.practiceName),
    inviteSentByName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : null,
    userType: PRACTICE_MEMBER,
  };
}

/**
 * Accepting (inside the transaction that claims the invitation): the invitee becomes an ACTIVE member
 * of the team, and a PRACTICE_MEMBER if they had no account type yet (an SME owner or accountant keeps
 * theirs). The member row is locked after the invitation, in the order resend and remove use. A link
 * whose member was removed or re-invited is refused (the claim rolls back).
 */
export async function acceptPracticeInvitation(
  tx: Tx,
  invitation: InvitationRow,
  user: UserRow,
  context: Pick<InvitationKindContext, 'clock'>,
): Promise<{ businessId: null; redirectTo: string }> {
  const teamMemberId = text(invitation.data.teamMemberId);
  if (!teamMemberId) throw invalidInvitation();
  const [member] = await tx
    .select()
    .from(practiceMembers)
    .where(
      and(
        eq(practiceMembers.id, teamMemberId),
        eq(practiceMembers.invitationId, invitation.id),
        eq(practiceMembers.status, TEAM_PENDING),
      ),
    )
    .for('update');
  if (!member) throw invalidInvitation();
  const [practice] = await tx.select().from(practices).where(eq(practices.id, member.practiceId)).limit(1);
  // The accountant cannot join their own team.
  if (!practice || practice.ownerUserId === user.id) throw invalidInvitation();
  const now = context.clock.now();
  const [already] = await tx
    .select({ id: practiceMembers.id })
    .from(practiceMembers)
    .where(
      and(
        eq(practiceMembers.practiceId, practice.id),
        eq(practiceMembers.userId, user.id),
        eq(practiceMembers.status, TEAM_ACTIVE),
        ne(practiceMembers.id, member.id),
      ),
    )
    .limit(1);
  if (already) {
    // Already on the team under another address: this second invitation adds nothing.
    await tx.delete(practiceMembers).where(eq(practiceMembers.id, member.id));
  } else {
    await tx
      .update(practiceMembers)
      .set({ status: TEAM_ACTIVE, userId: user.id, joinedAt: now, updatedAt: now })
      .where(eq(practiceMembers.id, member.id));
  }
  await tx
    .update(users)
    .set({ userType: PRACTICE_MEMBER, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.userType)));
  return { businessId: null, redirectTo: paths.noBusiness() };
}

/** The practice invitation (spec 000 §3 "Invitation types": practice). */
registerInvitationKind(PRACTICE_INVITATION, {
  describe: describePracticeInvitation,
  accept: (tx, invitation, user, context) => acceptPracticeInvitation(tx, invitation, user, context),
});
