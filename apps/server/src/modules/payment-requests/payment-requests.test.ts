import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import {
  addBusinessMember,
  makeBusiness,
  makeSignedInBusiness,
  makeUser,
  signIn,
} from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { bills } from '../bills/tables.js';
import { chartAccountNamed } from '../cards/testing.js';
import { contacts } from '../contacts/tables.js';
import { SAMPLE_SENDER } from './sandbox.js';
import { createPaymentRequest, type NewPaymentRequest } from './service.js';
import { paymentRequests } from './tables.js';

const t = useTestApp();

const base = (businessId: string) => `/api/business/${businessId}`;
const SENDER_ACTOR = { type: 'USER' as const, userId: null, name: 'Sender' };

/** A payer (signed in) and a sender business on Ferry. */
async function setup() {
  const payer = await makeSignedInBusiness(t.context, { businessName: 'Payer Foods LLC' });
  const sender = await makeBusiness(t.context, { businessName: 'Blue Harbor Printing' });
  return { payer, sender };
}

let invoiceSeq = 0;
async function send(
  payeeBusinessId: string,
  payerBusinessId: string,
  overrides: Partial<NewPaymentRequest> = {},
) {
  invoiceSeq += 1;
  const { paymentRequest } = await t.context.database.db.transaction((tx) =>
    createPaymentRequest(tx, {
      payeeBusinessId,
      payerBusinessId,
      invoiceId: `inv-${invoiceSeq}`,
      refNo: `INV-${1000 + invoiceSeq}`,
      invoiceDate: '2026-11-01',
      dueDate: '2026-11-20',
      lines: [
        { itemName: 'Business cards', description: '500 cards, matte', quantity: 2, unitPriceCents: 4500 },
        { itemName: 'Shipping', quantity: 1, unitPriceCents: 1250 },
      ],
      taxCents: 800,
      actor: SENDER_ACTOR,
      at: t.clock.now(),
      ...overrides,
    }),
  );
  return paymentRequest;
}

