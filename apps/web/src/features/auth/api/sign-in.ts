import type { SignInRequest, SignInResponse } from '@ferry/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `POST /auth/sign-in` (spec 000 §7). A trusted device gets `token` + `sessionId` straight away;
 * otherwise `isOTPVerificationRequired` with the masked primary phone and a `challengeToken` for the
 * sign-in code calls.
 */
export const signIn = (input: SignInRequest): Promise<SignInResponse> =>
  // The answer's schema loads beside the call: the sign-in page's first load carries no zod.
  api.post('/auth/sign-in', input, {
    schema: () => import('@/lib/response-schemas').then((m) => m.signInResponseSchema),
  });

export const useSignIn = () => useMutation({ mutationFn: signIn });
