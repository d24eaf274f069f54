import {
  type Address,
  BUSINESS_PROFILE_MESSAGES,
  type BusinessPreferencesUpdate,
  detectLogoType,
  LOGO_MAX_BYTES,
} from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import type { FilesProvider } from '../../providers/files/files.js';
import { businessVerifications } from '../verification/tables.js';
import { type BusinessPreferencesRow, businessPreferences } from './tables.js';

const addressResponseSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});

/** `GET /preferences/{businessId}` data. */
export const businessPreferencesSchema = z
  .object({
    businessId: z.string(),
    website: z.string().nullable(),
    addresses: z.object({
      billing: addressResponseSchema.nullable(),
      shipping: addressResponseSchema.nullable(),
    }),
    logo: z
      .object({
        /** Same-origin URL of the image (member only); changes whenever the logo does. */
        url: z.string(),
        contentType: z.string(),
        size: z.number().int(),
        updatedAt: z.string(),
      })
      .nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'BusinessPreferences' });
export type BusinessPreferences = z.infer<typeof businessPreferencesSchema>;

export const NO_LOGO_MESSAGE = 'This business has no logo yet.';

const logoUrl = (businessId: string, updatedAt: Date) =>
  `/api/preferences/${businessId}/logo?v=${updatedAt.getTime()}`;

function toPreferences(businessId: string, row: BusinessPreferencesRow | undefined): BusinessPreferences {
  return {
    businessId,
    website: row?.website ?? null,
    addresses: { billing: row?.billingAddress ?? null, shipping: row?.shippingAddress ?? null },
    logo:
      row?.logoKey && row.logoContentType && row.logoUpdatedAt
        ? {
            url: logoUrl(businessId, row.logoUpdatedAt),
            contentType: row.logoContentType,
            size: row.logoSize ?? 0,
            updatedAt: row.logoUpdatedAt.toISOString(),
          }
        : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

async function findRow(db: DbOrTx, businessId: string): Promise<BusinessPreferencesRow | undefined> {
  const [row] = await db
    .select()
    .from(businessPreferences)
    .where(eq(businessPreferences.businessId, businessId))
    .limit(1);
  return row;
}

/**
 * The business profile. The website and billing address nobody set on the profile are those the
 * business gave for its verification (KYB), so what is known is not asked twice; a business with
 * neither answers empty fields.
 */
export async function getPreferences(options: {
  db: DbOrTx;
  businessId: string;
}): Promise<BusinessPreferences> {
  const preferences = toPreferences(options.businessId, await findRow(options.db, options.businessId));
  if (preferences.website && preferences.addresses.billing) return preferences;
  const [verification] = await options.db
    .select({ website: businessVerifications.website, address: businessVerifications.address })
    .from(businessVerifications)
    .where(eq(businessVerifications.businessId, options.businessId))
    .limit(1);
  if (!verification) return preferences;
  return {
    ...preferences,
    website: preferences.website ?? verification.website ?? null,
    addresses: { ...preferences.addresses, billing: preferences.addresses.billing ?? verification.address },
  };
}

/** An address with nothing filled in is stored as no address. */
const storedAddress = (address: Address): Address | null =>
  Object.values(address).every((value) => value === '') ? null : address;

/**
 * Changes the profile fields given (validated by the shared schema): a field left out keeps its value,
 * an empty website or an all-empty address clears it.
 */
export async function updatePreferences(options: {
  db: DbOrTx;
  clock: Clock;
  businessId: string;
  userId: string;
  update: BusinessPreferencesUpdate;
}): Promise<BusinessPreferences> {
  const { update } = options;
  const changes: Partial<typeof businessPreferences.$inferInsert> = {};
  if (update.website !== undefined) changes.website = update.website === '' ? null : update.website;
  if (update.addresses?.billing) changes.billingAddress = storedAddress(update.addresses.billing);
  if (update.addresses?.shipping) changes.shippingAddress = storedAddress(update.addresses.shipping);
  const now = options.clock.now();
  const [row] = await options.db
    .insert(businessPreferences)
    .values({
      businessId: options.businessId,
      ...changes,
      updatedBy: options.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: businessPreferences.businessId,
      set: { ...changes, updatedBy: options.userId, updatedAt: now },
    })
    .returning();
  return toPreferences(options.businessId, row);
}

/**
 * Stores a new logo: PNG or JPEG by its first bytes (the declared type and name are ignored), at most
 * 2 MB. The file is written first under a new key, then the row points at it, then the old file is
 * removed — so a failure never leaves the row pointing at a missing file.
 */
export async function setLogo(options: {
  db: Db;
  clock: Clock;
  files: FilesProvider;
  businessId: string;
  userId: string;
  body: Buffer;
}): Promise<BusinessPreferences> {
  const { body } = options;
  if (body.length === 0) {
    throw new AppError('VALIDATION_ERROR', BUSINESS_PROFILE_MESSAGES.logoMissing, {
      errors: [{ field: 'file', message: BUSINESS_PROFILE_MESSAGES.logoMissing }],
    });
  }
  if (body.length > LOGO_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', BUSINESS_PROFILE_MESSAGES.logoTooLarge, {
      errors: [{ field: 'file', message: BUSINESS_PROFILE_MESSAGES.logoTooLarge }],
    });
  }
  const contentType = detectLogoType(body);
  if (!contentType) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', BUSINESS_PROFILE_MESSAGES.logoType, {
      errors: [{ field: 'file', message: BUSINESS_PROFILE_MESSAGES.logoType }],
    });
  }
  const extension = contentType === 'image/png' ? 'png' : 'jpg';
  const key = `businesses/${options.businessId}/logo/${newId()}.${extension}`;
  await options.files.put(key, body, { contentType });

  const now = options.clock.now();
  let saved: { row: BusinessPreferencesRow | undefined; previousKey: string | null };
  try {
    saved = await options.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ logoKey: businessPreferences.logoKey })
        .from(businessPreferences)
        .where(eq(businessPreferences.businessId, options.businessId))
        .for('update')
        .limit(1);
      const logo = {
        logoKey: key,
        logoContentType: contentType,
        logoSize: body.length,
        logoUpdatedAt: now,
        updatedBy: options.userId,
        updatedAt: now,
      };
      const [row] = await tx
        .insert(businessPreferences)
        .values({ businessId: options.businessId, ...logo, createdAt: now })
        .onConflictDoUpdate({ target: businessPreferences.businessId, set: logo })
        .returning();
      return { row, previousKey: current?.logoKey ?? null };
    });
  } catch (error) {
    await options.files.delete(key).catch(() => undefined);
    throw error;
  }
  if (saved.previousKey && saved.previousKey !== key) await removeQuietly(options.files, saved.previousKey);
  return toPreferences(options.businessId, saved.row);
}

