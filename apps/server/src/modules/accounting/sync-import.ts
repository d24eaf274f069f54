import { billRequestSchema, invoiceRequestSchema } from '@ferry/domain/schemas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { newId } from '../../platform/ids.js';
import {
  AccountingError,
  type ImportKind,
  type ImportRecords,
  type RemoteDocument,
} from '../../providers/accounting/accounting.js';
import { upsertBooksItem } from '../bills/items.js';
import { createBill, findBillByReference } from '../bills/service.js';
import { applyBooksContact, insertContact } from '../contacts/service.js';
import { contacts } from '../contacts/tables.js';
import { createInvoice, findInvoiceByReference } from '../invoices/service.js';
import { ensureDefaultChart } from './service.js';
import type { Cursor, Outcome, StepIo } from './sync-step.js';
import {
  BOOKS_ACTOR,
  contactDigest,
  findLinkByFerry,
  findLinkByRemote,
  reasonOf,
  record,
  touchLink,
  writeLink,
} from './sync-step.js';
import { chartAccounts } from './tables.js';

/*
 * A sync's import steps: the books' records into Ferry, matched by link, then by natural key.
 */

export async function importPage(
  io: StepIo,
  kind: ImportKind,
  cursor: Cursor,
  index: number,
): Promise<Cursor> {
  const page = await io.provider.list(io.handle, kind, { cursor: cursor.page, modifiedSince: cursor.since });
  for (const remote of page.records) {
    const name = 'name' in remote ? remote.name : (remote.number ?? remote.remoteId);
    let outcome: Outcome;
    try {
      outcome = await importRecord(io, kind, remote);
    } catch (error) {
      if (error instanceof AccountingError) throw error;
      outcome = { failure: reasonOf(error) };
    }
    record(io, kind, name, outcome);
  }
  return page.next ? { ...cursor, page: page.next } : { ...cursor, step: String(index + 1), page: null };
}

export async function importRecord(
  io: StepIo,
  kind: ImportKind,
  remote: ImportRecords[ImportKind],
): Promise<Outcome> {
  switch (kind) {
    case 'ACCOUNT':
      return importAccount(io, remote as ImportRecords['ACCOUNT']);
    case 'ITEM':
      return importItem(io, remote as ImportRecords['ITEM']);
    case 'VENDOR':
    case 'CUSTOMER':
      return importContact(io, kind, remote as ImportRecords['VENDOR']);
    case 'BILL':
    case 'INVOICE':
      return importDocument(io, kind, remote as RemoteDocument);
  }
}

/** The chart follows the books: names, numbers and active flags come from there. */
export async function importAccount(io: StepIo, remote: ImportRecords['ACCOUNT']): Promise<Outcome> {
  if (!remote.type) return 'unchanged';
  const { context, connection } = io;
  const businessId = connection.businessId;
  return context.database.db.transaction(async (tx) => {
    await ensureDefaultChart(tx, context, businessId);
    const link = await findLinkByRemote(tx, connection.id, 'ACCOUNT', remote.remoteId);
    const now = context.clock.now();
    if (link) {
      if (link.remoteUpdatedAt === remote.updatedAt) return 'unchanged';
      await tx
        .update(chartAccounts)
        .set({
          name: remote.name,
          number: remote.number,
          isActive: remote.active,
          accountType: remote.type ?? undefined,
        })
        .where(and(eq(chartAccounts.id, link.ferryId), eq(chartAccounts.businessId, businessId)));
      await touchLink(tx, link, { remoteUpdatedAt: remote.updatedAt }, now);
      return 'updated';
    }
    const [byName] = await tx
      .select({ id: chartAccounts.id })
      .from(chartAccounts)
      .where(
        and(
          eq(chartAccounts.businessId, businessId),
          sql`lower(${chartAccounts.name}) = lower(${remote.name})`,
        ),
      )
      .limit(1);
    let ferryId: string;
    if (byName && !(await findLinkByFerry(tx, connection.id, 'ACCOUNT', byName.id))) {
      ferryId = byName.id;
      await tx
        .update(chartAccounts)
        .set({
          number: remote.number,
          source: 'BOOKS',
          isActive: remote.active,
          accountType: remote.type ?? undefined,
        })
        .where(eq(chartAccounts.id, ferryId));
    } else {
      ferryId = newId();
      await tx.insert(chartAccounts).values({
        id: ferryId,
        businessId,
        name: byName ? `${remote.name} (${remote.number ?? remote.remoteId})` : remote.name,
        number: remote.number,
        accountType: remote.type ?? 'EXPENSE',
        source: 'BOOKS',
        isActive: remote.active,
        createdAt: now,
      });
    }
    await writeLink(tx, io, {
      kind: 'ACCOUNT',
      ferryId,
      remoteId: remote.remoteId,
      remoteUpdatedAt: remote.updatedAt,
    });
    return 'imported';
  });
}

