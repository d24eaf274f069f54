import { createHash } from 'node:crypto';
import type { SyncKind } from '@ferry/domain/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingProvider,
  type PushKind,
  type PushRecords,
} from '../../providers/accounting/accounting.js';
import type { Actor } from '../activity/service.js';
import {
  type AccountingConnectionRow,
  type AccountingLinkRow,
  type AccountingSyncRunRow,
  accountingLinks,
  type SyncCounts,
} from './tables.js';

/*
 * The pieces every step of a sync shares: what a step works with, the links between Ferry's records
 * and the books', and a push made once.
 */

export type Context = Pick<AppContext, 'config' | 'database' | 'clock' | 'providers' | 'jobs'>;

/** The books' actor on Ferry's records (activity log). */
export const BOOKS_ACTOR: Actor = { type: 'PROVIDER', userId: null, name: 'Accounting software' };

export const PUSH_PAGE = 50;
export interface Cursor {
  step: string;
  page: string | null;
  since: string | null;
  startedThrough: string;
}

export const bump = (counts: SyncCounts, field: keyof SyncCounts, kind: SyncKind) => {
  counts[field][kind] = (counts[field][kind] ?? 0) + 1;
};

export type Failure = AccountingSyncRunRow['failures'][number];

/** What one record's sync did. */
export type Outcome = 'imported' | 'updated' | 'pushed' | 'unchanged' | { failure: string };

export interface StepIo {
  context: Context;
  connection: AccountingConnectionRow;
  provider: AccountingProvider;
  handle: AccountingHandle;
  counts: SyncCounts;
  failures: Failure[];
}

export const record = (io: StepIo, kind: SyncKind, name: string, outcome: Outcome) => {
  if (outcome === 'unchanged') return;
  if (typeof outcome === 'object') {
    io.failures.push({ kind, name, message: outcome.failure });
    return;
  }
  bump(io.counts, outcome, kind);
};

/** A readable reason for a record that could not sync (a validation message, a clash), never a stack. */
export function reasonOf(error: unknown): string {
  if (error instanceof AppError) {
    const field = error.errors[0]?.message;
    return field ?? error.message;
  }
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  if (code === '23505') return 'It clashes with a record already in Ferry (same name, email or number).';
  return 'It could not be saved in Ferry.';
}

export async function findLinkByRemote(db: DbOrTx, connectionId: string, kind: SyncKind, remoteId: string) {
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

export async function findLinkByFerry(db: DbOrTx, connectionId: string, kind: SyncKind, ferryId: string) {
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

export async function writeLink(
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

export async function touchLink(
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

export const contactDigest = (name: string, email: string) =>
  createHash('sha256').update(`${name}\u0000${email.toLowerCase()}`).digest('hex');

/** The links of some Ferry records of a kind that already have their twin in the books. */
export async function linkedIds(
  io: StepIo,
  kind: SyncKind,
  ferryIds: string[],
): Promise<Map<string, string>> {
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
 * Creates a record in the books once: the link and its idempotency key are written first, so a run that
 * dies after the books made the record asks again with the same key and gets the same record back.
 * Answers null when the books refused it (reported as a failure).
 */
export async function pushOnce<K extends PushKind>(
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
