import { z } from 'zod';
import { api } from '@/lib/api-client';
import { type Business, getBusinesses } from '@/lib/businesses';
import type { StoredInvitation } from '@/lib/storage';

const pendingInvitationSchema = z
  .object({
    invitationId: z.string(),
    invitationType: z.string(),
    action: z.string().nullish(),
    invitationData: z.record(z.string(), z.unknown()),
  })
  .loose();

/** `GET /auth/invitation/check/user-invitations`: the signed-in user's usable invitations, newest first. */
export const getPendingInvitations = () =>
  api.get('/auth/invitation/check/user-invitations', { schema: z.array(pendingInvitationSchema) });

/** A pending invitation in the shape kept in storage ('invitedUser'). */
export const toStoredPendingInvitation = (
  invitation: z.infer<typeof pendingInvitationSchema>,
): StoredInvitation => ({
  invitationType: invitation.invitationType,
  invitationData: {
    ...invitation.invitationData,
    invitationId: invitation.invitationId,
    action: invitation.action ?? null,
  },
});

/** What the set-password outcome routing needs from the server besides the user. */
export const loadPasswordOutcomeContext = async (): Promise<{ businesses: Business[] }> => ({
  businesses: await getBusinesses().catch(() => []),
});