const get = (headers: AuthHeaders, url: string) => t.app.inject({ method: 'GET', url, headers });
const post = (headers: AuthHeaders, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('createPaymentRequest', () => {
  it('prices the invoice like a bill, starts CREATED with a Requested event, and is idempotent per invoice', async () => {
    const { payer, sender } = await setup();
    const first = await send(sender.businessId, payer.businessId, { invoiceId: 'same-invoice' });
    expect(first).toMatchObject({
      state: 'CREATED',
      subtotalCents: 10250,
      taxCents: 800,
      amountCents: 11050,
    });
    expect(first.balanceCents).toBe(11050);
    expect(first.vendorContactId).toBeNull();
    const again = await send(sender.businessId, payer.businessId, { invoiceId: 'same-invoice' });
    expect(again.id).toBe(first.id);

    const res = await get(payer.headers, `${base(payer.businessId)}/payment-requests/${first.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      refNo: first.refNo,
      amount: 110.5,
      balance: 110.5,
      status: 'CREATED',
      isMapped: false,
      sender: {
        businessId: sender.businessId,
        businessName: 'Blue Harbor Printing',
        email: sender.owner.email,
      },
      lines: [
        {
          itemName: 'Business cards',
          description: '500 cards, matte',
          quantity: 2,
          unitPrice: 45,
          amount: 90,
        },
        { itemName: 'Shipping', description: null, quantity: 1, unitPrice: 12.5, amount: 12.5 },
      ],
    });
    expect(data.events.map((e: { label: string }) => e.label)).toEqual(['Requested']);
  });

  it('refuses an invalid invoice with the field named', async () => {
    const { payer, sender } = await setup();
    const fieldOf = async (overrides: Partial<NewPaymentRequest>) => {
      const error = await send(sender.businessId, payer.businessId, overrides).catch((e: unknown) => e);
      expect(error).toMatchObject({ errorCode: 'VALIDATION_ERROR', statusCode: 400 });
      return (error as { errors: { field: string; message: string }[] }).errors[0];
    };
    expect(await fieldOf({ refNo: 'INV#1' })).toEqual({
      field: 'refNo',
      message: 'Reference number can only contain letters, numbers, spaces and & - _ .',
    });
    expect(await fieldOf({ dueDate: '2026-10-01' })).toMatchObject({ field: 'dueDate' });
    expect(
      await fieldOf({ lines: [{ itemName: 'Pen', quantity: 1, unitPriceCents: 50 }], taxCents: 0 }),
    ).toEqual({
      field: 'amount',
      message: 'Payment request amount must be at least $1.00.',
    });
    expect(await fieldOf({ lines: [{ itemName: 'Pen', quantity: 0, unitPriceCents: 500 }] })).toMatchObject({
      field: 'lines.0.quantity',
    });
    await expect(send(payer.businessId, payer.businessId)).rejects.toMatchObject({
      errorCode: 'BAD_REQUEST',
    });
  });

  it('maps the vendor at once when the payer has the sender as a network vendor', async () => {
    const { payer, sender } = await setup();
    const vendor = await makeContact(t.context, {
      businessId: payer.businessId,
      networkBusinessId: sender.businessId,
    });
    const request = await send(sender.businessId, payer.businessId);
    expect(request.vendorContactId).toBe(vendor.id);
  });
});

describe('GET payment-requests', () => {
  it('lists open requests with filters, search, sorting and paging; other businesses see none', async () => {
    const { payer, sender } = await setup();
    // Today (test clock) is 2026-11-02 in New York.
    const overdue = await send(sender.businessId, payer.businessId, {
      refNo: 'OVER-1',
      dueDate: '2026-11-01',
      invoiceDate: '2026-10-01',
    });
    const soon = await send(sender.businessId, payer.businessId, { refNo: 'SOON-1', dueDate: '2026-11-05' });
    const later = await send(sender.businessId, payer.businessId, {
      refNo: 'LATER-1',
      dueDate: '2026-12-30',
    });
    const cancelled = await send(sender.businessId, payer.businessId, { refNo: 'GONE-1' });
    await t.context.database.db
      .update(paymentRequests)
      .set({ state: 'CANCELLED' })
      .where(eq(paymentRequests.id, cancelled.id));

    const list = async (query: string) => {
      const res = await get(payer.headers, `${base(payer.businessId)}/payment-requests?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { items: { id: string; refNo: string }[]; total: number };
    };
    const all = await list('sortBy=dueDate&sortOrder=asc');
    expect(all.items.map((i) => i.refNo)).toEqual(['OVER-1', 'SOON-1', 'LATER-1']);
    expect(all.total).toBe(3);
    expect((await list('billSummaryType=OVERDUE')).items.map((i) => i.id)).toEqual([overdue.id]);
    expect((await list('dateRange=NEXT_7_DAYS')).items.map((i) => i.id)).toEqual([soon.id]);
    expect((await list('dateRange=NEXT_3_DAYS')).items.map((i) => i.id)).toEqual([soon.id]);
    expect((await list('searchTerm=later')).items.map((i) => i.id)).toEqual([later.id]);
    expect((await list('searchTerm=blue%20harbor')).total).toBe(3);
    expect((await list('status=cancelled')).items.map((i) => i.id)).toEqual([cancelled.id]);
    const page2 = await list('sortBy=dueDate&sortOrder=asc&pageSize=2&pageNumber=2');
    expect(page2.items.map((i) => i.refNo)).toEqual(['LATER-1']);
    expect(page2.total).toBe(3);

    const bad = await get(payer.headers, `${base(payer.businessId)}/payment-requests?status=nope`);
    expect(bad.statusCode).toBe(400);

    // The sender does not see the request as received; neither does an unrelated business.
    const senderHeaders = await signIn(t.context, sender.owner);
    expect((await get(senderHeaders, `${base(sender.businessId)}/payment-requests`)).json().data.total).toBe(
      0,
    );
    expect(
      (await get(senderHeaders, `${base(sender.businessId)}/payment-requests/${soon.id}`)).statusCode,
    ).toBe(404);

    const multiple = await get(
      payer.headers,
      `${base(payer.businessId)}/payment-requests/multiple?paymentRequestIds=${later.id},nope,${soon.id}`,
    );
    expect(multiple.json().data.map((r: { id: string }) => r.id)).toEqual([later.id, soon.id]);
  });

  it('summarises open requests in the review cards', async () => {
    const { payer, sender } = await setup();
    await send(sender.businessId, payer.businessId, { dueDate: '2026-11-01', invoiceDate: '2026-10-01' });
    await send(sender.businessId, payer.businessId, { dueDate: '2026-11-05' });
    await send(sender.businessId, payer.businessId, { dueDate: '2026-12-30' });
    const res = await get(payer.headers, `${base(payer.businessId)}/bills/summary/review`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      totalOutstanding: { amount: 331.5, total: 3 },
      dueInNext7Days: { amount: 110.5, total: 1 },
      overdue: { amount: 110.5, total: 1 },
      totalPaymentRequests: 3,
      today: '2026-11-02',
    });
  });

  it('is open to Inbox readers and closed to members without either right', async () => {
    const { payer, sender } = await setup();
    await send(sender.businessId, payer.businessId);
    const inbox = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: payer.businessId,
      user: inbox,
      permissions: ['PAY_INBOX.view'],
    });
    const none = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: payer.businessId,
      user: none,
      permissions: ['PAY_DUE_BILLS.view'],
    });
    const url = `${base(payer.businessId)}/payment-requests`;
    expect((await get(await signIn(t.context, inbox), url)).statusCode).toBe(200);
    const denied = await get(await signIn(t.context, none), url);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorCode).toBe('ACCESS_DENIED');
  });
});

