import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { businessKeys, businessSchema } from '@/lib/businesses';

/**
 * `GET /business/{id}`: the business of the route with the member's role and permissions. Same key and
 * schema as the businesses area, so every area shares one cache entry.
 */
export const businessAccessQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: businessKeys.detail(businessId),
    queryFn: ({ signal }) =>
      api.get(`/business/${encodeURIComponent(businessId)}`, { schema: businessSchema, signal }),
  });

/** The business of the route; nothing is fetched without an id. */
export const useBusinessAccess = (businessId: string) =>
  useQuery({ ...businessAccessQueryOptions(businessId), enabled: businessId !== '' });
