import { randomUUID } from 'node:crypto';
import { GUEST_MESSAGES, PAYMENT_FORM_MESSAGES } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { makeContact } from '../../testing/contact-factories.js';
import { makeSignedInBusiness, makeUser } from '../../testing/factories.js';
import type { AuthHeaders } from '../../testing/test-app.js';
import { useTestApp } from '../../testing/test-app.js';
import { invitations } from '../auth/tables.js';
import { businesses, businessMembers } from '../businesses/tables.js';
import { decideMerchantApplication } from '../cards/merchant.js';
import { merchantAccounts } from '../cards/tables.js';
import { addCardVia, makeBank, SAQ_REQUEST } from '../cards/testing.js';
import { contacts } from '../contacts/tables.js';
import { invoiceLineItems, invoices } from '../invoices/tables.js';
import {
  billRow,
  invariantViolations,
  makeBill,
  makePayer,
  makeVendor,
  makeVerifiedBank,
  paymentRow,
} from '../payments/engine/engine-fixtures.js';
import { runPaymentEngine } from '../payments/engine/jobs.js';
import { payments } from '../payments/tables.js';
import { userPhones, users } from '../users/tables.js';
import { vendorBankAccounts } from '../vendor-banks/tables.js';

const t = useTestApp();

/** Monday Nov 2, 2026, 10:00 in New York: a business day before the cutoff. */
const START = '2026-11-02T15:00:00.000Z';

const call = (options: InjectOptions) => t.app.inject(options);
/** POST; the guest calls carry the bot check's token as the browser sends it. */
const post = (url: string, payload: object, headers: AuthHeaders = {}) =>
  call({
    method: 'POST',
    url,
    payload:
      url.startsWith('/api/guest/') || url === '/api/auth/set-password'
        ? { recaptchaToken: 'ok', ...payload }
        : payload,
    headers,
  });

