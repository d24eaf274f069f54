import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client';

/**
 * `GET /client-config`, one request for the whole app: the header's sandbox badge and demo banner, the
 * card vault and the bank link each read their part with `select` (`readClientConfig`). Asked for at boot
 * for a signed-in person (main.tsx), beside the user and the business.
 */
export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['client-config'] as const,
    queryFn: ({ signal }) => api.get<unknown>('/client-config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: false,
  });

/** A reader's part of the configuration, checked by its schema (an answer that does not fit throws). */
export const readClientConfig =
  <T>(schema: z.ZodType<T>) =>
  (config: unknown): T =>
    schema.parse(config);
