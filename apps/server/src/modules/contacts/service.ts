import type { AppAbility } from '@ferry/domain/permissions';
import {
  type Address,
  CONTACT_ENTITY_TYPE,
  type ContactKind,
  type ContactListQuery,
  type ContactRequest,
  type ContactUpdate,
  type ContactView,
  CUSTOMER_EMAILS_RULE,
  checkSecondaryEmails,
  type InlineContact,
  isAddressSendable,
  type Phone,
  VENDOR_EMAILS_RULE,
} from '@ferry/domain/schemas';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError, type FieldError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type Actor, recordActivity } from '../activity/service.js';
import {
  canManageType,
  exists409MessageOf,
  findContactOrThrow,
  rethrowContactConflict,
  SUBJECT_OF,
} from './access.js';
import { type ContactRow, contacts, type StoredPhone } from './tables.js';
import { toContactView, toContactViews } from './views.js';

type Context = Pick<AppContext, 'database' | 'clock'>;

const TYPE_LABEL: Record<ContactKind, string> = { VENDOR: 'Vendor', CUSTOMER: 'Customer' };

/** LIKE pattern for a literal piece of text (its % _ and \ escaped). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export const storedPhone = (phone: Phone | null | undefined): StoredPhone | null =>
  phone
    ? {
        countryISOCode: phone.countryISOCode.trim().toUpperCase(),
        dialCode: phone.dialCode.trim().replace(/^\+/, ''),
        phoneNumber: phone.phoneNumber.trim(),
      }
    : null;

/** Kept only when line 1, city, state and zip are present (spec 002 §5); otherwise no address. */
export const storedAddress = (address: Address | undefined | null): Address | null =>
  address && isAddressSendable(address) ? address : null;

const rightsOf = (ability: AppAbility) => (row: ContactRow) => canManageType(ability, row.type);

