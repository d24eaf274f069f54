import type { SignInRequest, SignInResponse } from '@ferry/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /auth/sign-in` (spec 000 §7). A trusted device gets `token` + `sessionId` straight away;
 * otherwise `isOTPVerificationRequired` with the masked primary phone and a `challengeToken` for the
 * sign-in code calls.
 */
export const signIn = async (input: SignInRequest): Promise<SignInResponse> => {
  // The answer's schema loads with the call: the sign-in page's first load carries no zod.
  const { signInResponseSchema } = await import('@/lib/response-schemas');
  return api.post('/auth/sign-in', input, { schema: signInResponseSchema });
};

export const useSignIn = () => useMutation({ mutationFn: signIn });