/** The first active account of a type in the business's chart (items and lines without an account). */
export async function fallbackAccount(
  db: DbOrTx,
  businessId: string,
  types: string[],
): Promise<string | null> {
  const [row] = await db
    .select({ id: chartAccounts.id })
    .from(chartAccounts)
    .where(
      and(
        eq(chartAccounts.businessId, businessId),
        eq(chartAccounts.isActive, true),
        inArray(chartAccounts.accountType, types as never[]),
      ),
    )
    .orderBy(asc(chartAccounts.number), asc(chartAccounts.sequence))
    .limit(1);
  return row?.id ?? null;
}

export async function importItem(io: StepIo, remote: ImportRecords['ITEM']): Promise<Outcome> {
  const { context, connection } = io;
  const businessId = connection.businessId;
  return context.database.db.transaction(async (tx) => {
    const link = await findLinkByRemote(tx, connection.id, 'ITEM', remote.remoteId);
    if (link?.remoteUpdatedAt === remote.updatedAt) return 'unchanged';
    await ensureDefaultChart(tx, context, businessId);
    const account = await fallbackAccount(
      tx,
      businessId,
      remote.isSold && !remote.isPurchased ? ['INCOME'] : ['EXPENSE', 'COST_OF_GOODS_SOLD'],
    );
    if (!account) return { failure: 'No account in the chart to book it to.' };
    const ferryId = await upsertBooksItem(tx, context, {
      businessId,
      itemId: link?.ferryId ?? null,
      name: remote.name,
      description: remote.description,
      isSold: remote.isSold,
      isPurchased: remote.isPurchased,
      isActive: remote.active,
      chartAccountId: account,
    });
    await writeLink(tx, io, {
      kind: 'ITEM',
      ferryId,
      remoteId: remote.remoteId,
      remoteUpdatedAt: remote.updatedAt,
    });
    return link ? 'updated' : 'imported';
  });
}

/**
 * Contacts. Linked: when the books changed it since the last sync, the books' name and email win (also
 * over an edit made in Ferry meanwhile); a change made only in Ferry is written to the books by the
 * push step. Not linked: matched by email to a Ferry contact of the kind, else added. A contact without
 * an email in the books cannot be added (Ferry needs one to send remittances) and is reported.
 */
export async function importContact(
  io: StepIo,
  kind: 'VENDOR' | 'CUSTOMER',
  remote: ImportRecords['VENDOR'],
): Promise<Outcome> {
  const { context, connection } = io;
  const businessId = connection.businessId;
  const email = remote.email?.trim() ?? '';
  return context.database.db.transaction(async (tx) => {
    const now = context.clock.now();
    const link = await findLinkByRemote(tx, connection.id, kind, remote.remoteId);
    if (link) {
      if (link.remoteUpdatedAt === remote.updatedAt) return 'unchanged';
      if (!remote.active) {
        await touchLink(tx, link, { remoteUpdatedAt: remote.updatedAt, remoteDeleted: true }, now);
        return 'unchanged';
      }
      const changed = email
        ? await applyBooksContact(context, tx, {
            businessId,
            contactId: link.ferryId,
            name: remote.name,
            email,
            actor: BOOKS_ACTOR,
          })
        : false;
      await touchLink(
        tx,
        link,
        {
          remoteUpdatedAt: remote.updatedAt,
          remoteDeleted: false,
          ...(email ? { syncedDigest: contactDigest(remote.name, email) } : {}),
        },
        now,
      );
      return changed ? 'updated' : 'unchanged';
    }
    if (!remote.active) return 'unchanged';
    if (!email)
      return { failure: 'It has no email in the accounting software; add one there to bring it to Ferry.' };
    const [byEmail] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.businessId, businessId),
          eq(contacts.type, kind),
          sql`lower(${contacts.email}) = lower(${email})`,
        ),
      )
      .limit(1);
    let ferryId = byEmail?.id ?? null;
    if (ferryId && (await findLinkByFerry(tx, connection.id, kind, ferryId))) ferryId = null;
    let outcome: Outcome = 'updated';
    if (!ferryId) {
      if (byEmail) return { failure: 'Another contact in the accounting software has the same email.' };
      const row = await insertContact(context, tx, {
        businessId,
        type: kind,
        actor: BOOKS_ACTOR,
        contact: { name: remote.name, email },
        remarks: 'From the accounting software',
      });
      ferryId = row.id;
      outcome = 'imported';
    }
    await writeLink(tx, io, {
      kind,
      ferryId,
      remoteId: remote.remoteId,
      remoteUpdatedAt: remote.updatedAt,
      digest: contactDigest(remote.name, email),
    });
    return outcome;
  });
}

/**
 * What Ferry may still pay or collect on a document is its open balance in the books. Its lines come
 * over as they are when they add up to that balance; otherwise (partly paid in the books, or tax and
 * discounts the lines do not show) the document comes over as one line of the open balance.
 */
