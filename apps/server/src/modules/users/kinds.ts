import { OTHER_USER_INVITATION } from '@ferry/domain/schemas';
import { and, eq } from 'drizzle-orm';
import { registerInvitationKind } from '../invitations/kinds.js';
import { roles } from '../roles/tables.js';
import { acceptBusinessUserInvitation } from './business-users-service.js';

const ID = /^[0-9a-f]{24}$/;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The invitation to join a business with a role (spec 000 §3 "other user"; spec 001 §1). It expires
 * after the default invitation time to live, can be sent again (a fresh link) and revoked. Accepting it
 * makes the invitee an active member and sends them to the business's home.
 */
registerInvitationKind(OTHER_USER_INVITATION, {
  describe: async ({ db, invitation }) => {
    const roleId = text(invitation.data.roleId);
    const [role] =
      roleId && ID.test(roleId) && invitation.businessId
        ? await db
            .select({ name: roles.name })
            .from(roles)
            .where(and(eq(roles.id, roleId), eq(roles.businessId, invitation.businessId)))
            .limit(1)
        : [];
    return {
      firstName: text(invitation.data.firstName),
      lastName: text(invitation.data.lastName),
      roleId,
      roleName: role?.name ?? null,
    };
  },
  accept: (tx, invitation, user, context) => acceptBusinessUserInvitation(tx, context, { invitation, user }),
});
