import type { AccountingProvider, SignInResponse } from '@ferry/domain';
import { api } from '@/lib/api-client';

export type ProviderSignInInput = { providerType: AccountingProvider; state: string };

/**
 * `POST /auth/callback` (spec 000 §7): the last step of 'Sign in with Intuit / Xero', with the state the
 * provider sent the browser back with. Answers as `POST /auth/sign-in` does: a session on a trusted device,
 * else `isOTPVerificationRequired` with the masked phone and a `challengeToken` for the code step.
 */
export const signInWithProvider = (input: ProviderSignInInput): Promise<SignInResponse> =>
  api.post('/auth/callback', input, {
    schema: () => import('@/lib/response-schemas').then((m) => m.signInResponseSchema),
  });
