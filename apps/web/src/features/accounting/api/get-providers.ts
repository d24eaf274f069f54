import { integrationProviderSchema } from '@ferry/domain/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { accountingKeys } from './keys';

/** `GET /integration`: the accounting picker's provider cards. */
export const getProviders = (signal?: AbortSignal) =>
  api.get('/integration', { schema: z.array(integrationProviderSchema), ...(signal ? { signal } : {}) });

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: accountingKeys.providers,
    queryFn: ({ signal }) => getProviders(signal),
    staleTime: 30 * 60_000,
    refetchInterval: false,
  });

export const useProviders = () => useQuery(providersQueryOptions());
