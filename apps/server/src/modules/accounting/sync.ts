import { createHash } from 'node:crypto';
import {
  ACCOUNTING_MESSAGES,
  billRequestSchema,
  invoiceRequestSchema,
  type SyncKind,
  type SyncRun,
} from '@ferry/domain/schemas';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingProvider,
  type DocumentPush,
  type ImportKind,
  type ImportRecords,
  type PushKind,
  type PushRecords,
  type RemoteDocument,
} from '../../providers/accounting/accounting.js';
import type { Actor } from '../activity/service.js';
import { findBank } from '../banking/service.js';
import { upsertBooksItem } from '../bills/items.js';
import { createBill, ferryBillsPage, getBill } from '../bills/service.js';
import { findCard } from '../cards/service.js';
import { applyBooksContact, contactsPage, insertContact } from '../contacts/service.js';
import { contacts } from '../contacts/tables.js';
import { createInvoice, ferryInvoicesPage, getInvoice, invoicePaymentsPage } from '../invoices/service.js';
import { deliveredPaymentsPage } from '../payments/service.js';
import { currentConnection, handleFor, markExpired, toSyncRunView } from './connections.js';
import { ensureDefaultChart } from './service.js';
import {
  type AccountingConnectionRow,
  type AccountingLinkRow,
  type AccountingSyncRunRow,
  accountingConnections,
  accountingLinks,
  accountingSyncRuns,
  chartAccounts,
  type SyncCounts,
} from './tables.js';

type Context = Pick<AppContext, 'config' | 'database' | 'clock' | 'providers' | 'jobs'>;

export const SYNC_JOB = 'accounting.sync';
export const AUTO_SYNC_JOB = 'accounting.auto-sync';

/** The books' actor on Ferry's records (activity log). */
const BOOKS_ACTOR: Actor = { type: 'PROVIDER', userId: null, name: 'Accounting software' };

/** The steps of a run, in order: the books first (so pushes can point at linked records), then Ferry. */
const STEPS: readonly { kind: SyncKind; direction: 'import' | 'push' }[] = [
  { kind: 'ACCOUNT', direction: 'import' },
  { kind: 'ITEM', direction: 'import' },
  { kind: 'VENDOR', direction: 'import' },
  { kind: 'CUSTOMER', direction: 'import' },
  { kind: 'BILL', direction: 'import' },
  { kind: 'INVOICE', direction: 'import' },
  { kind: 'VENDOR', direction: 'push' },
  { kind: 'CUSTOMER', direction: 'push' },
  { kind: 'BILL', direction: 'push' },
  { kind: 'INVOICE', direction: 'push' },
  { kind: 'BILL_PAYMENT', direction: 'push' },
  { kind: 'INVOICE_PAYMENT', direction: 'push' },
];

const PUSH_PAGE = 50;
/** Changes in the books are read from a little before the last sync started (clocks differ). */
const OVERLAP_MS = 5 * 60 * 1000;
/** A run with no progress for this long is picked up again (its process died). */
export const STALE_RUN_MS = 10 * 60 * 1000;

interface Cursor {
  step: string;
  page: string | null;
  since: string | null;
  startedThrough: string;
}

/**
 * POST /sync/platform/{businessId}/{providerType} and the schedule: starts a run unless one is running
 * (then answers that one). One run per business at a time (a unique index, not just a check).
 */
