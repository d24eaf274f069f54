import { z } from 'zod';
import { EMPLOYEE_COUNT_BANDS, type EmployeeCountBand } from '../catalogues/access.js';
import { ADDRESS_MESSAGES, addressSchema } from './address.js';
import { TAX_ID_MESSAGES, taxIdSchema } from './bank-account.js';
import { businessNameSchema, firstNameSchema, jobTitleSchema, lastNameSchema } from './business.js';
import { websiteSchema } from './business-profile.js';
import { emailSchema } from './email.js';

export const VERIFICATION_MESSAGES = {
  employeeCountRequired: 'Please select the number of employees.',
  ownershipRange: 'Ownership must be a whole number from 25 to 100.',
  ownershipTotal: 'Together the owners cannot hold more than 100%.',
  ownersMax: 'A business can have at most 4 owners of 25% or more.',
  duplicateOwnerEmail: 'Each person needs their own email address.',
  selfOwnerTwice: 'You are already listed as an owner.',
  inquiryIdRequired: 'Verification id is required.',
} as const;

/** Smallest stake that makes someone a beneficial owner (the US 25% ownership rule). */
export const BENEFICIAL_OWNER_MIN_PERCENT = 25;
export const BENEFICIAL_OWNERS_MAX = 4;

const BAND_VALUES = EMPLOYEE_COUNT_BANDS.map((b) => b.value) as [EmployeeCountBand, ...EmployeeCountBand[]];

/**
 * An address that must be given: the address rules of spec 000 §5 (US state from the list, a
 * 2-character state code elsewhere), and when nothing is filled every required field says so.
 */
export const requiredAddressSchema = addressSchema.superRefine((a, ctx) => {
  if ([a.addressLine1, a.addressLine2, a.city, a.state, a.zipCode, a.country].some((v) => v !== '')) return;
  const required: [keyof typeof a, string][] = [
    ['addressLine1', ADDRESS_MESSAGES.line1Required],
    ['city', ADDRESS_MESSAGES.cityRequired],
    ['state', ADDRESS_MESSAGES.stateRequired],
    ['zipCode', ADDRESS_MESSAGES.zipRequired],
    ['country', ADDRESS_MESSAGES.countryRequired],
  ];
  for (const [field, message] of required) ctx.addIssue({ code: 'custom', message, path: [field] });
});

/**
 * `PATCH /business/{id}/verification/form`: the business verification form (KYB). The legal name
 * follows the business-name rules, the tax id is kept as its 9 digits, the address is required.
 */
export const verificationFormSchema = z.object({
  legalBusinessName: businessNameSchema,
  taxId: z.string({ error: TAX_ID_MESSAGES.required }).pipe(taxIdSchema),
  website: websiteSchema.optional().default(''),
  employeeCount: z.enum(BAND_VALUES, { error: VERIFICATION_MESSAGES.employeeCountRequired }),
  address: requiredAddressSchema,
});
export type VerificationFormInput = z.input<typeof verificationFormSchema>;
export type VerificationForm = z.infer<typeof verificationFormSchema>;

const ownershipPercentSchema = z
  .number({ error: VERIFICATION_MESSAGES.ownershipRange })
  .int({ error: VERIFICATION_MESSAGES.ownershipRange })
  .min(BENEFICIAL_OWNER_MIN_PERCENT, { error: VERIFICATION_MESSAGES.ownershipRange })
  .max(100, { error: VERIFICATION_MESSAGES.ownershipRange });

const otherPerson = {
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
};

/** The control person: the signed-in user themself, or someone else who is invited to verify. */
export const controlPersonSchema = z.discriminatedUnion('isSelf', [
  z.object({ isSelf: z.literal(true), title: jobTitleSchema }),
  z.object({ isSelf: z.literal(false), ...otherPerson, title: jobTitleSchema }),
]);
export type ControlPersonInput = z.input<typeof controlPersonSchema>;

/** A beneficial owner (25% or more): the signed-in user, or someone else who is invited to verify. */
export const beneficialOwnerSchema = z.discriminatedUnion('isSelf', [
  z.object({ isSelf: z.literal(true), ownershipPercent: ownershipPercentSchema }),
  z.object({ isSelf: z.literal(false), ...otherPerson, ownershipPercent: ownershipPercentSchema }),
]);
export type BeneficialOwnerInput = z.input<typeof beneficialOwnerSchema>;

/**
 * `PATCH /business/{id}/beneficial`: the control person and the beneficial owners; `submit` sends the
 * whole verification to the identity provider. At most 4 owners, 25–100% each, 100% together, each
 * person with their own email.
 */
export const beneficialOwnersRequestSchema = z
  .object({
    controlPerson: controlPersonSchema,
    owners: z
      .array(beneficialOwnerSchema)
      .max(BENEFICIAL_OWNERS_MAX, { error: VERIFICATION_MESSAGES.ownersMax }),
    submit: z.boolean().optional().default(false),
  })
  .superRefine((value, ctx) => {
    const total = value.owners.reduce((sum, owner) => sum + owner.ownershipPercent, 0);
    if (total > 100)
      ctx.addIssue({ code: 'custom', message: VERIFICATION_MESSAGES.ownershipTotal, path: ['owners'] });
    const selves = value.owners.filter((owner) => owner.isSelf).length;
    if (selves > 1)
      ctx.addIssue({ code: 'custom', message: VERIFICATION_MESSAGES.selfOwnerTwice, path: ['owners'] });
    const seen = new Set<string>();
    value.owners.forEach((owner, index) => {
      if (owner.isSelf) return;
      const email = owner.email.toLowerCase();
      if (seen.has(email)) {
        ctx.addIssue({
          code: 'custom',
          message: VERIFICATION_MESSAGES.duplicateOwnerEmail,
          path: ['owners', index, 'email'],
        });
      }
      seen.add(email);
    });
  });
export type BeneficialOwnersRequestInput = z.input<typeof beneficialOwnersRequestSchema>;
export type BeneficialOwnersRequest = z.infer<typeof beneficialOwnersRequestSchema>;

/** `POST /user/verification/complete` and `/cancel`: the inquiry the provider returned to. */
export const verificationInquiryRequestSchema = z.object({
  inquiryId: z
    .string({ error: VERIFICATION_MESSAGES.inquiryIdRequired })
    .trim()
    .min(1, { error: VERIFICATION_MESSAGES.inquiryIdRequired })
    .max(128),
});

/** `POST /business/{id}/user/accept-business`. */
export const acceptBusinessRequestSchema = z.object({ invitationId: z.string().trim().optional() });

/** The user's identity verification (spec 000 §3 "Identity verification"); NOT_INITIATED before it starts. */
export const USER_VERIFICATION_STEPS = ['NOT_INITIATED', 'COMPLETED', 'ACTION_REQUIRED'] as const;
export type UserVerificationStep = (typeof USER_VERIFICATION_STEPS)[number];

/** A person's identity as seen by the business verification. */
export const PERSON_IDENTITY_STATUSES = ['INVITED', 'PENDING', 'IN_REVIEW', 'VERIFIED', 'DECLINED'] as const;
export type PersonIdentityStatus = (typeof PERSON_IDENTITY_STATUSES)[number];