describe('map-business', () => {
  it('lists the network vendor first and maps an existing vendor, linking it to the sender', async () => {
    const { payer, sender } = await setup();
    const request = await send(sender.businessId, payer.businessId);
    const other = await send(sender.businessId, payer.businessId);
    const similar = await makeContact(t.context, {
      businessId: payer.businessId,
      name: 'Blue Harbor Print Shop',
    });
    const sameEmail = await makeContact(t.context, {
      businessId: payer.businessId,
      name: 'BH Billing',
      email: sender.owner.email,
    });
    const unrelated = await makeContact(t.context, { businessId: payer.businessId, name: 'Acme Tools' });
    const elsewhere = await makeContact(t.context, {
      businessId: payer.businessId,
      name: 'Linked Elsewhere',
      networkBusinessId: (await makeBusiness(t.context)).businessId,
    });
    const res = await get(
      payer.headers,
      `${base(payer.businessId)}/payment-requests/${request.id}/businesses-to-map`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const candidates = res.json().data.candidates as { id: string; match: string }[];
    expect(candidates.map((c) => [c.id, c.match])).toEqual([
      [sameEmail.id, 'EMAIL'],
      [similar.id, 'NAME'],
      [unrelated.id, 'OTHER'],
    ]);
    expect(candidates.some((c) => c.id === elsewhere.id)).toBe(false);

    const mapped = await post(
      payer.headers,
      `${base(payer.businessId)}/payment-requests/${request.id}/map-business`,
      {
        contactId: similar.id,
      },
    );
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().data).toMatchObject({ isMapped: true, vendor: { id: similar.id } });
    expect(mapped.json().data.events.map((e: { label: string }) => e.label)).toEqual([
      'Requested',
      'Vendor mapped',
    ]);
    const [contact] = await t.context.database.db.select().from(contacts).where(eq(contacts.id, similar.id));
    expect(contact?.networkBusinessId).toBe(sender.businessId);
    // The sender's other unmapped request follows.
    const [follower] = await t.context.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, other.id));
    expect(follower?.vendorContactId).toBe(similar.id);
    // A vendor linked to another Ferry business cannot be used.
    const third = await send(sender.businessId, payer.businessId);
    await t.context.database.db
      .update(paymentRequests)
      .set({ vendorContactId: null })
      .where(eq(paymentRequests.id, third.id));
    const refused = await post(
      payer.headers,
      `${base(payer.businessId)}/payment-requests/${third.id}/map-business`,
      {
        contactId: elsewhere.id,
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This contact is already linked to a business on Ferry.');
  });

  it('adds the sender as a new network vendor when no contact is given', async () => {
    const { payer, sender } = await setup();
    const request = await send(sender.businessId, payer.businessId);
    const res = await post(
      payer.headers,
      `${base(payer.businessId)}/payment-requests/${request.id}/map-business`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const vendorId = res.json().data.vendor.id as string;
    const [vendor] = await t.context.database.db.select().from(contacts).where(eq(contacts.id, vendorId));
    expect(vendor).toMatchObject({
      type: 'VENDOR',
      name: 'Blue Harbor Printing',
      email: sender.owner.email,
      networkBusinessId: sender.businessId,
      businessId: payer.businessId,
    });
    // Again: the same vendor, no second contact.
    const again = await post(
      payer.headers,
      `${base(payer.businessId)}/payment-requests/${request.id}/map-business`,
    );
    expect(again.json().data.vendor.id).toBe(vendorId);
    const vendors = await t.context.database.db
      .select()
      .from(contacts)
      .where(
        and(eq(contacts.businessId, payer.businessId), eq(contacts.networkBusinessId, sender.businessId)),
      );
    expect(vendors).toHaveLength(1);
  });
});

describe('link-bill', () => {
  it('needs a mapped vendor, then creates exactly one bill with the request lines even when called twice at once', async () => {
    const { payer, sender } = await setup();
    const request = await send(sender.businessId, payer.businessId, { refNo: 'BH-77', discountCents: 250 });
    const url = `${base(payer.businessId)}/payment-requests/${request.id}/link-bill`;
    const unmapped = await post(payer.headers, url);
    expect(unmapped.statusCode).toBe(409);
    expect(unmapped.json().message).toBe('Select the vendor this payment request is from first.');

    await post(payer.headers, `${base(payer.businessId)}/payment-requests/${request.id}/map-business`);
    const [a, b] = await Promise.all([post(payer.headers, url), post(payer.headers, url)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().data.billId).toBe(b.json().data.billId);
    const billId = a.json().data.billId as string;
    const rows = await t.context.database.db
      .select()
      .from(bills)
      .where(eq(bills.businessId, payer.businessId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: billId,
      refNo: 'BH-77',
      billDate: '2026-11-01',
      dueDate: '2026-11-20',
      amountCents: 10800,
      balanceCents: 10800,
      discountCents: 250,
      taxCents: 800,
    });
    expect(a.json().data.paymentRequest).toMatchObject({ status: 'LINK_BILL', billId, balance: 108 });

    const bill = await get(payer.headers, `${base(payer.businessId)}/bills/${billId}`);
    expect(
      bill
        .json()
        .data.lines.map((l: { name: string; description: string | null }) => [l.name, l.description]),
    ).toEqual([
      ['Cost of Goods Sold', 'Business cards — 500 cards, matte'],
      ['Shipping', null],
    ]);
    const detail = await get(payer.headers, `${base(payer.businessId)}/payment-requests/${request.id}`);
    expect(detail.json().data.events.map((e: { label: string }) => e.label)).toEqual([
      'Requested',
      'Vendor mapped',
      'Bill created',
    ]);

    // The request follows its bill: paid in full → COMPLETED and out of the open list.
    await t.context.database.db
      .update(bills)
      .set({ balanceCents: 0, status: 'paid' })
      .where(eq(bills.id, billId));
    const after = await get(payer.headers, `${base(payer.businessId)}/payment-requests/${request.id}`);
    expect(after.json().data).toMatchObject({ status: 'COMPLETED', balance: 0 });
    const open = await get(payer.headers, `${base(payer.businessId)}/payment-requests`);
    expect(open.json().data.total).toBe(0);
  });

  it('links an open bill of the same vendor and refuses a bill of another vendor', async () => {
    const { payer, sender } = await setup();
    const request = await send(sender.businessId, payer.businessId, { refNo: 'BH-90' });
    await post(payer.headers, `${base(payer.businessId)}/payment-requests/${request.id}/map-business`);
    const [mapped] = await t.context.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, request.id));
    const vendorId = mapped?.vendorContactId as string;
    const otherVendor = await makeContact(t.context, { businessId: payer.businessId });
    const createBill = (vendor: string, refNo: string) =>
      t.app.inject({
        method: 'POST',
        url: `${base(payer.businessId)}/bills`,
        headers: { ...payer.headers, 'idempotency-key': `bill-${refNo}-${vendor}` },
        payload: {
          vendorId: vendor,
          refNo,
          billDate: '2026-11-01',
          lines: [{ itemId: null, chartAccountId: null, quantity: 1, unitPrice: 10 }],
        },
      });
    // Bills need an item or an account: take one of the payer's items.
    const items = await get(payer.headers, `${base(payer.businessId)}/accounting/items?pageSize=1000`);
    const itemId = items.json().data.items[0].id as string;
    const billFor = async (vendor: string, refNo: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${base(payer.businessId)}/bills`,
        headers: { ...payer.headers, 'idempotency-key': `bill-${refNo}-${vendor}` },
        payload: {
          vendorId: vendor,
          refNo,
          billDate: '2026-11-01',
          lines: [{ itemId, quantity: 1, unitPrice: 110.5 }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    };
    expect((await createBill(vendorId, 'X-1')).statusCode).toBe(400);
    const wrong = await billFor(otherVendor.id, 'OTHER-1');
    const right = await billFor(vendorId, 'MANUAL-1');
    const url = `${base(payer.businessId)}/payment-requests/${request.id}/link-bill`;
    const refused = await post(payer.headers, url, { billId: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This bill belongs to another vendor.');
    const linked = await post(payer.headers, url, { billId: right });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.billId).toBe(right);
    const rows = await t.context.database.db
      .select()
      .from(bills)
      .where(eq(bills.businessId, payer.businessId));
    expect(rows).toHaveLength(2);
    // Linking the request again to a different bill is refused.
    expect((await post(payer.headers, url, { billId: wrong })).statusCode).toBe(409);
  });

  it("books unknown items to the account given, only the business's own: another business's is 404 (issue 16)", async () => {
    const { payer, sender } = await setup();
    const request = await send(sender.businessId, payer.businessId);
    await post(payer.headers, `${base(payer.businessId)}/payment-requests/${request.id}/map-business`);
    const url = `${base(payer.businessId)}/payment-requests/${request.id}/link-bill`;
    const stranger = await makeSignedInBusiness(t.context);
    const theirs = await chartAccountNamed(t, stranger.businessId, 'Software');
    for (const chartAccountId of [theirs.id, '0123456789abcdef01234567']) {
      const refused = await post(payer.headers, url, { chartAccountId });
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json()).toMatchObject({
        message: 'Account not found.',
        errors: [{ field: 'chartAccountId', message: 'Account not found.' }],
      });
    }
    // Nothing was made: no bill, the request still open.
    expect(
      await t.context.database.db.select().from(bills).where(eq(bills.businessId, payer.businessId)),
    ).toEqual([]);
    const open = await get(payer.headers, `${base(payer.businessId)}/payment-requests/${request.id}`);
    expect(open.json().data).toMatchObject({ billId: null });

    const own = await chartAccountNamed(t, payer.businessId, 'Software');
    const linked = await post(payer.headers, url, { chartAccountId: own.id });
    expect(linked.statusCode, linked.body).toBe(200);
    const bill = await get(payer.headers, `${base(payer.businessId)}/bills/${linked.json().data.billId}`);
    expect(bill.json().data.lines.map((l: { name: string }) => l.name)).toEqual(['Software', 'Shipping']);
  });

  it('is refused to a Read-only member and unknown to another business', async () => {
    const { payer, sender } = await setup();
    const request = await send(sender.businessId, payer.businessId);
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId: payer.businessId, user: viewer, roleName: 'Read-only' });
    const viewerHeaders = await signIn(t.context, viewer);
    const url = `${base(payer.businessId)}/payment-requests/${request.id}`;
    expect((await get(viewerHeaders, url)).statusCode).toBe(200);
    expect((await post(viewerHeaders, `${url}/link-bill`)).statusCode).toBe(403);
    expect((await post(viewerHeaders, `${url}/map-business`)).statusCode).toBe(403);
    const stranger = await makeSignedInBusiness(t.context);
    expect(
      (await get(stranger.headers, `${base(stranger.businessId)}/payment-requests/${request.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await post(stranger.headers, `${base(stranger.businessId)}/payment-requests/${request.id}/link-bill`))
        .statusCode,
    ).toBe(404);
  });
});

