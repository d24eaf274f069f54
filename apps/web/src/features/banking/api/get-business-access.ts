import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { businessKeys, businessSchema } from '@/lib/businesses';

/**
 * `GET /business/{id}`: the business with the member's role and permissions (same key and schema as the
 * businesses area, so they share one cache entry).
 */
export const useBankingBusiness = (businessId: string) =>
  useQuery({
    queryKey: businessKeys.detail(businessId),
    queryFn: ({ signal }) =>
      api.get(`/business/${encodeURIComponent(businessId)}`, { schema: businessSchema, signal }),
    enabled: businessId !== '',
  });
