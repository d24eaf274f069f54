import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { businessKeys, businessSchema } from './business-schema';

/** `GET /business`: every business the signed-in user belongs to. */
export const getBusinesses = (signal?: AbortSignal) =>
  api.get('/business', { schema: z.array(businessSchema), ...(signal ? { signal } : {}) });

export const businessesQueryOptions = () =>
  queryOptions({ queryKey: businessKeys.list(), queryFn: ({ signal }) => getBusinesses(signal) });

export const useBusinesses = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...businessesQueryOptions(), enabled: options.enabled ?? true });
