import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { businessPath, verificationKeys } from './keys';

const resentSchema = z.object({ personId: z.string(), invitationSentAt: z.string().nullish() }).loose();

export type ResendInviteInput = { personId: string; kind: 'owner' | 'control-person' };

/**
 * Sends a listed person their invitation again: `POST /business/{id}/beneficial/resend-invite` for an
 * owner, `POST /business/{id}/user/control-person/{personId}/resend-invite` for the control person.
 */
export const resendInvite = (businessId: string, { personId, kind }: ResendInviteInput) =>
  kind === 'owner'
    ? api.post(businessPath(businessId, '/beneficial/resend-invite'), { personId }, { schema: resentSchema })
    : api.post(
        businessPath(businessId, `/user/control-person/${encodeURIComponent(personId)}/resend-invite`),
        undefined,
        { schema: resentSchema },
      );

export const useResendInvite = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResendInviteInput) => resendInvite(businessId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationKeys.owners(businessId) }),
  });
};