/** A page of vendors or customers (search over name and email, sort by name, email or date). */
export async function listContacts(
  context: Context,
  options: {
    businessId: string;
    type: ContactKind;
    ability: AppAbility;
    query: Pick<ContactListQuery, 'pageNumber' | 'pageSize' | 'searchTerm'> &
      Partial<Pick<ContactListQuery, 'sortBy' | 'sortOrder'>>;
  },
): Promise<{ items: ContactView[]; total: number; pageNumber: number; pageSize: number }> {
  const { db } = context.database;
  const { query } = options;
  const conditions: SQL[] = [eq(contacts.businessId, options.businessId), eq(contacts.type, options.type)];
  if (query.searchTerm) {
    const pattern = containsPattern(query.searchTerm);
    const match = or(ilike(contacts.name, pattern), ilike(contacts.email, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const direction = query.sortOrder === 'desc' ? desc : asc;
  const sortKey =
    query.sortBy === 'email'
      ? sql`lower(${contacts.email})`
      : query.sortBy === 'createdAt'
        ? contacts.createdAt
        : sql`lower(${contacts.name})`;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(direction(sortKey), direction(contacts.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ total: count() }).from(contacts).where(where),
  ]);
  return {
    items: await toContactViews(db, rows, { canManage: rightsOf(options.ability), ability: options.ability }),
    total: totals[0]?.total ?? 0,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

export async function getContact(
  context: Context,
  options: { businessId: string; contactId: string; type: ContactKind; ability: AppAbility },
): Promise<ContactView> {
  const { db } = context.database;
  const row = await findContactOrThrow(db, options);
  return toContactView(db, row, canManageType(options.ability, row.type), options.ability);
}

/** Refuses (409) a primary email another contact of the same type already has. */
async function assertEmailFree(
  db: DbOrTx,
  options: { businessId: string; type: ContactKind; email: string; exceptId?: string },
): Promise<void> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, options.businessId),
        eq(contacts.type, options.type),
        sql`lower(${contacts.email}) = ${options.email.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (row && row.id !== options.exceptId) {
    const message = exists409MessageOf(options.type);
    throw new AppError('CONFLICT', message, { errors: [{ field: 'email', message }] });
  }
}

export interface NewContact {
  name: string;
  email: string;
  secondaryEmails?: string[];
  phone?: StoredPhone | null;
  billingAddress?: Address | null;
  networkBusinessId?: string | null;
  needsFinalize?: boolean;
}

/**
 * Inserts a contact and its CONTACT_CREATED entry in the caller's transaction. A broken unique rule
 * (same email, or the network business already linked) surfaces as the spec's 409.
 */
export async function insertContact(
  context: Pick<AppContext, 'clock'>,
  tx: DbOrTx,
  options: {
    businessId: string;
    type: ContactKind;
    actor: Actor;
    contact: NewContact;
    remarks?: string | null;
  },
): Promise<ContactRow> {
  const now = context.clock.now();
  const { contact } = options;
  const [row] = await tx
    .insert(contacts)
    .values({
      id: newId(),
      businessId: options.businessId,
      type: options.type,
      name: contact.name.trim(),
      email: contact.email.trim(),
      secondaryEmails: contact.secondaryEmails ?? [],
      phone: contact.phone ?? null,
      billingAddress: contact.billingAddress ?? null,
      networkBusinessId: contact.networkBusinessId ?? null,
      needsFinalize: contact.needsFinalize ?? false,
      createdBy: options.actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('contact not inserted');
  await recordActivity(tx, {
    businessId: options.businessId,
    entityType: CONTACT_ENTITY_TYPE,
    entityId: row.id,
    subject: SUBJECT_OF[options.type],
    action: 'CONTACT_CREATED',
    label: `${TYPE_LABEL[options.type]} added`,
    actor: options.actor,
    remarks: options.remarks ?? null,
    data: { name: row.name, email: row.email },
    at: now,
  });
  return row;
}

/**
 * Runs a contact write in one transaction and answers the stored contact; a broken unique rule (same
 * email, or the network business already linked) becomes the spec's 409 for `type`.
 */
export async function writeContact(
  db: Context['database']['db'],
  type: ContactKind,
  write: (tx: Tx) => Promise<ContactRow>,
): Promise<ContactView> {
  let row: ContactRow;
  try {
    row = await db.transaction(write);
  } catch (error) {
    rethrowContactConflict(error, type);
  }
  return toContactView(db, row, true);
}

/** A vendor or customer from the add form (or, with `inline`, from a picker: name and email only). */
export async function createContact(
  context: Context,
  options: {
    businessId: string;
    type: ContactKind;
    actor: Actor;
    request: ContactRequest | InlineContact;
    inline?: boolean;
  },
): Promise<ContactView> {
  const { db } = context.database;
  const { request } = options;
  await assertEmailFree(db, { businessId: options.businessId, type: options.type, email: request.email });
  const contact: NewContact =
    'secondaryEmails' in request
      ? {
          name: request.name,
          email: request.email,
          secondaryEmails: request.secondaryEmails,
          phone: storedPhone(request.phoneNumber),
          billingAddress: storedAddress(request.addresses?.billing),
        }
      : { name: request.name, email: request.email, needsFinalize: options.inline === true };
  return writeContact(db, options.type, (tx) =>
    insertContact(context, tx, {
      businessId: options.businessId,
      type: options.type,
      actor: options.actor,
      contact,
      remarks: options.inline ? 'Added from a picker' : null,
    }),
  );
}

const validationError = (errors: FieldError[]) =>
  new AppError('VALIDATION_ERROR', errors[0]?.message ?? 'Invalid request', { errors });

/** Changes the fields given; any successful edit also finalizes an inline-added contact. */
export async function updateContact(
  context: Context,
  options: {
    businessId: string;
    contactId: string;
    type: ContactKind;
    actor: Actor;
    update: ContactUpdate;
  },
): Promise<ContactView> {
  const { db } = context.database;
  const { update, type } = options;
  const current = await findContactOrThrow(db, options);
  const email = update.email ?? current.email;
  const secondaryEmails = update.secondaryEmails ?? current.secondaryEmails;
  const errors: FieldError[] = [];
  checkSecondaryEmails(
    type === 'VENDOR' ? VENDOR_EMAILS_RULE : CUSTOMER_EMAILS_RULE,
    email,
    secondaryEmails,
    (message, path) => errors.push({ field: path.join('.'), message }),
  );
  if (errors.length > 0) throw validationError(errors);
  if (update.email !== undefined && update.email.toLowerCase() !== current.email.toLowerCase()) {
    await assertEmailFree(db, { businessId: options.businessId, type, email, exceptId: current.id });
  }

  const changes: Partial<typeof contacts.$inferInsert> = {};
  if (update.name !== undefined) changes.name = update.name.trim();
  if (update.email !== undefined) changes.email = update.email;
  if (update.secondaryEmails !== undefined) changes.secondaryEmails = update.secondaryEmails;
  if (update.phoneNumber !== undefined) changes.phone = storedPhone(update.phoneNumber);
  if (update.addresses?.billing !== undefined)
    changes.billingAddress = storedAddress(update.addresses.billing);
  // Nothing to change (and nothing to finalize): no write, no activity entry.
  if (Object.keys(changes).length === 0 && !current.needsFinalize) return toContactView(db, current, true);
  const now = context.clock.now();
  return writeContact(db, type, async (tx) => {
    const [updated] = await tx
      .update(contacts)
      .set({ ...changes, needsFinalize: false, updatedAt: now })
      .where(and(eq(contacts.id, current.id), eq(contacts.businessId, options.businessId)))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'Contact not found.');
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: CONTACT_ENTITY_TYPE,
      entityId: current.id,
      subject: SUBJECT_OF[type],
      action: 'CONTACT_UPDATED',
      label: `${TYPE_LABEL[type]} details updated`,
      actor: options.actor,
      remarks: current.needsFinalize ? 'Details finalized' : null,
      data: { fields: Object.keys(changes) },
      at: now,
    });
    return updated;
  });
}

/** Sets a vendor's tax id (the 9 digits, normalised by the shared schema). */
export async function setTaxId(
  context: Context,
  options: { businessId: string; contactId: string; actor: Actor; taxId: string },
): Promise<ContactView> {
  const { db } = context.database;
  const now = context.clock.now();
  const row = await db.transaction(async (tx) => {
    const current = await findContactOrThrow(tx, { ...options, type: 'VENDOR', forUpdate: true });
    const [updated] = await tx
      .update(contacts)
      .set({ taxId: options.taxId, updatedAt: now })
      .where(eq(contacts.id, current.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'Vendor not found.');
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: CONTACT_ENTITY_TYPE,
      entityId: current.id,
      subject: SUBJECT_OF.VENDOR,
      action: 'TAX_ID_UPDATED',
      label: 'Tax ID updated',
      actor: options.actor,
      remarks: `*** ${options.taxId.slice(-4)}`,
      at: now,
    });
    return updated;
  });
  return toContactView(db, row, true);
}

/**
 * Accounting sync: the books changed a contact's name or email. Writes them with a CONTACT_UPDATED entry
 * (actor: the books). A clash with another contact's email is left to the caller (23505 propagates).
 */
export async function applyBooksContact(
  context: Pick<AppContext, 'clock'>,
  tx: DbOrTx,
  options: { businessId: string; contactId: string; name: string; email: string; actor: Actor },
): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, options.contactId), eq(contacts.businessId, options.businessId)))
    .limit(1);
  if (!row) return false;
  if (row.name === options.name && row.email.toLowerCase() === options.email.toLowerCase()) return false;
  const now = context.clock.now();
  await tx
    .update(contacts)
    .set({ name: options.name, email: options.email, updatedAt: now })
    .where(eq(contacts.id, row.id));
  await recordActivity(tx, {
    businessId: options.businessId,
    entityType: CONTACT_ENTITY_TYPE,
    entityId: row.id,
    subject: SUBJECT_OF[row.type],
    action: 'CONTACT_UPDATED',
    label: `${TYPE_LABEL[row.type]} updated from the accounting software`,
    actor: options.actor,
    remarks: null,
    data: { name: options.name, email: options.email },
    at: now,
  });
  return true;
}

/** Accounting sync: a page of the business's contacts of a kind, in creation order after `afterId`. */
export async function contactsPage(
  db: DbOrTx,
  options: {
    businessId: string;
    type: ContactKind;
    after: { createdAt: Date; id: string } | null;
    limit: number;
  },
): Promise<ContactRow[]> {
  const conditions = [eq(contacts.businessId, options.businessId), eq(contacts.type, options.type)];
  // Keyset on (creation to the millisecond a Date holds, id), the order below: contacts made in the same
  // instant (an import) are neither skipped nor seen twice.
  const createdMs = sql`date_trunc('milliseconds', ${contacts.createdAt})`;
  const { after } = options;
  if (after)
    conditions.push(
      sql`(${createdMs}, ${contacts.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id})`,
    );
  return db
    .select()
    .from(contacts)
    .where(and(...conditions))
    .orderBy(asc(createdMs), asc(contacts.id))
    .limit(options.limit);
}
