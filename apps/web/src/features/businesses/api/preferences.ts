import type { BusinessPreferencesUpdate } from '@ferry/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { businessKeys } from '@/lib/businesses';

const addressSchema = z
  .object({
    addressLine1: z.string().default(''),
    addressLine2: z.string().default(''),
    city: z.string().default(''),
    state: z.string().default(''),
    zipCode: z.string().default(''),
    country: z.string().default(''),
  })
  .loose();
export type PreferencesAddress = z.infer<typeof addressSchema>;

/** `BusinessPreferences`: the business profile (website, billing and shipping addresses, logo). */
export const preferencesSchema = z
  .object({
    businessId: z.string(),
    website: z.string().nullish(),
    addresses: z.object({ billing: addressSchema.nullish(), shipping: addressSchema.nullish() }),
    logo: z
      .object({ url: z.string(), contentType: z.string(), size: z.number(), updatedAt: z.string().nullish() })
      .nullish(),
    updatedAt: z.string().nullish(),
  })
  .loose();
export type BusinessPreferences = z.infer<typeof preferencesSchema>;

export const preferencesKey = (businessId: string) =>
  [...businessKeys.detail(businessId), 'preferences'] as const;

const preferencesPath = (businessId: string) => `/preferences/${encodeURIComponent(businessId)}`;

/** `GET /preferences/{id}`: any member may read the business profile. */
export const getPreferences = (businessId: string, signal?: AbortSignal) =>
  api.get(preferencesPath(businessId), { schema: preferencesSchema, ...(signal ? { signal } : {}) });

export const usePreferences = (businessId: string) =>
  useQuery(
    queryOptions({
      queryKey: preferencesKey(businessId),
      queryFn: ({ signal }) => getPreferences(businessId, signal),
      enabled: Boolean(businessId),
    }),
  );

/** `PATCH /preferences/{id}` (write permission): a key left out keeps its value. */
export const updatePreferences = (businessId: string, body: BusinessPreferencesUpdate) =>
  api.patch(preferencesPath(businessId), body, { schema: preferencesSchema });

/** `POST /preferences/{id}/logo`: one multipart file part named `file`. */
export const uploadLogo = (businessId: string, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.post(`${preferencesPath(businessId)}/logo`, form, { schema: preferencesSchema });
};

/** `DELETE /preferences/{id}/logo`: a no-op when there is none. */
export const removeLogo = (businessId: string) =>
  api.delete(`${preferencesPath(businessId)}/logo`, { schema: preferencesSchema });

/** Every preferences mutation answers the whole profile: it replaces the cached one. */
const usePreferencesMutation = <TInput>(
  businessId: string,
  mutationFn: (input: TInput) => Promise<BusinessPreferences>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => queryClient.setQueryData(preferencesKey(businessId), data),
  });
};

export const useUpdatePreferences = (businessId: string) =>
  usePreferencesMutation(businessId, (body: BusinessPreferencesUpdate) =>
    updatePreferences(businessId, body),
  );

export const useUploadLogo = (businessId: string) =>
  usePreferencesMutation(businessId, (file: File) => uploadLogo(businessId, file));

export const useRemoveLogo = (businessId: string) =>
  usePreferencesMutation(businessId, (_: undefined) => removeLogo(businessId));
