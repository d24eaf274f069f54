import { type AppAbility, defineAbilityFor } from '@ferry/domain/permissions';
import {
  CONTACT_API_MESSAGES,
  CONTACT_ENTITY_TYPE,
  type ContactKind,
  type ContactView,
  type FbnLookupResult,
  type FbnProduct,
  type FbnSearchQuery,
  NETWORK_SEARCH_PAGE_SIZE,
  type NetworkBusiness,
} from '@ferry/domain/schemas';
import { and, asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { BUSINESS_NOT_FOUND_MESSAGE } from '../../platform/auth/guard.js';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { findMembership } from '../businesses/service.js';
import { businesses, businessMembers } from '../businesses/tables.js';
import { businessPreferences } from '../preferences/tables.js';
import { users } from '../users/tables.js';
import { accessDenied, assertContactRight, findContactOrThrow, SUBJECT_OF } from './access.js';
import { containsPattern, insertContact, storedAddress, writeContact } from './service.js';
import { type ContactRow, contacts } from './tables.js';
import { toAddressView } from './views.js';

type Context = Pick<AppContext, 'database' | 'clock'>;

const ID = /^[0-9a-f]{24}$/;

/**
 * The business named in a request body (the mapping calls carry it there, not in the path): the same
 * answers as the route guard — 404 unless the user is an active member.
 */
export async function resolveBodyBusiness(
  context: Context,
  options: { userId: string; businessId: string },
): Promise<{ businessId: string; ability: AppAbility }> {
  const notFound = new AppError('BUSINESS_NOT_FOUND', BUSINESS_NOT_FOUND_MESSAGE);
  if (!ID.test(options.businessId)) throw notFound;
  const membership = await findMembership({ db: context.database.db, ...options });
  if (membership?.status !== 'ACTIVE') throw notFound;
  return { businessId: options.businessId, ability: defineAbilityFor(membership.permissions) };
}

/** The email a network business is reached at: its creator's, else its first member's. */
async function businessEmails(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      businessId: businessMembers.businessId,
      email: users.email,
      isCreator: sql<boolean>`${businesses.createdBy} = ${users.id}`,
    })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(and(inArray(businessMembers.businessId, ids), eq(businessMembers.status, 'ACTIVE')))
    .orderBy(asc(businessMembers.createdAt), asc(businessMembers.id));
  const emails = new Map<string, string>();
  for (const row of rows) {
    if (row.isCreator || !emails.has(row.businessId)) emails.set(row.businessId, row.email);
  }
  return emails;
}

const networkColumns = {
  id: businesses.id,
  businessName: businesses.businessName,
  verificationStatus: businesses.verificationStatus,
  website: businessPreferences.website,
  billing: businessPreferences.billingAddress,
};

/** Discoverable businesses other than the caller's whose name contains the text (page size 10 unless told). */
export async function searchNetwork(
  context: Context,
  options: { businessId: string; businessName: string; pageNumber: number; pageSize?: number },
): Promise<{ items: NetworkBusiness[]; total: number; pageNumber: number; pageSize: number }> {
  const { db } = context.database;
  const pageSize = options.pageSize ?? NETWORK_SEARCH_PAGE_SIZE;
  const where = and(
    eq(businesses.isDiscoverable, true),
    // A guest's business (a payer or payee without an account) is never found, whatever its flag.
    eq(businesses.isGuest, false),
    ne(businesses.id, options.businessId),
    ilike(businesses.businessName, containsPattern(options.businessName)),
  );
  const [rows, totals] = await Promise.all([
    db
      .select(networkColumns)
      .from(businesses)
      .leftJoin(businessPreferences, eq(businessPreferences.businessId, businesses.id))
      .where(where)
      .orderBy(asc(sql`lower(${businesses.businessName})`), asc(businesses.id))
      .limit(pageSize)
      .offset((options.pageNumber - 1) * pageSize),
    db.select({ total: count() }).from(businesses).where(where),
  ]);
  const emails = await businessEmails(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      businessName: r.businessName,
      businessEmail: emails.get(r.id) ?? null,
      website: r.website,
      addresses: { billing: toAddressView(r.billing) },
      verificationStatus: r.verificationStatus,
    })),
    total: totals[0]?.total ?? 0,
    pageNumber: options.pageNumber,
    pageSize,
  };
}

/**
 * GET /business/{id}/fbn/{product}?searchTerm: the network search of a contact picker — `payable` for
 * vendors, `receivable` for customers — each result with the caller's contact of that kind already
 * linked to it (so the picker selects it rather than adding it twice).
 */
export async function fbnLookup(
  context: Context,
  options: { businessId: string; product: FbnProduct; query: FbnSearchQuery },
): Promise<{ items: FbnLookupResult[]; total: number; pageNumber: number; pageSize: number }> {
  const found = await searchNetwork(context, {
    businessId: options.businessId,
    businessName: options.query.searchTerm,
    pageNumber: options.query.pageNumber,
    pageSize: options.query.pageSize,
  });
  const ids = found.items.map((item) => item.id);
  const linked = ids.length
    ? await context.database.db
        .select({ id: contacts.id, name: contacts.name, networkBusinessId: contacts.networkBusinessId })
        .from(contacts)
        .where(
          and(
            eq(contacts.businessId, options.businessId),
            eq(contacts.type, options.product === 'payable' ? 'VENDOR' : 'CUSTOMER'),
            inArray(contacts.networkBusinessId, ids),
          ),
        )
        .orderBy(asc(contacts.createdAt))
    : [];
  const byBusiness = new Map<string, { id: string; name: string }>();
  for (const contact of linked) {
    if (contact.networkBusinessId && !byBusiness.has(contact.networkBusinessId))
      byBusiness.set(contact.networkBusinessId, { id: contact.id, name: contact.name });
  }
  return {
    ...found,
    items: found.items.map((item) => ({ ...item, contact: byBusiness.get(item.id) ?? null })),
  };
}