export async function requestSync(
  context: Context,
  options: { businessId: string; trigger: AccountingSyncRunRow['trigger']; userId: string | null },
): Promise<SyncRun> {
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const connection = await currentConnection(tx, options.businessId);
    if (!connection || connection.status === 'DISCONNECTED')
      throw new AppError('CONFLICT', ACCOUNTING_MESSAGES.notConnected);
    if (connection.status === 'EXPIRED') throw new AppError('CONFLICT', ACCOUNTING_MESSAGES.expired);
    const running = await runningRun(tx, options.businessId);
    if (running) return toSyncRunView(running);
    const now = context.clock.now();
    const startedThrough = new Date(now.getTime() - OVERLAP_MS).toISOString();
    const [run] = await tx
      .insert(accountingSyncRuns)
      .values({
        id: newId(),
        businessId: options.businessId,
        connectionId: connection.id,
        status: 'IN_PROGRESS',
        trigger: options.trigger,
        step: STEPS[0]?.kind ?? null,
        cursor: { step: '0', page: null, since: connection.syncedThrough, startedThrough },
        requestedBy: options.userId,
        startedAt: now,
        heartbeatAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!run) {
      const other = await runningRun(tx, options.businessId);
      if (!other) throw new AppError('CONFLICT', ACCOUNTING_MESSAGES.syncRunning);
      return toSyncRunView(other);
    }
    await tx
      .update(accountingConnections)
      .set({ syncStatus: 'IN_PROGRESS', updatedAt: now })
      .where(eq(accountingConnections.id, connection.id));
    // Without a job queue (most tests) the run waits for runSync or the stale-run sweep.
    if (context.jobs.started)
      await context.jobs.send(SYNC_JOB, { runId: run.id }, { db: tx, singletonKey: run.id });
    return toSyncRunView(run);
  });
}

async function runningRun(db: DbOrTx, businessId: string) {
  const [row] = await db
    .select()
    .from(accountingSyncRuns)
    .where(and(eq(accountingSyncRuns.businessId, businessId), eq(accountingSyncRuns.status, 'IN_PROGRESS')))
    .limit(1);
  return row ?? null;
}

/** GET /business/{id}/accounting/sync-runs: the sync history, newest first. */
export async function listSyncRuns(
  context: Pick<AppContext, 'database'>,
  options: { businessId: string; pageNumber: number; pageSize: number },
) {
  const { db } = context.database;
  const where = eq(accountingSyncRuns.businessId, options.businessId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(accountingSyncRuns)
      .where(where)
      .orderBy(desc(accountingSyncRuns.sequence))
      .limit(options.pageSize)
      .offset((options.pageNumber - 1) * options.pageSize),
    db.select({ total: sql<number>`count(*)` }).from(accountingSyncRuns).where(where),
  ]);
  return {
    items: rows.map(toSyncRunView),
    total: Number(total?.total ?? 0),
    pageNumber: options.pageNumber,
    pageSize: options.pageSize,
  };
}

const bump = (counts: SyncCounts, field: keyof SyncCounts, kind: SyncKind) => {
  counts[field][kind] = (counts[field][kind] ?? 0) + 1;
};

type Failure = AccountingSyncRunRow['failures'][number];

/** What one record's sync did. */
type Outcome = 'imported' | 'updated' | 'pushed' | 'unchanged' | { failure: string };

/**
 * The sync job: advances the run page by page, saving where it is after each page, so a run whose
 * process dies goes on from its last page when the job runs again (every record step is idempotent:
 * records are matched by their links first, then by natural keys, and pushes reuse their idempotency
 * key). Stops when the run is no longer IN_PROGRESS (disconnected, or finished by another worker).
 */
export async function runSync(context: Context, runId: string): Promise<void> {
  const { db } = context.database;
  for (;;) {
    const [run] = await db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.id, runId)).limit(1);
    if (run?.status !== 'IN_PROGRESS') return;
    const [connection] = await db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.id, run.connectionId))
      .limit(1);
    if (connection?.status !== 'CONNECTED') {
      await finish(context, run, {
        error: ACCOUNTING_MESSAGES.expired,
        syncStatus: 'NOT_INITIATED_INVALID_TOKEN',
      });
      return;
    }
    const cursor = run.cursor ?? {
      step: '0',
      page: null,
      since: null,
      startedThrough: run.startedAt.toISOString(),
    };
    const index = Number(cursor.step);
    const step = STEPS[index];
    if (!step) {
      await finish(context, run, {
        error: null,
        syncStatus: 'COMPLETED',
        syncedThrough: cursor.startedThrough,
      });
      return;
    }
    let provider: AccountingProvider;
    let handle: AccountingHandle;
    const counts: SyncCounts = structuredClone(run.counts);
    const failures: Failure[] = [...run.failures];
    let next: Cursor;
    try {
      ({ provider, handle } = await handleFor(context, connection));
      const io = { context, connection, provider, handle, counts, failures };
      next =
        step.direction === 'import'
          ? await importPage(io, step.kind as ImportKind, cursor, index)
          : await pushPage(io, step.kind, cursor, index);
    } catch (error) {
      if (error instanceof AccountingError && error.code === 'TOKEN_EXPIRED') {
        await markExpired(context, connection.id);
        await finish(context, run, {
          error: ACCOUNTING_MESSAGES.expired,
          syncStatus: 'NOT_INITIATED_INVALID_TOKEN',
        });
        return;
      }
      if (error instanceof AccountingError) {
        await finish(context, run, { error: error.message, syncStatus: 'FAILED' });
        return;
      }
      throw error;
    }
    const saved = await db
      .update(accountingSyncRuns)
      .set({
        cursor: next,
        step: STEPS[Number(next.step)]?.kind ?? null,
        counts,
        failures: failures.slice(-200),
        heartbeatAt: context.clock.now(),
      })
      .where(and(eq(accountingSyncRuns.id, run.id), eq(accountingSyncRuns.status, 'IN_PROGRESS')))
      .returning({ id: accountingSyncRuns.id });
    if (saved.length === 0) return;
  }
}

