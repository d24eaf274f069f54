import type { AccountingProvider } from '@ferry/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isPrivateBrowsing } from '@/lib/private-browsing';
import { browserLocation } from '../utils/browser-location';
import { signInLabelOf } from '../utils/provider-text';
import { accountingKeys } from './keys';

/*
 * 'Sign in with Intuit / Xero' (spec 000 §2, §4). These calls load on the sign-in page, whose first load
 * carries no zod: the two answers are read by hand, for the little the buttons need.
 */

export type SignInProvider = { providerType: AccountingProvider; label: string };

/** `GET /integration`, kept to the providers people sign in with: one button per label, in the server's order. */
export const getSignInProviders = async (signal?: AbortSignal): Promise<SignInProvider[]> => {
  const data = await api.get('/integration', signal ? { signal } : {});
  const seen = new Set<string>();
  return (Array.isArray(data) ? data : []).flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { providerType, signIn } = item as { providerType?: unknown; signIn?: unknown };
    if (signIn !== true || typeof providerType !== 'string') return [];
    const label = signInLabelOf({ providerType: providerType as AccountingProvider });
    if (!label || seen.has(label)) return [];
    seen.add(label);
    return [{ providerType: providerType as AccountingProvider, label }];
  });
};

export const useSignInProviders = () =>
  useQuery({
    queryKey: [...accountingKeys.providers, 'sign-in'] as const,
    queryFn: ({ signal }) => getSignInProviders(signal),
    staleTime: 30 * 60_000,
    refetchInterval: false,
  });

/**
 * `GET /integration/connection-url?providerType&requestFor=SIGN_IN&keepMeLogin`, then the browser goes to
 * the provider's consent page; it comes back to /integration/connecting, which finishes the sign-in.
 * `keepMeLogin` is what the password sign-in sends as `isIncognito`, turned around: a private window is
 * not kept (no trusted device is used or registered).
 */
export const startProviderSignIn = async (providerType: AccountingProvider): Promise<string> => {
  const keepMeLogin = !(await isPrivateBrowsing());
  const data = await api.get('/integration/connection-url', {
    query: { providerType, requestFor: 'SIGN_IN', keepMeLogin },
  });
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || url === '') throw new Error('The server answered no consent URL');
  browserLocation.assign(url);
  return url;
};

export const useStartProviderSignIn = () => useMutation({ mutationFn: startProviderSignIn });
