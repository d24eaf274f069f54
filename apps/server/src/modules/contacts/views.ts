import { formatTaxId } from '@ferry/domain/format';
import type { AppAbility } from '@ferry/domain/permissions';
import type { Address, AddressView, ContactView } from '@ferry/domain/schemas';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { AUTO_PAYMENT_SUBJECT_OF, liveStatusesOfContacts } from '../auto-payments/contact-status.js';
import { businesses } from '../businesses/tables.js';
import { businessPreferences } from '../preferences/tables.js';
import { type ContactRow, contactDocuments } from './tables.js';

export const toAddressView = (address: Partial<Address> | null | undefined): AddressView | null =>
  address
    ? {
        addressLine1: address.addressLine1 ?? '',
        addressLine2: address.addressLine2 ?? '',
        city: address.city ?? '',
        state: address.state ?? '',
        zipCode: address.zipCode ?? '',
        country: address.country ?? '',
      }
    : null;

/** The 9 digits as '12-3456789', or '*** 6789' for members who may only read. */
export const showTaxId = (taxId: string | null, canManage: boolean): string | null => {
  if (!taxId) return null;
  return canManage ? formatTaxId(taxId) : `*** ${taxId.slice(-4)}`;
};

interface NetworkInfo {
  businessName: string;
  website: string | null;
  billing: Address | null;
}

/** Name, website and billing address of network businesses, by id. */
export async function loadNetworkInfo(db: DbOrTx, ids: string[]): Promise<Map<string, NetworkInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: businesses.id,
      businessName: businesses.businessName,
      website: businessPreferences.website,
      billing: businessPreferences.billingAddress,
    })
    .from(businesses)
    .leftJoin(businessPreferences, eq(businessPreferences.businessId, businesses.id))
    // A guest business (made for a customer or vendor not on Ferry who answered an emailed link) is not
    // on the network: the contact shows no 'On Ferry' badge for it.
    .where(and(inArray(businesses.id, ids), eq(businesses.isGuest, false)));
  return new Map(
    rows.map((r) => [r.id, { businessName: r.businessName, website: r.website, billing: r.billing }]),
  );
}

/** The answer form of contacts, with their network business and document counts. */
export async function toContactViews(
  db: DbOrTx,
  rows: ContactRow[],
  options: {
    canManage: (row: ContactRow) => boolean;
    /** The reader's rights: the auto-payment status shows only to a reader who may read auto payments. */
    ability?: AppAbility;
  },
): Promise<ContactView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const networkIds = [...new Set(rows.flatMap((r) => (r.networkBusinessId ? [r.networkBusinessId] : [])))];
  const { ability } = options;
  const [network, counts, autoPayments] = await Promise.all([
    loadNetworkInfo(db, networkIds),
    db
      .select({ contactId: contactDocuments.contactId, total: count() })
      .from(contactDocuments)
      .where(inArray(contactDocuments.contactId, ids))
      .groupBy(contactDocuments.contactId),
    liveStatusesOfContacts(db, { businessId: rows[0]?.businessId ?? '', contactIds: ids }),
  ]);
  const countOf = new Map(counts.map((c) => [c.contactId, c.total]));
  return rows.map((row) => {
    const info = row.networkBusinessId ? network.get(row.networkBusinessId) : undefined;
    return {
      id: row.id,
      type: row.type,
      name: row.name,
      email: row.email,
      secondaryEmails: row.secondaryEmails,
      phones: {
        default: row.phone
          ? {
              phoneNumber: row.phone.phoneNumber,
              phoneCountryCode: row.phone.dialCode,
              countryISOCode: row.phone.countryISOCode,
            }
          : null,
      },
      addresses: { billing: toAddressView(row.billingAddress) },
      taxId: showTaxId(row.taxId, options.canManage(row)),
      fbnBusiness:
        row.networkBusinessId && info
          ? {
              businessId: row.networkBusinessId,
              businessName: info.businessName,
              addresses: { billing: toAddressView(info.billing) },
              website: info.website,
            }
          : null,
      needsFinalize: row.needsFinalize,
      documentsCount: countOf.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      // Without the reader's rights (a write's answer to a manager) the status is shown as is.
      autoPaymentStatus:
        !ability || ability.can('read', AUTO_PAYMENT_SUBJECT_OF[row.type])
          ? (autoPayments.get(row.id) ?? null)
          : null,
    };
  });
}

export async function toContactView(
  db: DbOrTx,
  row: ContactRow,
  canManage: boolean,
  ability?: AppAbility,
): Promise<ContactView> {
  const [view] = await toContactViews(db, [row], {
    canManage: () => canManage,
    ...(ability ? { ability } : {}),
  });
  if (!view) throw new Error('contact view not built');
  return view;
}
