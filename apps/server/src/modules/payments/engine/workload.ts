import { nextBusinessDay } from '@ferry/domain/dates';
import {
  allowedEvents,
  type EnginePaymentStatus,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentState,
  type TransitionResult,
  transition,
} from '@ferry/domain/payments';
import type { PaymentTimelineAction } from '@ferry/domain/schemas';
import { inArray, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/errors.js';
import { newId } from '../../../platform/ids.js';
import { businessBankAccounts } from '../../banking/tables.js';
import { bills } from '../../bills/tables.js';
import { contacts } from '../../contacts/tables.js';
import { ensureLedgerAccount, ensureSystemAccount } from '../../ledger/service.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../ledger/tables.js';
import {
  type ApplyPaymentEventInput,
  applyPaymentEvent,
  applyPaymentEvents,
  type PaymentEventOutcome,
  SYSTEM_ACTOR,
  toPaymentState,
} from '../state.js';
import { payments } from '../tables.js';

/**
 * Synthetic payment workloads straight through `applyPaymentEvent` / `applyPaymentEvents` (no HTTP, no
 * rails): the random workload of the engine's property tests and the transition bench. Payments are
 * written in bulk, one bill each (bill amount = payment amount), all from one bank of one business to a
 * few vendors.
 */

export interface WorkloadFixture {
  businessId: string;
  paymentIds: string[];
  amounts: Map<string, number>;
}

const EVENT_ACTIONS: Record<PaymentEventType, PaymentTimelineAction> = {
  SUBMIT_FOR_APPROVAL: 'CREATED',
  APPROVE: 'CREATED',
  REJECT: 'DECLINED',
  SCHEDULE: 'SCHEDULED',
  QUEUE_UNVERIFIED: 'IN_QUEUE',
  RELEASE_QUEUE: 'RELEASED',
  BANK_VERIFICATION_WAIT: 'IN_QUEUE',
  BANK_VERIFIED: 'RELEASED',
  HOLD: 'HOLD',
  RELEASE_HOLD: 'RELEASED',
  SUBMIT_TO_RAILS: 'SUBMITTED',
  SETTLE: 'DELIVERED',
  FAIL: 'FAILED',
  RETURN: 'REVERSED',
  CANCEL: 'CANCELED',
  DECLINE: 'DECLINED',
  REATTEMPT: 'PAYMENT_RETRIED',
  RESCHEDULE: 'PAYMENT_RESCHEDULED',
  MARK_AS_PAID: 'MARKED_AS_PAID',
};

/**
 * Writes `count` payments in `status` (each with its bill, the bill's scheduled amount held as the API
 * holds it) for a business that already exists. Amounts are 1.00–999.99 dollars.
 */
export async function seedPayments(
  database: Database,
  options: { businessId: string; count: number; status?: EnginePaymentStatus; vendors?: number; at?: Date },
): Promise<WorkloadFixture> {
  const { db } = database;
  const at = options.at ?? new Date('2026-11-02T15:00:00.000Z');
  const status = options.status ?? 'PENDING';
  const vendorIds: string[] = [];
  for (let i = 0; i < (options.vendors ?? 5); i += 1) {
    const id = newId();
    vendorIds.push(id);
    await db.insert(contacts).values({
      id,
      businessId: options.businessId,
      type: 'VENDOR',
      name: `Workload vendor ${i + 1}`,
      email: `vendor${i + 1}.${id.slice(-6)}@example.com`,
      createdAt: at,
      updatedAt: at,
    });
  }
  const bankId = newId();
  await db.insert(businessBankAccounts).values({
    id: bankId,
    businessId: options.businessId,
    bankName: 'Workload Bank',
    accountName: 'Workload Checking',
    accountType: 'BUSINESS_CHECKING',
    subtype: 'checking',
    routingNumber: '021000021',
    accountNumberCiphertext: 'not-a-real-account',
    accountMask: '0000',
    accountDigest: `workload-${bankId}`,
    provider: 'PLAID',
    verificationStatus: 'VERIFIED',
    accountStatus: 'VERIFIED',
    status: 'CONNECTED',
    createdAt: at,
    updatedAt: at,
  });
  // The ledger accounts exist before any concurrent run (no two transactions race to create one).
  await ensureSystemAccount(db, 'CLEARING');
  await ensureLedgerAccount(db, {
    businessId: options.businessId,
    kind: 'BANK_ACCOUNT',
    referenceId: bankId,
  });
  for (const vendorId of vendorIds) {
    await ensureLedgerAccount(db, {
      businessId: options.businessId,
      kind: 'VENDOR_PAYABLE',
      referenceId: vendorId,
    });
  }
  const paymentIds: string[] = [];
  const amounts = new Map<string, number>();
  const holds = status !== 'MARKED_AS_PAID';
  for (let start = 0; start < options.count; start += 500) {
    const billRows: (typeof bills.$inferInsert)[] = [];
    const paymentRows: (typeof payments.$inferInsert)[] = [];
    for (let i = start; i < Math.min(options.count, start + 500); i += 1) {
      const billId = newId();
      const paymentId = newId();
      const amountCents = 100 + ((i * 7_919) % 99_900);
      const vendorId = vendorIds[i % vendorIds.length] as string;
      billRows.push({
        id: billId,
        businessId: options.businessId,
        vendorId,
        refNo: `WL-${i + 1}-${billId.slice(-6)}`,
        billDate: '2026-10-20',
        dueDate: '2026-11-20',
        paymentTerm: 'CUSTOM',
        subtotalCents: amountCents,
        amountCents,
        balanceCents: amountCents,
        scheduledCents: holds ? amountCents : 0,
        status: holds ? 'scheduled' : 'unpaid',
        createdAt: at,
        updatedAt: at,
      });
      paymentRows.push({
        id: paymentId,
        businessId: options.businessId,
        vendorId,
        billId,
        status,
        method: 'BANK',
        bankAccountId: bankId,
        amountCents,
        deliverySpeed: 'STANDARD',
        processDate: '2026-11-02',
        createdAt: at,
        updatedAt: at,
      });
      paymentIds.push(paymentId);
      amounts.set(paymentId, amountCents);
    }
    await db.insert(bills).values(billRows);
    await db.insert(payments).values(paymentRows);
  }
  return { businessId: options.businessId, paymentIds, amounts };
}

/** A small, seedable random number generator (mulberry32): the same seed replays the same workload. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let r = Math.imul(state ^ (state >>> 15), 1 | state);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PROCESS_DATES = (() => {
  const dates: string[] = [];
  let day = '2026-11-02';
  for (let i = 0; i < 20; i += 1) {
    dates.push(day);
    day = nextBusinessDay(day);
  }
  return dates;
})();

const ACH_CODES = ['R01', 'R02', 'R03', 'R04', 'R05', 'R08', 'R09', 'R16'] as const;

const EVENT_TYPES = (Object.keys(EVENT_ACTIONS) as PaymentEventType[]).filter(
  (type) => type !== 'MARK_AS_PAID',
);

/**
 * How often each allowed event is picked: money-moving events often, dead ends (cancel, decline,
 * reject) rarely, so that payments keep moving instead of piling up in terminal statuses.
 */
const WEIGHTS: Partial<Record<PaymentEventType, number>> = {
  SUBMIT_TO_RAILS: 4,
  SETTLE: 3,
  FAIL: 1.5,
  RETURN: 1,
  REATTEMPT: 2,
  SCHEDULE: 3,
  CANCEL: 0.15,
  DECLINE: 0.1,
  REJECT: 0.2,
  SUBMIT_FOR_APPROVAL: 0.5,
};

const weighted = (types: PaymentEventType[], random: () => number): PaymentEventType => {
  const total = types.reduce((sum, type) => sum + (WEIGHTS[type] ?? 1), 0);
  let point = random() * total;
  for (const type of types) {
    point -= WEIGHTS[type] ?? 1;
    if (point <= 0) return type;
  }
  return types[types.length - 1] as PaymentEventType;
};

/** A random event for a payment: mostly one its status allows (80 %, weighted), else any (usually refused). */
export function randomEvent(status: EnginePaymentStatus, random: () => number): PaymentEvent {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const allowed = allowedEvents(status).filter((type) => type !== 'MARK_AS_PAID');
  const type = allowed.length > 0 && random() < 0.8 ? weighted(allowed, random) : pick(EVENT_TYPES);
  switch (type) {
    case 'SCHEDULE':
    case 'RELEASE_QUEUE':
    case 'BANK_VERIFIED':
    case 'RELEASE_HOLD':
      return random() < 0.5 ? { type } : { type, processDate: pick(PROCESS_DATES) };
    case 'REATTEMPT':
    case 'RESCHEDULE':
      return { type, processDate: pick(PROCESS_DATES) };
    case 'FAIL':
      return random() < 0.3 ? { type } : { type, returnCode: pick(ACH_CODES) };
    case 'RETURN':
      return { type, returnCode: pick(ACH_CODES), side: random() < 0.5 ? 'CREDIT' : 'DEBIT' };
    default:
      return { type } as PaymentEvent;
  }
}

export interface WorkloadResult {
  steps: number;
  applied: number;
  refused: number;
  /** Applied events that posted to the ledger. */
  posted: number;
  model: Map<string, PaymentState>;
}

/**
 * Runs `steps` random events on the fixture's payments, `batchSize` events per database transaction, on
 * `workers` concurrent connections (each on its own share of the payments; PostgreSQL only — the
 * embedded database runs one at a time anyway). `mode` 'single' applies them one by one through
 * applyPaymentEvent, 'batch' hands each transaction's events to applyPaymentEvents at once (the same
 * seed draws the same events either way). An in-memory model runs the same domain transitions: every
 * event the model allows must be applied, every event it refuses must be refused with an AppError (and
 * change nothing).
 */
export async function runRandomWorkload(
  database: Database,
  fixture: WorkloadFixture,
  options: {
    steps: number;
    batchSize?: number;
    seed?: number;
    at?: Date;
    workers?: number;
    mode?: 'single' | 'batch';
  },
): Promise<WorkloadResult> {
  const at = options.at ?? new Date('2026-11-02T15:00:00.000Z');
  const model = new Map<string, PaymentState>();
  const rows = await database.db.select().from(payments).where(inArray(payments.id, fixture.paymentIds));
  for (const row of rows) model.set(row.id, toPaymentState(row));
  const batchSize = options.batchSize ?? 250;
  const workers = Math.max(1, options.workers ?? 1);
  const totals = { applied: 0, refused: 0, posted: 0 };
  const work = async (worker: number) => {
    const random = seededRandom((options.seed ?? 7) + worker * 7_919);
    const mine = fixture.paymentIds.filter((_, index) => index % workers === worker);
    const steps = Math.floor(options.steps / workers) + (worker < options.steps % workers ? 1 : 0);
    for (let done = 0; done < steps; done += batchSize) {
      const count = Math.min(batchSize, steps - done);
      // The model's view of the batch: each event drawn from the status the previous ones lead to.
      const changes = new Map<string, PaymentState>();
      const planned: { input: ApplyPaymentEventInput; before: PaymentState; expected: TransitionResult }[] =
        [];
      for (let i = 0; i < count; i += 1) {
        const paymentId = mine[Math.floor(random() * mine.length)] as string;
        const before = (changes.get(paymentId) ?? model.get(paymentId)) as PaymentState;
        const event = randomEvent(before.status, random);
        const expected = transition(before, event);
        if (expected.ok) changes.set(paymentId, expected.state);
        planned.push({
          input: {
            paymentId,
            event,
            actor: SYSTEM_ACTOR,
            timeline: { action: EVENT_ACTIONS[event.type], label: event.type },
            at,
          },
          before,
          expected,
        });
      }
      const outcomes = await database.db.transaction(async (tx) => {
        if (options.mode === 'batch') {
          return applyPaymentEvents(
            tx,
            planned.map((p) => p.input),
          );
        }
        const answers: PaymentEventOutcome[] = [];
        for (const { input } of planned) {
          try {
            answers.push({ ok: true, payment: await applyPaymentEvent(tx, input) });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            answers.push({ ok: false, error });
          }
        }
        return answers;
      });
      const batch = { applied: 0, refused: 0, posted: 0 };
      planned.forEach(({ input, before, expected }, index) => {
        const outcome = outcomes[index];
        const type = input.event.type;
        if (outcome?.ok) {
          if (!expected.ok) throw new Error(`applied ${type} from ${before.status}, the model refuses it`);
          if (outcome.payment.status !== expected.state.status) {
            throw new Error(
              `${type}: database says ${outcome.payment.status}, the model ${expected.state.status}`,
            );
          }
          batch.applied += 1;
          if (expected.effects.length > 0) batch.posted += 1;
        } else {
          if (expected.ok)
            throw new Error(`refused ${type} from ${before.status}: ${outcome?.error.message}`);
          batch.refused += 1;
        }
      });
      // Committed: the model moves with the database.
      for (const [id, state] of changes) model.set(id, state);
      totals.applied += batch.applied;
      totals.refused += batch.refused;
      totals.posted += batch.posted;
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, worker) => work(worker)));
  return { steps: options.steps, ...totals, model };
}

