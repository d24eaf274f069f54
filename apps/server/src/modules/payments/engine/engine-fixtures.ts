import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { newId } from '../../../platform/ids.js';
import { sandboxRailsTransfers } from '../../../providers/rails/sandbox-tables.js';
import type { TestApp } from '../../../testing/test-app.js';
import { bills } from '../../bills/tables.js';
import { cards } from '../../cards/tables.js';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../ledger/tables.js';
import { paymentEvents, payments } from '../tables.js';

import type { Ctx, Payer } from './fixture-data.js';

export * from './fixture-data.js';

/** POST payments through the HTTP route; answers the raw response. */
export function postPayment(
  t: TestApp,
  payer: Payer,
  body: {
    billId: string;
    amount: number | string;
    processDate: string;
    deliverySpeed?: string;
    paymentInstrumentId?: string;
  },
  idempotencyKey = randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/business/${payer.businessId}/payments`,
    headers: { ...payer.headers, 'idempotency-key': idempotencyKey },
    payload: { paymentInstrumentId: payer.bankId, deliverySpeed: 'STANDARD', ...body },
  });
}

/** A payment made through the route (201 expected); answers its id. */
export async function pay(
  t: TestApp,
  payer: Payer,
  body: { billId: string; amount: number | string; processDate: string; deliverySpeed?: string },
): Promise<string> {
  const res = await postPayment(t, payer, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: string } }).data.id;
}

export async function paymentRow(context: Ctx, paymentId: string) {
  const [row] = await context.database.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new Error(`payment ${paymentId} not found`);
  return row;
}

export async function billRow(context: Ctx, billId: string) {
  const [row] = await context.database.db.select().from(bills).where(eq(bills.id, billId));
  if (!row) throw new Error(`bill ${billId} not found`);
  return row;
}

export async function timelineActions(context: Ctx, paymentId: string): Promise<string[]> {
  const rows = await context.database.db
    .select({ action: paymentEvents.action })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(paymentEvents.sequence);
  return rows.map((row) => row.action);
}

/** The payment's ledger transactions (posting order) with their kinds and entries. */
export async function paymentLedger(context: Ctx, paymentId: string) {
  const rows = await context.database.db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      reverses: ledgerTransactions.reversesTransactionId,
      sequence: ledgerTransactions.sequence,
      accountKind: ledgerAccounts.kind,
      accountId: ledgerAccounts.id,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerTransactions.paymentId, paymentId))
    .orderBy(ledgerTransactions.sequence, ledgerEntries.id);
  const net: Record<string, number> = {};
  for (const row of rows) net[row.accountKind] = (net[row.accountKind] ?? 0) + row.amountCents;
  const kinds = [...new Map(rows.map((row) => [row.id, row.kind])).values()];
  return { rows, net, kinds };
}

/**
 * The sandbox rails' transfers of a payment (every leg and attempt), by attempt: debit, credit, then
 * the attempt's refund.
 */
export async function transfersOf(context: Ctx, paymentId: string) {
  const rows = await context.database.db
    .select()
    .from(sandboxRailsTransfers)
    .where(like(sandboxRailsTransfers.idempotencyKey, `payment:${paymentId}:%`));
  const LEGS: Record<string, number> = { debit: 0, credit: 1, refund: 2 };
  const order = (key: string) => {
    const [, , leg, attempt] = key.split(':');
    return Number(attempt) * 3 + (LEGS[leg ?? ''] ?? 3);
  };
  return rows.sort((a, b) => order(a.idempotencyKey) - order(b.idempotencyKey));
}

/** A saved card of a business (written directly, as the sandbox vault leaves one). */
export async function makeCard(context: Ctx, businessId: string): Promise<string> {
  const id = newId();
  const now = context.clock.now();
  await context.database.db.insert(cards).values({
    id,
    businessId,
    vaultProvider: 'sandbox',
    vaultTokenId: `tok_sbx_${id}`,
    fingerprint: `fp_${id}`,
    brand: 'VISA',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    funding: 'credit',
    nameOnCard: 'Payer Holdings',
    billingAddress: {
      addressLine1: '1 Harbor Way',
      addressLine2: null,
      city: 'Boston',
      state: 'MA',
      zipCode: '02110',
      country: 'US',
    } as never,
    isSaved: true,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

const INVARIANTS_SQL = readFileSync(
  new URL('../../../../../../deploy/invariants.sql', import.meta.url),
  'utf8',
);

/**
 * deploy/invariants.sql on the test database: the checks with violations ({ check: count }), so `{}`
 * when every money invariant holds.
 */
export async function invariantViolations(context: Ctx): Promise<Record<string, number>> {
  const result = await context.database.sql.query<Record<string, unknown>>(INVARIANTS_SQL);
  const violations: Record<string, number> = {};
  for (const row of result.rows) {
    const [name, count] = Object.values(row);
    if (Number(count) !== 0) violations[String(name)] = Number(count);
  }
  return violations;
}
