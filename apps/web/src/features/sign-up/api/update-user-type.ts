import { type UserProfile, userProfileSchema } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { storeUserProfile, USER_QUERY_KEY } from '@/lib/session';

export type AccountType = 'ACCOUNTANT' | 'SME_OWNER';

/** `PATCH /user {userType}`: the account type, chosen once. */
export const updateUserType = (userType: AccountType): Promise<UserProfile> =>
  api.patch('/user', { userType }, { schema: userProfileSchema });

export const useUpdateUserType = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserType,
    onSuccess: async (profile) => {
      storeUserProfile(profile);
      queryClient.setQueryData(USER_QUERY_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
};
