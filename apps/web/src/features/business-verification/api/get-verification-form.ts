import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { NEVER_CACHED } from '@/lib/react-query';
import { businessPath, verificationKeys } from './keys';

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

const formAddressSchema = z
  .object({
    addressLine1: text,
    addressLine2: text,
    city: text,
    state: text,
    zipCode: text,
    country: text,
  })
  .loose();

/** The saved business details (KYB). `taxId` is formatted ('12-3456789'), or masked for members who may not edit. */
export const verificationFormDataSchema = z
  .object({
    legalBusinessName: text,
    taxId: text,
    website: text,
    employeeCount: z.string().nullish(),
    address: formAddressSchema.nullish(),
  })
  .loose();
export type VerificationFormData = z.infer<typeof verificationFormDataSchema>;

/** `VerificationFormView`: the business, its verification state, its saved form and the signed-in user's identity. */
export const verificationFormViewSchema = z
  .object({
    businessId: z.string(),
    businessName: z.string(),
    businessType: z.string().nullish(),
    country: z.string().nullish(),
    verificationStep: z.string(),
    status: z.string().nullish(),
    onboardingState: z.string().nullish(),
    form: verificationFormDataSchema.nullable(),
    identity: z.object({ verificationStep: z.string(), status: z.string().nullish() }).loose(),
    canEdit: z.boolean(),
  })
  .loose();
export type VerificationFormView = z.infer<typeof verificationFormViewSchema>;

/** `GET /business/{id}/verification/form`. */
export const getVerificationForm = (businessId: string, signal?: AbortSignal) =>
  api.get(businessPath(businessId, '/verification/form'), {
    schema: verificationFormViewSchema,
    ...(signal ? { signal } : {}),
  });

/** While the verification is SUBMITTED the views are read again every `pollMs` (it turns verified by itself). */
export const verificationFormQueryOptions = (businessId: string, pollMs: number) =>
  queryOptions({
    queryKey: verificationKeys.form(businessId),
    queryFn: ({ signal }) => getVerificationForm(businessId, signal),
    // Spec 000 §9: the verification form is never cached.
    ...NEVER_CACHED,
    refetchInterval: (query) => (query.state.data?.status === 'SUBMITTED' ? pollMs : false),
  });

export const useVerificationForm = (businessId: string, pollMs: number) =>
  useQuery({ ...verificationFormQueryOptions(businessId, pollMs), enabled: Boolean(businessId) });
