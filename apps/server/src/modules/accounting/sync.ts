import { ACCOUNTING_MESSAGES, type SyncKind, type SyncRun } from '@ferry/domain/schemas';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import type { AccountingProviderType } from '../../providers/accounting/accounting.js';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingProvider,
  type ImportKind,
} from '../../providers/accounting/accounting.js';
import { currentConnection, handleFor, markExpired, toSyncRunView } from './connections.js';
import { importPage } from './sync-import.js';
import { pushPage } from './sync-push.js';
import type { Context, Cursor, Failure } from './sync-step.js';
import {
  type AccountingConnectionRow,
  type AccountingSyncRunRow,
  accountingConnections,
  accountingSyncRuns,
  type SyncCounts,
} from './tables.js';

export { documentLines } from './sync-push.js';
export type { Context } from './sync-step.js';

export const SYNC_JOB = 'accounting.sync';
export const AUTO_SYNC_JOB = 'accounting.auto-sync';

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

/** Changes in the books are read from a little before the last sync started (clocks differ). */
const OVERLAP_MS = 5 * 60 * 1000;
/** A run with no progress for this long is picked up again (its process died). */
export const STALE_RUN_MS = 10 * 60 * 1000;

/**
 * POST /sync/platform/{businessId}/{providerType} and the schedule: starts a run unless one is running
 * (then answers that one). One run per business at a time (a unique index, not just a check).
 */
export async function requestSync(
  context: Context,
  options: {
    businessId: string;
    trigger: AccountingSyncRunRow['trigger'];
    userId: string | null;
    /** The provider the caller means (POST /sync/platform): another one connected is a 409. */
    providerType?: AccountingProviderType;
  },
): Promise<SyncRun> {
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const connection = await currentConnection(tx, options.businessId);
    if (!connection || connection.status === 'DISCONNECTED')
      throw new AppError('CONFLICT', ACCOUNTING_MESSAGES.notConnected);
    if (options.providerType && connection.providerType !== options.providerType)
      throw new AppError('CONFLICT', 'That accounting software is not the one connected.');
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
