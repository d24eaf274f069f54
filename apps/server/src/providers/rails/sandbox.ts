import { randomBytes } from 'node:crypto';
import { addBusinessDays, toCalendarDate } from '@ferry/domain/dates';
import { newYorkDate } from '@ferry/domain/payments';
import { and, asc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import { getDataSecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/client.js';
import {
  CARD_REFUND_RETURN_CODE,
  deliverSettlementEvents,
  isRailsCard,
  type RailsProvider,
  type RailsTransfer,
  type SettlementBatchHandler,
  type SettlementHandler,
  type SettlementOutcome,
  type TransferDirection,
  type TransferKind,
  type TransferStatus,
} from './rails.js';
import { SANDBOX_RETURN_AFTER_BUSINESS_DAYS, sandboxFailurePlan } from './sandbox-failures.js';
import { type SandboxRailsTransferRow, sandboxRailsClock, sandboxRailsTransfers } from './sandbox-tables.js';

const CLOCK_ID = 'default';

export interface SandboxStatementLine {
  id: string;
  postedAt: Date | null;
  description: string;
  /** Positive for a credit, negative for a debit. */
  amountCents: number;
  status: 'PENDING' | 'POSTED';
}

/** A statement alert the sandbox bank sends its customer when money posts to their account. */
export interface SandboxStatementAlert {
  to: string;
  bankName: string;
  holderName: string;
  accountMask: string;
  lines: SandboxStatementLine[];
}

export interface SandboxRailsProvider extends RailsProvider {
  readonly name: 'sandbox';
  clock(): Promise<{ now: Date; offsetMs: number }>;
  /** Moves the sandbox clock forward (to the same time of day `businessDays` business days later, then `hours`) and settles what became due. */
  advance(options: { businessDays?: number; hours?: number }): Promise<{
    now: Date;
    offsetMs: number;
    settled: number;
  }>;
  /** The account's statement at the sandbox bank, newest first. */
  statement(account: { routingNumber: string; accountNumber: string }): Promise<SandboxStatementLine[]>;
  /** Who sends the sandbox bank's statement alerts (Ferry's outbox stands in for the bank's mailer). */
  setAlertSender(sender: (alert: SandboxStatementAlert) => Promise<void>): void;
}

export const isSandboxRails = (provider: RailsProvider): provider is SandboxRailsProvider =>
  provider.name === 'sandbox';

const toTransfer = (row: SandboxRailsTransferRow): RailsTransfer => ({
  id: row.id,
  kind: row.kind as TransferKind,
  amountCents: row.amountCents,
  direction: row.direction as TransferDirection,
  reference: row.reference,
  accountMask: row.accountMask,
  idempotencyKey: row.idempotencyKey,
  settleOn: row.settleOn,
  status: row.status as TransferStatus,
  postedAt: row.postedAt,
  returnCode: row.returnCode ?? null,
  returnedAt: row.returnedAt ?? null,
  description: row.description,
  createdAt: row.createdAt,
});

const toLine = (row: SandboxRailsTransferRow): SandboxStatementLine => ({
  id: row.id,
  postedAt: row.postedAt,
  description: row.description,
  amountCents: row.direction === 'CREDIT' ? row.amountCents : -row.amountCents,
  status: row.status === 'PENDING' ? 'PENDING' : 'POSTED',
});

/**
 * A transfer as its account's statement shows it: a failed one never moved money (no line); a returned
 * one shows its entry and, after it, the return that undid it.
 */
const toLines = (row: SandboxRailsTransferRow): SandboxStatementLine[] => {
  if (row.status === 'FAILED') return [];
  const line = toLine(row);
  if (row.status !== 'RETURNED') return [line];
  return [
    line,
    {
      id: `${row.id}_return`,
      postedAt: row.returnedAt,
      description: `${row.description} RETURN ${row.returnCode ?? ''}`.trim(),
      amountCents: -line.amountCents,
      status: 'POSTED',
    },
  ];
};

/**
 * Rails that work offline: transfers wait in the sandbox's own table and settle on their business day
 * by the sandbox clock (the real clock plus a stored offset, so a tester can jump ahead days). A
 * settled transfer shows on the sandbox bank's statement, the bank mails its customer an alert, and
 * the settlement handlers hear of it — as a real rail's webhook would tell Ferry.
 */
export function createSandboxRails(options: {
  database: Database;
  clock: Clock;
  config: Pick<Config, 'DATA_ENCRYPTION_KEY' | 'dataDir'>;
}): SandboxRailsProvider {
  const { db } = options.database;
  const handlers: SettlementHandler[] = [];
  const batchHandlers: SettlementBatchHandler[] = [];
  let alertSender: ((alert: SandboxStatementAlert) => Promise<void>) | null = null;
  const accountDigest = (routingNumber: string, accountNumber: string) =>
    getDataSecretBox(options.config).digest(`sandbox-bank:${routingNumber}:${accountNumber}`);

  /**
   * Updates every transfer matching `where`, locking the rows in id order first: two workers updating
   * overlapping sets at once then wait for each other instead of deadlocking (a plain multi-row UPDATE
   * locks rows in whatever order its plan visits them). Returns the updated rows.
   */
  const updateInIdOrder = (where: SQL | undefined, set: PgUpdateSetSource<typeof sandboxRailsTransfers>) =>
    db.transaction(async (tx) => {
      const locked = await tx
        .select({ id: sandboxRailsTransfers.id })
        .from(sandboxRailsTransfers)
        .where(where)
        .orderBy(asc(sandboxRailsTransfers.id))
        .for('update');
      if (locked.length === 0) return [];
      return tx
        .update(sandboxRailsTransfers)
        .set(set)
        .where(
          and(
            where,
            inArray(
              sandboxRailsTransfers.id,
              locked.map((row) => row.id),
            ),
          ),
        )
        .returning();
    });

  const readOffset = async (): Promise<number> => {
    const [row] = await db.select().from(sandboxRailsClock).where(eq(sandboxRailsClock.id, CLOCK_ID));
    return row?.offsetMs ?? 0;
  };
  const now = async () => new Date(options.clock.now().getTime() + (await readOffset()));

  const sendAlerts = async (rows: SandboxRailsTransferRow[]) => {
    if (!alertSender) return;
    const groups = new Map<string, SandboxRailsTransferRow[]>();
    for (const row of rows) {
      if (!row.holderEmail || row.alertSentAt) continue;
      const key = `${row.accountDigest}|${row.holderEmail}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const group of groups.values()) {
      const first = group[0];
      if (!first?.holderEmail) continue;
      await alertSender({
        to: first.holderEmail,
        bankName: first.bankName,
        holderName: first.holderName,
        accountMask: first.accountMask,
        lines: group.map(toLine),
      });
      for (const row of group) {
        await db
          .update(sandboxRailsTransfers)
          .set({ alertSentAt: options.clock.now() })
          .where(eq(sandboxRailsTransfers.id, row.id));
      }
    }
  };

  /**
   * Delivers every event not yet accepted by all handlers, in settlement order: settlements (POSTED or
   * FAILED) first, then returns, SETTLEMENT_BATCH_SIZE at a time. A batch goes to the batch handlers at
   * once and to the single handlers one by one; when a batch handler throws, the batch's events go out
   * one at a time instead. An event a handler throws on is left to be delivered again on the next run;
   * the other events still go out, and the first error is thrown at the end.
   */
  const deliverEvents = async () => {
    const deliver = async (
      rows: SandboxRailsTransferRow[],
      outcomeOf: (row: SandboxRailsTransferRow) => SettlementOutcome,
      returned: boolean,
    ) => {
      const events = rows.map((row) => ({ transfer: toTransfer(row), outcome: outcomeOf(row) }));
      const { accepted, error } = await deliverSettlementEvents(events, {
        single: handlers,
        batch: batchHandlers,
      });
      const acceptedIds = accepted.map((event) => event.transfer.id);
      if (acceptedIds.length > 0) {
        await updateInIdOrder(
          inArray(sandboxRailsTransfers.id, acceptedIds),
          returned
            ? { returnEventDeliveredAt: options.clock.now() }
            : { eventDeliveredAt: options.clock.now() },
        );
      }
      return error;
    };
    const settled = await db
      .select()
      .from(sandboxRailsTransfers)
      .where(
        and(
          inArray(sandboxRailsTransfers.status, ['POSTED', 'FAILED', 'RETURNED']),
          isNull(sandboxRailsTransfers.eventDeliveredAt),
        ),
      )
      .orderBy(asc(sandboxRailsTransfers.postedAt), asc(sandboxRailsTransfers.id));
    const settledError = await deliver(
      settled,
      (row) => (row.status === 'FAILED' ? 'FAILED' : 'POSTED'),
      false,
    );
    const returned = await db
      .select()
      .from(sandboxRailsTransfers)
      .where(
        and(
          eq(sandboxRailsTransfers.status, 'RETURNED'),
          sql`${sandboxRailsTransfers.eventDeliveredAt} is not null`,
          isNull(sandboxRailsTransfers.returnEventDeliveredAt),
        ),
      )
      .orderBy(asc(sandboxRailsTransfers.returnedAt), asc(sandboxRailsTransfers.id));
    const returnedError = await deliver(returned, () => 'RETURNED', true);
    const error = settledError ?? returnedError;
    if (error) throw error;
  };

  /** The rails' business day: New York's calendar date by the sandbox clock. */
  const railsToday = (current: Date) => newYorkDate(current);

  const processDue = async (): Promise<number> => {
    const current = await now();
    const today = railsToday(current);
    // Claimed at once: of two concurrent runs, each transfer is settled by exactly one. A test amount
    // planned to fail settles as FAILED with its return code; every other transfer posts.
    const settled = await updateInIdOrder(
      and(eq(sandboxRailsTransfers.status, 'PENDING'), lte(sandboxRailsTransfers.settleOn, today)),
      {
        status: sql`case when ${sandboxRailsTransfers.plannedOutcome} = 'FAIL' then 'FAILED' else 'POSTED' end`,
        returnCode: sql`case when ${sandboxRailsTransfers.plannedOutcome} = 'FAIL' then ${sandboxRailsTransfers.plannedReturnCode} else null end`,
        postedAt: current,
      },
    );
    // Planned returns come back on their day (after they posted).
    await updateInIdOrder(
      and(
        eq(sandboxRailsTransfers.status, 'POSTED'),
        eq(sandboxRailsTransfers.plannedOutcome, 'RETURN'),
        lte(sandboxRailsTransfers.returnOn, today),
      ),
      {
        status: 'RETURNED',
        returnCode: sql`${sandboxRailsTransfers.plannedReturnCode}`,
        returnedAt: current,
      },
    );
    await sendAlerts(settled.filter((row) => row.status === 'POSTED'));
    await deliverEvents();
    return settled.length;
  };

  const selectByKey = async (idempotencyKey: string) => {
    const [row] = await db
      .select()
      .from(sandboxRailsTransfers)
      .where(eq(sandboxRailsTransfers.idempotencyKey, idempotencyKey))
      .limit(1);
    return row ?? null;
  };

  return {
    name: 'sandbox',
    now,
    async createTransfer(input) {
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        throw new RangeError('A transfer amount must be a positive whole number of cents');
      }
      const existing = await selectByKey(input.idempotencyKey);
      if (existing) return toTransfer(existing);
      const { account } = input;
      const settleOn = toCalendarDate(input.settleOn);
      const plan = sandboxFailurePlan(input);
      // A planned return comes back two business days after the transfer posts.
      let returnOn: string | null = null;
      if (plan?.outcome === 'RETURN') {
        const postsOn = [settleOn, railsToday(await now())].sort().at(-1) ?? settleOn;
        returnOn = addBusinessDays(postsOn, SANDBOX_RETURN_AFTER_BUSINESS_DAYS);
      }
      const target = isRailsCard(account)
        ? {
            reference: account.reference,
            bankName: account.brand,
            routingNumber: 'CARD',
            accountDigest: getDataSecretBox(options.config).digest(`sandbox-card:${account.token}`),
            accountMask: account.last4,
          }
        : {
            reference: account.reference,
            bankName: account.bankName,
            routingNumber: account.routingNumber,
            accountDigest: accountDigest(account.routingNumber, account.accountNumber),
            accountMask: account.accountNumber.slice(-4),
          };
      await db
        .insert(sandboxRailsTransfers)
        .values({
          id: `tr_sbx_${randomBytes(12).toString('hex')}`,
          idempotencyKey: input.idempotencyKey,
          kind: input.kind,
          direction: input.direction,
          amountCents: input.amountCents,
          ...target,
          holderName: account.holderName,
          holderEmail: account.holderEmail ?? null,
          description: input.description,
          settleOn,
          plannedOutcome: plan?.outcome ?? null,
          plannedReturnCode: plan?.returnCode ?? null,
          returnOn,
          createdAt: options.clock.now(),
        })
        .onConflictDoNothing({ target: sandboxRailsTransfers.idempotencyKey });
      const row = await selectByKey(input.idempotencyKey);
      if (!row) throw new Error('sandbox transfer not stored');
      return toTransfer(row);
    },
    async findTransfer(idempotencyKey) {
      const row = await selectByKey(idempotencyKey);
      return row ? toTransfer(row) : null;
    },
    async listTransfers(filter) {
      const conditions: SQL[] = [];
      if (filter.reference) conditions.push(eq(sandboxRailsTransfers.reference, filter.reference));
      if (filter.kind) conditions.push(eq(sandboxRailsTransfers.kind, filter.kind));
      if (filter.status) conditions.push(eq(sandboxRailsTransfers.status, filter.status));
      const rows = await db
        .select()
        .from(sandboxRailsTransfers)
        .where(and(...conditions))
        .orderBy(asc(sandboxRailsTransfers.createdAt), asc(sandboxRailsTransfers.id));
      return rows.map(toTransfer);
    },
    onSettlementBatch(handler) {
      batchHandlers.push(handler);
    },
    onSettlement(handler) {
      handlers.push(handler);
    },
    processDue,
    // The sandbox settles by its own clock (processDue): it sends no webhooks.
    async handleWebhook() {
      return false;
    },
    /**
     * A posted card capture comes back at once (RETURNED, `refunded`); its event goes out with the next
     * processDue. Refunding it again answers it as it is.
     */
    async refundCardCapture({ transferId }) {
      const [row] = await db
        .select()
        .from(sandboxRailsTransfers)
        .where(eq(sandboxRailsTransfers.id, transferId))
        .limit(1);
      if (row?.kind !== 'CARD_CAPTURE') throw new Error(`No card capture ${transferId} to refund.`);
      if (row.status === 'RETURNED') return toTransfer(row);
      if (row.status !== 'POSTED')
        throw new Error(`The card capture ${transferId} has not posted: nothing to refund.`);
      const [refunded] = await updateInIdOrder(
        and(eq(sandboxRailsTransfers.id, transferId), eq(sandboxRailsTransfers.status, 'POSTED')),
        { status: 'RETURNED', returnCode: CARD_REFUND_RETURN_CODE, returnedAt: await now() },
      );
      const current = refunded ?? (await selectByKey(row.idempotencyKey));
      if (!current) throw new Error('sandbox transfer not stored');
      return toTransfer(current);
    },
    async clock() {
      const offsetMs = await readOffset();
      return { now: new Date(options.clock.now().getTime() + offsetMs), offsetMs };
    },
    async advance({ businessDays, hours }) {
      const before = await now();
      let target = before.getTime();
      if (businessDays) {
        const day = addBusinessDays(toCalendarDate(before), businessDays);
        const timeOfDay = before.getTime() - Date.parse(`${toCalendarDate(before)}T00:00:00.000Z`);
        target = Date.parse(`${day}T00:00:00.000Z`) + timeOfDay;
      }
      if (hours) target += hours * 3_600_000;
      const delta = target - before.getTime();
      await db
        .insert(sandboxRailsClock)
        .values({ id: CLOCK_ID, offsetMs: delta })
        .onConflictDoUpdate({
          target: sandboxRailsClock.id,
          set: { offsetMs: sql`${sandboxRailsClock.offsetMs} + ${delta}` },
        });
      const settled = await processDue();
      const clock = await this.clock();
      return { ...clock, settled };
    },
    async statement(account) {
      const rows = await db
        .select()
        .from(sandboxRailsTransfers)
        .where(
          eq(
            sandboxRailsTransfers.accountDigest,
            accountDigest(account.routingNumber, account.accountNumber),
          ),
        )
        .orderBy(asc(sandboxRailsTransfers.createdAt), asc(sandboxRailsTransfers.id));
      return rows.flatMap(toLines).reverse();
    },
    setAlertSender(sender) {
      alertSender = sender;
    },
  };
}
