import { BUSINESS_TYPE_VALUES, type BusinessType } from '@ferry/domain/catalogues';
import {
  MERCHANT_FORM_MESSAGES,
  type MerchantApplication,
  type MerchantApplicationRequest,
  type MerchantStatus,
  merchantWebsiteSchema,
} from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { businesses } from '../businesses/tables.js';
import { getPreferences } from '../preferences/service.js';
import { businessVerifications } from '../verification/tables.js';

export type KnownDetails = MerchantStatus['knownDetails'];

const isBusinessType = (value: string | null): value is BusinessType =>
  value !== null && (BUSINESS_TYPE_VALUES as readonly string[]).includes(value);

/**
 * What the business already gave Ferry, for the card-acceptance form to reuse: the business type
 * (business details), the website (profile, else verification) and the verified legal name, tax id
 * (masked) and address. A website the application's rules would refuse counts as not known.
 */
export async function knownDetailsOf(db: DbOrTx, businessId: string): Promise<KnownDetails> {
  const [business] = await db
    .select({ businessType: businesses.businessType })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  const [verification] = await db
    .select()
    .from(businessVerifications)
    .where(eq(businessVerifications.businessId, businessId))
    .limit(1);
  const { website } = await getPreferences({ db, businessId });
  const parsedWebsite = website ? merchantWebsiteSchema.safeParse(website) : null;
  const address = verification?.address;
  return {
    legalBusinessName: verification?.legalBusinessName ?? null,
    taxIdMasked: verification ? `**-***${verification.taxId.slice(-4)}` : null,
    address: address
      ? [
          address.addressLine1,
          address.addressLine2,
          address.city,
          `${address.state} ${address.zipCode}`.trim(),
          address.country,
        ]
          .filter(Boolean)
          .join(', ')
      : null,
    businessWebsite: parsedWebsite?.success ? parsedWebsite.data : null,
    businessType: isBusinessType(business?.businessType ?? null)
      ? (business?.businessType as BusinessType)
      : null,
  };
}

/**
 * The application with the website and business type the request left out taken from what is known;
 * one still missing is a field error with the form's message.
 */
export function completeApplication(
  request: MerchantApplicationRequest,
  known: KnownDetails,
): MerchantApplication {
  const businessWebsite = request.businessWebsite ?? known.businessWebsite;
  const businessType = request.businessType ?? known.businessType;
  const errors = [
    ...(businessWebsite
      ? []
      : [{ field: 'businessWebsite', message: MERCHANT_FORM_MESSAGES.websiteRequired }]),
    ...(businessType
      ? []
      : [{ field: 'businessType', message: MERCHANT_FORM_MESSAGES.businessTypeRequired }]),
  ];
  const [first] = errors;
  if (first || !businessWebsite || !businessType) {
    throw new AppError('VALIDATION_ERROR', first?.message ?? MERCHANT_FORM_MESSAGES.websiteRequired, {
      errors,
    });
  }
  return { ...request, businessWebsite, businessType };
}
