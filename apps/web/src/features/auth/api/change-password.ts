import type { ChangePassword } from '@ferry/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type SessionCredentials, sessionCredentialsSchema } from './sign-in-code';

/**
 * `PATCH /user/change-password`: answers a fresh session; every other session and trusted device ends.
 */
export const changePassword = (input: ChangePassword): Promise<SessionCredentials> =>
  api.patch('/user/change-password', input, { schema: sessionCredentialsSchema });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
