import { randomUUID } from 'node:crypto';
import { PAYMENT_FORM_MESSAGES, PAYMENT_MESSAGES } from '@ferry/domain/schemas';
import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import { makeUser, signIn } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { activityLogs } from '../activity/tables.js';
import { bills } from '../bills/tables.js';
import { addCardVia, makeBank } from '../cards/testing.js';
import { assertLedgerBalanced, balancesOf, listLedgerTransactions } from '../ledger/service.js';
import { messages } from '../notifications/tables.js';
import { applyPaymentEvent, SYSTEM_ACTOR } from './state.js';
import { payments } from './tables.js';
import { makeBill, type Payer, payer, payUrl, postPayment, schedulePayment } from './testing.js';

const t = useTestApp();
const START = '2026-11-02T15:00:00.000Z'; // Monday 10:00 in New York
beforeEach(() => t.clock.set(START));

const get = (p: Payer, rest: string) =>
  t.app.inject({ method: 'GET', url: payUrl(p.businessId, rest), headers: p.headers });
const patch = (p: Payer, rest: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: payUrl(p.businessId, rest),
    headers: { ...p.headers, ...headers },
    payload,
  });
const billRow = async (id: string) => {
  const [row] = await t.context.database.db.select().from(bills).where(eq(bills.id, id));
  if (!row) throw new Error('no bill');
  return row;
};
const detail = async (p: Payer, id: string) => {
  const res = await get(p, `/payments/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** Drives the engine's transitions directly (the engine helper owns the real jobs). */
const drive = (paymentId: string, event: Parameters<typeof applyPaymentEvent>[1]['event'], action: string) =>
  t.context.database.db.transaction((tx) =>
    applyPaymentEvent(tx, {
      paymentId,
      event,
      actor: SYSTEM_ACTOR,
      // biome-ignore lint/suspicious/noExplicitAny: test shorthand for the timeline action
      timeline: { action: action as any, label: action },
      at: t.clock.now(),
    }),
  );

describe('POST payments', () => {
  it('schedules a bank payment: view, timeline, bill, activity and the vendor mail', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '500.00');
    const res = await postPayment(t, p, {
      billId: bill.id,
      paymentInstrumentId: p.bank.id,
      amount: '200.00',
      processDate: '2026-11-02',
      remarks: 'First half',
    });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json().data;
    expect(view).toMatchObject({
      status: 'SCHEDULED',
      amount: 200,
      feeAmount: 0,
      totalAmount: 200,
      deliverySpeed: 'STANDARD',
      processDate: '2026-11-02',
      date: '2026-11-02',
      expectedDelivery: { earliest: '2026-11-05', latest: '2026-11-09' },
      paymentMethod: { type: 'BANK', id: p.bank.id, bankName: 'Chase', accountMask: '6789' },
      vendor: { id: p.vendor.id, name: 'Harbor Supplies' },
      bill: { id: bill.id, amount: 500, balance: 500 },
      remarks: 'First half',
      awaitingPayeeDetails: false,
      canCancel: true,
      canReschedule: true,
      canReattempt: false,
      isMarkedAsPaid: false,
      actionRequired: null,
    });
    expect(view.createdBy.name).toBe(`${p.owner.firstName} ${p.owner.lastName}`);
    const full = await detail(p, view.id);
    expect(full.timeline.map((e: { action: string }) => e.action)).toEqual(['CREATED', 'SCHEDULED']);
    expect(full.timeline[1]).toMatchObject({ status: 'SCHEDULED', actor: { type: 'USER' } });
    // Partial payment: the rest stays open.
    const row = await billRow(bill.id);
    expect([row.balanceCents, row.scheduledCents, row.status]).toEqual([50000, 20000, 'scheduled']);
    const billView = (await get(p, `/bills/${bill.id}`)).json().data;
    expect(billView.unScheduledBalance).toBe(300);
    const mail = await t.context.database.db.select().from(messages).where(eq(messages.to, p.vendor.email));
    expect(mail.map((m) => m.subject)).toEqual([expect.stringContaining('scheduled a payment of $200.00')]);
    expect(mail[0]?.text).toContain(bill.refNo);
    const logs = await t.context.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entityId, view.id));
    expect(logs.map((l) => [l.action, l.subject])).toEqual([['PAYMENT_CREATED', 'PayPayments']]);
  });

  it('answers the same payment for the same Idempotency-Key', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const key = randomUUID();
    const body = { billId: bill.id, paymentInstrumentId: p.bank.id, amount: 40, processDate: '2026-11-02' };
    const a = await postPayment(t, p, body, key);
    const b = await postPayment(t, p, body, key);
    expect(a.statusCode).toBe(201);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect((await billRow(bill.id)).scheduledCents).toBe(4000);
  });

  it('refuses an amount above the unscheduled balance (422 with the amount left)', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    await schedulePayment(t, p, bill.id, '60.00');
    const res = await postPayment(t, p, {
      billId: bill.id,
      paymentInstrumentId: p.bank.id,
      amount: '40.01',
      processDate: '2026-11-02',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errorCode: 'AMOUNT_ABOVE_BALANCE',
      message: PAYMENT_FORM_MESSAGES.amountAboveBalance('$40.00'),
    });
    await schedulePayment(t, p, bill.id, '40.00');
    const closed = await postPayment(t, p, {
      billId: bill.id,
      paymentInstrumentId: p.bank.id,
      amount: '1.00',
      processDate: '2026-11-02',
    });
    expect(closed.json()).toMatchObject({ statusCode: 422, message: PAYMENT_MESSAGES.billClosed });
  });

  it('never over-schedules a bill under concurrent payments', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const body = {
      billId: bill.id,
      paymentInstrumentId: p.bank.id,
      amount: '60.00',
      processDate: '2026-11-02',
    };
    const answers = await Promise.all([
      postPayment(t, p, body),
      postPayment(t, p, body),
      postPayment(t, p, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
    expect((await billRow(bill.id)).scheduledCents).toBe(6000);
  });

  it('needs a verified bank; EXPIRED instant banks still pay', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const pending = await makeBank(t, p.businessId, {
      provider: 'USER',
      verificationStatus: 'PENDING',
      accountStatus: 'NOT_VERIFIED',
      status: 'NOT_CONNECTED',
      linked: false,
    });
    const res = await postPayment(t, p, {
      billId: bill.id,
      paymentInstrumentId: pending.id,
      amount: 10,
      processDate: '2026-11-02',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errorCode: 'UNVERIFIED_BANK',
      message: 'Please select a verified bank account.',
    });
    const expired = await makeBank(t, p.businessId, {
      accountStatus: 'EXPIRED',
      status: 'EXPIRED',
      linked: false,
    });
    await schedulePayment(t, p, bill.id, 10, { paymentInstrumentId: expired.id });
    const other = await payer(t);
    const theirs = await postPayment(t, p, {
      billId: bill.id,
      paymentInstrumentId: other.bank.id,
      amount: 10,
      processDate: '2026-11-02',
    });
    expect(theirs.json()).toMatchObject({ statusCode: 404, message: PAYMENT_MESSAGES.instrumentNotFound });
  });

  it('checks the process date: not past, not beyond 3 months, business days only', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const attempt = (processDate: string) =>
      postPayment(t, p, { billId: bill.id, paymentInstrumentId: p.bank.id, amount: 10, processDate });
    const cases: [string, string][] = [
      ['2026-10-30', PAYMENT_MESSAGES.processDatePast],
      ['2027-02-03', PAYMENT_MESSAGES.processDateTooFar],
      ['2026-11-07', PAYMENT_MESSAGES.processDateClosed],
      ['2026-11-11', PAYMENT_MESSAGES.processDateClosed], // Veterans Day
    ];
    for (const [date, message] of cases) {
      const res = await attempt(date);
      expect(res.json(), date).toMatchObject({ statusCode: 422, errorCode: 'INVALID_PROCESS_DATE', message });
    }
    const bad = await attempt('2026-02-30');
    expect(bad.statusCode).toBe(400);
    const ok = await attempt('2027-02-02');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.processDate).toBe('2027-02-02');
  });

  it('moves a payment made after the 16:45 cutoff to the next business day', async () => {
    t.clock.set('2026-11-02T22:00:00.000Z'); // 17:00 New York
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const view = await schedulePayment(t, p, bill.id, 10);
    expect(view).toMatchObject({ processDate: '2026-11-03' });
  });

  it('refuses a speed the payment may not use', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const res = await postPayment(t, p, {
      billId: bill.id,
      paymentInstrumentId: p.bank.id,
      amount: 10,
      processDate: '2026-11-02',
      deliverySpeed: 'INSTANT',
    });
    expect(res.json()).toMatchObject({
      statusCode: 422,
      errorCode: 'SPEED_NOT_ALLOWED',
      // The spec's sentence, then why.
      message:
        'This payment isn’t eligible for this delivery speed. The vendor’s bank can’t receive instant payments.',
    });
    const nextDay = await schedulePayment(t, p, bill.id, 10, { deliverySpeed: 'NEXT_DAY' });
    expect(nextDay).toMatchObject({ expectedDelivery: { earliest: '2026-11-03', latest: '2026-11-03' } });
  });

  it('pays by card with the payee’s surcharge on top; cards are STANDARD only', async () => {
    const p = await payer(t);
    // The vendor is a network business that accepts cards with its surcharge on.
    const payee = await payer(t);
    const { makeVerificationForm } = await import('../verification/testing.js');
    const { merchantAccounts } = await import('../cards/tables.js');
    const { decideMerchantApplication } = await import('./../cards/merchant.js');
    const { SAQ_REQUEST } = await import('../cards/testing.js');
    const merchant = await t.app.inject({
      method: 'POST',
      url: payUrl(payee.businessId, '/card-payment/merchant'),
      headers: { ...payee.headers, 'idempotency-key': randomUUID() },
      payload: {
        incorporationDate: '2019-04-01',
        businessCategory: 'PROFESSIONAL_SERVICES',
        businessWebsite: 'https://harbor-supplies.example.com',
        businessType: 'LLC',
        payoutBankAccount: payee.bank.id,
        expectedAnnualCardVolume: 250000,
        agreeTerms: true,
      },
    });
    expect(merchant.statusCode, merchant.body).toBe(200);
    const [account] = await t.context.database.db
      .select()
      .from(merchantAccounts)
      .where(eq(merchantAccounts.businessId, payee.businessId));
    if (!account) throw new Error('no merchant account');
    await decideMerchantApplication(t.context, {
      businessId: payee.businessId,
      submissionId: account.submissionId,
    });
    const saq = await patch(payee, '/card-payment/saq-details', SAQ_REQUEST);
    expect(saq.statusCode, saq.body).toBe(200);
    await patch(payee, `/card-payment/surcharges/${saq.json().data.surcharge.id}`, { enabled: true });
    await makeVerificationForm(t.context, p.businessId, { legalBusinessName: 'Payer LLC' });
    const vendor = await makeContact(t.context, {
      businessId: p.businessId,
      name: 'Network Vendor',
      networkBusinessId: payee.businessId,
    });
    const bill = await makeBill(t, { ...p, vendor }, '2000.00');
    const card = (await addCardVia(t, p.headers, p.businessId)).json().data;
    const fast = await postPayment(t, p, {
      billId: bill.id,
      paymentInstrumentId: card.id,
      amount: '1234.50',
      processDate: '2026-11-02',
      deliverySpeed: 'NEXT_DAY',
    });
    expect(fast.json()).toMatchObject({ statusCode: 422, errorCode: 'SPEED_NOT_ALLOWED' });
    const res = await postPayment(t, p, {
      billId: bill.id,
      paymentInstrumentId: card.id,
      amount: '1234.50',
      processDate: '2026-11-02',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'SCHEDULED',
      amount: 1234.5,
      feeAmount: 35.8,
      totalAmount: 1270.3,
      paymentMethod: { type: 'CARD', id: card.id, cardMask: '4242' },
    });
    // The bill is paid by the amount; the fee is on top.
    expect((await billRow(bill.id)).scheduledCents).toBe(123450);
  });

  it('queues the payments of a business that is not verified yet (IN_QUEUE)', async () => {
    const p = await payer(t, { verificationStatus: 'UNDER_REVIEW' });
    const bill = await makeBill(t, p, '100.00');
    const view = await schedulePayment(t, p, bill.id, 25);
    expect(view).toMatchObject({
      status: 'IN_QUEUE',
      actionRequired: 'This payment is paused until your business verification is complete.',
      canCancel: true,
    });
    expect((await billRow(bill.id)).status).toBe('in_queue');
  });

  it('waits for a vendor with no bank: PENDING, accept mail, reminder', async () => {
    const p = await payer(t, { vendorBank: false });
    const bill = await makeBill(t, p, '100.00');
    const speed = await postPayment(t, p, {
      billId: bill.id,
      paymentInstrumentId: p.bank.id,
      amount: 25,
      processDate: '2026-11-02',
      deliverySpeed: 'NEXT_DAY',
    });
    expect(speed.json().errorCode).toBe('SPEED_NOT_ALLOWED');
    const view = await schedulePayment(t, p, bill.id, 25);
    expect(view).toMatchObject({
      status: 'PENDING',
      awaitingPayeeDetails: true,
      actionRequired: 'Waiting for the vendor to accept this payment and add their bank details.',
    });
    const mails = () =>
      t.context.database.db
        .select()
        .from(messages)
        .where(eq(messages.to, p.vendor.email))
        .orderBy(desc(messages.createdAt));
    const [accept] = await mails();
    expect(accept?.subject).toContain('accept your payment');
    // The vendor's link is its own guest link, never the payer's payment page.
    expect(accept?.text).toContain('/process/payment/start?token=');
    expect(accept?.text).not.toContain(`/b/${p.businessId}/`);
    t.clock.advance(60_000);
    const reminded = await patch(p, `/payments/${view.id}/resend-accept-payment-reminder`);
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(reminded.json().data.acceptReminderSentAt).toBe(t.clock.now().toISOString());
    expect((await mails()).length).toBe(2);
    const timeline = (await detail(p, view.id)).timeline.map((e: { action: string }) => e.action);
    expect(timeline).toEqual(['CREATED', 'AWAITING_PAYEE', 'ACCEPT_REMINDER_SENT']);
    // A scheduled payment (vendor with a bank) has nothing to remind.
    const q = await payer(t);
    const other = await schedulePayment(t, q, (await makeBill(t, q, '10.00')).id, 5);
    const no = await patch(q, `/payments/${other.id}/resend-accept-payment-reminder`);
    expect(no.json()).toMatchObject({ statusCode: 409, message: PAYMENT_MESSAGES.noAcceptReminder });
  });

  it('holds payments to a network vendor whose bank changed in the last 24 h', async () => {
    const p = await payer(t);
    const vendorBusiness = await payer(t);
    const { businessBankAccounts } = await import('../banking/tables.js');
    await t.context.database.db
      .update(businessBankAccounts)
      .set({ holdUntil: new Date(Date.parse(START) + 86_400_000) })
      .where(eq(businessBankAccounts.id, vendorBusiness.bank.id));
    const vendor = await makeContact(t.context, {
      businessId: p.businessId,
      networkBusinessId: vendorBusiness.businessId,
    });
    const bill = await makeBill(t, { ...p, vendor }, '100.00');
    const view = await schedulePayment(t, p, bill.id, 30);
    expect(view).toMatchObject({ status: 'HOLD', holdUntil: '2026-11-03T15:00:00.000Z', canCancel: true });
  });
});

describe('changing a payment', () => {
  it('cancels a scheduled payment and frees the bill; a canceled one cannot be canceled again', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const view = await schedulePayment(t, p, bill.id, 100);
    expect((await billRow(bill.id)).status).toBe('scheduled');
    const res = await patch(p, `/payments/${view.id}/cancel/scheduled-payment`, {
      statusReason: 'Wrong vendor',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'CANCELLED',
      cancelledAt: START,
      date: '2026-11-02',
      canCancel: false,
      canReschedule: false,
    });
    const row = await billRow(bill.id);
    expect([row.scheduledCents, row.status]).toEqual([0, 'unpaid']);
    const entry = (await detail(p, view.id)).timeline.at(-1);
    expect(entry).toMatchObject({ action: 'CANCELED', label: 'Canceled', remarks: 'Wrong vendor' });
    const again = await patch(p, `/payments/${view.id}/cancel/scheduled-payment`);
    expect(again.json()).toMatchObject({
      statusCode: 409,
      errorCode: 'ILLEGAL_TRANSITION',
      message: PAYMENT_MESSAGES.cannotCancel,
    });
  });

  it('cannot cancel or reschedule a processing payment', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const view = await schedulePayment(t, p, bill.id, 50);
    await drive(view.id, { type: 'SUBMIT_TO_RAILS' }, 'SUBMITTED');
    const cancel = await patch(p, `/payments/${view.id}/cancel/scheduled-payment`);
    expect(cancel.json()).toMatchObject({ statusCode: 409, message: PAYMENT_MESSAGES.cannotCancel });
    const move = await patch(p, `/payments/${view.id}/reschedule/scheduled-payment`, {
      scheduledDate: '2026-11-04',
    });
    expect(move.json()).toMatchObject({ statusCode: 409, message: PAYMENT_MESSAGES.cannotReschedule });
    const read = await detail(p, view.id);
    expect(read).toMatchObject({ status: 'PROCESSING', canCancel: false, canReschedule: false });
  });

  it('reschedules to another business day (and another bank), with the spec’s timeline label', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const view = await schedulePayment(t, p, bill.id, 50);
    const past = await patch(p, `/payments/${view.id}/reschedule/scheduled-payment`, {
      scheduledDate: '2026-10-30',
    });
    expect(past.json()).toMatchObject({ statusCode: 422, message: PAYMENT_MESSAGES.processDatePast });
    const second = await makeBank(t, p.businessId, {
      bankName: 'Wells Fargo',
      accountMask: '2222',
      linked: false,
    });
    const res = await patch(p, `/payments/${view.id}/reschedule/scheduled-payment`, {
      scheduledDate: '2026-11-04',
      paymentInstrumentId: second.id,
      remarks: 'Later',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'SCHEDULED',
      processDate: '2026-11-04',
      expectedDelivery: { earliest: '2026-11-09', latest: '2026-11-12' },
      paymentMethod: { id: second.id, bankName: 'Wells Fargo' },
      remarks: 'Later',
    });
    const entry = (await detail(p, view.id)).timeline.at(-1);
    expect(entry).toMatchObject({ action: 'PAYMENT_RESCHEDULED', label: 'Payment rescheduled' });
  });

  it('retries a payment that failed for insufficient funds, at most twice', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const view = await schedulePayment(t, p, bill.id, 80);
    const reattempt = (body: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: payUrl(p.businessId, '/payments/reattempt'),
        headers: { ...p.headers, 'idempotency-key': randomUUID() },
        payload: { paymentId: view.id, ...body },
      });
    const early = await reattempt();
    expect(early.json()).toMatchObject({ statusCode: 409, message: PAYMENT_MESSAGES.cannotReattempt });
    for (let i = 0; i < 2; i += 1) {
      await drive(view.id, { type: 'SUBMIT_TO_RAILS' }, 'SUBMITTED');
      await drive(view.id, { type: 'FAIL', returnCode: 'R01' }, 'FAILED');
      expect((await billRow(bill.id)).scheduledCents).toBe(0);
      const failed = await detail(p, view.id);
      expect(failed).toMatchObject({
        status: 'FAILED',
        canReattempt: true,
        failureReason: 'INSUFFICIENT_BANK_BALANCE',
        failureMessage:
          'This payment failed due to insufficient funds. Please ensure sufficient funds before retrying.',
        date: '2026-11-02',
      });
      const res = await reattempt(i === 0 ? { scheduledDate: '2026-11-03' } : {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'SCHEDULED',
        reattempts: i + 1,
        processDate: i === 0 ? '2026-11-03' : '2026-11-02',
        failureReason: null,
      });
      expect((await billRow(bill.id)).scheduledCents).toBe(8000);
    }
    await drive(view.id, { type: 'SUBMIT_TO_RAILS' }, 'SUBMITTED');
    await drive(view.id, { type: 'FAIL', returnCode: 'R01' }, 'FAILED');
    expect((await detail(p, view.id)).canReattempt).toBe(false);
    const limit = await reattempt();
    expect(limit.json()).toMatchObject({
      statusCode: 409,
      errorCode: 'REATTEMPT_LIMIT',
      message: PAYMENT_MESSAGES.reattemptLimit,
    });
    const labels = (await detail(p, view.id)).timeline.map((e: { label: string }) => e.label);
    expect(labels.filter((l: string) => l === 'Payment retried')).toHaveLength(2);
    await assertLedgerBalanced(t.context.database.db);
  });

  it('never retries a failure that is not retryable', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const view = await schedulePayment(t, p, bill.id, 80);
    await drive(view.id, { type: 'SUBMIT_TO_RAILS' }, 'SUBMITTED');
    await drive(view.id, { type: 'FAIL', returnCode: 'R02' }, 'FAILED');
    const res = await t.app.inject({
      method: 'POST',
      url: payUrl(p.businessId, '/payments/reattempt'),
      headers: { ...p.headers, 'idempotency-key': randomUUID() },
      payload: { paymentId: view.id },
    });
    expect(res.json()).toMatchObject({ statusCode: 409, message: PAYMENT_MESSAGES.cannotReattempt });
    expect((await detail(p, view.id)).failureMessage).toBe(
      'This payment failed because your bank account is invalid. Please try a different account.',
    );
  });
});

describe('the ledger and the bill through the engine transitions', () => {
  it('posts balanced transactions in the same transaction as each status change', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const view = await schedulePayment(t, p, bill.id, 100);
    await drive(view.id, { type: 'SUBMIT_TO_RAILS' }, 'SUBMITTED');
    expect((await billRow(bill.id)).status).toBe('processing');
    await drive(view.id, { type: 'SETTLE' }, 'DELIVERED');
    let row = await billRow(bill.id);
    expect([row.balanceCents, row.scheduledCents, row.status]).toEqual([0, 0, 'paid']);
    const delivered = await detail(p, view.id);
    expect(delivered).toMatchObject({ status: 'DELIVERED', date: '2026-11-02', deliveredAt: START });
    const posted = await listLedgerTransactions(t.context.database.db, { paymentId: view.id });
    expect(posted.map((x) => [x.transaction.kind, x.transaction.idempotencyKey])).toEqual([
      ['PAYMENT_SUBMIT', `payment:${view.id}:PAYMENT_SUBMIT:0`],
      ['PAYMENT_SETTLE', `payment:${view.id}:PAYMENT_SETTLE:0`],
    ]);
    const balances = await balancesOf(t.context.database.db, { businessId: p.businessId });
    expect(balances.map((b) => [b.account.kind, b.account.referenceId, b.balanceCents]).sort()).toEqual(
      [
        ['BANK_ACCOUNT', p.bank.id, -10000],
        ['VENDOR_PAYABLE', p.vendor.id, 10000],
      ].sort(),
    );
    // A return after delivery reverses both postings and reopens the bill.
    await drive(view.id, { type: 'RETURN', returnCode: 'R03' }, 'REVERSED');
    row = await billRow(bill.id);
    expect([row.balanceCents, row.status]).toEqual([10000, 'reversed']);
    const after = await balancesOf(t.context.database.db, { businessId: p.businessId });
    expect(after.every((b) => b.balanceCents === 0)).toBe(true);
    const reversed = await detail(p, view.id);
    expect(reversed).toMatchObject({
      status: 'REVERSED',
      reversedAt: START,
      failureReason: 'INVALID_VENDOR_BANK_ACCOUNT',
    });
    await assertLedgerBalanced(t.context.database.db);
  });

  it('refuses an illegal transition with 409 and changes nothing', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const view = await schedulePayment(t, p, bill.id, 100);
    await expect(drive(view.id, { type: 'SETTLE' }, 'DELIVERED')).rejects.toMatchObject({
      errorCode: 'ILLEGAL_TRANSITION',
      statusCode: 409,
    });
    const [row] = await t.context.database.db.select().from(payments).where(eq(payments.id, view.id));
    expect(row?.status).toBe('SCHEDULED');
  });
});

describe('PATCH mark-bill-as-paid', () => {
  const mark = (p: Payer, body: object, type = 'bill') =>
    patch(p, `/mark-${type}-as-paid`, body, { 'idempotency-key': randomUUID() });

  it('records a MARKED_AS_PAID payment without moving money', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    await schedulePayment(t, p, bill.id, 30);
    const res = await mark(p, {
      id: bill.id,
      amount: '70.00',
      date: '2026-10-30',
      paymentInstrumentId: p.bank.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'MARKED_AS_PAID',
      isMarkedAsPaid: true,
      amount: 70,
      date: '2026-10-30',
      canCancel: false,
      canReschedule: false,
      paymentMethod: { type: 'BANK', id: p.bank.id },
    });
    const row = await billRow(bill.id);
    expect([row.balanceCents, row.scheduledCents]).toEqual([3000, 3000]);
    const posted = await listLedgerTransactions(t.context.database.db, { paymentId: res.json().data.id });
    expect(posted).toEqual([]);
  });

  it('gives every §5 message', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const base = { id: bill.id, date: '2026-11-02', paymentInstrumentId: p.bank.id };
    const cases: [object, number, string][] = [
      [{ ...base, amount: '0.50' }, 422, PAYMENT_FORM_MESSAGES.markPaidMin],
      [{ ...base, amount: '100.01' }, 422, PAYMENT_FORM_MESSAGES.markPaidMax('$100.00')],
      [{ ...base, amount: 'abc' }, 400, PAYMENT_MESSAGES.amountInvalid],
      [{ ...base, amount: 10, date: '2026-11-03' }, 422, PAYMENT_MESSAGES.markPaidDateFuture],
      [{ ...base, amount: 10, paymentInstrumentId: '' }, 400, PAYMENT_MESSAGES.markPaidAccountRequired],
    ];
    for (const [body, status, message] of cases) {
      const res = await mark(p, body);
      expect(res.statusCode, res.body).toBe(status);
      const json = res.json();
      expect([json.message, ...json.errors.map((e: { message: string }) => e.message)]).toContain(message);
    }
    const invoice = await mark(p, { ...base, amount: 10 }, 'invoice');
    expect(invoice.statusCode).toBe(404);
    const other = await mark(p, { ...base, amount: 10 }, 'receipt');
    expect(other.statusCode).toBe(404);
  });
});

describe('reading payments', () => {
  it('lists with filters, status spellings, sorting and paging; summary cards', async () => {
    const p = await payer(t);
    const other = await makeContact(t.context, { businessId: p.businessId, name: 'Zenith Tools' });
    const { vendorBankAccounts } = await import('../vendor-banks/tables.js');
    const { newId } = await import('../../platform/ids.js');
    await t.context.database.db.insert(vendorBankAccounts).values({
      id: newId(),
      businessId: p.businessId,
      contactId: other.id,
      bankName: 'B',
      accountType: 'BUSINESS_CHECKING',
      accountHolderName: 'Z',
      routingNumber: '011000015',
      accountNumberCiphertext: 'v1.x.y.z',
      accountMask: '1111',
      verificationStatus: 'VERIFIED',
    });
    const a = await schedulePayment(t, p, (await makeBill(t, p, '100.00')).id, 10);
    const b = await schedulePayment(t, p, (await makeBill(t, { ...p, vendor: other }, '100.00')).id, 20);
    const c = await schedulePayment(t, p, (await makeBill(t, p, '100.00')).id, 30);
    await patch(p, `/payments/${c.id}/cancel/scheduled-payment`);
    await drive(b.id, { type: 'SUBMIT_TO_RAILS' }, 'SUBMITTED');
    await drive(b.id, { type: 'FAIL', returnCode: 'R01' }, 'FAILED');

    const ids = async (query: string) => {
      const res = await get(p, `/payments${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items.map((i: { id: string }) => i.id);
    };
    expect(await ids('?sortBy=amount&sortOrder=asc')).toEqual([a.id, b.id, c.id]);
    expect(await ids('?status=Canceled')).toEqual([c.id]);
    expect(await ids('?status=failed,scheduled&sortBy=amount&sortOrder=asc')).toEqual([a.id, b.id]);
    expect(await ids('?filterType=ATTENTION_REQUIRED')).toEqual([b.id]);
    expect(await ids('?filterType=SCHEDULED')).toEqual([a.id]);
    expect(await ids('?vendorName=zeni')).toEqual([b.id]);
    expect(await ids(`?vendorId=${p.vendor.id}&sortBy=amount`)).toEqual([c.id, a.id]);
    const page = (await get(p, '/payments?pageSize=2&pageNumber=2&sortBy=amount&sortOrder=asc')).json().data;
    expect(page).toMatchObject({ total: 3, pageNumber: 2, pageSize: 2 });
    expect(page.items.map((i: { id: string }) => i.id)).toEqual([c.id]);
    expect((await get(p, '/payments?status=nonsense')).statusCode).toBe(400);

    const multiple = (
      await get(p, `/payments/multiple?paymentIds=${c.id},${a.id},0123456789abcdef01234567`)
    ).json();
    expect(multiple.data.map((i: { id: string }) => i.id)).toEqual([c.id, a.id]);

    const summary = (await get(p, '/bills/summary/payments')).json().data;
    expect(summary).toEqual({
      attentionRequired: { amount: 20, total: 1 },
      processing: { amount: 0, total: 0 },
      scheduled: { amount: 10, total: 1 },
    });
  });

  it('hides another business’s payments (404)', async () => {
    const p = await payer(t);
    const view = await schedulePayment(t, p, (await makeBill(t, p, '100.00')).id, 10);
    const q = await payer(t);
    expect((await get(q, `/payments/${view.id}`)).statusCode).toBe(404);
    expect((await patch(q, `/payments/${view.id}/cancel/scheduled-payment`)).statusCode).toBe(404);
    expect((await get(q, '/payments')).json().data.total).toBe(0);
  });

  it('answers the transfer speeds of a payment', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const res = await t.app.inject({
      method: 'POST',
      url: payUrl(p.businessId, '/payments/transfer/speed'),
      headers: p.headers,
      payload: { paymentInstrumentId: p.bank.id, amount: 50, billId: bill.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.method).toBe('BANK');
    expect(data.speeds.STANDARD).toEqual({
      allowed: true,
      message: null,
      reasonText: null,
      note: null,
      processOn: '2026-11-02',
      expectedDelivery: { earliest: '2026-11-05', latest: '2026-11-09' },
    });
    expect(data.speeds.INSTANT).toMatchObject({
      allowed: false,
      message: 'This payment isn’t eligible for this delivery speed.',
      reasonText: 'The vendor’s bank can’t receive instant payments.',
    });
    expect(data.speeds.SAME_DAY.allowed).toBe(true);
  });

  it('says why: cards are Standard only, and today’s cut-off has passed', async () => {
    t.clock.set('2026-11-02T21:40:00.000Z'); // Monday 16:40 in New York (the session stays fresh until 22:00)
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const card = (await addCardVia(t, p.headers, p.businessId)).json().data;
    const speedsFor = async (paymentInstrumentId: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: payUrl(p.businessId, '/payments/transfer/speed'),
        headers: p.headers,
        payload: { paymentInstrumentId, amount: 50, billId: bill.id },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.speeds;
    };
    const byCard = await speedsFor(card.id);
    expect(byCard.NEXT_DAY).toMatchObject({
      allowed: false,
      reasonText: 'Card payments go by Standard delivery only.',
    });
    t.clock.set('2026-11-02T22:00:00.000Z'); // Monday 17:00 in New York: past the 16:45 cut-off
    const late = await speedsFor(p.bank.id);
    expect(late.STANDARD).toMatchObject({
      allowed: true,
      processOn: '2026-11-03',
      note: 'Today’s 4:45 PM ET cut-off has passed, so it is sent on Nov 3, 2026.',
    });
  });
});

