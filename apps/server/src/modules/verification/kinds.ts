import { registerInvitationKind } from '../invitations/kinds.js';
import { BENEFICIAL_OWNER, CONTROL_PERSON, linkInvitedPerson } from './service.js';

/**
 * The control-person and beneficial-owner invitations (spec 000 §3): accepting links the person to the
 * business verification (they do not become a member of the business) and sends them on to verify
 * their identity.
 */
for (const type of [CONTROL_PERSON, BENEFICIAL_OWNER]) {
  registerInvitationKind(type, {
    accept: async (tx, invitation, user, context) => {
      const { redirectTo } = await linkInvitedPerson(tx, context, {
        invitationId: invitation.id,
        user,
        businessId: invitation.businessId,
      });
      return { businessId: null, redirectTo };
    },
  });
}
