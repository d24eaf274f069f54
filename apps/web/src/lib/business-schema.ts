import { z } from 'zod';

/**
 * A business as `GET /business` and `GET /business/{id}` describe it (spec 000 §3 "Business
 * (onboarding)"): the member's role and permissions come along. Extra fields are kept.
 */
export const businessSchema = z
  .object({
    id: z.string(),
    businessId: z.string().optional(),
    businessName: z.string(),
    businessType: z.string().nullish(),
    category: z.string().nullish(),
    country: z.string().nullish(),
    verificationStep: z.string(),
    status: z.string().nullish(),
    onboardingState: z.string().nullish(),
    role: z.string().nullish(),
    permissions: z.array(z.string()).default([]),
    /** Name and type can no longer change (verification has started). */
    detailsLocked: z.boolean().optional(),
    /** Accounting mapping still to finish (spec 000 §3). */
    isMappingPending: z.boolean().optional(),
  })
  .loose();
export type Business = z.infer<typeof businessSchema>;

export const businessListSchema = z.array(businessSchema);

/** `GET /business/{id}/features`: which features the business may use (money moves only once verified). */
export const businessFeaturesSchema = z
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
export type BusinessFeatures = z.infer<typeof businessFeaturesSchema>;
