import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@ferry/domain/schemas';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBusiness } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { createPaymentRequest } from '../payment-requests/service.js';
import { makeBill, type Payer, payer, payUrl, postPayment } from './testing.js';

/** Issue 16: mark as paid parses money like payments; a payment names only its own business's request. */

const t = useTestApp();
beforeEach(() => t.clock.set('2026-11-02T15:00:00.000Z'));

let invoiceSeq = 0;
async function requestTo(payerBusinessId: string) {
  const sender = await makeBusiness(t.context, { businessName: 'Blue Harbor Printing' });
  invoiceSeq += 1;
  const { paymentRequest } = await t.context.database.db.transaction((tx) =>
    createPaymentRequest(tx, {
      payeeBusinessId: sender.businessId,
      payerBusinessId,
      invoiceId: `hardening-${invoiceSeq}`,
      refNo: `INV-${2000 + invoiceSeq}`,
      invoiceDate: '2026-11-01',
      dueDate: '2026-11-20',
      lines: [{ itemName: 'Business cards', quantity: 1, unitPriceCents: 5000 }],
      actor: { type: 'USER', userId: null, name: 'Sender' },
      at: t.clock.now(),
    }),
  );
  return paymentRequest;
}

const markPaid = (p: Payer, body: object) =>
  t.app.inject({
    method: 'PATCH',
    url: payUrl(p.businessId, '/mark-bill-as-paid'),
    headers: { ...p.headers, 'idempotency-key': randomUUID() },
    payload: body,
  });

describe('PATCH mark-bill-as-paid amount', () => {
  it('refuses hex, more than 2 decimals, exponents and amounts past $999,999,999.99 with the money message', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    for (const amount of ['0x10', '1.005', '1e2', 'Infinity', '1000000000.00', 1.005]) {
      const res = await markPaid(p, {
        id: bill.id,
        amount,
        date: '2026-11-02',
        paymentInstrumentId: p.bank.id,
      });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'amount', message: PAYMENT_MESSAGES.amountInvalid }]);
    }
    const fine = await markPaid(p, {
      id: bill.id,
      amount: '16.00',
      date: '2026-11-02',
      paymentInstrumentId: p.bank.id,
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.amount).toBe(16);
  });
});

describe('POST payments paymentRequestId', () => {
  const body = (p: Payer, billId: string, paymentRequestId: string) => ({
    billId,
    paymentInstrumentId: p.bank.id,
    amount: '10.00',
    processDate: '2026-11-02',
    paymentRequestId,
  });

  it("answers 404 for an unknown request and for another business's request, and stores its own", async () => {
    const p = await payer(t);
    const other = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const foreign = await requestTo(other.businessId);
    for (const id of ['0123456789abcdef01234567', foreign.id, 'not-an-id']) {
      const res = await postPayment(t, p, body(p, bill.id, id));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().errorCode).toBe('NOT_FOUND');
    }
    const own = await requestTo(p.businessId);
    const res = await postPayment(t, p, body(p, bill.id, own.id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.paymentRequestId).toBe(own.id);
  });

  it('refuses an id longer than an id with 400, never a database error', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const res = await postPayment(t, p, body(p, bill.id, 'a'.repeat(40)));
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('POST payments/transfer/speed paymentRequestId', () => {
  const speeds = (p: Payer, paymentRequestId: string) =>
    t.app.inject({
      method: 'POST',
      url: payUrl(p.businessId, '/payments/transfer/speed'),
      headers: p.headers,
      payload: { paymentInstrumentId: p.bank.id, amount: 10, payeeId: p.vendor.id, paymentRequestId },
    });

  it("answers 404 for an unknown request and for another business's request, as paying it does", async () => {
    const p = await payer(t);
    const other = await payer(t);
    const foreign = await requestTo(other.businessId);
    for (const id of ['0123456789abcdef01234567', foreign.id, 'not-an-id']) {
      const res = await speeds(p, id);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ errorCode: 'NOT_FOUND', message: 'Payment request not found.' });
    }
    const own = await requestTo(p.businessId);
    const res = await speeds(p, own.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.method).toBe('BANK');
  });
});
