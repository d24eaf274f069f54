import { useQuery } from '@tanstack/react-query';
import { businessQueryOptions } from '@/lib/businesses';

/** The business of the route's access checks: the businesses area's own query (one cache entry). */
export const businessAccessQueryOptions = businessQueryOptions;

/** The business of the route; nothing is fetched without an id. */
export const useBusinessAccess = (businessId: string) =>
  useQuery({ ...businessAccessQueryOptions(businessId), enabled: businessId !== '' });
