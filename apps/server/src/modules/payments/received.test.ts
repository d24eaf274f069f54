import { randomUUID } from 'node:crypto';
import { ACCESS_DENIED_MESSAGE } from '@ferry/domain/permissions';
import { FBN_MESSAGES, INVOICE_MESSAGES } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import { makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { listChartAccounts } from '../accounting/service.js';
import { businessBankAccounts } from '../banking/tables.js';
import { businesses } from '../businesses/tables.js';
import { invoices } from '../invoices/tables.js';
import { paymentRequests } from '../payment-requests/tables.js';
import { makeBill, makePayer, makeVerifiedBank } from './engine/engine-fixtures.js';
import { runPaymentEngine } from './engine/jobs.js';
import { paymentEvents, payments } from './tables.js';

const t = useTestApp();

const START = '2026-11-16T15:00:00.000Z';
const base = (businessId: string) => `/api/business/${businessId}`;
const get = (headers: AuthHeaders, url: string) => t.app.inject({ method: 'GET', url, headers });

/** A payee (Blue Harbor, signed in, receiving bank …4321) and a payer on Ferry that is its customer. */
async function setup(customerName = 'Payer Foods') {
  t.clock.set(START);
  const payee = await makeSignedInBusiness(t.context, { businessName: 'Blue Harbor Printing' });
  const payeeBankId = await makeVerifiedBank(t.context, payee.businessId);
  const payer = await makePayer(t.context);
  const customer = await makeContact(t.context, {
    businessId: payee.businessId,
    type: 'CUSTOMER',
    name: customerName,
    networkBusinessId: payer.businessId,
  });
  const vendor = await makeContact(t.context, {
    businessId: payer.businessId,
    type: 'VENDOR',
    name: 'Blue Harbor Printing',
    networkBusinessId: payee.businessId,
  });
  return { payee, payeeBankId, payer, customer, vendor };
}
type Setup = Awaited<ReturnType<typeof setup>>;

let refSeq = 0;

/** A payment request of the payee to the payer (written directly). */
async function request(s: Setup, options: { dueDate?: string; payerContactId?: string | null } = {}) {
  refSeq += 1;
  const id = newId();
  const refNo = `INV-R${refSeq}`;
  await t.database.db.insert(paymentRequests).values({
    id,
    payeeBusinessId: s.payee.businessId,
    payerBusinessId: s.payer.businessId,
    payerContactId: options.payerContactId === undefined ? s.customer.id : options.payerContactId,
    vendorContactId: s.vendor.id,
    refNo,
    invoiceDate: '2026-11-01',
    dueDate: options.dueDate ?? '2026-11-20',
    subtotalCents: 50_000,
    amountCents: 50_000,
    balanceCents: 50_000,
    lines: [],
    state: 'LINK_BILL',
  });
  return { id, refNo };
}

interface PaymentOptions {
  status: string;
  amountCents?: number;
  feeCents?: number;
  requestId?: string;
  method?: 'BANK' | 'CARD' | null;
  events?: string[];
  failureReason?: string;
  processDate?: string;
  deliveredAt?: Date;
  remarks?: string;
}

/** A payment of the payer answering a request of the payee (written directly) and its timeline. */
async function payment(s: Setup, options: PaymentOptions) {
  const requestId = options.requestId ?? (await request(s)).id;
  const billId = await makeBill(t.context, {
    businessId: s.payer.businessId,
    vendorId: s.vendor.id,
    amountCents: 50_000,
  });
  const id = newId();
  const now = t.clock.now();
  await t.database.db.insert(payments).values({
    id,
    businessId: s.payer.businessId,
    vendorId: s.vendor.id,
    billId,
    paymentRequestId: requestId,
    status: options.status as never,
    method: options.method === undefined ? 'BANK' : options.method,
    bankAccountId: s.payer.bankId,
    amountCents: options.amountCents ?? 10_000,
    feeCents: options.feeCents ?? 0,
    deliverySpeed: 'STANDARD',
    processDate: options.processDate ?? '2026-11-16',
    expectedDeliveryEarliest: '2026-11-17',
    expectedDeliveryLatest: '2026-11-19',
    deliveredAt: options.deliveredAt ?? (options.status === 'DELIVERED' ? now : null),
    failedAt: options.status === 'FAILED' ? now : null,
    cancelledAt: options.status === 'CANCELLED' ? now : null,
    failureReason: (options.failureReason ?? null) as never,
    remarks: options.remarks ?? null,
    railsData:
      options.status === 'DELIVERED' ? { creditBankAccountId: s.payeeBankId, internalTrace: 'T-1' } : {},
    createdAt: now,
    updatedAt: now,
  });
  let seconds = 0;
  for (const action of options.events ?? ['SCHEDULED']) {
    seconds += 1;
    await t.database.db.insert(paymentEvents).values({
      id: newId(),
      paymentId: id,
      action: action as never,
      label: action,
      status: (action === 'SCHEDULED'
        ? 'SCHEDULED'
        : action === 'SUBMITTED'
          ? 'PROCESSING'
          : options.status) as never,
      actorName: 'Ana Payer',
      remarks: 'internal note of the payer',
      at: new Date(now.getTime() + seconds * 1000),
    });
  }
  return id;
}

const listUrl = (s: Setup, query = '') =>
  `${base(s.payee.businessId)}/payments?payeeId=${s.payee.businessId}${query}`;

async function list(s: Setup, query = '', headers = s.payee.headers) {
  const res = await get(headers, listUrl(s, query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: Record<string, unknown>[]; total: number; pageSize: number };
}

/** A member of `businessId` with only `permissions`, signed in. */
async function memberWith(businessId: string, permissions: string[]) {
  const user = await makeUser(t.context);
  await addMemberWithPermissions(t.context, { businessId, user, permissions });
  return signIn(t.context, user);
}

// First in the file: the sandbox rails settle every payment in the database as their clock moves, and
// the later tests write payments directly (without the rails' records).
describe('a Ferry payment on its way to the payee, end to end', () => {
  it('shows processing with its ETA, then received into the payee’s bank with the timeline the engine wrote', async () => {
    const s = await setup();
    // The payee's invoice, the request for it and the payer's bill linked to that request.
    const invoiceId = newId();
    const now = t.clock.now();
    await t.database.db.insert(invoices).values({
      id: invoiceId,
      businessId: s.payee.businessId,
      customerId: s.customer.id,
      refNo: `INV-E${newId().slice(-6)}`,
      invoiceDate: '2026-11-10',
      dueDate: '2026-11-24',
      paymentTerm: 'CUSTOM',
      subtotalCents: 20_000,
      amountCents: 20_000,
      balanceCents: 20_000,
      status: 'requested',
      createdAt: now,
      updatedAt: now,
    });
    const billId = await makeBill(t.context, {
      businessId: s.payer.businessId,
      vendorId: s.vendor.id,
      amountCents: 20_000,
    });
    const requestId = newId();
    await t.database.db.insert(paymentRequests).values({
      id: requestId,
      payeeBusinessId: s.payee.businessId,
      payerBusinessId: s.payer.businessId,
      payerContactId: s.customer.id,
      vendorContactId: s.vendor.id,
      invoiceId,
      refNo: 'INV-E1',
      invoiceDate: '2026-11-10',
      dueDate: '2026-11-24',
      subtotalCents: 20_000,
      amountCents: 20_000,
      balanceCents: 20_000,
      lines: [],
      state: 'LINK_BILL',
      billId,
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: `${base(s.payer.businessId)}/payments`,
      headers: { ...s.payer.headers, 'idempotency-key': randomUUID() },
      payload: {
        billId,
        paymentRequestId: requestId,
        paymentInstrumentId: s.payer.bankId,
        deliverySpeed: 'STANDARD',
        amount: '200.00',
        processDate: '2026-11-16',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = paid.json().data.id as string;
    const detailUrl = `${base(s.payee.businessId)}/payments/received/${paymentId}`;

    await runPaymentEngine(t.context);
    const processing = (await get(s.payee.headers, detailUrl)).json().data;
    expect(processing).toMatchObject({ status: 'PROCESSING', statusLabel: 'Processing', dateLabel: 'ETA' });
    expect(processing.date).toBe(processing.expectedDelivery.latest);

    const advanced = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/clock/advance',
      headers: s.payer.headers,
      payload: { businessDays: 3 },
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    const res = await get(await signIn(t.context, s.payee.owner), detailUrl);
    expect(res.statusCode, res.body).toBe(200);
    const received = res.json().data;
    expect(received).toMatchObject({
      status: 'DELIVERED',
      statusLabel: 'Received',
      dateLabel: 'Received Date',
      amount: 200,
      invoice: { id: invoiceId },
      customer: { name: 'Payer Foods' },
    });
    const [bank] = await t.database.db
      .select({ mask: businessBankAccounts.accountMask })
      .from(businessBankAccounts)
      .where(eq(businessBankAccounts.id, s.payeeBankId));
    expect(received.receivingBank.accountMask).toBe(bank?.mask);
    const labels = received.timeline.map((e: { label: string }) => e.label);
    expect(labels[0]).toBe('Scheduled');
    expect(labels.at(-1)).toBe('Received');
    expect(labels).not.toContain('Funds collected');
  });
});

describe('GET payments?payeeId: the payments the business receives', () => {
  it('lists its customers’ payments on the receiving side, never the payer’s own data', async () => {
    const s = await setup();
    const delivered = await payment(s, {
      status: 'DELIVERED',
      amountCents: 12_500,
      feeCents: 375,
      method: 'CARD',
      events: ['SCHEDULED', 'SUBMITTED', 'DELIVERED'],
      remarks: 'paid early, do not tell them',
    });
    const processing = await payment(s, { status: 'PROCESSING', events: ['SCHEDULED', 'SUBMITTED'] });
    // Not the payee's business: still in approval, marked as paid by the payer, cancelled before scheduling.
    await payment(s, { status: 'IN_APPROVAL', events: ['SUBMITTED_FOR_APPROVAL'] });
    await payment(s, { status: 'MARKED_AS_PAID', method: null, events: ['MARKED_AS_PAID'] });
    await payment(s, { status: 'CANCELLED', events: ['SUBMITTED_FOR_APPROVAL', 'CANCELED'] });
    // Another payee's payment from the same payer.
    const other = await setup('Someone Else');
    await payment(other, { status: 'DELIVERED' });

    const page = await list(s);
    expect(page.total).toBe(2);
    expect(page.items.map((i) => i.id).sort()).toEqual([delivered, processing].sort());
    const received = page.items.find((i) => i.id === delivered);
    expect(received).toMatchObject({
      status: 'DELIVERED',
      statusLabel: 'Received',
      dateLabel: 'Received Date',
      date: '2026-11-16',
      amount: 125,
      customer: { id: s.customer.id, name: 'Payer Foods' },
      receivingBank: { accountMask: expect.any(String) },
      message: null,
    });
    expect(received).toMatchObject({ invoice: { refNo: expect.stringMatching(/^INV-R/) } });
    const eta = page.items.find((i) => i.id === processing);
    expect(eta).toMatchObject({ statusLabel: 'Processing', dateLabel: 'ETA', date: '2026-11-19' });
    // Nothing of the payer's side leaks.
    for (const item of page.items) {
      for (const key of [
        'paymentMethod',
        'remarks',
        'vendor',
        'bill',
        'createdBy',
        'feeAmount',
        'totalAmount',
      ])
        expect(item).not.toHaveProperty(key);
    }
    expect(JSON.stringify(page)).not.toContain('do not tell them');
    expect(JSON.stringify(page)).not.toContain('T-1');
  });

  it('says what happened to a payment that did not reach the payee, with the spec’s date labels', async () => {
    const s = await setup();
    await payment(s, { status: 'CANCELLED', events: ['SCHEDULED', 'CANCELED'] });
    await payment(s, { status: 'REVERSED', events: ['SCHEDULED', 'SUBMITTED', 'DELIVERED', 'REVERSED'] });
    await payment(s, { status: 'DECLINED', events: ['SCHEDULED', 'DECLINED'] });
    await payment(s, {
      status: 'FAILED',
      failureReason: 'INSUFFICIENT_BANK_BALANCE',
      events: ['SCHEDULED', 'SUBMITTED', 'FAILED'],
    });
    await payment(s, { status: 'HOLD', events: ['SCHEDULED', 'HOLD'] });
    const page = await list(s, '&sortBy=status&sortOrder=asc');
    const byStatus = Object.fromEntries(page.items.map((i) => [i.status as string, i]));
    expect(byStatus.CANCELLED).toMatchObject({
      statusLabel: 'Canceled',
      dateLabel: 'Cancelation Date',
      message: 'This payment is canceled. For more information, please contact the customer.',
    });
    expect(byStatus.REVERSED).toMatchObject({
      statusLabel: 'Reversed',
      dateLabel: 'Reversal Date',
      message: 'This payment was reversed. Any credited amount gets debited from your card / bank account.',
    });
    expect(byStatus.DECLINED).toMatchObject({
      statusLabel: 'Declined',
      dateLabel: 'Decline Date',
      message:
        'This payment could not be processed due to compliance requirements. For more information, please contact support.',
    });
    expect(byStatus.FAILED).toMatchObject({
      statusLabel: 'Failed',
      dateLabel: 'Failure Date',
      message: 'This payment couldn’t be completed. For more information, please contact the customer.',
    });
    expect(byStatus.HOLD).toMatchObject({ statusLabel: 'Processing', dateLabel: 'ETA', message: null });
    expect(page.items.map((i) => i.status)).toEqual(['CANCELLED', 'DECLINED', 'FAILED', 'HOLD', 'REVERSED']);
  });

  it('pages, sorts and filters by customer name, status and summary filter', async () => {
    const s = await setup();
    const other = await makeContact(t.context, {
      businessId: s.payee.businessId,
      type: 'CUSTOMER',
      name: 'Zephyr Works',
    });
    const zephyr = await request(s, { payerContactId: other.id });
    await payment(s, { status: 'DELIVERED', amountCents: 30_000 });
    await payment(s, { status: 'PROCESSING', amountCents: 10_000 });
    await payment(s, { status: 'FAILED', amountCents: 20_000, requestId: zephyr.id });

    const byAmount = await list(s, '&sortBy=amount&sortOrder=asc&pageSize=2');
    expect(byAmount.items.map((i) => i.amount)).toEqual([100, 200]);
    expect(byAmount.total).toBe(3);
    const second = await list(s, '&sortBy=amount&sortOrder=asc&pageSize=2&pageNumber=2');
    expect(second.items.map((i) => i.amount)).toEqual([300]);

    const byName = await list(s, '&sortBy=customerName&sortOrder=desc');
    expect(byName.items[0]).toMatchObject({ customer: { name: 'Zephyr Works' } });
    expect((await list(s, '&customerName=zeph')).items.map((i) => i.amount)).toEqual([200]);
    expect((await list(s, '&status=received')).items.map((i) => i.amount)).toEqual([300]);
    expect((await list(s, '&status=failed,processing&sortBy=amount')).items.map((i) => i.amount)).toEqual([
      200, 100,
    ]);
    expect((await list(s, '&filterType=ATTENTION_REQUIRED')).items.map((i) => i.amount)).toEqual([200]);
    expect((await list(s, '&filterType=PROCESSING')).items.map((i) => i.amount)).toEqual([100]);

    // The payer side's sort key and filter are not the payee's (and the other way round).
    expect((await get(s.payee.headers, listUrl(s, '&sortBy=vendorName'))).statusCode).toBe(400);
    expect((await get(s.payee.headers, listUrl(s, '&filterType=SCHEDULED'))).statusCode).toBe(400);
    const payerSide = await get(s.payee.headers, `${base(s.payee.businessId)}/payments?sortBy=customerName`);
    expect(payerSide.statusCode).toBe(400);
  });

  it('answers 404 for another business as payee and 403 without the payments-received right', async () => {
    const s = await setup();
    await payment(s, { status: 'DELIVERED' });
    const foreign = await get(
      s.payee.headers,
      `${base(s.payee.businessId)}/payments?payeeId=${s.payer.businessId}`,
    );
    expect(foreign.statusCode).toBe(404);

    // Pay payments only: its own payer list, not what it receives.
    const payOnly = await memberWith(s.payee.businessId, ['PAY_PAYMENTS.view']);
    const refused = await get(payOnly, listUrl(s));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCESS_DENIED_MESSAGE);
    expect((await get(payOnly, `${base(s.payee.businessId)}/payments`)).statusCode).toBe(200);

    // Payments received only: the payee list, not the payer's.
    const receivedOnly = await memberWith(s.payee.businessId, ['GET_PAID_PAYMENTS_RECEIVED.view']);
    expect((await list(s, '', receivedOnly)).total).toBe(1);
    expect((await get(receivedOnly, `${base(s.payee.businessId)}/payments`)).statusCode).toBe(403);
    expect(
      (await get(receivedOnly, `${base(s.payee.businessId)}/invoices/summary/payments`)).statusCode,
    ).toBe(200);

    const neither = await memberWith(s.payee.businessId, ['GET_PAID_DUE_INVOICES.view']);
    expect((await get(neither, listUrl(s))).statusCode).toBe(403);
    expect((await get(neither, `${base(s.payee.businessId)}/invoices/summary/payments`)).statusCode).toBe(
      403,
    );
  });
});

describe('GET payments/received/{paymentId}', () => {
  it('answers the received payment with the receiving side’s timeline (no approvals, actors or remarks)', async () => {
    const s = await setup();
    const id = await payment(s, {
      status: 'DELIVERED',
      events: [
        'SUBMITTED_FOR_APPROVAL',
        'APPROVED_AND_SCHEDULED',
        'SUBMITTED',
        'FUNDS_COLLECTED',
        'DELIVERED',
      ],
    });
    const res = await get(s.payee.headers, `${base(s.payee.businessId)}/payments/received/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({ id, statusLabel: 'Received', amount: 100 });
    expect(detail.timeline.map((e: { label: string }) => e.label)).toEqual([
      'Scheduled',
      'Processing',
      'Received',
    ]);
    expect(detail.timeline.map((e: { actor: unknown; remarks: unknown }) => [e.actor, e.remarks])).toEqual(
      Array(3).fill([{ type: 'SYSTEM', name: 'Ferry' }, null]),
    );
    expect(JSON.stringify(detail)).not.toContain('Ana Payer');
    expect(JSON.stringify(detail)).not.toContain('internal note');

    // The payer's own view of it is not the payee's, and another business sees nothing.
    const stranger = await setup('Stranger');
    expect(
      (await get(stranger.payee.headers, `${base(stranger.payee.businessId)}/payments/received/${id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(s.payer.headers, `${base(s.payer.businessId)}/payments/received/${id}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(s.payee.headers, `${base(s.payee.businessId)}/payments/received/nope`)).statusCode,
    ).toBe(404);
  });
});

describe('GET invoices/summary/payments', () => {
  it('counts processing, received this month (New York) and attention required', async () => {
    const s = await setup();
    await payment(s, { status: 'PROCESSING', amountCents: 1_000 });
    await payment(s, { status: 'HOLD', amountCents: 2_000 });
    await payment(s, { status: 'DELIVERED', amountCents: 3_000 });
    // Delivered on Oct 31 at 23:00 in New York: last month.
    await payment(s, {
      status: 'DELIVERED',
      amountCents: 4_000,
      deliveredAt: new Date('2026-11-01T03:00:00Z'),
    });
    await payment(s, { status: 'FAILED', amountCents: 5_000 });
    await payment(s, { status: 'REVERSED', amountCents: 6_000 });
    await payment(s, { status: 'IN_APPROVAL', amountCents: 7_000, events: [] });
    const res = await get(s.payee.headers, `${base(s.payee.businessId)}/invoices/summary/payments`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      processing: { total: 2, amount: 30 },
      receivedThisMonth: { total: 1, amount: 30 },
      attentionRequired: { total: 2, amount: 110 },
    });
    // The card's filter lists the same payments.
    expect((await list(s, '&filterType=RECEIVED')).items.map((i) => i.amount)).toEqual([30]);
  });
});

describe('GET fbn/{product}: the network lookup of the pickers', () => {
  it('finds other discoverable businesses by name (2 characters), with the linked contact, never itself', async () => {
    const s = await setup();
    const tag = newId().slice(-6);
    const [a, b, hidden, guest] = await Promise.all([
      makeSignedInBusiness(t.context, { businessName: `Qx${tag} Alpha` }),
      makeSignedInBusiness(t.context, { businessName: `Qx${tag} Beta` }),
      makeSignedInBusiness(t.context, { businessName: `Qx${tag} Hidden` }),
      makeSignedInBusiness(t.context, { businessName: `Qx${tag} Guest` }),
    ]);
    await t.database.db
      .update(businesses)
      .set({ isDiscoverable: false })
      .where(eq(businesses.id, hidden.businessId));
    // A guest's business, even one left discoverable.
    await t.database.db.update(businesses).set({ isGuest: true }).where(eq(businesses.id, guest.businessId));
    await t.database.db
      .update(businesses)
      .set({ businessName: `Qx${tag} Self` })
      .where(eq(businesses.id, s.payee.businessId));
    const customer = await makeContact(t.context, {
      businessId: s.payee.businessId,
      type: 'CUSTOMER',
      name: 'Alpha (customer)',
      networkBusinessId: a.businessId,
    });
    const url = (product: string, query: string) => `${base(s.payee.businessId)}/fbn/${product}?${query}`;
    const res = await get(s.payee.headers, url('receivable', `searchTerm=qx${tag}&pageSize=20`));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.items.map((i: { businessName: string }) => i.businessName)).toEqual([
      `Qx${tag} Alpha`,
      `Qx${tag} Beta`,
    ]);
    expect(page.items[0].contact).toEqual({ id: customer.id, name: 'Alpha (customer)' });
    expect(page.items[1].contact).toBeNull();
    // The same business as a vendor: not linked on that side.
    const payable = await get(s.payee.headers, url('payable', `searchTerm=qx${tag}`));
    expect(payable.json().data.items.map((i: { contact: unknown }) => i.contact)).toEqual([null, null]);
    expect(b.businessId).toBe(page.items[1].id);

    const short = await get(s.payee.headers, url('receivable', 'searchTerm=q'));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(FBN_MESSAGES.searchTooShort);
    expect((await get(s.payee.headers, url('receivable', 'searchTerm=qx&pageSize=21'))).statusCode).toBe(400);
    expect((await get(s.payee.headers, url('other', 'searchTerm=qx'))).statusCode).toBe(404);

    // A vendor reader may look up vendors, not customers.
    const vendorsOnly = await memberWith(s.payee.businessId, ['PAY_MANAGE_VENDORS.view']);
    expect((await get(vendorsOnly, url('payable', `searchTerm=qx${tag}`))).statusCode).toBe(200);
    expect((await get(vendorsOnly, url('receivable', `searchTerm=qx${tag}`))).statusCode).toBe(403);
  });
});

describe('POST invoicePayment', () => {
  it('records a payment of an invoice into a receiving bank (Idempotency-Key, GetPaidDueInvoices manage)', async () => {
    const s = await setup();
    const accounts = await listChartAccounts(t.context, {
      businessId: s.payee.businessId,
      query: { isForCreateBill: false, pageNumber: 1, pageSize: 1000 },
    });
    const sales = accounts.items.find((a) => a.name === 'Sales');
    const created = await t.app.inject({
      method: 'POST',
      url: `${base(s.payee.businessId)}/accounting/invoices`,
      headers: { ...s.payee.headers, 'idempotency-key': randomUUID() },
      payload: {
        customerId: s.customer.id,
        refNo: `INV-P${newId().slice(-6)}`,
        invoiceDate: '2026-11-02',
        lines: [{ chartAccountId: sales?.id, quantity: 1, unitPrice: '80.00' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoiceId = created.json().data.id as string;
    const body = { id: invoiceId, amount: '30.00', date: '2026-11-16', paymentInstrumentId: s.payeeBankId };
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `${base(s.payee.businessId)}/invoicePayment`,
        headers,
        payload: body,
      });

    expect((await post(s.payee.headers)).statusCode).toBe(400);
    const key = randomUUID();
    const res = await post({ ...s.payee.headers, 'idempotency-key': key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(INVOICE_MESSAGES.markPaidSuccess);
    expect(res.json().data).toMatchObject({ kind: 'MARKED_AS_PAID', amount: 30, status: 'COMPLETED' });
    // The same key again changes nothing.
    expect((await post({ ...s.payee.headers, 'idempotency-key': key })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row).toMatchObject({ balanceCents: 5_000, status: 'partial_paid' });

    const viewer = await memberWith(s.payee.businessId, ['GET_PAID_DUE_INVOICES.view']);
    expect((await post({ ...viewer, 'idempotency-key': randomUUID() })).statusCode).toBe(403);
  });
});
