import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, userPath } from './keys';

/** `DELETE /business/{id}/users/{userId}`: removes a member, or revokes a pending invitation (by its id). */
export const removeBusinessUser = (businessId: string, userId: string) =>
  api.delete(userPath(businessId, userId));

export const useRemoveBusinessUser = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeBusinessUser(businessId, userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all(businessId), refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: ['roles', businessId], refetchType: 'all' }),
      ]),
  });
};
