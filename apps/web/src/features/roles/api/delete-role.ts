import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { roleKeys, rolePath } from './keys';

/** `DELETE /business/{id}/role/{roleId}`: only a custom role that nobody holds. */
export const deleteRole = (businessId: string, roleId: string) =>
  api.delete<unknown>(rolePath(businessId, roleId));

export const useDeleteRole = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: string) => deleteRole(businessId, roleId),
    onSuccess: (_data, roleId) => {
      queryClient.removeQueries({ queryKey: roleKeys.detail(businessId, roleId) });
      void queryClient.invalidateQueries({ queryKey: roleKeys.lists(businessId), refetchType: 'all' });
    },
  });
};
