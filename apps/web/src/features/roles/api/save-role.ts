import { type CreateRole, type Role, roleWriteResultSchema, type UpdateRole } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { businessKeys } from '@/lib/businesses';
import { roleKeys, rolePath } from './keys';

/** `POST /business/{id}/role` {name, description, permissions} → `{ message, role }`. */
export const createRole = (businessId: string, body: CreateRole) =>
  api.post(rolePath(businessId), body, { schema: roleWriteResultSchema });

/** `PATCH /business/{id}/role/{roleId}` {name, description, permissions} → `{ message, role }`. */
export const updateRole = (businessId: string, roleId: string, body: UpdateRole) =>
  api.patch(rolePath(businessId, roleId), body, { schema: roleWriteResultSchema });

/**
 * After a write the lists and the role are read again; so is the business, whose `permissions` are the
 * member's own role's (an Admin may have changed the role they hold).
 */
const useAfterRoleWrite = (businessId: string) => {
  const queryClient = useQueryClient();
  return (role: Role) => {
    queryClient.setQueryData(roleKeys.detail(businessId, role.id), role);
    void queryClient.invalidateQueries({ queryKey: roleKeys.lists(businessId), refetchType: 'all' });
    void queryClient.invalidateQueries({
      queryKey: businessKeys.detail(businessId),
      exact: true,
      refetchType: 'all',
    });
  };
};

export const useCreateRole = (businessId: string) => {
  const afterWrite = useAfterRoleWrite(businessId);
  return useMutation({
    mutationFn: (body: CreateRole) => createRole(businessId, body),
    onSuccess: (result) => afterWrite(result.role),
  });
};

export const useUpdateRole = (businessId: string, roleId: string) => {
  const afterWrite = useAfterRoleWrite(businessId);
  return useMutation({
    mutationFn: (body: UpdateRole) => updateRole(businessId, roleId, body),
    onSuccess: (result) => afterWrite(result.role),
  });
};