async function finish(
  context: Pick<AppContext, 'database' | 'clock'>,
  run: AccountingSyncRunRow,
  outcome: {
    error: string | null;
    syncStatus: AccountingConnectionRow['syncStatus'];
    syncedThrough?: string;
  },
) {
  const now = context.clock.now();
  await context.database.db.transaction(async (tx) => {
    const done = await tx
      .update(accountingSyncRuns)
      .set({
        status: outcome.error ? 'FAILED' : 'COMPLETED',
        error: outcome.error,
        finishedAt: now,
        step: null,
      })
      .where(and(eq(accountingSyncRuns.id, run.id), eq(accountingSyncRuns.status, 'IN_PROGRESS')))
      .returning({ id: accountingSyncRuns.id });
    if (done.length === 0) return;
    await tx
      .update(accountingConnections)
      .set({
        syncStatus: outcome.syncStatus,
        ...(outcome.error ? {} : { lastSyncAt: now, syncedThrough: outcome.syncedThrough ?? null }),
        updatedAt: now,
      })
      .where(eq(accountingConnections.id, run.connectionId));
  });
}

interface StepIo {
  context: Context;
  connection: AccountingConnectionRow;
  provider: AccountingProvider;
  handle: AccountingHandle;
  counts: SyncCounts;
  failures: Failure[];
}

const record = (io: StepIo, kind: SyncKind, name: string, outcome: Outcome) => {
  if (outcome === 'unchanged') return;
  if (typeof outcome === 'object') {
    io.failures.push({ kind, name, message: outcome.failure });
    return;
  }
  bump(io.counts, outcome, kind);
};

