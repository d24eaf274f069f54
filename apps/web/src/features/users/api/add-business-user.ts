import { businessUserSchema } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, usersPath } from './keys';

/** The two bodies of `POST /business/{id}/users` (spec 001 §7): an invitation by email, or a team member. */
export type AddBusinessUserBody =
  | { firstName: string; lastName: string; email: string; roleId: string }
  | { userId: string; roleId: string };

/** `POST /business/{id}/users`: answers the new row (a pending invitation, or the added team member). */
export const addBusinessUser = (businessId: string, body: AddBusinessUserBody) =>
  api.post(usersPath(businessId), body, { schema: businessUserSchema });

export const useAddBusinessUser = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddBusinessUserBody) => addBusinessUser(businessId, body),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: userKeys.all(businessId), refetchType: 'all' }),
  });
};