/**
 * Counts the SQL statements run through a database handle (each query builder or `execute` started
 * on it, including inside its transactions): `db` is a stand-in to use instead of the real one.
 */
export function countStatements<T extends object>(db: T): { db: T; readonly count: number; reset(): void } {
  let count = 0;
  const STARTERS = new Set(['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute', '$count']);
  const wrap = <U extends object>(target: U): U =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver);
        if (typeof value !== 'function') return value;
        if (property === 'transaction') {
          return (work: (tx: object) => Promise<unknown>, ...rest: unknown[]) =>
            value.call(object, (tx: object) => work(wrap(tx)), ...rest);
        }
        if (typeof property === 'string' && STARTERS.has(property)) {
          return (...args: unknown[]) => {
            count += 1;
            return value.apply(receiver, args);
          };
        }
        return value;
      },
    });
  return {
    db: wrap(db),
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
  };
}

/**
 * The domain's money invariant, checked against the ledger: per payment, every account nets to zero
 * except PROCESSING (payer −A, clearing +A) and DELIVERED (payer −A, payee +A). Answers the mismatches.
 */
export async function moneyInvariantMismatches(
  db: DbOrTx,
  fixture: WorkloadFixture,
  statuses: Map<string, EnginePaymentStatus>,
): Promise<string[]> {
  const rows = await db
    .select({
      paymentId: ledgerTransactions.paymentId,
      kind: ledgerAccounts.kind,
      net: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, sql`${ledgerEntries.transactionId} = ${ledgerTransactions.id}`)
    .innerJoin(ledgerAccounts, sql`${ledgerAccounts.id} = ${ledgerEntries.accountId}`)
    .where(sql`${ledgerTransactions.businessId} = ${fixture.businessId}`)
    .groupBy(ledgerTransactions.paymentId, ledgerAccounts.kind);
  const nets = new Map<string, Record<string, number>>();
  for (const row of rows) {
    if (!row.paymentId) continue;
    const net = nets.get(row.paymentId) ?? {};
    net[row.kind] = Number(row.net);
    nets.set(row.paymentId, net);
  }
  const mismatches: string[] = [];
  for (const paymentId of fixture.paymentIds) {
    const amount = fixture.amounts.get(paymentId) ?? 0;
    const status = statuses.get(paymentId);
    const expected =
      status === 'PROCESSING'
        ? { BANK_ACCOUNT: -amount, CLEARING: amount, VENDOR_PAYABLE: 0 }
        : status === 'DELIVERED'
          ? { BANK_ACCOUNT: -amount, CLEARING: 0, VENDOR_PAYABLE: amount }
          : { BANK_ACCOUNT: 0, CLEARING: 0, VENDOR_PAYABLE: 0 };
    const net = nets.get(paymentId) ?? {};
    const actual = {
      BANK_ACCOUNT: net.BANK_ACCOUNT ?? 0,
      CLEARING: net.CLEARING ?? 0,
      VENDOR_PAYABLE: net.VENDOR_PAYABLE ?? 0,
    };
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      mismatches.push(`${paymentId} ${status}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
    }
  }
  return mismatches;
}