describe('GET payments/pay-context', () => {
  it('gives the rails’ business today (the server clock) and the vendor’s bank, masked', async () => {
    t.clock.set('2026-11-03T03:00:00.000Z'); // Monday 22:00 in New York, already Tuesday in UTC
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const res = await get(p, `/payments/pay-context?billId=${bill.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      today: '2026-11-02',
      receivingBank: { bankName: 'First Harbor Bank', accountMask: '0123' },
    });
  });

  it('says no bank while the vendor has none; other businesses and members without access are refused', async () => {
    const p = await payer(t, { vendorBank: false });
    const bill = await makeBill(t, p, '100.00');
    expect((await get(p, `/payments/pay-context?billId=${bill.id}`)).json().data.receivingBank).toBeNull();
    const other = await payer(t);
    expect((await get(other, `/payments/pay-context?billId=${bill.id}`)).statusCode).toBe(404);
    const foreign = await t.app.inject({
      method: 'GET',
      url: payUrl(p.businessId, `/payments/pay-context?billId=${bill.id}`),
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const user = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: p.businessId,
      user,
      permissions: ['GET_PAID_DUE_INVOICES.view'],
    });
    const outsider = await t.app.inject({
      method: 'GET',
      url: payUrl(p.businessId, `/payments/pay-context?billId=${bill.id}`),
      headers: await signIn(t.context, user),
    });
    expect(outsider.json()).toMatchObject({ statusCode: 403, errorCode: 'ACCESS_DENIED' });
    expect((await get(p, '/payments/pay-context')).statusCode).toBe(400);
  });
});

describe('bulk schedule', () => {
  it('schedules each bill on its own and replays the same answer for the same key', async () => {
    const p = await payer(t);
    const one = await makeBill(t, p, '100.00');
    const two = await makeBill(t, p, '50.00');
    const key = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: payUrl(p.businessId, '/payments/bulk-schedule'),
        headers: { ...p.headers, 'idempotency-key': key },
        payload: {
          payments: [
            { billId: one.id, paymentInstrumentId: p.bank.id, amount: 100, processDate: '2026-11-02' },
            { billId: two.id, paymentInstrumentId: p.bank.id, amount: 60, processDate: '2026-11-02' },
          ],
        },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const results = first.json().data.results;
    expect(results[0]).toMatchObject({
      billId: one.id,
      ok: true,
      payment: { status: 'SCHEDULED', amount: 100 },
    });
    expect(results[1]).toMatchObject({
      billId: two.id,
      ok: false,
      error: {
        errorCode: 'AMOUNT_ABOVE_BALANCE',
        message: PAYMENT_FORM_MESSAGES.amountAboveBalance('$50.00'),
      },
    });
    const again = await send();
    expect(again.json().data).toEqual(first.json().data);
    const rows = await t.context.database.db
      .select()
      .from(payments)
      .where(eq(payments.businessId, p.businessId));
    expect(rows).toHaveLength(1);
    expect((await billRow(two.id)).scheduledCents).toBe(0);
    const dup = await t.app.inject({
      method: 'POST',
      url: payUrl(p.businessId, '/payments/bulk-schedule'),
      headers: { ...p.headers, 'idempotency-key': randomUUID() },
      payload: {
        payments: [
          { billId: two.id, paymentInstrumentId: p.bank.id, amount: 1, processDate: '2026-11-02' },
          { billId: two.id, paymentInstrumentId: p.bank.id, amount: 1, processDate: '2026-11-02' },
        ],
      },
    });
    expect(dup.statusCode).toBe(400);
  });
});

describe('permissions', () => {
  const member = async (p: Payer, permissions: string[]) => {
    const user = await makeUser(t.context);
    await addMemberWithPermissions(t.context, { businessId: p.businessId, user, permissions });
    return { ...p, headers: await signIn(t.context, user) };
  };

  it('needs PayPayments to read, PayApproveAndPayBills to pay and change, PayDueBill to mark as paid', async () => {
    const p = await payer(t);
    const bill = await makeBill(t, p, '100.00');
    const view = await schedulePayment(t, p, bill.id, 10);
    const reader = await member(p, ['PAY_DUE_BILLS.manage', 'PAY_DUE_BILLS.view']);
    const denied = { statusCode: 403, errorCode: 'ACCESS_DENIED' };
    expect((await get(reader, '/payments')).json()).toMatchObject(denied);
    expect((await get(reader, `/payments/${view.id}`)).json()).toMatchObject(denied);
    expect((await get(reader, '/bills/summary/payments')).json()).toMatchObject(denied);
    const viewer = await member(p, ['PAY_PAYMENTS.view']);
    expect((await get(viewer, '/payments')).statusCode).toBe(200);
    for (const res of [
      await postPayment(t, viewer, {
        billId: bill.id,
        paymentInstrumentId: p.bank.id,
        amount: 1,
        processDate: '2026-11-02',
      }),
      await patch(viewer, `/payments/${view.id}/cancel/scheduled-payment`),
      await patch(viewer, `/payments/${view.id}/reschedule/scheduled-payment`, {
        scheduledDate: '2026-11-03',
      }),
      await patch(viewer, `/payments/${view.id}/resend-accept-payment-reminder`),
      await patch(
        viewer,
        '/mark-bill-as-paid',
        { id: bill.id, amount: 1, date: '2026-11-02', paymentInstrumentId: p.bank.id },
        {
          'idempotency-key': randomUUID(),
        },
      ),
    ]) {
      expect(res.json()).toMatchObject(denied);
    }
    // Mark as paid belongs to the due-bills right.
    const marked = await patch(
      reader,
      '/mark-bill-as-paid',
      { id: bill.id, amount: 1, date: '2026-11-02', paymentInstrumentId: p.bank.id },
      { 'idempotency-key': randomUUID() },
    );
    expect(marked.statusCode, marked.body).toBe(200);
    const payerMember = await member(p, [
      'PAY_APPROVE_AND_PAY_BILLS.manage',
      'PAY_APPROVE_AND_PAY_BILLS.view',
    ]);
    const paid = await postPayment(t, payerMember, {
      billId: bill.id,
      paymentInstrumentId: p.bank.id,
      amount: 1,
      processDate: '2026-11-02',
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });
});
