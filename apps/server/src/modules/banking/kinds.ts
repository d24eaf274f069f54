import { findMembership } from '../businesses/service.js';
import { registerInvitationKind } from '../invitations/kinds.js';
import { invalidInvitation } from '../invitations/service.js';
import { MANUAL_BANK_VERIFICATION, RECONNECT_BANK_ACCOUNT } from './notify.js';

/**
 * The bank mails' links (spec 002 "Bank emails"): 'manual bank verification failed or pending' and
 * 'reconnect bank account'. Accepting one (signed in as the admin it was sent to, who must still be an
 * active member of the business) opens /process/bank/start, which opens the right dialog.
 */
for (const type of [MANUAL_BANK_VERIFICATION, RECONNECT_BANK_ACCOUNT] as const) {
  registerInvitationKind(type, {
    withCode: false,
    describe: ({ invitation }) => ({
      accountId: typeof invitation.data.accountId === 'string' ? invitation.data.accountId : null,
      bankAction: type === RECONNECT_BANK_ACCOUNT ? 'reconnect' : 'verify',
    }),
    accept: async (tx, invitation, user) => {
      const businessId = invitation.businessId;
      const accountId = invitation.data.accountId;
      if (!businessId || typeof accountId !== 'string') throw invalidInvitation();
      const membership = await findMembership({ db: tx, businessId, userId: user.id });
      if (membership?.status !== 'ACTIVE') throw invalidInvitation();
      const params = new URLSearchParams({
        businessId,
        accountId,
        action: type === RECONNECT_BANK_ACCOUNT ? 'reconnect' : 'verify',
      });
      return { businessId, redirectTo: `/process/bank/start?${params.toString()}` };
    },
  });
}
