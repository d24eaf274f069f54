import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { businessKeys, businessSchema } from '@/lib/businesses';

/** `GET /business/{id}`: the business with the member's permissions (shares the businesses cache entry). */
export const useBusinessAccess = (businessId: string) =>
  useQuery({
    queryKey: businessKeys.detail(businessId),
    queryFn: ({ signal }) =>
      api.get(`/business/${encodeURIComponent(businessId)}`, { schema: businessSchema, signal }),
    enabled: businessId !== '',
  });
