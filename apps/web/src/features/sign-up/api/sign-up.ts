import type { SignUpRequest } from '@ferry/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { getBotCheckToken } from '@/lib/bot-check';

export const signUpResponseSchema = z.object({
  token: z.string(),
  sessionId: z.string(),
  userId: z.string(),
  activeStatus: z.string(),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

/** `POST /auth/users/sign-up` with a fresh bot-check token: a pending user and a session. */
export const signUp = async (input: Omit<SignUpRequest, 'recaptchaToken'>): Promise<SignUpResponse> => {
  const recaptchaToken = await getBotCheckToken();
  return api.post('/auth/users/sign-up', { ...input, recaptchaToken }, { schema: signUpResponseSchema });
};

export const useSignUp = () => useMutation({ mutationFn: signUp });
