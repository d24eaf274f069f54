import { z } from 'zod';
import { addressSchema } from './address.js';

export const BUSINESS_PROFILE_MESSAGES = {
  websiteInvalid: 'Please enter a valid website address, for example harborcoffee.com.',
  websiteTooLong: 'Website cannot exceed 255 characters.',
  logoType: 'Only PNG and JPEG images can be uploaded.',
  logoTooLarge: 'The logo must be 2 MB or smaller.',
  logoMissing: 'Please choose an image to upload.',
} as const;

export const WEBSITE_MAX_LENGTH = 255;

/**
 * A website: an optional http(s) scheme, a host name with a top-level domain of letters, an optional
 * port and an optional path, query or fragment. No spaces, no other schemes.
 */
export const WEBSITE_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/** Website field: empty clears it; otherwise a website address, trimmed, at most 255 characters. */
export const websiteSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (value.length > WEBSITE_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', message: BUSINESS_PROFILE_MESSAGES.websiteTooLong });
    else if (!WEBSITE_PATTERN.test(value))
      ctx.addIssue({ code: 'custom', message: BUSINESS_PROFILE_MESSAGES.websiteInvalid });
  });

/**
 * `PATCH /preferences/{businessId}`: the business profile fields to change. A field left out keeps its
 * value; an empty website or an all-empty address clears it. Addresses follow the address rules of
 * spec 000 §5.
 */
export const businessPreferencesUpdateSchema = z.object({
  website: websiteSchema.optional(),
  addresses: z
    .object({
      billing: addressSchema.optional(),
      shipping: addressSchema.optional(),
    })
    .optional(),
});
export type BusinessPreferencesUpdate = z.infer<typeof businessPreferencesUpdateSchema>;

/** Logo uploads: PNG or JPEG (recognised by their first bytes), at most 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** The image type of a file by its magic bytes (never by its name or declared type), or null. */
export const detectLogoType = (bytes: Uint8Array): LogoContentType | null => {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
};