/** A discoverable network business that is not the caller's own, or 400/404. */
async function findNetworkBusiness(db: DbOrTx, options: { businessId: string; networkBusinessId: string }) {
  if (options.networkBusinessId === options.businessId) {
    throw new AppError('BAD_REQUEST', CONTACT_API_MESSAGES.ownBusiness);
  }
  const [row] = ID.test(options.networkBusinessId)
    ? await db
        .select(networkColumns)
        .from(businesses)
        .leftJoin(businessPreferences, eq(businessPreferences.businessId, businesses.id))
        .where(and(eq(businesses.id, options.networkBusinessId), eq(businesses.isDiscoverable, true)))
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', CONTACT_API_MESSAGES.networkBusinessNotFound);
  return row;
}

const alreadyLinked = (type: ContactKind) =>
  new AppError(
    'CONFLICT',
    type === 'VENDOR' ? CONTACT_API_MESSAGES.alreadyVendor : CONTACT_API_MESSAGES.alreadyCustomer,
  );

async function assertNotLinkedYet(
  db: DbOrTx,
  options: { businessId: string; type: ContactKind; networkBusinessId: string },
) {
  const [existing] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, options.businessId),
        eq(contacts.type, options.type),
        eq(contacts.networkBusinessId, options.networkBusinessId),
      ),
    )
    .limit(1);
  if (existing) throw alreadyLinked(options.type);
}

const linkedEntry = (options: {
  businessId: string;
  contact: ContactRow;
  actor: Actor;
  networkName: string;
  networkBusinessId: string;
  at: Date;
}) => ({
  businessId: options.businessId,
  entityType: CONTACT_ENTITY_TYPE,
  entityId: options.contact.id,
  subject: SUBJECT_OF[options.contact.type],
  action: 'NETWORK_LINKED',
  label: `Linked to ${options.networkName} on Ferry`,
  actor: options.actor,
  data: { networkBusinessId: options.networkBusinessId },
  at: options.at,
});

/** A new vendor or customer that is a Ferry network business (its name, email and billing address). */
export async function addNetworkContact(
  context: Context,
  options: { businessId: string; type: ContactKind; actor: Actor; networkBusinessId: string },
): Promise<ContactView> {
  const { db } = context.database;
  const network = await findNetworkBusiness(db, options);
  await assertNotLinkedYet(db, { ...options });
  const email = (await businessEmails(db, [network.id])).get(network.id);
  if (!email) throw new AppError('NOT_FOUND', CONTACT_API_MESSAGES.networkBusinessNotFound);
  return writeContact(db, options.type, async (tx) => {
    const inserted = await insertContact(context, tx, {
      businessId: options.businessId,
      type: options.type,
      actor: options.actor,
      remarks: 'Added from the Ferry network',
      contact: {
        name: network.businessName,
        email,
        billingAddress: storedAddress(network.billing),
        networkBusinessId: network.id,
      },
    });
    await recordActivity(
      tx,
      linkedEntry({
        businessId: options.businessId,
        contact: inserted,
        actor: options.actor,
        networkName: network.businessName,
        networkBusinessId: network.id,
        at: context.clock.now(),
      }),
    );
    return inserted;
  });
}

/** Links an existing contact to a network business (finalizing it). */
export async function linkContactToNetwork(
  context: Context,
  options: {
    businessId: string;
    ability: AppAbility;
    actor: Actor;
    contactId: string;
    networkBusinessId: string;
  },
): Promise<ContactView> {
  const { db } = context.database;
  const contact = await findContactOrThrow(db, options);
  assertContactRight(options.ability, 'manage', contact.type);
  const network = await findNetworkBusiness(db, options);
  const now = context.clock.now();
  return writeContact(db, contact.type, async (tx) => {
    const current = await findContactOrThrow(tx, { ...options, forUpdate: true });
    if (current.networkBusinessId === network.id) return current;
    if (current.networkBusinessId) throw new AppError('CONFLICT', CONTACT_API_MESSAGES.contactAlreadyLinked);
    await assertNotLinkedYet(tx, {
      businessId: options.businessId,
      type: current.type,
      networkBusinessId: network.id,
    });
    const [updated] = await tx
      .update(contacts)
      .set({ networkBusinessId: network.id, needsFinalize: false, updatedAt: now })
      .where(eq(contacts.id, current.id))
      .returning();
    if (!updated) throw new Error('contact not updated');
    await recordActivity(
      tx,
      linkedEntry({
        businessId: options.businessId,
        contact: updated,
        actor: options.actor,
        networkName: network.businessName,
        networkBusinessId: network.id,
        at: now,
      }),
    );
    return updated;
  });
}

/** Whether the business already has a contact (of a type the member may read) for a network business. */
export async function findNetworkMapping(
  context: Context,
  options: {
    businessId: string;
    ability: AppAbility;
    networkBusinessId: string;
    type?: ContactKind | undefined;
  },
): Promise<{ exists: boolean; contactId: string | null }> {
  const types = (options.type ? [options.type] : (['VENDOR', 'CUSTOMER'] as const)).filter((type) =>
    options.ability.can('read', SUBJECT_OF[type]),
  );
  if (types.length === 0) throw accessDenied();
  if (!ID.test(options.networkBusinessId)) return { exists: false, contactId: null };
  const [row] = await context.database.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, options.businessId),
        eq(contacts.networkBusinessId, options.networkBusinessId),
        inArray(contacts.type, [...types]),
      ),
    )
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(1);
  return { exists: Boolean(row), contactId: row?.id ?? null };
}
