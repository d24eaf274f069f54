import { fromDayNumber, isBusinessDay, toDayNumber } from '@ferry/domain/dates';
import { formatDate } from '@ferry/domain/format';
import { newYorkDate } from '@ferry/domain/payments';
import { eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import { makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import type { AuthHeaders } from '../../testing/test-app.js';
import { useTestApp } from '../../testing/test-app.js';
import { approvalPolicies } from '../approvals/tables.js';
import { businesses } from '../businesses/tables.js';
import { contacts } from '../contacts/tables.js';
import { invoiceLineItems, invoices } from '../invoices/tables.js';
import { assertLedgerBalanced } from '../ledger/service.js';
import { messages } from '../notifications/tables.js';
import { paymentRequests } from '../payment-requests/tables.js';
import { invariantViolations, makeVerifiedBank, transfersOf } from '../payments/engine/engine-fixtures.js';
import { runPaymentEngine } from '../payments/engine/jobs.js';
import { onPaymentSettlement } from '../payments/engine/settlement.js';
import { payments } from '../payments/tables.js';
import {
  AUTO_PAYMENT_ACTOR,
  cancelScheduledAutoPayments,
  claimAutoPayments,
  makeAutoPayments,
  runAutoPayments,
  runViews,
} from './engine.js';
import { autoPaymentEvents, autoPaymentMappings, autoPayments } from './tables.js';

const t = useTestApp();

/** The rails' day and time (the sandbox clock runs ahead of the app's as tests advance it). */
const railsNow = () => t.context.providers.rails.now();
const railsDay = async () => newYorkDate(await railsNow());
/** The first business day at least `days` calendar days after `date`. */
const businessDayAfter = (date: string, days: number) => {
  let day = toDayNumber(date) + days;
  while (!isBusinessDay(fromDayNumber(day))) day += 1;
  return fromDayNumber(day);
};

interface Party {
  businessId: string;
  headers: AuthHeaders;
  ownerEmail: string;
  ownerId: string;
  bankId: string;
}

async function party(name: string): Promise<Party> {
  const business = await makeSignedInBusiness(t.context, { businessName: name });
  return {
    businessId: business.businessId,
    headers: business.headers,
    ownerEmail: business.owner.email,
    ownerId: business.owner.id,
    bankId: await makeVerifiedBank(t.context, business.businessId),
  };
}

/** A payee, its customer on Ferry (the payer) and an ACCEPTED mapping paying from the payer's bank. */
async function authorised() {
  const payee = await party('Blue Harbor Catering');
  const payer = await party('Granite Payer Co');
  const customer = await makeContact(t.context, {
    businessId: payee.businessId,
    type: 'CUSTOMER',
    networkBusinessId: payer.businessId,
  });
  const mappingId = newId();
  const now = t.clock.now();
  await t.database.db.insert(autoPaymentMappings).values({
    id: mappingId,
    payeeBusinessId: payee.businessId,
    customerId: customer.id,
    payerBusinessId: payer.businessId,
    status: 'ACCEPTED',
    paymentMethod: 'BANK',
    paymentInstrumentId: payer.bankId,
    payerEmail: payer.ownerEmail,
    requestedAt: now,
    authorizedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return { payee, payer, customer, mappingId };
}
type Setup = Awaited<ReturnType<typeof authorised>>;

let invoiceSeq = 0;
async function makeInvoice(setup: Setup, options: { amountCents: number; dueDate: string }) {
  invoiceSeq += 1;
  const id = newId();
  const now = t.clock.now();
  await t.database.db.insert(invoices).values({
    id,
    businessId: setup.payee.businessId,
    customerId: setup.customer.id,
    refNo: `AP-${invoiceSeq}-${id.slice(-4)}`,
    invoiceDate: '2026-10-30',
    dueDate: options.dueDate,
    paymentTerm: 'CUSTOM',
    subtotalCents: options.amountCents,
    amountCents: options.amountCents,
    balanceCents: options.amountCents,
    createdAt: now,
    updatedAt: now,
  });
  await t.database.db.insert(invoiceLineItems).values({
    id: newId(),
    invoiceId: id,
    position: 0,
    itemName: 'Catering',
    quantityE4: 10_000,
    unitPriceCents: options.amountCents,
    amountCents: options.amountCents,
  });
  return id;
}

/** Every payment made for an invoice (through its payment requests' bills). */
async function paymentsOfInvoice(invoiceId: string) {
  const requests = await t.database.db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(eq(paymentRequests.invoiceId, invoiceId));
  if (requests.length === 0) return [];
  return t.database.db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.paymentRequestId,
        requests.map((r) => r.id),
      ),
    );
}

const rowsOfInvoice = (invoiceId: string) =>
  t.database.db.select().from(autoPayments).where(eq(autoPayments.invoiceId, invoiceId));

const mailsTo = async (to: string) =>
  (await t.database.db.select().from(messages).where(eq(messages.to, to.toLowerCase()))).map(
    (m) => m.subject,
  );

/** Moves the sandbox clock through the HTTP route (it runs the payment engine and the auto payments). */
async function advance(headers: AuthHeaders, businessDays: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/clock/advance',
    headers,
    payload: { businessDays },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const run = async () => runAutoPayments(t.context, { day: await railsNow() });

describe('auto payments: one payment per invoice', () => {
  it('makes exactly one payment per invoice when two runs go at once', async () => {
    const setup = await authorised();
    const today = await railsDay();
    const first = await makeInvoice(setup, { amountCents: 40_000, dueDate: businessDayAfter(today, 1) });
    const second = await makeInvoice(setup, { amountCents: 25_000, dueDate: businessDayAfter(today, 2) });

    await Promise.all([run(), run(), run()]);

    for (const [invoiceId, cents] of [
      [first, 40_000],
      [second, 25_000],
    ] as const) {
      const rows = await rowsOfInvoice(invoiceId);
      expect(rows).toHaveLength(1);
      const made = await paymentsOfInvoice(invoiceId);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({
        businessId: setup.payer.businessId,
        amountCents: cents,
        isAuto: true,
        status: 'SCHEDULED',
        idempotencyKey: `auto-payment:${rows[0]?.id}`,
        processDate: rows[0]?.dueDate,
      });
      expect(rows[0]).toMatchObject({ status: 'SUBMITTED', paymentId: made[0]?.id, amountCents: cents });
    }
    // The notice went once to each side per invoice.
    const payerMails = await mailsTo(setup.payer.ownerEmail);
    expect(
      payerMails.filter((s) => s.startsWith('Auto payment of $400.00 to Blue Harbor Catering on')),
    ).toHaveLength(1);
    expect(
      payerMails.filter((s) => s.startsWith('Auto payment of $250.00 to Blue Harbor Catering on')),
    ).toHaveLength(1);
    const payeeMails = await mailsTo(setup.payee.ownerEmail);
    expect(
      payeeMails.filter((s) => s.startsWith('Auto payment of $400.00 from Granite Payer Co scheduled')),
    ).toHaveLength(1);
    // Another run changes nothing.
    await run();
    expect(await paymentsOfInvoice(first)).toHaveLength(1);
    expect(await paymentsOfInvoice(second)).toHaveLength(1);
  });

  it('mails a guest payer the notice with the AUTO_PAYMENT link, where it can stop this one', async () => {
    const setup = await authorised();
    const guestEmail = `guest.${newId().slice(0, 8)}@guest.example`;
    await t.database.db
      .update(businesses)
      .set({ isGuest: true })
      .where(eq(businesses.id, setup.payer.businessId));
    await t.database.db
      .update(autoPaymentMappings)
      .set({ payerEmail: guestEmail })
      .where(eq(autoPaymentMappings.id, setup.mappingId));
    const due = businessDayAfter(await railsDay(), 1);
    await makeInvoice(setup, { amountCents: 64_000, dueDate: due });
    await run();
    const [notice] = await t.database.db.select().from(messages).where(eq(messages.to, guestEmail));
    expect(notice?.subject).toBe(`Auto payment of $640.00 to Blue Harbor Catering on ${formatDate(due)}`);
    expect(notice?.text).toMatch(/\/process\/auto-pay\/info\?token=/);
    expect(notice?.text).toContain('you can stop this one');
    // The notice is the only mail: no 'Payment request' mail for the request the engine sent.
    const requestMails = await t.database.db
      .select()
      .from(messages)
      .where(like(messages.subject, 'Payment request from Blue Harbor Catering%'));
    expect(requestMails.filter((m) => m.to === guestEmail || m.to === setup.customer.email)).toEqual([]);
  });

  it('pays from the business the customer authorised with, when its contact was linked to a guest business', async () => {
    const setup = await authorised();
    // The request went to a guest business; the customer then authorised from its own business on Ferry.
    const guest = await party('Guest Holder');
    await t.database.db.update(businesses).set({ isGuest: true }).where(eq(businesses.id, guest.businessId));
    await t.database.db
      .update(contacts)
      .set({ networkBusinessId: guest.businessId })
      .where(eq(contacts.id, setup.customer.id));
    const invoiceId = await makeInvoice(setup, {
      amountCents: 33_000,
      dueDate: businessDayAfter(await railsDay(), 1),
    });
    await run();
    const made = await paymentsOfInvoice(invoiceId);
    expect(made.map((p) => [p.businessId, p.amountCents])).toEqual([[setup.payer.businessId, 33_000]]);
    const [customer] = await t.database.db.select().from(contacts).where(eq(contacts.id, setup.customer.id));
    expect(customer?.networkBusinessId).toBe(setup.payer.businessId);
  });

  it('fails (once, with why) when the customer is linked to another business on Ferry', async () => {
    const setup = await authorised();
    const other = await party('Other Network Co');
    await t.database.db
      .update(contacts)
      .set({ networkBusinessId: other.businessId })
      .where(eq(contacts.id, setup.customer.id));
    const invoiceId = await makeInvoice(setup, {
      amountCents: 21_000,
      dueDate: businessDayAfter(await railsDay(), 1),
    });
    await run();
    expect(await rowsOfInvoice(invoiceId)).toMatchObject([
      { status: 'FAILED', failureReason: 'The customer has no business on Ferry to pay from.' },
    ]);
    expect(await paymentsOfInvoice(invoiceId)).toHaveLength(0);
  });

  it('does not claim an invoice due after the notice days, one overdue when the payer authorised, a paid one, or one of a customer without an ACCEPTED mapping', async () => {
    const setup = await authorised();
    const today = await railsDay();
    const later = await makeInvoice(setup, { amountCents: 10_000, dueDate: businessDayAfter(today, 6) });
    // Due the day before the authorisation: not debited at once without the notice.
    const authorisedOn = new Date(`${newYorkDate(t.clock.now())}T12:00:00Z`);
    authorisedOn.setUTCDate(authorisedOn.getUTCDate() - 1);
    const overdue = await makeInvoice(setup, {
      amountCents: 10_000,
      dueDate: authorisedOn.toISOString().slice(0, 10),
    });
    const paid = await makeInvoice(setup, { amountCents: 10_000, dueDate: today });
    await t.database.db
      .update(invoices)
      .set({ balanceCents: 0, status: 'paid' })
      .where(eq(invoices.id, paid));
    const paused = await authorised();
    await t.database.db
      .update(autoPaymentMappings)
      .set({ status: 'PAYEE_DISABLED' })
      .where(eq(autoPaymentMappings.id, paused.mappingId));
    const disabled = await makeInvoice(paused, { amountCents: 10_000, dueDate: today });

    await run();
    for (const id of [later, overdue, paid, disabled]) expect(await rowsOfInvoice(id)).toHaveLength(0);
  });

  it('resumes a run that died after its claim: the next run makes the one payment', async () => {
    const setup = await authorised();
    const invoiceId = await makeInvoice(setup, {
      amountCents: 30_000,
      dueDate: businessDayAfter(await railsDay(), 1),
    });

    // The worker claims, then dies before making the payment.
    const claimed = await claimAutoPayments(t.context, { day: await railsDay() });
    expect(claimed.map((row) => row.invoiceId)).toContain(invoiceId);
    expect(await paymentsOfInvoice(invoiceId)).toHaveLength(0);
    const [scheduled] = await rowsOfInvoice(invoiceId);
    expect(scheduled).toMatchObject({ status: 'SCHEDULED', paymentId: null });
    expect(scheduled?.noticeSentAt).not.toBeNull();

    // Restarted: a claim again finds nothing new; the payments step (twice) makes exactly one.
    await claimAutoPayments(t.context, { day: await railsDay() });
    await Promise.all([makeAutoPayments(t.context), makeAutoPayments(t.context)]);
    await run();
    expect(await rowsOfInvoice(invoiceId)).toHaveLength(1);
    expect(await paymentsOfInvoice(invoiceId)).toHaveLength(1);
    // The notice was not sent again by the restart.
    const notices = (await mailsTo(setup.payer.ownerEmail)).filter((s) =>
      s.startsWith('Auto payment of $300.00'),
    );
    expect(notices).toHaveLength(1);
  });

  it('does not pay again when the invoice is edited after its payment was made', async () => {
    const setup = await authorised();
    const invoiceId = await makeInvoice(setup, {
      amountCents: 20_000,
      dueDate: businessDayAfter(await railsDay(), 1),
    });
    await run();
    const [made] = await paymentsOfInvoice(invoiceId);
    expect(made?.amountCents).toBe(20_000);

    // The payee raises the invoice (the payment request follows the invoice in the real edit).
    await t.database.db
      .update(invoices)
      .set({ amountCents: 35_000, balanceCents: 35_000, subtotalCents: 35_000 })
      .where(eq(invoices.id, invoiceId));
    await run();
    await run();
    expect(await rowsOfInvoice(invoiceId)).toHaveLength(1);
    expect((await paymentsOfInvoice(invoiceId)).map((p) => [p.id, p.amountCents])).toEqual([
      [made?.id, 20_000],
    ]);
  });

  it("applies the payer's approval policies: a payment over the threshold waits for approval", async () => {
    const setup = await authorised();
    await t.database.db.insert(approvalPolicies).values({
      id: newId(),
      businessId: setup.payer.businessId,
      name: 'Over $100',
      orderNumber: 1,
      conditions: { amount: { operator: 'greaterThan', minCents: 10_000, maxCents: null }, vendors: null },
      stages: [
        {
          order: 1,
          criteria: 'ANYONE',
          minApprovals: null,
          bypassLowerLevelApprovals: false,
          userIds: [setup.payer.ownerId],
          groupIds: [],
        },
      ],
    });
    const small = await makeInvoice(setup, {
      amountCents: 9_000,
      dueDate: businessDayAfter(await railsDay(), 1),
    });
    const large = await makeInvoice(setup, {
      amountCents: 50_000,
      dueDate: businessDayAfter(await railsDay(), 1),
    });
    await run();
    expect((await paymentsOfInvoice(large)).map((p) => p.status)).toEqual(['IN_APPROVAL']);
    expect((await paymentsOfInvoice(small)).map((p) => p.status)).toEqual(['SCHEDULED']);
    const [view] = await runViews(t.database.db, {
      businessId: setup.payer.businessId,
      mappingId: setup.mappingId,
      statuses: ['SUBMITTED'],
    }).then((views) => views.filter((v) => v.invoiceId === large));
    expect(view).toMatchObject({ status: 'SUBMITTED', canSkip: true });
  });

  it('marks a row FAILED with the reason when the payment cannot be made, and does not retry it', async () => {
    const setup = await authorised();
    const invoiceId = await makeInvoice(setup, {
      amountCents: 15_000,
      dueDate: businessDayAfter(await railsDay(), 1),
    });
    // The authorised bank is no longer usable.
    await t.database.db
      .update(autoPaymentMappings)
      .set({ paymentInstrumentId: newId() })
      .where(eq(autoPaymentMappings.id, setup.mappingId));
    await run();
    const [row] = await rowsOfInvoice(invoiceId);
    expect(row?.status).toBe('FAILED');
    expect(row?.failureReason).toBeTruthy();
    expect(await paymentsOfInvoice(invoiceId)).toHaveLength(0);
    // Both sides were told once; another run neither retries nor mails again.
    await run();
    expect((await rowsOfInvoice(invoiceId))[0]?.status).toBe('FAILED');
    const told = (await mailsTo(setup.payer.ownerEmail)).filter((s) => s.includes('was not completed'));
    expect(told).toHaveLength(1);
    const [view] = (await runViews(t.database.db, { mappingId: setup.mappingId })).filter(
      (v) => v.invoiceId === invoiceId,
    );
    expect(view).toMatchObject({
      status: 'FAILED',
      statusLabel: 'Failed',
      canSkip: false,
      failureReason: row?.failureReason,
    });
  });
});

describe('auto payments: skip and cancel', () => {
  it('the payer skips one upcoming auto payment: its payment is cancelled; 409 after; 404 to another business; 403 without the right', async () => {
    const setup = await authorised();
    const invoiceId = await makeInvoice(setup, {
      amountCents: 12_000,
      dueDate: businessDayAfter(await railsDay(), 2),
    });
    await run();
    const [row] = await rowsOfInvoice(invoiceId);
    if (!row?.paymentId) throw new Error('no payment');
    const url = (businessId: string) => `/api/business/${businessId}/auto-payments/${row.id}/skip`;

    // Another business (the payee included) does not see it.
    const asPayee = await t.app.inject({
      method: 'POST',
      url: url(setup.payee.businessId),
      headers: setup.payee.headers,
    });
    expect(asPayee.statusCode, asPayee.body).toBe(404);
    const stranger = await party('Stranger LLC');
    const asStranger = await t.app.inject({
      method: 'POST',
      url: url(stranger.businessId),
      headers: stranger.headers,
    });
    expect(asStranger.statusCode).toBe(404);
    // A member of the payer without the auto-payment right.
    const clerk = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: setup.payer.businessId,
      user: clerk,
      permissions: ['PayPayments.read'],
    });
    const clerkHeaders = await signIn(t.context, clerk);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: url(setup.payer.businessId),
      headers: clerkHeaders,
    });
    expect(forbidden.statusCode, forbidden.body).toBe(403);
    const listForbidden = await t.app.inject({
      method: 'GET',
      url: `/api/business/${setup.payer.businessId}/auto-payments`,
      headers: clerkHeaders,
    });
    expect(listForbidden.statusCode).toBe(403);

    const skipped = await t.app.inject({
      method: 'POST',
      url: url(setup.payer.businessId),
      headers: setup.payer.headers,
    });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({
      message: 'This auto payment will not be made.',
      data: { autoPaymentId: row.id, status: 'SKIPPED', statusLabel: 'Stopped by customer', canSkip: false },
    });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, row.paymentId));
    expect(payment?.status).toBe('CANCELLED');
    // The payee is told once; no 'after' mail follows for a stopped payment.
    const payeeMails = await mailsTo(setup.payee.ownerEmail);
    expect(
      payeeMails.filter((m) => m === 'Granite Payer Co stopped the auto payment of $120.00'),
    ).toHaveLength(1);
    const again = await t.app.inject({
      method: 'POST',
      url: url(setup.payer.businessId),
      headers: setup.payer.headers,
    });
    expect(again.statusCode).toBe(409);
    // Not claimed again: the invoice stays unpaid by auto payments.
    await run();
    expect(await rowsOfInvoice(invoiceId)).toHaveLength(1);
    expect(await paymentsOfInvoice(invoiceId)).toHaveLength(1);
    expect((await mailsTo(setup.payee.ownerEmail)).filter((m) => m.includes('$120.00 from'))).toHaveLength(1);
  });

  it('lists the rows of each side: the payer and the payee see the row, another business none', async () => {
    const setup = await authorised();
    const invoiceId = await makeInvoice(setup, {
      amountCents: 11_000,
      dueDate: businessDayAfter(await railsDay(), 1),
    });
    await run();
    const list = async (who: Party) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/business/${who.businessId}/auto-payments?pageNumber=1&pageSize=10`,
        headers: who.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { items: { invoiceId: string; payeeBusinessName: string }[]; total: number };
    };
    for (const who of [setup.payer, setup.payee]) {
      const page = await list(who);
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({ invoiceId, payeeBusinessName: 'Blue Harbor Catering' });
    }
    expect((await list(await party('Other Co'))).total).toBe(0);
  });

  it('cancelScheduledAutoPayments cancels the upcoming rows of a mapping and their payments', async () => {
    const setup = await authorised();
    const invoiceId = await makeInvoice(setup, {
      amountCents: 13_500,
      dueDate: businessDayAfter(await railsDay(), 2),
    });
    await run();
    const stopped = await t.database.db.transaction((tx) =>
      cancelScheduledAutoPayments(tx, t.context, {
        mappingId: setup.mappingId,
        reason: 'Authorization Revoked',
      }),
    );
    expect(stopped).toBe(1);
    const [row] = await rowsOfInvoice(invoiceId);
    expect(row).toMatchObject({ status: 'CANCELLED', failureReason: 'Authorization Revoked' });
    const [payment] = await paymentsOfInvoice(invoiceId);
    expect(payment?.status).toBe('CANCELLED');
    expect(AUTO_PAYMENT_ACTOR.name).toBe('Auto payment');
  });
});

describe('auto payments on the sandbox clock', () => {
  it('pays two invoices due on different days, each once on its due date, and delivers them with the ledger balanced', async () => {
    const setup = await authorised();
    const today = await railsDay();
    const firstDue = businessDayAfter(today, 2);
    const secondDue = businessDayAfter(firstDue, 5);
    const first = await makeInvoice(setup, { amountCents: 42_000, dueDate: firstDue });
    const second = await makeInvoice(setup, { amountCents: 17_500, dueDate: secondDue });

    for (let day = 0; day < 15 && (await railsDay()) <= businessDayAfter(secondDue, 5); day += 1) {
      await advance(setup.payer.headers, 1);
    }
    for (const [invoiceId, due, cents] of [
      [first, firstDue, 42_000],
      [second, secondDue, 17_500],
    ] as const) {
      const made = await paymentsOfInvoice(invoiceId);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({
        status: 'DELIVERED',
        processDate: due,
        amountCents: cents,
        isAuto: true,
      });
      expect(made[0]?.submittedAt && newYorkDate(made[0].submittedAt) >= due).toBe(true);
      const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
      expect(invoice?.balanceCents).toBe(0);
    }
    await assertLedgerBalanced(t.database.db);
    expect(await invariantViolations(t.context)).toEqual({});
    // Before and after, to both sides, once each.
    const payer = await mailsTo(setup.payer.ownerEmail);
    expect(
      payer.filter((s) => s === 'Auto payment of $420.00 to Blue Harbor Catering was delivered'),
    ).toHaveLength(1);
    expect(
      payer.filter((s) => s === 'Auto payment of $175.00 to Blue Harbor Catering was delivered'),
    ).toHaveLength(1);
    const payee = await mailsTo(setup.payee.ownerEmail);
    expect(
      payee.filter((s) => s === 'Auto payment of $420.00 from Granite Payer Co was delivered'),
    ).toHaveLength(1);
  });

  it('an R07 return ends the authorisation (both sides told) and the next invoice is not paid; R05 from the rails ends it too; R01 does not', async () => {
    const ended = await authorised();
    const endedByRails = await authorised();
    const kept = await authorised();
    const today = await railsDay();
    const returned = await makeInvoice(ended, { amountCents: 40_000, dueDate: today });
    // The sandbox rails fail a debit of $13.05 with R05 and one of $13.01 with R01.
    const r05Invoice = await makeInvoice(endedByRails, { amountCents: 1_305, dueDate: today });
    const insufficient = await makeInvoice(kept, { amountCents: 1_301, dueDate: today });
    await run();
    await runPaymentEngine(t.context);

    // The payer's bank returns the posted debit: R07, authorisation revoked by the customer.
    const [r07Payment] = await paymentsOfInvoice(returned);
    if (!r07Payment) throw new Error('no payment');
    const [debit] = await transfersOf(t.context, r07Payment.id);
    const found = debit && (await t.context.providers.rails.findTransfer(debit.idempotencyKey));
    if (!found) throw new Error('debit expected');
    const returnEvent = {
      transfer: { ...found, status: 'RETURNED' as const, returnCode: 'R07', returnedAt: t.clock.now() },
      outcome: 'RETURNED' as const,
    };
    await onPaymentSettlement(t.context, returnEvent);
    await advance(ended.payer.headers, 3);

    const [r07] = await paymentsOfInvoice(returned);
    expect([r07?.status, r07?.returnCode]).toEqual(['FAILED', 'R07']);
    const mappingOf = async (id: string) =>
      (await t.database.db.select().from(autoPaymentMappings).where(eq(autoPaymentMappings.id, id)))[0];
    const mapping = await mappingOf(ended.mappingId);
    expect(mapping?.status).toBe('PAYER_DECLINED');
    expect(mapping?.endReason).toBe('ACH return R07: Authorization Revoked by Customer');
    const eventsOf = (id: string) =>
      t.database.db.select().from(autoPaymentEvents).where(eq(autoPaymentEvents.mappingId, id));
    const events = await eventsOf(ended.mappingId);
    expect(new Set(events.map((e) => e.side))).toEqual(new Set(['PAYEE', 'PAYER']));
    // The same return again changes nothing (idempotent).
    await onPaymentSettlement(t.context, returnEvent);
    expect(await eventsOf(ended.mappingId)).toHaveLength(events.length);

    const [r05] = await paymentsOfInvoice(r05Invoice);
    expect([r05?.status, r05?.returnCode]).toEqual(['FAILED', 'R05']);
    expect((await mappingOf(endedByRails.mappingId))?.status).toBe('PAYER_DECLINED');

    const [r01] = await paymentsOfInvoice(insufficient);
    expect([r01?.status, r01?.returnCode]).toEqual(['FAILED', 'R01']);
    expect((await mappingOf(kept.mappingId))?.status).toBe('ACCEPTED');
    const [view] = (await runViews(t.database.db, { mappingId: kept.mappingId })).filter(
      (v) => v.invoiceId === insufficient,
    );
    expect(view).toMatchObject({ status: 'SUBMITTED', paymentStatus: 'Failed', canSkip: false });

    // The next invoice of the ended mapping is not claimed; the kept one's is.
    const next = await makeInvoice(ended, {
      amountCents: 20_000,
      dueDate: businessDayAfter(await railsDay(), 1),
    });
    const keptNext = await makeInvoice(kept, {
      amountCents: 20_000,
      dueDate: businessDayAfter(await railsDay(), 1),
    });
    await run();
    expect(await rowsOfInvoice(next)).toHaveLength(0);
    expect(await paymentsOfInvoice(next)).toHaveLength(0);
    expect(await paymentsOfInvoice(keptNext)).toHaveLength(1);
  });
});
