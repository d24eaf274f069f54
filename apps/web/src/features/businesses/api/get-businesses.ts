import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessKeys, getBusinesses } from '@/lib/businesses';

export const businessesQueryOptions = () =>
  queryOptions({ queryKey: businessKeys.list(), queryFn: ({ signal }) => getBusinesses(signal) });

export const useBusinesses = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...businessesQueryOptions(), enabled: options.enabled ?? true });