const outbox = async (to: string) => {
  const res = await call({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as { subject: string; text: string; html: string }[];
};

/** The newest one-time code sent to an address or number (the mails with a link are skipped). */
const newestCode = async (to: string) => {
  const sent = (await outbox(to)).filter((m) => !/guest-link|\/process\/payment\/start/.test(m.text));
  const code = sent.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
  if (!code) throw new Error(`no code for ${to}`);
  return code;
};

const tokenIn = (text: string | undefined) => {
  const token = /\/process\/payment\/start\?token=([A-Za-z0-9_%-]+)/.exec(text ?? '')?.[1];
  if (!token) throw new Error(`no guest link in ${text}`);
  return decodeURIComponent(token);
};

let seq = 0;
const uniqueEmail = (name: string) => `${name}.${newId().slice(0, 8)}@guest.example`;
/** A US mobile number no other test uses. */
const freshPhone = () => {
  seq += 1;
  return `2125551${String(seq).padStart(3, '0')}`;
};

/** A $1,000.00 invoice of the sender to its customer (one line). */
async function makeInvoice(businessId: string, customerId: string) {
  seq += 1;
  const id = newId();
  const now = t.clock.now();
  await t.database.db.insert(invoices).values({
    id,
    businessId,
    customerId,
    refNo: `G-${seq}`,
    invoiceDate: '2026-11-01',
    dueDate: '2026-11-30',
    paymentTerm: 'CUSTOM',
    subtotalCents: 100_000,
    taxCents: 0,
    amountCents: 100_000,
    balanceCents: 100_000,
    memo: 'Catering for the opening.',
    createdAt: now,
    updatedAt: now,
  });
  await t.database.db.insert(invoiceLineItems).values({
    id: newId(),
    invoiceId: id,
    position: 0,
    itemName: 'Catering',
    description: 'Opening night, 40 guests',
    quantityE4: 40_000,
    unitPriceCents: 25_000,
    amountCents: 100_000,
  });
  return id;
}

/** The sender: accepts cards with its surcharge on, and receives into a verified bank. */
async function makeSender() {
  const sender = await makeSignedInBusiness(t.context, { businessName: 'Blue Harbor Catering' });
  const bank = await makeBank(t, sender.businessId);
  const card = `/api/business/${sender.businessId}/card-payment`;
  const applied = await call({
    method: 'POST',
    url: `${card}/merchant`,
    headers: { ...sender.headers, 'idempotency-key': randomUUID() },
    payload: {
      incorporationDate: '2019-04-01',
      businessCategory: 'PROFESSIONAL_SERVICES',
      businessWebsite: 'https://blue-harbor.example.com',
      businessType: 'LLC',
      payoutBankAccount: bank.id,
      expectedAnnualCardVolume: 250000,
      agreeTerms: true,
    },
  });
  expect(applied.statusCode, applied.body).toBe(200);
  const [merchant] = await t.database.db
    .select()
    .from(merchantAccounts)
    .where(eq(merchantAccounts.businessId, sender.businessId));
  if (!merchant) throw new Error('no merchant application');
  await decideMerchantApplication(t.context, {
    businessId: sender.businessId,
    submissionId: merchant.submissionId,
  });
  const saq = await call({
    method: 'PATCH',
    url: `${card}/saq-details`,
    headers: sender.headers,
    payload: SAQ_REQUEST,
  });
  expect(saq.statusCode, saq.body).toBe(200);
  const surcharge = await call({
    method: 'PATCH',
    url: `${card}/surcharges/${saq.json().data.surcharge.id}`,
    headers: sender.headers,
    payload: { enabled: true },
  });
  expect(surcharge.statusCode, surcharge.body).toBe(200);
  // Where payments are delivered (a real sealed account number; the payout bank above is a stub).
  await makeVerifiedBank(t.context, sender.businessId);
  return sender;
}

type Sender = Awaited<ReturnType<typeof makeSender>>;

/** Sends a $1,000 invoice to a customer not on Ferry; answers the request and the mailed token. */
async function sendToGuest(sender: Sender, options: { email?: string } = {}) {
  const email = options.email ?? uniqueEmail('cafe');
  const customer = await makeContact(t.context, {
    businessId: sender.businessId,
    type: 'CUSTOMER',
    name: 'Corner Cafe',
    email,
  });
  const invoiceId = await makeInvoice(sender.businessId, customer.id);
  const res = await post(
    `/api/business/${sender.businessId}/payment-requests`,
    { invoiceDetails: { id: invoiceId } },
    sender.headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  const mails = await outbox(email);
  expect(mails[0]?.subject).toBe('Payment request from Blue Harbor Catering');
  return {
    email,
    customer,
    invoiceId,
    requestId: res.json().data.id as string,
    guestBusinessId: res.json().data.payer.businessId as string,
    token: tokenIn(mails[0]?.text),
  };
}

/** Link → start → email code: a guest session (headers) for the token. */
async function guestSession(
  token: string,
  email: string,
  names: { firstName?: string; lastName?: string } = { firstName: 'Maya', lastName: 'Lopez' },
) {
  const started = await post('/api/guest/start', { token, email, ...names });
  expect(started.statusCode, started.body).toBe(200);
  const verified = await post('/api/guest/verify-email', {
    token,
    requestId: started.json().data.requestId,
    otp: await newestCode(email),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const session = verified.json().data as {
    token: string;
    sessionId: string;
    userId: string;
    maskedPhone: string | null;
  };
  return {
    session,
    headers: { authorization: `Bearer ${session.token}`, 'session-id': session.sessionId } as AuthHeaders,
  };
}

/** A new number + SMS code: the session becomes phone-verified; answers the payment info. */
async function verifyNewPhone(headers: AuthHeaders, phoneNumber = freshPhone(), trustDevice = false) {
  const sent = await post(
    '/api/guest/phone/send',
    { phones: [{ phoneNumber, countryCode: '1', countryISOCode: 'US' }] },
    headers,
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await post(
    '/api/guest/phone/verify',
    {
      requestId: sent.json().data.requestId,
      otp: await newestCode(`+1${phoneNumber}`),
      ...(trustDevice ? { isRegisterTrustedDevice: true } : {}),
    },
    headers,
  );
  expect(verified.statusCode, verified.body).toBe(200);
  // 'Trust this device for 30 days' gives the browser the trusted-device cookie, as a sign-in code does.
  const trusted = verified.cookies.find((cookie) => cookie.name === 'ferry_trusted_device');
  if (trustDevice) expect(trusted?.httpOnly).toBe(true);
  else expect(trusted).toBeUndefined();
  return verified.json().data;
}

/** A manual bank added to the guest business through its business routes, verified by its deposits. */
async function addGuestBank(headers: AuthHeaders, businessId: string, helper: AuthHeaders) {
  seq += 1;
  const accountNumber = `${52_000_000_000 + seq * 7919}`;
  const added = await call({
    method: 'POST',
    url: `/api/business/${businessId}/banking/connection/account`,
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: {
      bankName: 'First Harbor Bank',
      accountType: 'BUSINESS_CHECKING',
      accountHolderName: 'Corner Cafe',
      routingNumber: '021000021',
      accountNumber,
      confirmAccountNumber: accountNumber,
    },
  });
  expect(added.statusCode, added.body).toBe(200);
  const bankId = added.json().data.id as string;
  const advanced = await post('/api/sandbox/clock/advance', { businessDays: 2 }, helper);
  expect(advanced.statusCode, advanced.body).toBe(200);
  const statement = await call({
    method: 'GET',
    url: `/api/sandbox/bank/statement?accountId=${bankId}`,
    headers,
  });
  expect(statement.statusCode, statement.body).toBe(200);
  const [first, second] = (
    statement.json().data.transactions as { description: string; amountCents: number }[]
  )
    .filter((line) => line.description === 'FERRY ACCTVERIFY')
    .map((line) => String(line.amountCents));
  t.clock.advance(60_000);
  const verified = await call({
    method: 'POST',
    url: `/api/business/${businessId}/banking/connection/account/verify`,
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { paymentInstrumentId: bankId, firstMicroDeposit: first, secondMicroDeposit: second },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return bankId;
}

const accept = (headers: AuthHeaders, body: Record<string, unknown>, key = randomUUID()) =>
  call({
    method: 'POST',
    url: '/api/payments/guest/accept/payment',
    headers: { ...headers, 'idempotency-key': key },
    payload: body,
  });

describe('the guest payer (a customer not on Ferry pays a payment request)', () => {
  it('send → link → names → email code → new phone → info → bank and card → pays in two parts → paid', async () => {
    t.clock.set(START);
    const sender = await makeSender();
    const sent = await sendToGuest(sender);

    // A guest business for the customer: never on the network, linked to the contact.
    const [guestBusiness] = await t.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, sent.guestBusinessId));
    expect(guestBusiness).toMatchObject({
      isGuest: true,
      isDiscoverable: false,
      businessName: 'Corner Cafe',
    });
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, sent.customer.id));
    expect(contact?.networkBusinessId).toBe(sent.guestBusinessId);
    const [invitation] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, sent.email));
    expect(invitation).toMatchObject({
      invitationType: 'BUSINESS_PAYMENT',
      businessId: sent.guestBusinessId,
    });
    expect(invitation?.data.paymentRequestId).toBe(sent.requestId);
    expect(invitation && invitation.expiresAt.getTime() - invitation.createdAt.getTime()).toBe(
      30 * 86_400_000,
    );

    const link = await post('/api/guest/link', { token: sent.token });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().data).toMatchObject({
      invitationType: 'BUSINESS_PAYMENT',
      paymentType: 'SEND_PAYMENT',
      email: sent.email,
      senderBusinessName: 'Blue Harbor Catering',
      amount: 100_000,
      firstName: null,
      isNewUser: true,
    });

    // The invited address only; names for a new person.
    const wrong = await post('/api/guest/start', { token: sent.token, email: uniqueEmail('other') });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(GUEST_MESSAGES.wrongEmail);
    const nameless = await post('/api/guest/start', { token: sent.token, email: sent.email });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe(GUEST_MESSAGES.namesRequired);

    const { session, headers } = await guestSession(sent.token, sent.email);
    expect(session.maskedPhone).toBeNull();
    const [user] = await t.database.db.select().from(users).where(eq(users.id, session.userId));
    expect(user).toMatchObject({
      activeStatus: 'GUEST_ACTIVE',
      firstName: 'Maya',
      lastName: 'Lopez',
      isEmailVerified: true,
      passwordHash: null,
    });
    const members = await t.database.db
      .select()
      .from(businessMembers)
      .where(eq(businessMembers.businessId, sent.guestBusinessId));
    expect(members.map((m) => [m.userId, m.status])).toEqual([[session.userId, 'ACTIVE']]);

    // No money call and no info before the phone.
    const early = await call({ method: 'GET', url: '/api/guest/payment-info', headers });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(GUEST_MESSAGES.phoneNotVerified);
    const noPhone = await post('/api/guest/phone/send', { lastFour: '1234' }, headers);
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe(GUEST_MESSAGES.phoneRequired);

    const info = await verifyNewPhone(headers, freshPhone(), true);
    expect(info).toMatchObject({
      invitationType: 'BUSINESS_PAYMENT',
      paymentType: 'SEND_PAYMENT',
      payerId: sent.guestBusinessId,
      payeeId: sender.businessId,
      guestBusinessId: sent.guestBusinessId,
      amount: 100_000,
      amountToPay: 100_000,
      paymentRequestId: sent.requestId,
      payeeAcceptCardPayment: true,
      payeeCardSurchargeEnabled: true,
      isNewUser: true,
      isNewBusiness: true,
      contactName: 'Corner Cafe',
      payeeBusinessName: 'Blue Harbor Catering',
      memo: 'Catering for the opening.',
      lines: [
        {
          itemName: 'Catering',
          description: 'Opening night, 40 guests',
          quantity: 4,
          unitPrice: 25_000,
          amount: 100_000,
        },
      ],
      payments: [],
      closed: false,
    });
    expect(info.cardFeeBps).toBeGreaterThan(0);

    // The guest business's banks and cards through its own business routes.
    const bankId = await addGuestBank(headers, sent.guestBusinessId, sender.headers);
    const card = await addCardVia(t, headers, sent.guestBusinessId);
    expect(card.statusCode, card.body).toBe(200);
    const cardId = card.json().data.id as string;

    const body = {
      token: sent.token,
      invitationType: 'BUSINESS_PAYMENT',
      businessId: sent.guestBusinessId,
      paymentRequestId: sent.requestId,
      paymentInstrumentId: bankId,
      businessName: 'Corner Cafe LLC',
    };
    const first = await accept(headers, { ...body, amount: 40_000 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      amountToPay: 60_000,
      isNewBusiness: false,
      payerBusinessName: 'Corner Cafe LLC',
      payments: [
        { amount: 40_000, feeAmount: 0, method: 'BANK', status: 'SCHEDULED', statusLabel: 'Scheduled' },
      ],
    });

    // The rest by card, with the sender's surcharge on top (as the fee quote says).
    const quote = await post(
      `/api/business/${sent.guestBusinessId}/card-payment/fee-quote`,
      { baseAmount: 600, payeeId: sender.businessId, cardId },
      headers,
    );
    expect(quote.statusCode, quote.body).toBe(200);
    const feeCents = quote.json().data.feeCents as number;
    expect(feeCents).toBeGreaterThan(0);
    t.clock.advance(60_000);
    const rest = await accept(headers, { ...body, paymentInstrumentId: cardId, amount: 60_000 });
    expect(rest.statusCode, rest.body).toBe(200);
    const afterRest = rest.json().data;
    expect(afterRest).toMatchObject({ amountToPay: 0, closed: true });
    expect(afterRest.payments[0]).toMatchObject({ amount: 60_000, feeAmount: feeCents, method: 'CARD' });

    // Fully paid: the link is spent.
    const spent = await post('/api/guest/link', { token: sent.token });
    expect(spent.statusCode).toBe(410);
    expect(spent.json().message).toBe(GUEST_MESSAGES.invalidLink);

    // The engine sends both; three business days later they are delivered and the invoice is paid.
    await runPaymentEngine(t.context);
    const advanced = await post('/api/sandbox/clock/advance', { businessDays: 3 }, sender.headers);
    expect(advanced.statusCode, advanced.body).toBe(200);
    await runPaymentEngine(t.context);
    for (const p of afterRest.payments as { id: string }[]) {
      expect((await paymentRow(t.context, p.id)).status).toBe('DELIVERED');
    }
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, sent.invoiceId));
    expect(invoice).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect(await invariantViolations(t.context)).toEqual({});
  });

  it('applies every partial-payment rule to the amount (422 on `amount`), and refuses an unverified bank and an unaccepted card', async () => {
    t.clock.set(START);
    const sender = await makeSender();
    const sent = await sendToGuest(sender);
    const { headers } = await guestSession(sent.token, sent.email);
    await verifyNewPhone(headers);
    const bankId = await addGuestBank(headers, sent.guestBusinessId, sender.headers);
    const body = {
      token: sent.token,
      invitationType: 'BUSINESS_PAYMENT',
      businessId: sent.guestBusinessId,
      paymentInstrumentId: bankId,
    };
    const cases: [number, string][] = [
      [50, PAYMENT_FORM_MESSAGES.partialMin],
      [100_001, PAYMENT_FORM_MESSAGES.partialMax('$1,000.00')],
      [99_950, PAYMENT_FORM_MESSAGES.partialBalance],
    ];
    for (const [amount, message] of cases) {
      const res = await accept(headers, { ...body, amount });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([{ field: 'amount', message }]);
    }
    expect(PAYMENT_FORM_MESSAGES.partialMin).toBe('Amount entered cannot be less than $1.00');

    // A bank still waiting for its deposits is refused.
    seq += 1;
    const pending = await call({
      method: 'POST',
      url: `/api/business/${sent.guestBusinessId}/banking/connection/account`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: {
        bankName: 'Second Bank',
        accountType: 'BUSINESS_CHECKING',
        accountHolderName: 'Corner Cafe',
        routingNumber: '011000015',
        accountNumber: `${61_000_000_000 + seq}`,
        confirmAccountNumber: `${61_000_000_000 + seq}`,
      },
    });
    expect(pending.statusCode, pending.body).toBe(200);
    const unverified = await accept(headers, {
      ...body,
      paymentInstrumentId: pending.json().data.id,
      amount: 10_000,
    });
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json().message).toBe(GUEST_MESSAGES.invalidBank);

    // Without an Idempotency-Key the call is refused.
    const keyless = await call({
      method: 'POST',
      url: '/api/payments/guest/accept/payment',
      headers,
      payload: { ...body, amount: 10_000 },
    });
    expect(keyless.statusCode).toBe(400);

    // A payee that does not accept cards: the card is refused.
    const plain = await makeSignedInBusiness(t.context, { businessName: 'Plain Paper Co' });
    await makeBank(t, plain.businessId);
    const cafe = uniqueEmail('plain');
    const customer = await makeContact(t.context, {
      businessId: plain.businessId,
      type: 'CUSTOMER',
      email: cafe,
    });
    const invoiceId = await makeInvoice(plain.businessId, customer.id);
    const res = await post(
      `/api/business/${plain.businessId}/payment-requests`,
      { invoiceDetails: { id: invoiceId } },
      plain.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const token = tokenIn((await outbox(cafe))[0]?.text);
    const other = await guestSession(token, cafe);
    const otherInfo = await verifyNewPhone(other.headers);
    expect(otherInfo).toMatchObject({ payeeAcceptCardPayment: false, cardFeeBps: 0 });
    const card = await addCardVia(t, other.headers, otherInfo.guestBusinessId);
    expect(card.statusCode, card.body).toBe(200);
    const refused = await accept(other.headers, {
      token,
      invitationType: 'BUSINESS_PAYMENT',
      businessId: otherInfo.guestBusinessId,
      paymentInstrumentId: card.json().data.id,
      amount: 10_000,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(GUEST_MESSAGES.cardNotAccepted);
  });

  it('keeps a guest session to its invitation and its guest business', async () => {
    t.clock.set(START);
    const sender = await makeSender();
    const mine = await sendToGuest(sender);
    const theirs = await sendToGuest(sender);

    // A reminder mails the same live link again (not a second invitation).
    t.clock.advance(60_000);
    const reminded = await post(
      `/api/business/${sender.businessId}/payment-requests/send-reminder`,
      { paymentRequestId: mine.requestId },
      sender.headers,
    );
    expect(reminded.statusCode, reminded.body).toBe(200);
    const [reminder] = await outbox(mine.email);
    expect(reminder?.subject.startsWith('Reminder:')).toBe(true);
    expect(tokenIn(reminder?.text)).toBe(mine.token);
    const links = await t.database.db.select().from(invitations).where(eq(invitations.email, mine.email));
    expect(links).toHaveLength(1);

    const { headers } = await guestSession(mine.token, mine.email);
    await verifyNewPhone(headers);

    // Another invitation's token: not this session's (404), for money calls too.
    const foreign = await accept(headers, {
      token: theirs.token,
      invitationType: 'BUSINESS_PAYMENT',
      businessId: mine.guestBusinessId,
      paymentInstrumentId: newId(),
      amount: 10_000,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(GUEST_MESSAGES.invalidLink);

    // The payee's routes and another business: invisible (404).
    for (const businessId of [sender.businessId, theirs.guestBusinessId]) {
      const res = await call({ method: 'GET', url: `/api/business/${businessId}/bank/accounts`, headers });
      expect(res.statusCode, res.body).toBe(404);
    }
    // Its own business's banks and cards are reachable; other routes of it, and the rest of the app, are not.
    const banks = await call({
      method: 'GET',
      url: `/api/business/${mine.guestBusinessId}/bank/accounts`,
      headers,
    });
    expect(banks.statusCode, banks.body).toBe(200);
    for (const url of [
      `/api/business/${mine.guestBusinessId}/payments`,
      `/api/business/${mine.guestBusinessId}/payment-requests`,
      '/api/business',
      '/api/practice',
      '/api/auth/invitation/check/user-invitations',
    ]) {
      const res = await call({ method: 'GET', url, headers });
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: 'GUEST_SCOPE', message: GUEST_MESSAGES.scope });
    }
    const me = await call({ method: 'GET', url: '/api/user', headers });
    expect(me.statusCode, me.body).toBe(200);
    const out = await call({ method: 'PATCH', url: '/api/auth/logout', headers });
    expect(out.statusCode, out.body).toBe(200);
  });

  it("'Continue onboarding': a guest sets a first password, which ends the guest session and opens a full one", async () => {
    t.clock.set(START);
    const sender = await makeSender();
    const sent = await sendToGuest(sender);
    const { session, headers } = await guestSession(sent.token, sent.email);
    await verifyNewPhone(headers);
    const set = await post(
      '/api/auth/set-password',
      { password: 'Tidewater-Harbor-2026!', confirmPassword: 'Tidewater-Harbor-2026!' },
      headers,
    );
    expect(set.statusCode, set.body).toBe(200);
    const { token, sessionId, user } = set.json().data as {
      token: string;
      sessionId: string;
      user: { id: string; activeStatus: string };
    };
    // Still a guest until identity verification; no longer limited to the link.
    expect(user).toMatchObject({ id: session.userId, activeStatus: 'GUEST_ACTIVE' });
    const full = { authorization: `Bearer ${token}`, 'session-id': sessionId } as AuthHeaders;
    const businesses = await call({ method: 'GET', url: '/api/business', headers: full });
    expect(businesses.statusCode, businesses.body).toBe(200);
    const old = await call({ method: 'GET', url: '/api/user', headers });
    expect(old.statusCode).toBe(401);
    // A second try answers that the password is set.
    const again = await post(
      '/api/auth/set-password',
      { password: 'Tidewater-Harbor-2027!', confirmPassword: 'Tidewater-Harbor-2027!' },
      full,
    );
    expect(again.statusCode).toBe(409);
  });

  it('refuses unknown, expired and used links; a blocked user; the fifth wrong last four digits', async () => {
    t.clock.set(START);
    const sender = await makeSender();
    const unknown = await post('/api/guest/link', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(GUEST_MESSAGES.invalidLink);

    // An existing user (with a phone) keeps its status, and confirms the last four digits.
    const phone = freshPhone();
    const existing = await makeUser(t.context, { email: uniqueEmail('known') });
    await t.database.db.insert(userPhones).values({
      id: newId(),
      userId: existing.id,
      countryCode: '1',
      countryIsoCode: 'us',
      phoneNumber: phone,
      e164: `+1${phone}`,
      isPrimary: true,
      isVerified: true,
      createdAt: t.clock.now(),
    });
    const sent = await sendToGuest(sender, { email: existing.email });
    const link = await post('/api/guest/link', { token: sent.token });
    expect(link.json().data).toMatchObject({ isNewUser: false, firstName: existing.firstName });
    const { session, headers } = await guestSession(sent.token, existing.email, {});
    expect(session.maskedPhone).toBe(`*** ${phone.slice(-4)}`);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(after?.activeStatus).toBe('ACTIVE');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await post('/api/guest/phone/send', { lastFour: '0000' }, headers);
      expect(res.statusCode).toBe(attempt < 5 ? 400 : 429);
      expect(res.json().message).toBe(GUEST_MESSAGES.lastFourMismatch);
    }
    const right = await post('/api/guest/phone/send', { lastFour: phone.slice(-4) }, headers);
    expect(right.statusCode).toBe(429);

    // A phone another account holds cannot be taken.
    const second = await sendToGuest(sender);
    const newcomer = await guestSession(second.token, second.email);
    const taken = await post(
      '/api/guest/phone/send',
      { phones: [{ phoneNumber: phone, countryCode: '1', countryISOCode: 'US' }] },
      newcomer.headers,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(GUEST_MESSAGES.phoneLinked);

    // A suspended user is refused.
    const blocked = await makeUser(t.context, { email: uniqueEmail('blocked'), activeStatus: 'SUSPENDED' });
    const third = await sendToGuest(sender, { email: blocked.email });
    const refused = await post('/api/guest/start', { token: third.token, email: blocked.email });
    expect(refused.statusCode).toBe(403);

    // Past its 30 days the link is gone.
    t.clock.advance(31 * 86_400_000);
    const expired = await post('/api/guest/link', { token: second.token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(GUEST_MESSAGES.invalidLink);
    t.clock.set(START);
  });

  it('50 concurrent $30 payments on a $1,000 request never pay more than $1,000; the ledger balances', async () => {
    t.clock.set(START);
    const sender = await makeSender();
    const sent = await sendToGuest(sender);
    const { headers } = await guestSession(sent.token, sent.email);
    await verifyNewPhone(headers);
    const bankId = await addGuestBank(headers, sent.guestBusinessId, sender.headers);
    const body = {
      token: sent.token,
      invitationType: 'BUSINESS_PAYMENT',
      businessId: sent.guestBusinessId,
      paymentInstrumentId: bankId,
      amount: 3000,
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => accept(headers, body)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code !== 200 && code !== 422)).toEqual([]);
    const made = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.businessId, sent.guestBusinessId));
    const total = made.reduce((sum, p) => sum + p.amountCents, 0);
    expect(total).toBeLessThanOrEqual(100_000);
    expect(made).toHaveLength(33);
    expect(codes.filter((code) => code === 200)).toHaveLength(33);
    const bill = await billRow(t.context, made[0]?.billId ?? '');
    expect(bill.scheduledCents).toBe(total);
    await runPaymentEngine(t.context);
    expect(await invariantViolations(t.context)).toEqual({});
  });
});

describe('the guest payee (a vendor without a bank accepts a payment)', () => {
  it("mails the vendor a guest link (not the payer's page); the vendor adds a bank and accepts; the engine delivers", async () => {
    t.clock.set(START);
    const payer = await makePayer(t.context);
    const vendor = await makeVendor(t.context, payer.businessId, { withBank: false });
    const vendorEmail = uniqueEmail('vendor');
    await t.database.db
      .update(contacts)
      .set({ email: vendorEmail, name: 'Harbor Supplies' })
      .where(eq(contacts.id, vendor.id));
    const billId = await makeBill(t.context, {
      businessId: payer.businessId,
      vendorId: vendor.id,
      amountCents: 25_000,
    });
    const paid = await call({
      method: 'POST',
      url: `/api/business/${payer.businessId}/payments`,
      headers: { ...payer.headers, 'idempotency-key': randomUUID() },
      payload: {
        billId,
        paymentInstrumentId: payer.bankId,
        deliverySpeed: 'STANDARD',
        amount: 250,
        processDate: '2026-11-02',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = paid.json().data.id as string;
    expect((await paymentRow(t.context, paymentId)).awaitingPayeeDetails).toBe(true);

    const mails = await outbox(vendorEmail);
    expect(mails[0]?.text).not.toContain(`/b/${payer.businessId}/`);
    const token = tokenIn(mails[0]?.text);

    // The payer's reminder repeats the same live link.
    const reminder = await call({
      method: 'PATCH',
      url: `/api/business/${payer.businessId}/payments/${paymentId}/resend-accept-payment-reminder`,
      headers: payer.headers,
    });
    expect(reminder.statusCode, reminder.body).toBe(200);
    expect(tokenIn((await outbox(vendorEmail))[0]?.text)).toBe(token);

    const link = await post('/api/guest/link', { token });
    expect(link.json().data).toMatchObject({
      invitationType: 'BILL_PAYMENT',
      paymentType: 'RECEIVE_PAYMENT',
      amount: 25_000,
      isNewUser: true,
    });
    const { headers } = await guestSession(token, vendorEmail, { firstName: 'Sam', lastName: 'Reyes' });
    const info = await verifyNewPhone(headers);
    expect(info).toMatchObject({
      paymentType: 'RECEIVE_PAYMENT',
      payerId: payer.businessId,
      paymentId,
      amount: 25_000,
      amountToPay: 25_000,
      contactName: 'Harbor Supplies',
      closed: false,
    });
    const [guestBusiness] = await t.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, info.guestBusinessId));
    expect(guestBusiness).toMatchObject({ isGuest: true, businessName: 'Harbor Supplies' });

    const bankId = await addGuestBank(headers, info.guestBusinessId, payer.headers);
    const body = {
      token,
      invitationType: 'BILL_PAYMENT',
      businessId: info.guestBusinessId,
      paymentId,
      paymentInstrumentId: bankId,
    };
    const wrongAmount = await accept(headers, { ...body, amount: 100 });
    expect(wrongAmount.statusCode).toBe(422);
    const accepted = await accept(headers, { ...body, amount: 25_000 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const banks = await t.database.db
      .select()
      .from(vendorBankAccounts)
      .where(eq(vendorBankAccounts.contactId, vendor.id));
    expect(banks.map((b) => b.bankName)).toEqual(['First Harbor Bank']);

    // The link is used; the engine releases the payment and delivers it.
    expect((await post('/api/guest/link', { token })).statusCode).toBe(410);
    await runPaymentEngine(t.context);
    expect((await paymentRow(t.context, paymentId)).awaitingPayeeDetails).toBe(false);
    const advanced = await post('/api/sandbox/clock/advance', { businessDays: 3 }, payer.headers);
    expect(advanced.statusCode, advanced.body).toBe(200);
    await runPaymentEngine(t.context);
    expect((await paymentRow(t.context, paymentId)).status).toBe('DELIVERED');
    expect(await invariantViolations(t.context)).toEqual({});
  });
});