describe('sandbox sample requests', () => {
  it('sends a realistic invoice from Northwind Supply Co. to a business of the caller, reusing the sender', async () => {
    const payer = await makeSignedInBusiness(t.context);
    const info = await get(payer.headers, '/api/sandbox/payment-requests');
    expect(info.json().data).toEqual({ available: true, senderName: 'Northwind Supply Co.' });
    const first = await post(payer.headers, '/api/sandbox/payment-requests', {
      payerBusinessId: payer.businessId,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Sample payment request sent.');
    const second = await post(payer.headers, '/api/sandbox/payment-requests', {
      payerBusinessId: payer.businessId,
      amount: '1234.56',
      dueInDays: -3,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.senderBusinessId).toBe(first.json().data.senderBusinessId);
    expect(second.json().data.amount).toBe(1234.56);

    const detail = await get(
      payer.headers,
      `${base(payer.businessId)}/payment-requests/${first.json().data.paymentRequestId}`,
    );
    const data = detail.json().data;
    expect(data.sender).toMatchObject({
      businessName: SAMPLE_SENDER.businessName,
      email: SAMPLE_SENDER.email,
      website: SAMPLE_SENDER.website,
    });
    expect(data.lines.length).toBeGreaterThanOrEqual(2);
    expect(data.lines.length).toBeLessThanOrEqual(3);
    expect(data.amount).toBe(
      Number(data.lines.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0).toFixed(2)),
    );
    const summary = await get(payer.headers, `${base(payer.businessId)}/bills/summary/review`);
    expect(summary.json().data.overdue).toEqual({ amount: 1234.56, total: 1 });
    expect(summary.json().data.totalPaymentRequests).toBe(2);

    // Someone else's business: unknown.
    const stranger = await makeSignedInBusiness(t.context);
    const refused = await post(stranger.headers, '/api/sandbox/payment-requests', {
      payerBusinessId: payer.businessId,
    });
    expect(refused.statusCode).toBe(404);
    // Without a session: refused.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/payment-requests',
      payload: { payerBusinessId: payer.businessId },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
