import { randomUUID } from 'node:crypto';
import { newYorkDate } from '@ferry/domain/payments';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/test-app.js';
import { assertLedgerBalanced } from '../../ledger/service.js';
import { ledgerTransactions } from '../../ledger/tables.js';
import { payments } from '../tables.js';
import { billRow, makeBill, makePayer, makeVendor, postPayment } from './engine-fixtures.js';
import { runPaymentEngine } from './jobs.js';

const t = useTestApp();
const today = () => newYorkDate(t.clock.now());

describe('payment engine under load', () => {
  it('1,000 concurrent POSTs with one Idempotency-Key make one payment and one ledger transaction at submission', async () => {
    const payer = await makePayer(t.context);
    const vendor = await makeVendor(t.context, payer.businessId);
    const billId = await makeBill(t.context, {
      businessId: payer.businessId,
      vendorId: vendor.id,
      amountCents: 50_000,
    });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, () =>
        postPayment(t, payer, { billId, amount: '75.00', processDate: today() }, key),
      ),
    );
    const codes = new Map<number, number>();
    for (const res of answers) codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
    // Replays answer the first result; requests that meet the first one in flight are told to retry.
    expect(
      [...codes.keys()].every((code) => code === 201 || code === 409),
      JSON.stringify([...codes]),
    ).toBe(true);
    expect(codes.get(201) ?? 0).toBeGreaterThan(0);
    const ids = new Set(
      answers.filter((res) => res.statusCode === 201).map((res) => res.json().data.id as string),
    );
    expect(ids.size).toBe(1);

    const rows = await t.database.db.select().from(payments).where(eq(payments.businessId, payer.businessId));
    expect(rows).toHaveLength(1);
    expect(await billRow(t.context, billId)).toMatchObject({ scheduledCents: 7_500 });

    await Promise.all([runPaymentEngine(t.context), runPaymentEngine(t.context)]);
    const submits = await t.database.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.businessId, payer.businessId),
          eq(ledgerTransactions.kind, 'PAYMENT_SUBMIT'),
        ),
      );
    expect(submits).toHaveLength(1);
    expect(submits[0]?.paymentId).toBe(rows[0]?.id);
  }, 120_000);

  it('200 concurrent payments against one bill never over-schedule it', async () => {
    const payer = await makePayer(t.context);
    const vendor = await makeVendor(t.context, payer.businessId);
    const billId = await makeBill(t.context, {
      businessId: payer.businessId,
      vendorId: vendor.id,
      amountCents: 15_000,
    });
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        postPayment(t, payer, { billId, amount: '1.00', processDate: today() }),
      ),
    );
    const created = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(created).toHaveLength(150);
    expect(refused).toHaveLength(50);
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(422);
      // Above the unscheduled balance, or nothing left to schedule at all.
      expect(['AMOUNT_ABOVE_BALANCE', 'UNPROCESSABLE']).toContain(res.json().errorCode);
    }
    const bill = await billRow(t.context, billId);
    expect(bill).toMatchObject({ balanceCents: 15_000, scheduledCents: 15_000 });

    // All 150 go through the engine; the bill ends paid, never below zero.
    await runPaymentEngine(t.context);
    await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/clock/advance',
      headers: payer.headers,
      payload: { businessDays: 5 },
    });
    const rows = await t.database.db.select().from(payments).where(eq(payments.billId, billId));
    expect(rows.filter((row) => row.status === 'DELIVERED')).toHaveLength(150);
    expect(await billRow(t.context, billId)).toMatchObject({
      balanceCents: 0,
      scheduledCents: 0,
      status: 'paid',
    });
    await assertLedgerBalanced(t.database.db);
  }, 120_000);
});
