import { userProfileSchema } from '@ferry/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { getBotCheckToken } from '@/lib/bot-check';

export const setPasswordResponseSchema = z.object({
  token: z.string(),
  sessionId: z.string(),
  user: userProfileSchema,
});
export type SetPasswordResponse = z.infer<typeof setPasswordResponseSchema>;

/** `POST /auth/set-password` (sign-up step 2): a fresh session and the now-active profile. */
export const setInitialPassword = async (input: {
  password: string;
  confirmPassword: string;
}): Promise<SetPasswordResponse> => {
  const recaptchaToken = await getBotCheckToken();
  return api.post('/auth/set-password', { ...input, recaptchaToken }, { schema: setPasswordResponseSchema });
};

export const useSetInitialPassword = () => useMutation({ mutationFn: setInitialPassword });
