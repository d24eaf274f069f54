import { randomUUID } from 'node:crypto';
import { newYorkDate } from '@ferry/domain/payments';
import { ACCESS_DENIED_MESSAGE } from '@ferry/domain/permissions';
import { PAYMENT_REQUEST_MESSAGES } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import { makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { invoiceLineItems, invoicePayments, invoices } from '../invoices/tables.js';
import { makePayer, makeVerifiedBank, paymentRow } from '../payments/engine/engine-fixtures.js';
import { runPaymentEngine } from '../payments/engine/jobs.js';
import { CUSTOMER_EMAIL_REQUIRED_MESSAGE, sendScheduledReminders } from './sending.js';
import { paymentRequestEvents, paymentRequests } from './tables.js';

const t = useTestApp();

const START = '2026-11-02T15:00:00.000Z';
const base = (businessId: string) => `/api/business/${businessId}`;
const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  headers: AuthHeaders,
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let invoiceSeq = 0;

/**
 * An invoice of the sender to a customer, written directly: 2 × $45.00 business cards, $12.50 of
 * services and $8.00 tax — $110.50, due Nov 20, 2026.
 */
async function makeInvoice(businessId: string, customerId: string) {
  invoiceSeq += 1;
  const id = newId();
  const now = t.clock.now();
  await t.database.db.insert(invoices).values({
    id,
    businessId,
    customerId,
    refNo: `INV-${invoiceSeq}`,
    invoiceDate: '2026-11-01',
    dueDate: '2026-11-20',
    paymentTerm: 'CUSTOM',
    subtotalCents: 10_250,
    taxCents: 800,
    amountCents: 11_050,
    balanceCents: 11_050,
    memo: 'Thank you for your business.',
    createdAt: now,
    updatedAt: now,
  });
  await t.database.db.insert(invoiceLineItems).values([
    {
      id: newId(),
      invoiceId: id,
      position: 0,
      itemName: 'Business cards',
      description: '500 cards, matte',
      quantityE4: 20_000,
      unitPriceCents: 4500,
      amountCents: 9000,
    },
    {
      id: newId(),
      invoiceId: id,
      position: 1,
      coaName: 'Design services',
      quantityE4: 10_000,
      unitPriceCents: 1250,
      amountCents: 1250,
    },
  ]);
  return { id, refNo: `INV-${invoiceSeq}` };
}

/** A sender (signed in, with a receiving bank) and a customer that is a payer business on Ferry. */
async function setup() {
  t.clock.set(START);
  const sender = await makeSignedInBusiness(t.context, { businessName: 'Blue Harbor Printing' });
  const senderBankId = await makeVerifiedBank(t.context, sender.businessId);
  const payer = await makePayer(t.context);
  const tag = newId().slice(0, 8);
  const customer = await makeContact(t.context, {
    businessId: sender.businessId,
    type: 'CUSTOMER',
    name: 'Payer Foods',
    email: `ap.${tag}@payerfoods.example`,
    secondaryEmails: [`owner.${tag}@payerfoods.example`],
    networkBusinessId: payer.businessId,
  });
  const invoice = await makeInvoice(sender.businessId, customer.id);
  return { sender, senderBankId, payer, customer, invoice };
}

type Setup = Awaited<ReturnType<typeof setup>>;

const sendRequest = (s: Pick<Setup, 'sender'>, invoiceId: string) =>
  inject('POST', s.sender.headers, `${base(s.sender.businessId)}/payment-requests`, {
    invoiceDetails: { id: invoiceId },
  });

async function sent(s: Setup, invoiceId = s.invoice.id) {
  const res = await sendRequest(s, invoiceId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: string;
    status: string;
    events: { label: string; remarks: string | null }[];
  };
}

/** Moves the clock; the sender signs in again (a session idles out over hours). */
async function moveClock(s: Pick<Setup, 'sender'>, instant: string) {
  t.clock.set(instant);
  s.sender.headers = await signIn(t.context, s.sender.owner);
}

const invoiceRow = async (id: string) => {
  const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error('no invoice');
  return row;
};

const outbox = async (to: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as { subject: string; text: string; html: string }[];
};

describe('POST payment-requests (send an invoice)', () => {
  it("sends the invoice to the customer's business: For Review, 'requested', 'Requested', a mail with the link; a second send answers the same request", async () => {
    const s = await setup();
    const res = await sendRequest(s, s.invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Payment request sent successfully.');
    const data = res.json().data;
    expect(data).toMatchObject({
      invoiceId: s.invoice.id,
      refNo: s.invoice.refNo,
      payer: { businessId: s.payer.businessId },
      customer: { id: s.customer.id, name: 'Payer Foods', email: s.customer.email },
      invoiceDate: '2026-11-01',
      dueDate: '2026-11-20',
      amount: 110.5,
      balance: 110.5,
      status: 'CREATED',
      sentAt: START,
      lastReminderAt: null,
    });
    expect(data.events.map((e: { label: string }) => e.label)).toEqual(['Requested']);
    expect((await invoiceRow(s.invoice.id)).status).toBe('requested');

    // The customer's business has it under For Review, lines as on the invoice.
    const review = await inject(
      'GET',
      s.payer.headers,
      `${base(s.payer.businessId)}/payment-requests/${data.id}`,
    );
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().data).toMatchObject({
      status: 'CREATED',
      amount: 110.5,
      taxAmount: 8,
      memo: 'Thank you for your business.',
      sender: { businessId: s.sender.businessId, businessName: 'Blue Harbor Printing' },
      lines: [
        {
          itemName: 'Business cards',
          description: '500 cards, matte',
          quantity: 2,
          unitPrice: 45,
          amount: 90,
        },
        { itemName: 'Design services', description: null, quantity: 1, unitPrice: 12.5, amount: 12.5 },
      ],
    });

    // One mail to the customer's email and one to its secondary email, with the For Review link.
    for (const to of [s.customer.email, ...s.customer.secondaryEmails]) {
      const mails = await outbox(to);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Payment request from Blue Harbor Printing');
      expect(mails[0]?.text).toContain('$110.50');
      expect(mails[0]?.text).toContain('Nov 20, 2026');
      expect(mails[0]?.text).toContain(`/b/${s.payer.businessId}/bills/payment-request`);
      expect(mails[0]?.html).toContain(`/b/${s.payer.businessId}/bills/payment-request`);
    }

    const again = await sent(s);
    expect(again.id).toBe(data.id);
    expect(await outbox(s.customer.email)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.invoiceId, s.invoice.id));
    expect(rows).toHaveLength(1);
  });

  it('sends to a customer not on Ferry through a guest link (409 without an email), refuses an unknown invoice and a bad body', async () => {
    const s = await setup();
    const noEmail = await makeContact(t.context, {
      businessId: s.sender.businessId,
      type: 'CUSTOMER',
      name: 'Corner Cafe',
      email: '',
    });
    const invoice = await makeInvoice(s.sender.businessId, noEmail.id);
    const refused = await sendRequest(s, invoice.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CUSTOMER_EMAIL_REQUIRED_MESSAGE);
    expect((await invoiceRow(invoice.id)).status).toBe('unpaid');

    const offline = await makeContact(t.context, {
      businessId: s.sender.businessId,
      type: 'CUSTOMER',
      name: 'Corner Cafe',
    });
    const guestInvoice = await makeInvoice(s.sender.businessId, offline.id);
    const guest = await sent(s, guestInvoice.id);
    expect((await invoiceRow(guestInvoice.id)).status).toBe('requested');
    const [mail] = await outbox(offline.email);
    expect(mail?.text).toContain('/process/payment/start?token=');
    expect(guest.status).toBe('CREATED');

    const missing = await sendRequest(s, newId());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Invoice not found.');

    const empty = await inject('POST', s.sender.headers, `${base(s.sender.businessId)}/payment-requests`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Invoice is required.');

    // Another business's invoice is as unknown as a missing one.
    const other = await setup();
    expect((await sendRequest(s, other.invoice.id)).statusCode).toBe(404);

    // A paid or partly paid invoice cannot be requested.
    await t.database.db.update(invoices).set({ balanceCents: 5000 }).where(eq(invoices.id, other.invoice.id));
    const partly = await sendRequest(other, other.invoice.id);
    expect(partly.statusCode).toBe(409);
    expect(partly.json().message).toBe(PAYMENT_REQUEST_MESSAGES.invoiceHasPayments);
    await t.database.db.update(invoices).set({ balanceCents: 0 }).where(eq(invoices.id, other.invoice.id));
    expect((await sendRequest(other, other.invoice.id)).json().message).toBe(
      'This invoice has nothing left to pay.',
    );
  });

  it('needs manage on Due Invoices (403 for readers), and membership of the business', async () => {
    const s = await setup();
    const reader = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: s.sender.businessId,
      user: reader,
      permissions: ['GET_PAID_DUE_INVOICES.view'],
    });
    const readerHeaders = await signIn(t.context, reader);
    const denied = await sendRequest({ sender: { ...s.sender, headers: readerHeaders } }, s.invoice.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(ACCESS_DENIED_MESSAGE);
    const stranger = await makeSignedInBusiness(t.context);
    const foreign = await sendRequest({ sender: { ...s.sender, headers: stranger.headers } }, s.invoice.id);
    expect([403, 404]).toContain(foreign.statusCode);
    expect(
      await t.database.db.select().from(paymentRequests).where(eq(paymentRequests.invoiceId, s.invoice.id)),
    ).toEqual([]);

    const manager = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: s.sender.businessId,
      user: manager,
      permissions: ['GET_PAID_DUE_INVOICES.manage'],
    });
    const ok = await sendRequest(
      { sender: { ...s.sender, headers: await signIn(t.context, manager) } },
      s.invoice.id,
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('POST payment-requests/send-multiple-requests', () => {
  it('sends each invoice on its own and answers per invoice', async () => {
    const s = await setup();
    const second = await makeInvoice(s.sender.businessId, s.customer.id);
    const offline = await makeContact(t.context, {
      businessId: s.sender.businessId,
      type: 'CUSTOMER',
      email: '',
    });
    const notOnFerry = await makeInvoice(s.sender.businessId, offline.id);
    const unknown = newId();
    const url = `${base(s.sender.businessId)}/payment-requests/send-multiple-requests`;
    const res = await inject('POST', s.sender.headers, url, {
      businessId: s.sender.businessId,
      invoices: [s.invoice.id, notOnFerry.id, second.id, unknown],
    });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data as {
      invoiceId: string;
      paymentRequestId: string | null;
      error: string | null;
    }[];
    expect(results.map((r) => [r.invoiceId, r.paymentRequestId !== null, r.error])).toEqual([
      [s.invoice.id, true, null],
      [notOnFerry.id, false, CUSTOMER_EMAIL_REQUIRED_MESSAGE],
      [second.id, true, null],
      [unknown, false, 'Invoice not found.'],
    ]);
    expect((await invoiceRow(second.id)).status).toBe('requested');
    expect((await invoiceRow(notOnFerry.id)).status).toBe('unpaid');
    expect(await outbox(s.customer.email)).toHaveLength(2);

    const mismatch = await inject('POST', s.sender.headers, url, {
      businessId: s.payer.businessId,
      invoices: [s.invoice.id],
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([
      { field: 'businessId', message: PAYMENT_REQUEST_MESSAGES.businessMismatch },
    ]);
    const none = await inject('POST', s.sender.headers, url, { invoices: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Select at least one invoice.');
    const many = await inject('POST', s.sender.headers, url, {
      invoices: Array.from({ length: 51 }, () => newId()),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('You can send at most 50 payment requests at once.');
  });
});

describe('POST payment-requests/send-reminder', () => {
  it('mails a reminder at most once a day', async () => {
    const s = await setup();
    const request = await sent(s);
    const url = `${base(s.sender.businessId)}/payment-requests/send-reminder`;
    const first = await inject('POST', s.sender.headers, url, { paymentRequestId: request.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Reminder sent successfully.');
    expect(first.json().data.lastReminderAt).toBe(START);
    expect(first.json().data.events.map((e: { label: string }) => e.label)).toEqual([
      'Requested',
      'Manual Reminder Sent',
    ]);
    const mails = (await outbox(s.customer.email)).filter((m) => m.subject.startsWith('Reminder:'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Reminder: payment request from Blue Harbor Printing');
    expect(mails[0]?.text).toContain(
      `Invoice ${s.invoice.refNo} from Blue Harbor Printing is due on Nov 20, 2026.`,
    );
    expect(mails[0]?.text).toContain(`/b/${s.payer.businessId}/bills/payment-request`);

    await moveClock(s, '2026-11-03T03:00:00.000Z'); // Nov 2, 22:00 in New York: the same day there.
    const again = await inject('POST', s.sender.headers, url, { paymentRequestId: request.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A reminder was already sent today.');

    await moveClock(s, '2026-11-03T15:00:00.000Z');
    expect((await inject('POST', s.sender.headers, url, { paymentRequestId: request.id })).statusCode).toBe(
      200,
    );
    expect(await outbox(s.customer.email)).toHaveLength(3);

    // Unknown, another business's, or the payer's own view of it: 404.
    expect((await inject('POST', s.sender.headers, url, { paymentRequestId: newId() })).statusCode).toBe(404);
    const other = await setup();
    const otherRequest = await sent(other);
    expect(
      (await inject('POST', s.sender.headers, url, { paymentRequestId: otherRequest.id })).statusCode,
    ).toBe(404);
    expect(
      (
        await inject('POST', s.payer.headers, `${base(s.payer.businessId)}/payment-requests/send-reminder`, {
          paymentRequestId: request.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await inject('POST', s.sender.headers, url, {})).statusCode).toBe(400);
  });
});

describe('PATCH payment-requests/{id} (cancel)', () => {
  it("withdraws the request: 'Canceled' with the remarks, the invoice back to unpaid, the customer told", async () => {
    const s = await setup();
    const request = await sent(s);
    const url = `${base(s.sender.businessId)}/payment-requests/${request.id}`;
    expect((await inject('PATCH', s.sender.headers, url, { status: 'PAID' })).json().message).toBe(
      'A payment request can only be changed to CANCELLED.',
    );
    const long = await inject('PATCH', s.sender.headers, url, {
      status: 'CANCELLED',
      remarks: 'x'.repeat(201),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Remarks cannot exceed 200 characters.');

    const res = await inject('PATCH', s.sender.headers, url, {
      status: 'CANCELLED',
      remarks: ' Sent in error ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Payment request canceled successfully.');
    expect(res.json().data.status).toBe('CANCELLED');
    expect(res.json().data.events.at(-1)).toMatchObject({ label: 'Canceled', remarks: 'Sent in error' });
    expect((await invoiceRow(s.invoice.id)).status).toBe('unpaid');
    const mail = (await outbox(s.customer.email)).find((m) => m.subject.includes('withdrew'));
    expect(mail?.subject).toBe('Blue Harbor Printing withdrew a payment request');
    expect(mail?.text).toContain('Note from Blue Harbor Printing: Sent in error');

    // Gone from the customer's For Review; a second cancel or a reminder is refused.
    const review = await inject('GET', s.payer.headers, `${base(s.payer.businessId)}/payment-requests`);
    expect(review.json().data.total).toBe(0);
    const twice = await inject('PATCH', s.sender.headers, url, { status: 'CANCELED' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This payment request is no longer open.');

    // Sending the invoice again makes a new request.
    const resent = await sent(s);
    expect(resent.id).not.toBe(request.id);
    expect((await invoiceRow(s.invoice.id)).status).toBe('requested');
  });
});

describe('reminder settings and scheduled reminders', () => {
  it('reads the defaults, saves valid settings and refuses others; readers may only read', async () => {
    const s = await setup();
    const url = `${base(s.sender.businessId)}/payment-requests/reminder-settings`;
    const initial = await inject('GET', s.sender.headers, url);
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json().data).toEqual({
      enabled: false,
      beforeDueDays: 3,
      onDueDate: true,
      afterDueEveryDays: 7,
    });
    const none = await inject('PUT', s.sender.headers, url, {
      enabled: true,
      beforeDueDays: null,
      onDueDate: false,
      afterDueEveryDays: null,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose at least one reminder, or turn reminders off.');
    const zero = await inject('PUT', s.sender.headers, url, {
      enabled: true,
      beforeDueDays: 0,
      onDueDate: true,
      afterDueEveryDays: 31,
    });
    expect(zero.statusCode).toBe(400);
    expect(
      zero
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['afterDueEveryDays', 'beforeDueDays']);
    const saved = await inject('PUT', s.sender.headers, url, {
      enabled: true,
      beforeDueDays: 2,
      onDueDate: false,
      afterDueEveryDays: 5,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Reminder settings saved.');
    expect((await inject('GET', s.sender.headers, url)).json().data).toEqual({
      enabled: true,
      beforeDueDays: 2,
      onDueDate: false,
      afterDueEveryDays: 5,
    });

    const reader = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: s.sender.businessId,
      user: reader,
      permissions: ['GET_PAID_DUE_INVOICES.view'],
    });
    const readerHeaders = await signIn(t.context, reader);
    expect((await inject('GET', readerHeaders, url)).statusCode).toBe(200);
    expect(
      (
        await inject('PUT', readerHeaders, url, {
          enabled: false,
          beforeDueDays: null,
          onDueDate: true,
          afterDueEveryDays: null,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('sends due reminders once a day: N days before, on the due date, every N days after; never twice a day', async () => {
    const s = await setup();
    const quiet = await setup(); // reminders left off
    const request = await sent(s);
    await sent(quiet);
    const put = await inject(
      'PUT',
      s.sender.headers,
      `${base(s.sender.businessId)}/payment-requests/reminder-settings`,
      {
        enabled: true,
        beforeDueDays: 3,
        onDueDate: true,
        afterDueEveryDays: 7,
      },
    );
    expect(put.statusCode, put.body).toBe(200);
    const reminders = async () =>
      (await outbox(s.customer.email)).filter((m) => m.subject.startsWith('Reminder:')).length;

    const runAt = async (instant: string) => {
      await moveClock(s, instant);
      return sendScheduledReminders(t.context);
    };
    // Nov 17 is 3 days before Nov 20: only from 09:00 in New York.
    expect(await runAt('2026-11-17T13:00:00.000Z')).toBe(0); // 08:00 New York
    expect(await runAt('2026-11-17T15:00:00.000Z')).toBeGreaterThanOrEqual(1);
    expect(await reminders()).toBe(1);
    expect(await runAt('2026-11-17T20:00:00.000Z')).toBe(0);
    expect(await runAt('2026-11-18T15:00:00.000Z')).toBe(0);
    expect(await reminders()).toBe(1);

    // On the due date a member already reminded them by hand: the schedule skips that day.
    await moveClock(s, '2026-11-20T14:30:00.000Z');
    const manual = await inject(
      'POST',
      s.sender.headers,
      `${base(s.sender.businessId)}/payment-requests/send-reminder`,
      {
        paymentRequestId: request.id,
      },
    );
    expect(manual.statusCode, manual.body).toBe(200);
    await runAt('2026-11-20T16:00:00.000Z');
    expect(await reminders()).toBe(2);

    // Every 7 days once overdue.
    await runAt('2026-11-26T16:00:00.000Z');
    expect(await reminders()).toBe(2);
    await runAt('2026-11-27T16:00:00.000Z');
    expect(await reminders()).toBe(3);
    const [overdue] = (await outbox(s.customer.email)).filter((m) => m.subject.startsWith('Reminder:'));
    expect(overdue?.text).toContain('was due on Nov 20, 2026 and is still open.');
    expect(await reminders()).toBe(3);

    const view = await inject(
      'POST',
      s.sender.headers,
      `${base(s.sender.businessId)}/payment-requests/send-reminder`,
      {
        paymentRequestId: request.id,
      },
    );
    expect(view.statusCode).toBe(409);
    const labels = (
      await t.database.db
        .select({ label: paymentRequestEvents.label })
        .from(paymentRequestEvents)
        .where(eq(paymentRequestEvents.paymentRequestId, request.id))
        .orderBy(paymentRequestEvents.sequence)
    ).map((e) => e.label);
    expect(labels).toEqual(['Requested', 'Reminder Sent', 'Manual Reminder Sent', 'Reminder Sent']);

    // The business that left reminders off sent none; a cancelled request gets none either.
    expect((await outbox(quiet.customer.email)).filter((m) => m.subject.startsWith('Reminder:'))).toEqual([]);
    await inject('PATCH', s.sender.headers, `${base(s.sender.businessId)}/payment-requests/${request.id}`, {
      status: 'CANCELLED',
    });
    await runAt('2026-12-04T16:00:00.000Z');
    expect(await reminders()).toBe(3);
    t.clock.set(START);
  });

  it("on the sandbox's day (the clock moved by a tester) the reminders of that day go out at any hour, once", async () => {
    const s = await setup();
    await sent(s);
    const put = await inject(
      'PUT',
      s.sender.headers,
      `${base(s.sender.businessId)}/payment-requests/reminder-settings`,
      { enabled: true, beforeDueDays: null, onDueDate: true, afterDueEveryDays: 1 },
    );
    expect(put.statusCode, put.body).toBe(200);
    const reminders = async () =>
      (await outbox(s.customer.email)).filter((m) => m.subject.startsWith('Reminder:')).length;
    // The real clock is at 07:00 in New York, before the hourly job's first run of the day.
    await moveClock(s, '2026-11-18T12:00:00.000Z');
    expect(await sendScheduledReminders(t.context)).toBe(0);
    // The sandbox's day is Nov 22, two days overdue: its reminder goes now, and only once that day.
    const day = new Date('2026-11-22T12:00:00.000Z');
    expect(await sendScheduledReminders(t.context, { day })).toBe(1);
    expect(await sendScheduledReminders(t.context, { day })).toBe(0);
    expect(await reminders()).toBe(1);
    t.clock.set(START);
  });
});

describe('the invoice follows the payment of the request', () => {
  /** The customer maps the sender, makes the bill and pays `amount` of it (STANDARD, from its bank). */
  async function customerPays(s: Setup, requestId: string, amount: string) {
    const review = `${base(s.payer.businessId)}/payment-requests/${requestId}`;
    const mapped = await inject('POST', s.payer.headers, `${review}/map-business`, {});
    expect(mapped.statusCode, mapped.body).toBe(200);
    const linked = await t.app.inject({
      method: 'POST',
      url: `${review}/link-bill`,
      headers: { ...s.payer.headers, 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const billId = linked.json().data.billId as string;
    const paid = await t.app.inject({
      method: 'POST',
      url: `${base(s.payer.businessId)}/payments`,
      headers: { ...s.payer.headers, 'idempotency-key': randomUUID() },
      payload: {
        billId,
        paymentRequestId: requestId,
        paymentInstrumentId: s.payer.bankId,
        deliverySpeed: 'STANDARD',
        amount,
        processDate: newYorkDate(t.clock.now()),
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return { billId, paymentId: paid.json().data.id as string };
  }

  async function deliver(s: Setup, paymentId: string) {
    await runPaymentEngine(t.context);
    expect((await paymentRow(t.context, paymentId)).status).toBe('PROCESSING');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/clock/advance',
      headers: s.payer.headers,
      payload: { businessDays: 3 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentRow(t.context, paymentId)).status).toBe('DELIVERED');
  }

  it("processing while the payment is on its way, paid with a RECEIVED payment into the sender's bank once delivered", async () => {
    const s = await setup();
    const request = await sent(s);
    const { paymentId } = await customerPays(s, request.id, '110.50');
    expect((await invoiceRow(s.invoice.id)).status).toBe('processing');
    await deliver(s, paymentId);

    const invoice = await invoiceRow(s.invoice.id);
    expect(invoice).toMatchObject({ status: 'paid', balanceCents: 0, paymentInFlight: false });
    const receipts = await t.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, s.invoice.id));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      kind: 'RECEIVED',
      paymentId,
      amountCents: 11_050,
      bankAccountId: s.senderBankId,
      status: 'COMPLETED',
    });
    const [requestRow] = await t.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, request.id));
    expect(requestRow).toMatchObject({ state: 'COMPLETED', balanceCents: 0, openCents: 0 });
    // A paid request is not reminded.
    const reminder = await inject(
      'POST',
      s.sender.headers,
      `${base(s.sender.businessId)}/payment-requests/send-reminder`,
      {
        paymentRequestId: request.id,
      },
    );
    expect(reminder.statusCode).toBe(409);
  });

  it('a partial payment leaves the invoice partial_paid and the request open for the rest', async () => {
    const s = await setup();
    const request = await sent(s);
    const { paymentId } = await customerPays(s, request.id, '50.00');
    await deliver(s, paymentId);
    expect(await invoiceRow(s.invoice.id)).toMatchObject({ status: 'partial_paid', balanceCents: 6050 });
    const [requestRow] = await t.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, request.id));
    expect(requestRow).toMatchObject({ state: 'LINK_BILL', balanceCents: 6050, openCents: 6050 });
    // A reminder asks for what is left.
    await moveClock(s, t.clock.now().toISOString());
    const reminder = await inject(
      'POST',
      s.sender.headers,
      `${base(s.sender.businessId)}/payment-requests/send-reminder`,
      { paymentRequestId: request.id },
    );
    expect(reminder.statusCode, reminder.body).toBe(200);
    expect(reminder.json().data).toMatchObject({ status: 'LINK_BILL', amount: 110.5, balance: 60.5 });
    const mail = (await outbox(s.customer.email)).find((m) => m.subject.startsWith('Reminder:'));
    expect(mail?.text).toContain('Left to pay: $60.50');
  });

  it('a payment returned after delivery reverses the receipt: the invoice is owed again and requested', async () => {
    const s = await setup();
    const request = await sent(s);
    // $13.13 is returned (R03) by the sandbox rails two business days after delivery.
    const { paymentId } = await customerPays(s, request.id, '13.13');
    await deliver(s, paymentId);
    expect(await invoiceRow(s.invoice.id)).toMatchObject({
      status: 'partial_paid',
      balanceCents: 11_050 - 1313,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/clock/advance',
      headers: s.payer.headers,
      payload: { businessDays: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentRow(t.context, paymentId)).status).toBe('REVERSED');
    expect(await invoiceRow(s.invoice.id)).toMatchObject({ status: 'requested', balanceCents: 11_050 });
    const [receipt] = await t.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.paymentId, paymentId));
    expect(receipt).toMatchObject({ kind: 'RECEIVED', amountCents: 1313, status: 'REVERSED' });
    const [requestRow] = await t.database.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, request.id));
    expect(requestRow).toMatchObject({ state: 'LINK_BILL', balanceCents: 11_050, openCents: 11_050 });
  });

  it('a cancelled payment takes the invoice back to requested', async () => {
    const s = await setup();
    const request = await sent(s);
    const { paymentId } = await customerPays(s, request.id, '110.50');
    expect((await invoiceRow(s.invoice.id)).status).toBe('processing');
    // A cancel or reminder while it is on its way is refused.
    const cancel = await inject(
      'PATCH',
      s.sender.headers,
      `${base(s.sender.businessId)}/payment-requests/${request.id}`,
      {
        status: 'CANCELLED',
      },
    );
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('A payment for this request is already on its way.');
    const res = await inject(
      'PATCH',
      s.payer.headers,
      `${base(s.payer.businessId)}/payments/${paymentId}/cancel/scheduled-payment`,
      {},
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await invoiceRow(s.invoice.id)).toMatchObject({ status: 'requested', paymentInFlight: false });
  });
});
