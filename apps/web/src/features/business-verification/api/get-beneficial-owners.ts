import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { NEVER_CACHED } from '@/lib/react-query';
import { businessPath, verificationKeys } from './keys';

const personShape = {
  id: z.string(),
  isSelf: z.boolean(),
  userId: z.string().nullish(),
  firstName: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  lastName: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  email: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  /** INVITED | PENDING | IN_REVIEW | VERIFIED | DECLINED */
  identityStatus: z.string(),
  invitationSentAt: z.string().nullish(),
};

export const controlPersonViewSchema = z
  .object({
    ...personShape,
    title: z
      .string()
      .nullish()
      .transform((v) => v ?? ''),
  })
  .loose();
export type ControlPersonView = z.infer<typeof controlPersonViewSchema>;

export const ownerViewSchema = z.object({ ...personShape, ownershipPercent: z.number() }).loose();
export type OwnerView = z.infer<typeof ownerViewSchema>;

export type PersonView = ControlPersonView | OwnerView;

/** `BeneficialView`: the control person and the owners of 25% or more, each with their identity status. */
export const beneficialViewSchema = z
  .object({
    businessId: z.string(),
    verificationStep: z.string(),
    status: z.string().nullish(),
    submittedAt: z.string().nullish(),
    canEdit: z.boolean(),
    controlPerson: controlPersonViewSchema.nullable(),
    owners: z.array(ownerViewSchema),
  })
  .loose();
export type BeneficialView = z.infer<typeof beneficialViewSchema>;

/** `GET /business/{id}/beneficial`. */
export const getBeneficialOwners = (businessId: string, signal?: AbortSignal) =>
  api.get(businessPath(businessId, '/beneficial'), {
    schema: beneficialViewSchema,
    ...(signal ? { signal } : {}),
  });

export const beneficialOwnersQueryOptions = (businessId: string, pollMs: number) =>
  queryOptions({
    queryKey: verificationKeys.owners(businessId),
    queryFn: ({ signal }) => getBeneficialOwners(businessId, signal),
    ...NEVER_CACHED,
    // Who still has to verify changes while the verification is in review.
    refetchInterval: (query) => (query.state.data?.status === 'SUBMITTED' ? pollMs : false),
  });

export const useBeneficialOwners = (businessId: string, pollMs: number) =>
  useQuery({ ...beneficialOwnersQueryOptions(businessId, pollMs), enabled: Boolean(businessId) });
