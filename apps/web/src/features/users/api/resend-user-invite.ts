import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/**
 * `POST /business/{id}/user/mapping/{mappingId}/resend-invite`: a fresh invitation link for a pending
 * (or expired) invitation; the old link stops working.
 */
export const resendUserInvite = (businessId: string, mappingId: string) =>
  api.post(
    `/business/${encodeURIComponent(businessId)}/user/mapping/${encodeURIComponent(mappingId)}/resend-invite`,
  );

export const useResendUserInvite = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mappingId: string) => resendUserInvite(businessId, mappingId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: userKeys.lists(businessId), refetchType: 'all' }),
  });
};