export function openLines(remote: RemoteDocument): RemoteDocument['lines'] {
  const sum = remote.lines.reduce((total, line) => total + line.amountCents, 0);
  if (remote.lines.length > 0 && sum === remote.balanceCents) return remote.lines;
  const partly = remote.balanceCents < remote.totalCents;
  return [
    {
      description: partly
        ? `Open balance of ${remote.number ?? 'this document'} (partly paid in the accounting software)`
        : (remote.memo ?? remote.number ?? null),
      amountCents: remote.balanceCents,
      quantity: 1,
      accountRemoteId: remote.lines[0]?.accountRemoteId ?? null,
      itemRemoteId: null,
    },
  ];
}

/**
 * Bills and invoices. Open documents of linked contacts come in through the same service (and so the
 * same validation and activity log) as one made in Ferry; paid, voided and deleted ones are history and
 * stay in the books. A document already linked is left as it is in Ferry (its payments are Ferry's to
 * move); the books voiding or deleting it is noted on the link and reported.
 */
export async function importDocument(
  io: StepIo,
  kind: 'BILL' | 'INVOICE',
  remote: RemoteDocument,
): Promise<Outcome> {
  const { context, connection } = io;
  const { db } = context.database;
  const businessId = connection.businessId;
  const now = context.clock.now();
  const link = await findLinkByRemote(db, connection.id, kind, remote.remoteId);
  if (link) {
    if (link.remoteUpdatedAt === remote.updatedAt) return 'unchanged';
    const gone = !remote.active || remote.status === 'VOID';
    await touchLink(db, link, { remoteUpdatedAt: remote.updatedAt, remoteDeleted: gone }, now);
    return gone
      ? {
          failure: `It was ${remote.active ? 'voided' : 'deleted'} in the accounting software; it stays in Ferry with its payments.`,
        }
      : 'unchanged';
  }
  if (!remote.active || remote.status !== 'OPEN' || remote.balanceCents <= 0) return 'unchanged';
  const contactKind = kind === 'BILL' ? 'VENDOR' : 'CUSTOMER';
  const contactLink = await findLinkByRemote(db, connection.id, contactKind, remote.contactRemoteId);
  if (!contactLink)
    return {
      failure: `Its ${contactKind === 'VENDOR' ? 'vendor' : 'customer'} is not in Ferry (see that failure).`,
    };
  await ensureDefaultChart(db, context, businessId);
  const fallback = await fallbackAccount(
    db,
    businessId,
    kind === 'BILL' ? ['EXPENSE', 'COST_OF_GOODS_SOLD'] : ['INCOME'],
  );
  const lines = [];
  for (const line of openLines(remote)) {
    const itemLink = line.itemRemoteId
      ? await findLinkByRemote(db, connection.id, 'ITEM', line.itemRemoteId)
      : null;
    const accountLink =
      !itemLink && line.accountRemoteId
        ? await findLinkByRemote(db, connection.id, 'ACCOUNT', line.accountRemoteId)
        : null;
    const target = itemLink
      ? { itemId: itemLink.ferryId }
      : { chartAccountId: accountLink?.ferryId ?? fallback };
    lines.push({
      ...target,
      description: line.description?.slice(0, 500) ?? null,
      quantity: 1,
      unitPrice: (line.amountCents / 100).toFixed(2),
    });
  }
  const dueDate = remote.dueDate && remote.dueDate >= remote.date ? remote.dueDate : remote.date;
  const refNo = (remote.number?.trim() || `BK-${remote.remoteId}`).slice(0, 50);
  const common = { refNo, dueDate, paymentTerm: 'CUSTOM', lines, memo: remote.memo };
  // A document made by an earlier run that died before linking it: found by its contact and number.
  let existing: string | null;
  if (kind === 'BILL') {
    existing = await findBillByReference(db, { businessId, vendorId: contactLink.ferryId, refNo });
  } else {
    const invoice = await findInvoiceByReference(db, { businessId, refNo });
    if (invoice && invoice.customerId !== contactLink.ferryId)
      return { failure: "Its number is already another customer's invoice in Ferry." };
    existing = invoice?.id ?? null;
  }
  let ferryId: string;
  if (existing) {
    ferryId = existing;
  } else if (kind === 'BILL') {
    const parsed = billRequestSchema.safeParse({
      vendorId: contactLink.ferryId,
      billDate: remote.date,
      ...common,
    });
    if (!parsed.success) return { failure: parsed.error.issues[0]?.message ?? 'Invalid bill.' };
    ferryId = (await createBill(context, { businessId, actor: BOOKS_ACTOR, request: parsed.data })).id;
  } else {
    const parsed = invoiceRequestSchema.safeParse({
      customerId: contactLink.ferryId,
      invoiceDate: remote.date,
      ...common,
    });
    if (!parsed.success) return { failure: parsed.error.issues[0]?.message ?? 'Invalid invoice.' };
    ferryId = (await createInvoice(context, { businessId, actor: BOOKS_ACTOR, request: parsed.data })).id;
  }
  await writeLink(db, io, { kind, ferryId, remoteId: remote.remoteId, remoteUpdatedAt: remote.updatedAt });
  return existing ? 'updated' : 'imported';
}
