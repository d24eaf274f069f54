import { useQuery } from '@tanstack/react-query';
import { businessesQueryOptions } from '@/lib/businesses';

export { businessesQueryOptions } from '@/lib/businesses';

export const useBusinesses = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...businessesQueryOptions(), enabled: options.enabled ?? true });
