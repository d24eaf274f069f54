import { randomBytes } from 'node:crypto';
import { addBusinessDays, toCalendarDate } from '@ferry/domain/dates';
import { and, asc, eq, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Clock } from '../../platform/clock.js';
import { getDataSecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/client.js';
import type {
  RailsProvider,
  RailsTransfer,
  SettlementHandler,
  TransferDirection,
  TransferKind,
  TransferStatus,
} from './rails.js';
import { type SandboxRailsTransferRow, sandboxRailsClock, sandboxRailsTransfers } from './sandbox-tables.js';

const CLOCK_ID = 'default';

export interface SandboxStatementLine {
  id: string;
  postedAt: Date | null;
  description: string;
  /** Positive for a credit, negative for a debit. */
  amountCents: number;
  status: TransferStatus;
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
  description: row.description,
  createdAt: row.createdAt,
});

const toLine = (row: SandboxRailsTransferRow): SandboxStatementLine => ({
  id: row.id,
  postedAt: row.postedAt,
  description: row.description,
  amountCents: row.direction === 'CREDIT' ? row.amountCents : -row.amountCents,
  status: row.status as TransferStatus,
});

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
  let alertSender: ((alert: SandboxStatementAlert) => Promise<void>) | null = null;
  const accountDigest = (routingNumber: string, accountNumber: string) =>
    getDataSecretBox(options.config).digest(`sandbox-bank:${routingNumber}:${accountNumber}`);

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

  const deliverEvents = async () => {
    const pending = await db
      .select()
      .from(sandboxRailsTransfers)
      .where(and(eq(sandboxRailsTransfers.status, 'POSTED'), isNull(sandboxRailsTransfers.eventDeliveredAt)))
      .orderBy(asc(sandboxRailsTransfers.postedAt), asc(sandboxRailsTransfers.id));
    for (const row of pending) {
      for (const handler of handlers) await handler({ transfer: toTransfer(row) });
      await db
        .update(sandboxRailsTransfers)
        .set({ eventDeliveredAt: options.clock.now() })
        .where(eq(sandboxRailsTransfers.id, row.id));
    }
  };

  const processDue = async (): Promise<number> => {
    const current = await now();
    const today = toCalendarDate(current);
    // Claimed at once: of two concurrent runs, each transfer is posted by exactly one.
    const posted = await db
      .update(sandboxRailsTransfers)
      .set({ status: 'POSTED', postedAt: current })
      .where(and(eq(sandboxRailsTransfers.status, 'PENDING'), lte(sandboxRailsTransfers.settleOn, today)))
      .returning();
    await sendAlerts(posted);
    await deliverEvents();
    return posted.length;
  };

  return {
    name: 'sandbox',
    now,
    async createTransfer(input) {
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
        throw new RangeError('A transfer amount must be a positive whole number of cents');
      }
      await db
        .insert(sandboxRailsTransfers)
        .values({
          id: `tr_sbx_${randomBytes(12).toString('hex')}`,
          idempotencyKey: input.idempotencyKey,
          kind: input.kind,
          direction: input.direction,
          amountCents: input.amountCents,
          reference: input.account.reference,
          bankName: input.account.bankName,
          routingNumber: input.account.routingNumber,
          accountDigest: accountDigest(input.account.routingNumber, input.account.accountNumber),
          accountMask: input.account.accountNumber.slice(-4),
          holderName: input.account.holderName,
          holderEmail: input.account.holderEmail ?? null,
          description: input.description,
          settleOn: toCalendarDate(input.settleOn),
          createdAt: options.clock.now(),
        })
        .onConflictDoNothing({ target: sandboxRailsTransfers.idempotencyKey });
      const [row] = await db
        .select()
        .from(sandboxRailsTransfers)
        .where(eq(sandboxRailsTransfers.idempotencyKey, input.idempotencyKey))
        .limit(1);
      if (!row) throw new Error('sandbox transfer not stored');
      return toTransfer(row);
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
    onSettlement(handler) {
      handlers.push(handler);
    },
    processDue,
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
      return rows.map(toLine).reverse();
    },
    setAlertSender(sender) {
      alertSender = sender;
    },
  };
}
