import { BUSINESS_CATEGORY_NONE, type BusinessDetailsRequest, type BusinessType } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { businessKeys } from '@/lib/businesses';

const createdSchema = z.object({
  businessId: z.string(),
  id: z.string().optional(),
  country: z.string().nullish(),
});
const updatedSchema = z.object({ id: z.string(), country: z.string().nullish() });

/** `country` (ISO alpha-2) only when creating: an existing business keeps its country. */
export type BusinessDetailsInput = { businessName: string; businessType: BusinessType; country?: string };

/** The body of both calls: the category is NONE, the 'none of these categories apply' box being ticked. */
const toRequest = (input: BusinessDetailsInput): BusinessDetailsRequest => ({
  businessName: input.businessName,
  businessType: input.businessType,
  category: BUSINESS_CATEGORY_NONE,
  ...(input.country ? { country: input.country } : {}),
});

/** `POST /business` (spec 000 §7): creates the business; the user becomes its Admin. */
export const createBusiness = (input: BusinessDetailsInput) =>
  api.post('/business', toRequest(input), { schema: createdSchema });

/** `PATCH /business/{id}`: only while its verification has not started (409 otherwise). */
export const updateBusiness = (businessId: string, input: BusinessDetailsInput) =>
  api.patch(`/business/${encodeURIComponent(businessId)}`, toRequest(input), { schema: updatedSchema });

export const useCreateBusiness = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBusiness,
    // The list is not on screen during onboarding, and pages do not refetch on mount: refetch it now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.list(), refetchType: 'all' }),
  });
};

export const useUpdateBusiness = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BusinessDetailsInput) => updateBusiness(businessId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.all, refetchType: 'all' }),
  });
};
