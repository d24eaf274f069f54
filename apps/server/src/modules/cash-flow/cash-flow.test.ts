import { ACCESS_DENIED_MESSAGE } from '@ferry/domain/permissions';
import type { CashFlow } from '@ferry/domain/schemas';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import { makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { bills } from '../bills/tables.js';
import { invoices } from '../invoices/tables.js';
import { paymentRequests } from '../payment-requests/tables.js';
import { payments } from '../payments/tables.js';
import { mondayOf } from './service.js';

// The test clock starts on Monday 2026-11-02, 10:00 in New York: the weeks run 11-02…11-08, 11-09…11-15, …
const t = useTestApp();

const getCashFlow = (headers: AuthHeaders, businessId: string) =>
  t.app.inject({ method: 'GET', url: `/api/business/${businessId}/cash-flow`, headers });

type Business = Awaited<ReturnType<typeof makeSignedInBusiness>>;

let refSequence = 0;
const ref = (prefix: string) => {
  refSequence += 1;
  return `${prefix}-${refSequence}`;
};

/** An invoice of `business` written directly: `balance` (dollars) left, due on `dueDate`. */
async function invoice(
  business: Business,
  options: { dueDate: string; balance: number; amount?: number; status?: 'unpaid' | 'cancelled' | 'paid' },
) {
  const customer = await makeContact(t.context, { businessId: business.businessId, type: 'CUSTOMER' });
  const amountCents = Math.round((options.amount ?? Math.max(options.balance, 1)) * 100);
  const id = newId();
  await t.context.database.db.insert(invoices).values({
    id,
    businessId: business.businessId,
    customerId: customer.id,
    refNo: ref('INV'),
    invoiceDate: '2026-10-01',
    dueDate: options.dueDate,
    paymentTerm: 'CUSTOM',
    subtotalCents: amountCents,
    amountCents,
    balanceCents: Math.round(options.balance * 100),
    status: options.status ?? 'unpaid',
  });
  return id;
}

/** A bill of `business` to a new vendor, for its payments to point at. */
async function bill(business: Business, amount = 10_000) {
  const vendor = await makeContact(t.context, { businessId: business.businessId });
  const id = newId();
  await t.context.database.db.insert(bills).values({
    id,
    businessId: business.businessId,
    vendorId: vendor.id,
    refNo: ref('BILL'),
    billDate: '2026-10-01',
    dueDate: '2026-12-01',
    paymentTerm: 'CUSTOM',
    subtotalCents: amount * 100,
    amountCents: amount * 100,
    balanceCents: amount * 100,
  });
  return { id, vendorId: vendor.id };
}

/** A payment made by `business` (its bill), written directly. */
async function payment(
  business: Business,
  options: {
    status: (typeof payments.$inferInsert)['status'];
    amount: number;
    fee?: number;
    processDate: string;
    expectedDeliveryLatest?: string;
    billOf?: { id: string; vendorId: string };
  },
) {
  const target = options.billOf ?? (await bill(business));
  await t.context.database.db.insert(payments).values({
    id: newId(),
    businessId: business.businessId,
    vendorId: target.vendorId,
    billId: target.id,
    status: options.status,
    method: 'BANK',
    amountCents: Math.round(options.amount * 100),
    feeCents: Math.round((options.fee ?? 0) * 100),
    processDate: options.processDate,
    expectedDeliveryLatest: options.expectedDeliveryLatest ?? null,
  });
}

/** `payee` sent `payer` a payment request for one of its invoices, which the payer linked to a bill. */
async function request(payee: Business, payer: Business, invoiceId: string) {
  const payerBill = await bill(payer);
  await t.context.database.db.insert(paymentRequests).values({
    id: newId(),
    payeeBusinessId: payee.businessId,
    payerBusinessId: payer.businessId,
    invoiceId,
    refNo: ref('REQ'),
    invoiceDate: '2026-10-01',
    dueDate: '2026-11-12',
    subtotalCents: 30_000,
    amountCents: 30_000,
    balanceCents: 30_000,
    lines: [],
    state: 'LINK_BILL',
    billId: payerBill.id,
  });
  return payerBill;
}

const weekly = (body: CashFlow) =>
  body.weeks.map((w) => [w.expectedIn.invoices, w.expectedIn.incomingPayments, w.goingOut.scheduledPayments]);

describe('mondayOf', () => {
  it('gives the Monday of a date’s week, Sunday belonging to the week before', () => {
    expect(mondayOf('2026-11-02')).toBe('2026-11-02');
    expect(mondayOf('2026-11-08')).toBe('2026-11-02');
    expect(mondayOf('2026-11-09')).toBe('2026-11-09');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });
});

describe('GET /business/:businessId/cash-flow', () => {
  it('places open invoices, incoming and outgoing payments in their weeks, overdue apart, without counting twice', async () => {
    const seller = await makeSignedInBusiness(t.context);
    const customer = await makeSignedInBusiness(t.context);
    const stranger = await makeSignedInBusiness(t.context);

    await invoice(seller, { dueDate: '2026-10-20', balance: 100 }); // overdue
    await invoice(seller, { dueDate: '2026-11-02', balance: 500 }); // today: week 0
    await invoice(seller, { dueDate: '2026-11-08', balance: 25.5, amount: 50 }); // Sunday: week 0
    const requested = await invoice(seller, { dueDate: '2026-11-12', balance: 300 }); // week 1
    await invoice(seller, { dueDate: '2026-11-05', balance: 999, status: 'cancelled' });
    await invoice(seller, { dueDate: '2026-11-05', balance: 0, amount: 40, status: 'paid' });
    await invoice(seller, { dueDate: '2026-12-28', balance: 700 }); // after the 8 weeks
    // The customer pays 120 of the requested invoice: on its way, delivered 11-17 (week 2).
    const customerBill = await request(seller, customer, requested);
    await payment(customer, {
      status: 'SCHEDULED',
      amount: 120,
      processDate: '2026-11-13',
      expectedDeliveryLatest: '2026-11-17',
      billOf: customerBill,
    });

    await payment(seller, { status: 'SCHEDULED', amount: 200, processDate: '2026-11-03' });
    await payment(seller, { status: 'IN_APPROVAL', amount: 50, fee: 1.5, processDate: '2026-10-30' }); // late: now
    await payment(seller, { status: 'APPROVED', amount: 10, processDate: '2026-12-27' }); // last Sunday: week 7
    await payment(seller, { status: 'SCHEDULED', amount: 40, processDate: '2026-11-30' }); // week 4
    await payment(seller, { status: 'PROCESSING', amount: 70, processDate: '2026-11-03' }); // already left
    await payment(seller, { status: 'DELIVERED', amount: 80, processDate: '2026-11-03' });
    await payment(seller, { status: 'CANCELLED', amount: 90, processDate: '2026-11-03' });
    await payment(seller, { status: 'SCHEDULED', amount: 60, processDate: '2026-12-28' }); // after

    // Another business's data never counts.
    await invoice(stranger, { dueDate: '2026-11-04', balance: 5000 });
    await invoice(stranger, { dueDate: '2026-10-01', balance: 5000 });
    await payment(stranger, { status: 'SCHEDULED', amount: 5000, processDate: '2026-11-04' });

    const res = await getCashFlow(seller.headers, seller.businessId);
    expect(res.statusCode).toBe(200);
    const body = res.json().data as CashFlow;
    expect(body.today).toBe('2026-11-02');
    expect(body.sides).toEqual({ in: true, out: true });
    expect(body.overdueIn).toBe(100);
    expect(body.weeks.map((w) => [w.start, w.end])).toEqual([
      ['2026-11-02', '2026-11-08'],
      ['2026-11-09', '2026-11-15'],
      ['2026-11-16', '2026-11-22'],
      ['2026-11-23', '2026-11-29'],
      ['2026-11-30', '2026-12-06'],
      ['2026-12-07', '2026-12-13'],
      ['2026-12-14', '2026-12-20'],
      ['2026-12-21', '2026-12-27'],
    ]);
    expect(weekly(body)).toEqual([
      [525.5, 0, 251.5],
      [180, 0, 0],
      [0, 120, 0],
      [0, 0, 0],
      [0, 0, 40],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 10],
    ]);
    expect(body.weeks[0]).toMatchObject({
      expectedIn: { total: 525.5 },
      goingOut: { total: 251.5 },
      net: 274,
    });
    expect(body.weeks[2]?.expectedIn.total).toBe(120);
    expect(body.weeks[4]?.net).toBe(-40);

    // The customer sees its own payment going out on its process date, not the seller's invoice.
    const theirs = (await getCashFlow(customer.headers, customer.businessId)).json().data as CashFlow;
    expect(weekly(theirs)[1]).toEqual([0, 0, 120]);
    expect(theirs.weeks.reduce((sum, w) => sum + w.expectedIn.total, 0)).toBe(0);
    expect(theirs.overdueIn).toBe(0);
  });

  it('counts nothing of an invoice whose in-flight payments cover it, and nothing once they fail', async () => {
    const seller = await makeSignedInBusiness(t.context);
    const customer = await makeSignedInBusiness(t.context);
    const requested = await invoice(seller, { dueDate: '2026-10-25', balance: 300 });
    const customerBill = await request(seller, customer, requested);
    await payment(customer, {
      status: 'PROCESSING',
      amount: 300,
      processDate: '2026-10-30',
      billOf: customerBill,
    });
    await payment(customer, {
      status: 'FAILED',
      amount: 300,
      processDate: '2026-10-29',
      billOf: customerBill,
    });

    const body = (await getCashFlow(seller.headers, seller.businessId)).json().data as CashFlow;
    expect(body.overdueIn).toBe(0);
    // No expected delivery date yet: the process date, already past, so this week.
    expect(weekly(body)[0]).toEqual([0, 300, 0]);
  });

  it('answers every week at zero for a business with nothing either way', async () => {
    const business = await makeSignedInBusiness(t.context);
    const body = (await getCashFlow(business.headers, business.businessId)).json().data as CashFlow;
    expect(body.weeks).toHaveLength(8);
    expect(body.weeks.every((w) => w.expectedIn.total === 0 && w.goingOut.total === 0 && w.net === 0)).toBe(
      true,
    );
    expect(body.overdueIn).toBe(0);
  });

  it('answers 404 for a business the user is not a member of', async () => {
    const mine = await makeSignedInBusiness(t.context);
    const other = await makeSignedInBusiness(t.context);
    await invoice(other, { dueDate: '2026-11-04', balance: 10 });
    const res = await getCashFlow(mine.headers, other.businessId);
    expect(res.statusCode).toBe(404);
  });

  it('refuses a member who may read neither side (403)', async () => {
    const business = await makeSignedInBusiness(t.context);
    const user = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: business.businessId,
      user,
      permissions: ['PAY_DUE_BILLS.view', 'GET_PAID_MANAGE_CUSTOMERS.view'],
    });
    const res = await getCashFlow(await signIn(t.context, user), business.businessId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCESS_DENIED_MESSAGE);
  });

  it('shows a member with one right only that side', async () => {
    const business = await makeSignedInBusiness(t.context);
    await invoice(business, { dueDate: '2026-11-03', balance: 75 });
    await invoice(business, { dueDate: '2026-10-03', balance: 5 });
    await payment(business, { status: 'SCHEDULED', amount: 30, processDate: '2026-11-03' });

    const reader = async (permissions: string[]) => {
      const user = await makeUser(t.context);
      await addMemberWithPermissions(t.context, { businessId: business.businessId, user, permissions });
      const res = await getCashFlow(await signIn(t.context, user), business.businessId);
      expect(res.statusCode).toBe(200);
      return res.json().data as CashFlow;
    };

    const invoicesOnly = await reader(['GET_PAID_DUE_INVOICES.view']);
    expect(invoicesOnly.sides).toEqual({ in: true, out: false });
    expect(weekly(invoicesOnly)[0]).toEqual([75, 0, 0]);
    expect(invoicesOnly.weeks[0]?.net).toBe(75);
    expect(invoicesOnly.overdueIn).toBe(5);

    const paymentsOnly = await reader(['PAY_PAYMENTS.view']);
    expect(paymentsOnly.sides).toEqual({ in: false, out: true });
    expect(weekly(paymentsOnly)[0]).toEqual([0, 0, 30]);
    expect(paymentsOnly.weeks[0]?.net).toBe(-30);
    expect(paymentsOnly.overdueIn).toBe(0);
  });
});
