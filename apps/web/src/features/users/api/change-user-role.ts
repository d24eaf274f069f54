import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, userPath } from './keys';

/** `PATCH /business/{id}/users/{userId}/change-role {roleId}` (a member, or a pending invitation). */
export const changeUserRole = (businessId: string, userId: string, roleId: string) =>
  api.patch(`${userPath(businessId, userId)}/change-role`, { roleId });

export const useChangeUserRole = (businessId: string, userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: string) => changeUserRole(businessId, userId, roleId),
    // The role list's counts change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all(businessId), refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: ['roles', businessId], refetchType: 'all' }),
      ]),
  });
};
