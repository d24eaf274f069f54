import {
  type SandboxConsentRequest,
  sandboxConsentQuerySchema,
  sandboxConsentSchema,
} from '@ferry/domain/schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { sandboxBooksKeys } from './keys';

export type SandboxConsentQuery = z.infer<typeof sandboxConsentQuerySchema>;

/** The consent page's address query, checked; null when a part is missing or wrong. */
export const readConsentQuery = (searchParams: URLSearchParams): SandboxConsentQuery | null => {
  const parsed = sandboxConsentQuerySchema.safeParse({
    providerType: searchParams.get('providerType') ?? undefined,
    state: searchParams.get('state') ?? undefined,
    redirectUri: searchParams.get('redirectUri') ?? undefined,
    purpose: searchParams.get('purpose') || undefined,
  });
  return parsed.success ? parsed.data : null;
};

/** `GET /sandbox/books/consent?providerType&state&redirectUri&purpose`: what the page asks for. */
export const useSandboxConsent = (query: SandboxConsentQuery | null) =>
  useQuery({
    queryKey: sandboxBooksKeys.consent({ ...(query ?? {}) }),
    queryFn: ({ signal }) =>
      api.get('/sandbox/books/consent', { query: { ...query }, schema: sandboxConsentSchema, signal }),
    enabled: query !== null,
    retry: false,
    refetchInterval: false,
    refetchOnWindowFocus: false,
  });

const redirectSchema = z.object({ redirectUrl: z.string().min(1) });

/** `POST /sandbox/books/consent`: Allow or Deny; answers where the browser goes next. */
export const useDecideSandboxConsent = () =>
  useMutation({
    mutationFn: (body: SandboxConsentRequest) =>
      api.post('/sandbox/books/consent', body, { schema: redirectSchema }),
  });
