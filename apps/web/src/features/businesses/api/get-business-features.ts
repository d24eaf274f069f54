import { useQuery } from '@tanstack/react-query';
import { businessFeaturesQueryOptions } from '@/lib/businesses';

export const useBusinessFeatures = (businessId: string) => useQuery(businessFeaturesQueryOptions(businessId));
