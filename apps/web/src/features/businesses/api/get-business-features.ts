import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { businessKeys } from '@/lib/businesses';

const featuresSchema = z
  .object({
    isVerified: z.boolean(),
    verificationStatus: z.string().nullish(),
    features: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        requiresVerification: z.boolean(),
        enabled: z.boolean(),
        reason: z.string().nullish(),
      }),
    ),
  })
  .loose();
export type BusinessFeatures = z.infer<typeof featuresSchema>;

/** `GET /business/{id}/features`: which features the business may use (money moves only once verified). */
export const getBusinessFeatures = (businessId: string, signal?: AbortSignal) =>
  api.get(`/business/${encodeURIComponent(businessId)}/features`, {
    schema: featuresSchema,
    ...(signal ? { signal } : {}),
  });

export const useBusinessFeatures = (businessId: string) =>
  useQuery(
    queryOptions({
      queryKey: businessKeys.features(businessId),
      queryFn: ({ signal }) => getBusinessFeatures(businessId, signal),
    }),
  );
