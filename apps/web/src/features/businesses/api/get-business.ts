import { useQuery } from '@tanstack/react-query';
import { businessQueryOptions } from '@/lib/businesses';

export { businessQueryOptions, getBusiness } from '@/lib/businesses';

/** The business of a route; nothing is fetched without an id. */
export const useBusiness = (businessId: string | null | undefined) =>
  useQuery({ ...businessQueryOptions(businessId ?? ''), enabled: Boolean(businessId) });
