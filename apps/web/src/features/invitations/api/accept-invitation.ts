import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const acceptedInvitationSchema = z.object({
  invitationType: z.string(),
  businessId: z.string().nullish(),
  redirectTo: z.string().nullish(),
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** `POST /auth/invitation/{invitationId}/accept` (signed in as the invitee; single use). */
export const acceptInvitation = (invitationId: string): Promise<AcceptedInvitation> =>
  api.post(`/auth/invitation/${encodeURIComponent(invitationId)}/accept`, undefined, {
    schema: acceptedInvitationSchema,
  });

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
