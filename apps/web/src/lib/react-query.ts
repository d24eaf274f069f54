import { type DefaultOptions, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

const MINUTE = 60_000;
const MAX_RETRIES = 2;

/** Only failures that may pass on their own are retried: network (0), time-out (408) and 5xx. */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return false;
  const { statusCode } = error;
  return statusCode === 0 || statusCode === 408 || (statusCode >= 500 && statusCode !== 501);
};

/** Cache settings of spec 000 §9: stale 5 min, lifetime 10 min, refetch every minute, no refetch on
 * focus, mount or reconnect. */
export const queryConfig = {
  queries: {
    staleTime: 5 * MINUTE,
    gcTime: 10 * MINUTE,
    refetchInterval: MINUTE,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    retry: shouldRetry,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

/** The signed-in user's query is stale after 60 s (spec 000 §9). */
export const USER_QUERY_STALE_TIME = MINUTE;

/** For the lists the spec says are never cached (payment requests, search, verification form, due
 * invoices): spread into their `queryOptions`. */
export const NEVER_CACHED = { staleTime: 0, gcTime: 0, refetchOnMount: 'always' } as const;

export const createQueryClient = () => new QueryClient({ defaultOptions: queryConfig });
