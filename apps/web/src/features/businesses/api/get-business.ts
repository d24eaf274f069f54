import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { businessKeys, businessSchema } from '@/lib/businesses';

/** `GET /business/{id}`: one business of the user (404 when they are not a member). */
export const getBusiness = (businessId: string, signal?: AbortSignal) =>
  api.get(`/business/${encodeURIComponent(businessId)}`, {
    schema: businessSchema,
    ...(signal ? { signal } : {}),
  });

export const businessQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: businessKeys.detail(businessId),
    queryFn: ({ signal }) => getBusiness(businessId, signal),
  });

/** The business of a route; nothing is fetched without an id. */
export const useBusiness = (businessId: string | null | undefined) =>
  useQuery({ ...businessQueryOptions(businessId ?? ''), enabled: Boolean(businessId) });