/** Removes the logo (the row forgets it, then the file goes). */
export async function removeLogo(options: {
  db: DbOrTx;
  clock: Clock;
  files: FilesProvider;
  businessId: string;
  userId: string;
}): Promise<BusinessPreferences> {
  const current = await findRow(options.db, options.businessId);
  if (!current?.logoKey) return toPreferences(options.businessId, current);
  const now = options.clock.now();
  const [row] = await options.db
    .update(businessPreferences)
    .set({
      logoKey: null,
      logoContentType: null,
      logoSize: null,
      logoUpdatedAt: null,
      updatedBy: options.userId,
      updatedAt: now,
    })
    .where(eq(businessPreferences.businessId, options.businessId))
    .returning();
  await removeQuietly(options.files, current.logoKey);
  return toPreferences(options.businessId, row);
}

/** The logo image of a business, or NOT_FOUND when it has none. */
export async function readLogo(options: {
  db: DbOrTx;
  files: FilesProvider;
  businessId: string;
}): Promise<{ body: Buffer; contentType: string }> {
  const row = await findRow(options.db, options.businessId);
  const stored = row?.logoKey ? await options.files.get(row.logoKey) : null;
  if (!stored || !row?.logoContentType) throw new AppError('NOT_FOUND', NO_LOGO_MESSAGE);
  // The type recorded at upload (checked by magic bytes) decides, never what the store reports.
  return { body: stored.body, contentType: row.logoContentType };
}

/** A replaced or removed logo file is garbage: failing to delete it leaves an orphan, nothing worse. */
async function removeQuietly(files: FilesProvider, key: string): Promise<void> {
  try {
    await files.delete(key);
  } catch {
    // Orphaned file; harmless (nothing points at it).
  }
}