async function importPage(io: StepIo, kind: ImportKind, cursor: Cursor, index: number): Promise<Cursor> {
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

/** A readable reason for a record that could not sync (a validation message, a clash), never a stack. */
function reasonOf(error: unknown): string {
  if (error instanceof AppError) {
    const field = error.errors[0]?.message;
    return field ?? error.message;
  }
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  if (code === '23505') return 'It clashes with a record already in Ferry (same name, email or number).';
  return 'It could not be saved in Ferry.';
}

async function findLinkByRemote(db: DbOrTx, connectionId: string, kind: SyncKind, remoteId: string) {
  const [row] = await db
    .select()
    .from(accountingLinks)
    .where(
      and(
        eq(accountingLinks.connectionId, connectionId),
        eq(accountingLinks.kind, kind),
        eq(accountingLinks.remoteId, remoteId),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function findLinkByFerry(db: DbOrTx, connectionId: string, kind: SyncKind, ferryId: string) {
  const [row] = await db
    .select()
    .from(accountingLinks)
    .where(
      and(
        eq(accountingLinks.connectionId, connectionId),
        eq(accountingLinks.kind, kind),
        eq(accountingLinks.ferryId, ferryId),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function writeLink(
  db: DbOrTx,
  io: StepIo,
  values: {
    kind: SyncKind;
    ferryId: string;
    remoteId: string;
    remoteUpdatedAt: string;
    digest?: string | null;
  },
) {
  const now = io.context.clock.now();
  await db
    .insert(accountingLinks)
    .values({
      id: newId(),
      businessId: io.connection.businessId,
      connectionId: io.connection.id,
      kind: values.kind,
      ferryId: values.ferryId,
      remoteId: values.remoteId,
      remoteUpdatedAt: values.remoteUpdatedAt,
      syncedDigest: values.digest ?? null,
      idempotencyKey: `${io.connection.id}:${values.kind}:${values.ferryId}`,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [accountingLinks.connectionId, accountingLinks.kind, accountingLinks.ferryId],
      set: {
        remoteId: values.remoteId,
        remoteUpdatedAt: values.remoteUpdatedAt,
        syncedDigest: values.digest ?? null,
        updatedAt: now,
      },
    });
}

async function touchLink(
  db: DbOrTx,
  link: AccountingLinkRow,
  patch: Partial<Pick<AccountingLinkRow, 'remoteUpdatedAt' | 'syncedDigest' | 'remoteDeleted'>>,
  now: Date,
) {
  await db
    .update(accountingLinks)
    .set({ ...patch, updatedAt: now })
    .where(eq(accountingLinks.id, link.id));
}

const contactDigest = (name: string, email: string) =>
  createHash('sha256').update(`${name}\u0000${email.toLowerCase()}`).digest('hex');

async function importRecord(
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
async function importAccount(io: StepIo, remote: ImportRecords['ACCOUNT']): Promise<Outcome> {
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
async function fallbackAccount(db: DbOrTx, businessId: string, types: string[]): Promise<string | null> {
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

async function importItem(io: StepIo, remote: ImportRecords['ITEM']): Promise<Outcome> {
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
async function importContact(
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
 * Bills and invoices. Open documents of linked contacts come in through the same service (and so the
 * same validation and activity log) as one made in Ferry; paid, voided and deleted ones are history and
 * stay in the books. A document already linked is left as it is in Ferry (its payments are Ferry's to
 * move); the books voiding or deleting it is noted on the link and reported.
 */
async function importDocument(
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
  for (const line of remote.lines.length
    ? remote.lines
    : [
        {
          description: remote.memo,
          amountCents: remote.totalCents,
          quantity: 1,
          accountRemoteId: null,
          itemRemoteId: null,
        },
      ]) {
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
  // A document made by an earlier run that died before linking it: found by its number, then linked.
  const existing = await findDocumentByRef(db, kind, businessId, refNo);
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

async function findDocumentByRef(db: DbOrTx, kind: 'BILL' | 'INVOICE', businessId: string, refNo: string) {
  const table = kind === 'BILL' ? 'bills' : 'invoices';
  const result = await db.execute(
    sql`select id from ${sql.identifier(table)} where business_id = ${businessId} and lower(ref_no) = lower(${refNo}) limit 1`,
  );
  const rows =
    (result as unknown as { rows: { id: string }[] }).rows ?? (result as unknown as { id: string }[]);
  return rows[0]?.id ?? null;
}

async function pushPage(io: StepIo, kind: SyncKind, cursor: Cursor, index: number): Promise<Cursor> {
  if (kind === 'VENDOR' || kind === 'CUSTOMER') return pushContacts(io, kind, cursor, index);
  if (kind === 'BILL' || kind === 'INVOICE') return pushDocuments(io, kind, cursor, index);
  if (kind === 'BILL_PAYMENT') return pushBillPayments(io, cursor, index);
  if (kind === 'INVOICE_PAYMENT') return pushInvoicePayments(io, cursor, index);
  return { ...cursor, step: String(index + 1), page: null };
}

/**
 * Contacts made in Ferry go to the books; contacts changed only in Ferry since the last sync are
 * written there. The link (with its idempotency key) is written before the call, so a run that dies
 * after the books made the record finds it again with the same key.
 */
async function pushContacts(
  io: StepIo,
  kind: 'VENDOR' | 'CUSTOMER',
  cursor: Cursor,
  index: number,
): Promise<Cursor> {
  const { context, connection } = io;
  const { db } = context.database;
  const page = await contactsPage(db, {
    businessId: connection.businessId,
    type: kind,
    afterCreatedAt: cursor.page ? new Date(cursor.page) : null,
    limit: PUSH_PAGE,
  });
  for (const contact of page) {
    if (contact.networkBusinessId && !contact.email) continue;
    const digest = contactDigest(contact.name, contact.email);
    const link = await findLinkByFerry(db, connection.id, kind, contact.id);
    if (link?.remoteId && link.syncedDigest === digest) continue;
    if (link?.remoteDeleted) continue;
    const fields = {
      name: contact.name,
      email: contact.email || null,
      phone: contact.phone?.phoneNumber ?? null,
    };
    try {
      if (link?.remoteId) {
        const { updatedAt } = await io.provider.update(io.handle, kind, link.remoteId, fields);
        await touchLink(db, link, { remoteUpdatedAt: updatedAt, syncedDigest: digest }, context.clock.now());
        record(io, kind, contact.name, 'pushed');
        continue;
      }
      const remoteId = await pushOnce(io, kind, contact.id, contact.name, fields);
      if (remoteId) {
        await db
          .update(accountingLinks)
          .set({ syncedDigest: digest })
          .where(
            and(
              eq(accountingLinks.connectionId, connection.id),
              eq(accountingLinks.kind, kind),
              eq(accountingLinks.ferryId, contact.id),
            ),
          );
      }
    } catch (error) {
      if (error instanceof AccountingError && error.code === 'REJECTED') {
        record(io, kind, contact.name, { failure: error.message });
        continue;
      }
      throw error;
    }
  }
  const last = page.at(-1);
  return page.length === PUSH_PAGE && last
    ? { ...cursor, page: last.createdAt.toISOString() }
    : { ...cursor, step: String(index + 1), page: null };
}

/**
 * Ferry's delivered payments go to the books as bill payments against the bill's twin, from the chart
 * account the paying bank or card is linked to, with the rail's reference in the memo so a bookkeeper
 * can reconcile without Ferry open.
 */
async function pushBillPayments(io: StepIo, cursor: Cursor, index: number): Promise<Cursor> {
  const { context, connection } = io;
  const { db } = context.database;
  const businessId = connection.businessId;
  const page = await deliveredPaymentsPage(db, {
    businessId,
    afterSequence: cursor.page ? Number(cursor.page) : 0,
    limit: PUSH_PAGE,
  });
  const linked = page.length
    ? await db
        .select({ ferryId: accountingLinks.ferryId, remoteId: accountingLinks.remoteId })
        .from(accountingLinks)
        .where(
          and(
            eq(accountingLinks.connectionId, connection.id),
            eq(accountingLinks.kind, 'BILL_PAYMENT'),
            inArray(
              accountingLinks.ferryId,
              page.map((payment) => payment.id),
            ),
          ),
        )
    : [];
  const done = new Set(linked.filter((link) => link.remoteId).map((link) => link.ferryId));
  for (const payment of page) {
    if (done.has(payment.id)) continue;
    const name = `Payment ${payment.id}`;
    const billLink = await findLinkByFerry(db, connection.id, 'BILL', payment.billId);
    const vendorLink = await findLinkByFerry(db, connection.id, 'VENDOR', payment.vendorId);
    if (!billLink?.remoteId || !vendorLink?.remoteId) continue; // a bill the books do not have
    const accountId = await paymentAccount(io, payment);
    if (!accountId) {
      record(io, 'BILL_PAYMENT', name, {
        failure: 'No bank account in the chart of accounts to record it from.',
      });
      continue;
    }
    const rails = (payment.railsData ?? {}) as Record<string, unknown>;
    const railRef = String(
      (payment.method === 'CARD' ? rails.debitTransferId : rails.creditTransferId) ??
        rails.debitTransferId ??
        payment.id,
    );
    const reference = railRef.slice(0, 60);
    const memo = `Paid with Ferry (payment ${payment.id}); ${payment.method === 'CARD' ? 'card charge' : 'ACH transfer'} ${railRef}`;
    await pushOnce(io, 'BILL_PAYMENT', payment.id, name, {
      documentRemoteId: billLink.remoteId,
      contactRemoteId: vendorLink.remoteId,
      amountCents: payment.amountCents,
      date: payment.paidDate ?? payment.processDate,
      accountRemoteId: accountId,
      memo,
      reference,
    });
  }
  const last = page.at(-1);
  return page.length === PUSH_PAGE && last
    ? { ...cursor, page: String(last.sequence) }
    : { ...cursor, step: String(index + 1), page: null };
}

/** The books' id of the account the money left from: the bank's or card's linked chart account, else the first bank account. */
async function paymentAccount(
  io: StepIo,
  payment: { bankAccountId: string | null; cardId: string | null },
): Promise<string | null> {
  const { db } = io.context.database;
  const businessId = io.connection.businessId;
  let chartAccountId: string | null = null;
  try {
    if (payment.bankAccountId)
      chartAccountId =
        (await findBank(db, { businessId, bankId: payment.bankAccountId })).chartAccountId ?? null;
    else if (payment.cardId)
      chartAccountId = (await findCard(db, { businessId, cardId: payment.cardId })).chartAccountId ?? null;
  } catch {
    chartAccountId = null;
  }
  if (chartAccountId) {
    const link = await findLinkByFerry(db, io.connection.id, 'ACCOUNT', chartAccountId);
    if (link?.remoteId) return link.remoteId;
  }
  const [bank] = await db
    .select({ remoteId: accountingLinks.remoteId })
    .from(accountingLinks)
    .innerJoin(chartAccounts, eq(chartAccounts.id, accountingLinks.ferryId))
    .where(
      and(
        eq(accountingLinks.connectionId, io.connection.id),
        eq(accountingLinks.kind, 'ACCOUNT'),
        eq(chartAccounts.accountType, 'BANK'),
        eq(chartAccounts.isActive, true),
      ),
    )
    .orderBy(asc(chartAccounts.number))
    .limit(1);
  return bank?.remoteId ?? null;
}

/**
 * Every 15 minutes: a sync for each connection with auto-sync on whose last one is older than the
 * setting, and a new job for any run whose process died (no progress for STALE_RUN_MS).
 */
export async function autoSync(context: Context): Promise<void> {
  const { db } = context.database;
  const now = context.clock.now();
  const due = new Date(now.getTime() - context.config.ACCOUNTING_AUTO_SYNC_MINUTES * 60 * 1000);
  const stale = await db
    .select({ id: accountingSyncRuns.id })
    .from(accountingSyncRuns)
    .where(
      and(
        eq(accountingSyncRuns.status, 'IN_PROGRESS'),
        lt(accountingSyncRuns.heartbeatAt, new Date(now.getTime() - STALE_RUN_MS)),
      ),
    )
    .limit(100);
  for (const run of stale)
    await context.jobs.send(SYNC_JOB, { runId: run.id }, { singletonKey: `${run.id}:${now.getTime()}` });
  const connections = await db
    .select({ businessId: accountingConnections.businessId })
    .from(accountingConnections)
    .where(
      and(
        eq(accountingConnections.status, 'CONNECTED'),
        eq(accountingConnections.autoSync, true),
        sql`(${accountingConnections.lastSyncAt} is null or ${accountingConnections.lastSyncAt} < ${due})`,
        sql`${accountingConnections.syncStatus} <> 'IN_PROGRESS'`,
      ),
    )
    .limit(500);
  for (const connection of connections) {
    try {
      await requestSync(context, { businessId: connection.businessId, trigger: 'SCHEDULE', userId: null });
    } catch {
      // Disconnected or expired meanwhile: nothing to do.
    }
  }
}

export function registerAccountingJobs(context: Context): void {
  context.jobs.register<{ runId: string }>(SYNC_JOB, async (data) => runSync(context, data.runId), {
    retryLimit: 5,
  });
  context.jobs.register(AUTO_SYNC_JOB, async () => autoSync(context), {
    cron: '*/15 * * * *',
    retryLimit: 0,
  });
}

/** For tests and the demo: runs a business's queued sync to its end in this process. */
export async function syncNow(
  context: Context,
  options: { businessId: string; trigger?: AccountingSyncRunRow['trigger']; userId?: string | null },
) {
  const run = await requestSync(context, {
    businessId: options.businessId,
    trigger: options.trigger ?? 'MANUAL',
    userId: options.userId ?? null,
  });
  await runSync(context, run.id);
  const [done] = await context.database.db
    .select()
    .from(accountingSyncRuns)
    .where(eq(accountingSyncRuns.id, run.id))
    .limit(1);
  return done ? toSyncRunView(done) : run;
}

/**
 * Creates a record in the books once: the link and its idempotency key are written first, so a run that
 * dies after the books made the record asks again with the same key and gets the same record back.
 * Answers null when the books refused it (reported as a failure).
 */
async function pushOnce<K extends PushKind>(
  io: StepIo,
  kind: K,
  ferryId: string,
  name: string,
  values: PushRecords[K],
): Promise<string | null> {
  const { context, connection } = io;
  const { db } = context.database;
  const key = `${connection.id}:${kind}:${ferryId}`;
  const now = context.clock.now();
  await db
    .insert(accountingLinks)
    .values({
      id: newId(),
      businessId: connection.businessId,
      connectionId: connection.id,
      kind,
      ferryId,
      remoteId: null,
      idempotencyKey: key,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  try {
    const created = await io.provider.create(io.handle, kind, values, key);
    await db
      .update(accountingLinks)
      .set({ remoteId: created.remoteId, remoteUpdatedAt: created.updatedAt, updatedAt: context.clock.now() })
      .where(
        and(
          eq(accountingLinks.connectionId, connection.id),
          eq(accountingLinks.kind, kind),
          eq(accountingLinks.ferryId, ferryId),
        ),
      );
    record(io, kind, name, 'pushed');
    return created.remoteId;
  } catch (error) {
    if (error instanceof AccountingError && error.code === 'REJECTED') {
      record(io, kind, name, { failure: error.message });
      return null;
    }
    throw error;
  }
}

/** The links of some Ferry records of a kind that already have their twin in the books. */
async function linkedIds(io: StepIo, kind: SyncKind, ferryIds: string[]): Promise<Map<string, string>> {
  if (ferryIds.length === 0) return new Map();
  const rows = await io.context.database.db
    .select({ ferryId: accountingLinks.ferryId, remoteId: accountingLinks.remoteId })
    .from(accountingLinks)
    .where(
      and(
        eq(accountingLinks.connectionId, io.connection.id),
        eq(accountingLinks.kind, kind),
        inArray(accountingLinks.ferryId, ferryIds),
      ),
    );
  return new Map(rows.flatMap((row) => (row.remoteId ? [[row.ferryId, row.remoteId] as const] : [])));
}

/**
 * Bills and invoices made in Ferry go to the books with their lines booked to the linked accounts and
 * items (unlinked ones are left for the books to default). One whose contact is not in the books yet
 * waits for a later run.
 */
async function pushDocuments(
  io: StepIo,
  kind: 'BILL' | 'INVOICE',
  cursor: Cursor,
  index: number,
): Promise<Cursor> {
  const { context, connection } = io;
  const { db } = context.database;
  const businessId = connection.businessId;
  const pageOptions = { businessId, afterSequence: cursor.page ? Number(cursor.page) : 0, limit: PUSH_PAGE };
  const page =
    kind === 'BILL' ? await ferryBillsPage(db, pageOptions) : await ferryInvoicesPage(db, pageOptions);
  const done = await linkedIds(
    io,
    kind,
    page.map((row) => row.id),
  );
  for (const { id } of page) {
    if (done.has(id)) continue;
    const view =
      kind === 'BILL'
        ? await getBill(context, { businessId, billId: id })
        : await getInvoice(context, { businessId, invoiceId: id });
    const contactKind = kind === 'BILL' ? 'VENDOR' : 'CUSTOMER';
    const contact = await findLinkByFerry(db, connection.id, contactKind, view.contact.id);
    if (!contact?.remoteId) continue;
    const accounts = await linkedIds(
      io,
      'ACCOUNT',
      view.lines.flatMap((line) => line.chartAccountId ?? []),
    );
    const items = await linkedIds(
      io,
      'ITEM',
      view.lines.flatMap((line) => line.itemId ?? []),
    );
    await pushOnce(io, kind, id, view.refNo, {
      contactRemoteId: contact.remoteId,
      number: view.refNo,
      date: 'billDate' in view ? view.billDate : view.invoiceDate,
      dueDate: view.dueDate,
      memo: view.memo,
      lines: documentLines(view, accounts, items),
    });
  }
  const last = page.at(-1);
  return page.length === PUSH_PAGE && last
    ? { ...cursor, page: String(last.sequence) }
    : { ...cursor, step: String(index + 1), page: null };
}

/**
 * A document's lines for the books, adding up to its amount: the tax as a line of its own, the discount
 * taken off the lines from the last one up; a document without lines is one line of its amount.
 */
export function documentLines(
  view: {
    refNo: string;
    amount: number;
    taxAmount: number;
    discount: { amount: number } | null;
    lines: {
      description: string | null;
      name: string;
      amount: number;
      chartAccountId: string | null;
      itemId: string | null;
    }[];
  },
  accounts: Map<string, string>,
  items: Map<string, string>,
): DocumentPush['lines'] {
  const cents = (amount: number) => Math.round(amount * 100);
  const lines: DocumentPush['lines'] = view.lines.map((line) => ({
    description: line.description ?? line.name,
    amountCents: cents(line.amount),
    accountRemoteId: line.chartAccountId ? (accounts.get(line.chartAccountId) ?? null) : null,
    itemRemoteId: line.itemId ? (items.get(line.itemId) ?? null) : null,
  }));
  let discount = cents(view.discount?.amount ?? 0);
  for (let i = lines.length - 1; i >= 0 && discount > 0; i -= 1) {
    const line = lines[i] as DocumentPush['lines'][number];
    const taken = Math.min(line.amountCents, discount);
    line.amountCents -= taken;
    discount -= taken;
  }
  const tax = cents(view.taxAmount);
  if (tax > 0)
    lines.push({ description: 'Tax', amountCents: tax, accountRemoteId: null, itemRemoteId: null });
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const amount = cents(view.amount);
  if (total !== amount) {
    return [
      {
        description: view.refNo,
        amountCents: amount,
        accountRemoteId: lines[0]?.accountRemoteId ?? null,
        itemRemoteId: null,
      },
    ];
  }
  return lines;
}

/**
 * Payments of invoices (received through Ferry, or marked as paid) go to the books as invoice payments
 * into the account the receiving bank is linked to.
 */
async function pushInvoicePayments(io: StepIo, cursor: Cursor, index: number): Promise<Cursor> {
  const { context, connection } = io;
  const { db } = context.database;
  const page = await invoicePaymentsPage(db, {
    businessId: connection.businessId,
    afterSequence: cursor.page ? Number(cursor.page) : 0,
    limit: PUSH_PAGE,
  });
  const done = await linkedIds(
    io,
    'INVOICE_PAYMENT',
    page.map((row) => row.id),
  );
  for (const payment of page) {
    if (done.has(payment.id)) continue;
    const invoice = await findLinkByFerry(db, connection.id, 'INVOICE', payment.invoiceId);
    const customer = await findLinkByFerry(db, connection.id, 'CUSTOMER', payment.customerId);
    if (!invoice?.remoteId || !customer?.remoteId) continue;
    const name = `Invoice payment ${payment.id}`;
    const accountId = await paymentAccount(io, { bankAccountId: payment.bankAccountId, cardId: null });
    if (!accountId) {
      record(io, 'INVOICE_PAYMENT', name, {
        failure: 'No bank account in the chart of accounts to record it into.',
      });
      continue;
    }
    const reference = payment.paymentId ?? payment.id;
    await pushOnce(io, 'INVOICE_PAYMENT', payment.id, name, {
      documentRemoteId: invoice.remoteId,
      contactRemoteId: customer.remoteId,
      amountCents: payment.amountCents,
      date: payment.date,
      accountRemoteId: accountId,
      memo:
        payment.kind === 'RECEIVED'
          ? `Received with Ferry (payment ${payment.paymentId})`
          : `Marked as paid in Ferry (${payment.id})`,
      reference,
    });
  }
  const last = page.at(-1);
  return page.length === PUSH_PAGE && last
    ? { ...cursor, page: String(last.sequence) }
    : { ...cursor, step: String(index + 1), page: null };
}
