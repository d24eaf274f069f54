import { MONEY_MESSAGES } from '@ferry/domain/catalogues';
import { AUTO_PAYMENT_MESSAGES } from '@ferry/domain/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import { addBusinessMember, makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import type { AuthHeaders } from '../../testing/test-app.js';
import { useTestApp } from '../../testing/test-app.js';
import { businesses } from '../businesses/tables.js';
import { makeBank } from '../cards/testing.js';
import { contacts } from '../contacts/tables.js';
import { sendOtp, verifyOtp } from '../otp/service.js';
import { makeCard, makeVerifiedBank } from '../payments/engine/engine-fixtures.js';
import { blockAutoPayment, reactivateAutoPayment } from './admin.js';
import { releaseHeldAutoPayments } from './service.js';
import { autoPaymentEvents, autoPaymentMappings } from './tables.js';

const t = useTestApp();

const call = (options: InjectOptions) => t.app.inject(options);
const post = (url: string, payload: object, headers: AuthHeaders = {}) =>
  call({
    method: 'POST',
    url,
    payload: url.startsWith('/api/guest/') ? { recaptchaToken: 'ok', ...payload } : payload,
    headers,
  });
const patch = (url: string, payload: object, headers: AuthHeaders = {}) =>
  call({ method: 'PATCH', url, payload, headers });
const get = (url: string, headers: AuthHeaders = {}) => call({ method: 'GET', url, headers });

const outbox = async (to: string) => {
  const res = await get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as { subject: string; text: string }[];
};
const newestCode = async (to: string) => {
  const code = (await outbox(to))
    .filter((m) => !/auto-pay\/info/.test(m.text))
    .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])
    .find(Boolean);
  if (!code) throw new Error(`no code for ${to}`);
  return code;
};
const tokenIn = (text: string | undefined) => {
  const token = /\/process\/auto-pay\/info\?token=([A-Za-z0-9_%-]+)/.exec(text ?? '')?.[1];
  if (!token) throw new Error(`no auto-pay link in ${text}`);
  return decodeURIComponent(token);
};

let seq = 0;
const uniqueEmail = (name: string) => `${name}.${newId().slice(0, 8)}@payer.example`;
const freshPhone = () => {
  seq += 1;
  return `2125552${String(seq).padStart(3, '0')}`;
};

async function makePayee() {
  const payee = await makeSignedInBusiness(t.context, { businessName: 'Blue Harbor Catering' });
  await makeVerifiedBank(t.context, payee.businessId);
  return payee;
}
type Payee = Awaited<ReturnType<typeof makePayee>>;

const base = (businessId: string) => `/api/business/${businessId}`;

async function requestFor(payee: Payee, customer: { id: string }) {
  const res = await post(
    `${base(payee.businessId)}/auto-payment`,
    { customerId: customer.id },
    payee.headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    autoPaymentMappingId: string;
    status: string;
    payerId: string;
    actions: string[];
  };
}

/** A customer not on Ferry, asked for auto payments: the mapping, the mailed token, the address. */
async function requestGuest(payee: Payee) {
  const email = uniqueEmail('cafe');
  const customer = await makeContact(t.context, {
    businessId: payee.businessId,
    type: 'CUSTOMER',
    name: 'Corner Cafe',
    email,
  });
  const mapping = await requestFor(payee, customer);
  const mails = await outbox(email);
  expect(mails[0]?.subject).toBe('Blue Harbor Catering asked you to authorize auto payments');
  return { email, customer, mapping, token: tokenIn(mails[0]?.text) };
}

/** The guest steps of the link: email code then a new phone; answers the session headers and the SMS code id. */
async function guestOf(token: string, email: string) {
  const started = await post('/api/guest/start', { token, email, firstName: 'Maya', lastName: 'Lopez' });
  expect(started.statusCode, started.body).toBe(200);
  const verified = await post('/api/guest/verify-email', {
    token,
    requestId: started.json().data.requestId,
    otp: await newestCode(email),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const session = verified.json().data;
  const headers = {
    authorization: `Bearer ${session.token}`,
    'session-id': session.sessionId,
  } as AuthHeaders;
  const phoneNumber = freshPhone();
  const sent = await post(
    '/api/guest/phone/send',
    { phones: [{ phoneNumber, countryCode: '1', countryISOCode: 'US' }] },
    headers,
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const phone = await post(
    '/api/guest/phone/verify',
    { requestId: sent.json().data.requestId, otp: await newestCode(`+1${phoneNumber}`) },
    headers,
  );
  expect(phone.statusCode, phone.body).toBe(200);
  return {
    headers,
    otpId: sent.json().data.requestId as string,
    info: phone.json().data,
    userId: session.userId as string,
  };
}

/** A verified SMS code of a signed-in user (POST /otp/send + /otp/verify do the same). */
async function smsCodeOf(userId: string) {
  const destination = `+1${freshPhone()}`;
  const sent = await sendOtp(t.context, { userId, purpose: 'SIGN_IN', channel: 'sms', destination });
  await verifyOtp(t.context, {
    requestId: sent.requestId,
    code: await newestCode(destination),
    purpose: 'SIGN_IN',
    userId,
  });
  return sent.requestId;
}

const eventsOf = async (mappingId: string) =>
  (
    await t.database.db
      .select({ side: autoPaymentEvents.side, action: autoPaymentEvents.action })
      .from(autoPaymentEvents)
      .where(eq(autoPaymentEvents.mappingId, mappingId))
      .orderBy(asc(autoPaymentEvents.sequence))
  ).map((e) => `${e.side}:${e.action}`);

describe('auto-payment request', () => {
  it('asks a customer not on Ferry by email (a guest business is its payer) and refuses a second request', async () => {
    const payee = await makePayee();
    const { mapping, customer, token } = await requestGuest(payee);
    expect(mapping.status).toBe('REQUESTED');
    expect(mapping.actions).toEqual(['CANCEL_REQUEST', 'PAUSE', 'REMIND']);
    const [payer] = await t.database.db.select().from(businesses).where(eq(businesses.id, mapping.payerId));
    expect(payer?.isGuest).toBe(true);
    // The guest business is not on the network: the customer shows no 'On Ferry' link to it.
    const contact = await get(
      `${base(payee.businessId)}/accounting/contacts/customers/${customer.id}`,
      payee.headers,
    );
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json().data).toMatchObject({ fbnBusiness: null, autoPaymentStatus: 'REQUESTED' });
    expect(await eventsOf(mapping.autoPaymentMappingId)).toEqual([
      'PAYEE:AUTHORIZATION_REQUEST_SENT',
      'PAYER:AUTHORIZATION_REQUEST_RECEIVED',
    ]);
    const link = await post('/api/guest/link', { token });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().data).toMatchObject({
      invitationType: 'AUTO_PAYMENT',
      paymentType: 'AUTO_PAYMENT',
      amount: 0,
      senderBusinessName: 'Blue Harbor Catering',
      autoPaymentMappingId: mapping.autoPaymentMappingId,
      autoPaymentStatus: 'REQUESTED',
    });
    const again = await post(
      `${base(payee.businessId)}/auto-payment`,
      { customerId: customer.id },
      payee.headers,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AUTO_PAYMENT_MESSAGES.alreadyRequested);
  });

  it('needs the customer email, and a customer of this business', async () => {
    const payee = await makePayee();
    const noEmail = await makeContact(t.context, {
      businessId: payee.businessId,
      type: 'CUSTOMER',
      email: '',
    });
    const res = await post(
      `${base(payee.businessId)}/auto-payment`,
      { customerId: noEmail.id },
      payee.headers,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'customerId', message: AUTO_PAYMENT_MESSAGES.customerEmailRequired },
    ]);
    const other = await makePayee();
    const theirs = await makeContact(t.context, { businessId: other.businessId, type: 'CUSTOMER' });
    const foreign = await post(
      `${base(payee.businessId)}/auto-payment`,
      { customerId: theirs.id },
      payee.headers,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('sends a reminder with the same link, at most once an hour', async () => {
    const payee = await makePayee();
    const { mapping, email, token } = await requestGuest(payee);
    const url = `${base(payee.businessId)}/auto-payment/${mapping.autoPaymentMappingId}/send-reminder`;
    const first = await patch(url, {}, payee.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.lastReminderAt).not.toBeNull();
    const reminder = (await outbox(email)).find((m) => m.subject.startsWith('Reminder:'));
    expect(reminder?.subject).toBe('Reminder: Blue Harbor Catering asked you to authorize auto payments');
    expect(tokenIn(reminder?.text)).toBe(token);
    const soon = await patch(url, {}, payee.headers);
    expect(soon.statusCode).toBe(429);
    t.clock.advance(61 * 60 * 1000);
    // (A new sign-in: the first session idled out over the hour.)
    expect((await patch(url, {}, await signIn(t.context, payee.owner))).statusCode).toBe(200);
    expect(await eventsOf(mapping.autoPaymentMappingId)).toContain('PAYER:AUTHORIZATION_REMINDER_RECEIVED');
  });
});

describe('authorisation', () => {
  it('a guest authorises with a verified bank from the link: ACCEPTED, a vendor made for the payee', async () => {
    const payee = await makePayee();
    const { mapping, email, token } = await requestGuest(payee);
    const guest = await guestOf(token, email);
    expect(guest.info).toMatchObject({
      paymentType: 'AUTO_PAYMENT',
      autoPaymentMappingId: mapping.autoPaymentMappingId,
      payeeBusinessName: 'Blue Harbor Catering',
      closed: false,
    });
    const guestBusinessId = guest.info.guestBusinessId as string;
    const read = await get(`/api/auto-payment/${mapping.autoPaymentMappingId}`, guest.headers);
    expect(read.statusCode, read.body).toBe(200);
    const bankId = await makeVerifiedBank(t.context, guestBusinessId);
    const url = `/api/auto-payment/${mapping.autoPaymentMappingId}`;
    const body = { businessId: guestBusinessId, status: 'ACCEPTED', paymentInstrumentId: bankId, token };
    const untick = await patch(url, { ...body, otpId: guest.otpId }, guest.headers);
    expect(untick.statusCode).toBe(422);
    expect(untick.json().errors[0]).toEqual({
      field: 'authorized',
      message: AUTO_PAYMENT_MESSAGES.authorizationRequired,
    });
    const noOtp = await patch(url, { ...body, authorized: true }, guest.headers);
    expect(noOtp.statusCode).toBe(422);
    expect(noOtp.json().errors[0].field).toBe('otpId');
    const done = await patch(url, { ...body, authorized: true, otpId: guest.otpId }, guest.headers);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'ACCEPTED',
      label: 'Enabled',
      featureState: 'ENABLED',
      paymentMethod: { kind: 'BANK', id: bankId },
    });
    expect(done.json().data.paymentMethod.label).toMatch(/^First Harbor Bank ••••\d{4}$/);
    const [vendor] = await t.database.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, guestBusinessId), eq(contacts.networkBusinessId, payee.businessId)));
    expect(vendor?.type).toBe('VENDOR');
    expect(done.json().data.vendorId).toBe(vendor?.id);
    // Back from a notice: the guest payer manages it from its guest business.
    const upcoming = await get(`${base(guestBusinessId)}/auto-payments`, guest.headers);
    expect(upcoming.statusCode, upcoming.body).toBe(200);
    const disabled = await post(
      `${base(guestBusinessId)}/auto-payment/${mapping.autoPaymentMappingId}/payer-action`,
      { action: 'DISABLE' },
      guest.headers,
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().data).toMatchObject({ status: 'PAYER_DISABLED', side: 'PAYER' });
    expect(disabled.json().data.actions).toEqual(['ENABLE', 'CANCEL', 'CHANGE_METHOD']);
    const payeeMail = (await outbox(payee.owner.email)).find((m) =>
      m.subject.includes('Auto Payments Disabled'),
    );
    expect(payeeMail?.subject).toBe('Auto payments with Corner Cafe: Auto Payments Disabled');
    const enabled = await post(
      `${base(guestBusinessId)}/auto-payment/${mapping.autoPaymentMappingId}/payer-action`,
      { action: 'ENABLE' },
      guest.headers,
    );
    expect(enabled.json().data.status).toBe('ACCEPTED');
    // Another mapping is invisible to this guest.
    const other = await requestGuest(payee);
    expect(
      (await get(`/api/auto-payment/${other.mapping.autoPaymentMappingId}`, guest.headers)).statusCode,
    ).toBe(404);
    // The payee's customer page shows it, with both sides' activity.
    const customerId = await requestedCustomer(mapping.autoPaymentMappingId);
    const page = await get(`${base(payee.businessId)}/contacts/${customerId}/auto-payment`, payee.headers);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.mapping.status).toBe('ACCEPTED');
    expect(page.json().data.canRequest).toBe(false);
    expect(page.json().data.activity.map((a: { label: string }) => a.label)).toEqual([
      'Auto Payments Enabled',
      'Auto Payments Disabled',
      'Auto Payments Authorized',
      'Authorization Request Sent',
    ]);
  });

  it('refuses an unverified bank with the spec message, and a card when the payee does not accept cards', async () => {
    const payee = await makePayee();
    const { mapping, email, token } = await requestGuest(payee);
    const guest = await guestOf(token, email);
    const guestBusinessId = guest.info.guestBusinessId as string;
    const unverified = await makeBank(t, guestBusinessId, { verificationStatus: 'PENDING', linked: false });
    const url = `/api/auto-payment/${mapping.autoPaymentMappingId}`;
    const body = { businessId: guestBusinessId, status: 'ACCEPTED', authorized: true, otpId: guest.otpId };
    const bank = await patch(url, { ...body, paymentInstrumentId: unverified.id }, guest.headers);
    expect(bank.statusCode).toBe(422);
    expect(bank.json().errors).toEqual([
      { field: 'paymentInstrumentId', message: 'Please select a valid and verified bank account.' },
    ]);
    expect(MONEY_MESSAGES.invalidAutoPaymentBank).toBe('Please select a valid and verified bank account.');
    const cardId = await makeCard(t.context, guestBusinessId);
    const card = await patch(url, { ...body, paymentInstrumentId: cardId }, guest.headers);
    expect(card.statusCode).toBe(422);
    expect(card.json().errors[0].message).toBe(AUTO_PAYMENT_MESSAGES.cardNotAccepted);
  });

  it('an unverified network payer is held until its verification, then ACCEPTED', async () => {
    const payee = await makePayee();
    const payer = await makeSignedInBusiness(t.context, {
      businessName: 'Harbor Hotels',
      verificationStatus: 'SUBMITTED',
    });
    const customer = await makeContact(t.context, {
      businessId: payee.businessId,
      type: 'CUSTOMER',
      name: 'Harbor Hotels',
      email: payer.owner.email,
      networkBusinessId: payer.businessId,
    });
    const mapping = await requestFor(payee, customer);
    expect(mapping.payerId).toBe(payer.businessId);
    const toMap = await get(
      `/api/auto-payment/mapping/${mapping.autoPaymentMappingId}/businesses-to-map?allowGuestBusiness=false`,
      payer.headers,
    );
    expect(toMap.statusCode, toMap.body).toBe(200);
    expect(toMap.json().data).toEqual([
      expect.objectContaining({ businessId: payer.businessId, canAuthorize: true, isGuest: false }),
    ]);
    const bankId = await makeVerifiedBank(t.context, payer.businessId);
    const authorize = async (as: { owner: { id: string }; headers: AuthHeaders }) =>
      patch(
        `/api/auto-payment/${mapping.autoPaymentMappingId}`,
        {
          businessId: payer.businessId,
          status: 'ACCEPTED',
          authorized: true,
          paymentInstrumentId: bankId,
          otpId: await smsCodeOf(as.owner.id),
        },
        as.headers,
      );
    // The payee's owner, an admin of the customer's business too, cannot authorise its own request.
    await addBusinessMember(t.context, {
      businessId: payer.businessId,
      user: payee.owner,
      roleName: 'Admin',
    });
    const own = await authorize(payee);
    expect(own.statusCode, own.body).toBe(403);
    const res = await authorize(payer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('HOLD');
    await t.database.db
      .update(businesses)
      .set({ verificationStatus: 'FULL_VERIFIED' })
      .where(eq(businesses.id, payer.businessId));
    await t.database.db.transaction((tx) => releaseHeldAutoPayments(tx, t.context, payer.businessId));
    const after = await get(`/api/auto-payment/${mapping.autoPaymentMappingId}`, payer.headers);
    expect(after.json().data.status).toBe('ACCEPTED');
    expect(await eventsOf(mapping.autoPaymentMappingId)).toContain('PAYER:AUTO_PAYMENTS_ENABLED');
  });
});

async function requestedCustomer(mappingId: string) {
  const [row] = await t.database.db
    .select({ customerId: autoPaymentMappings.customerId })
    .from(autoPaymentMappings)
    .where(eq(autoPaymentMappings.id, mappingId));
  return row?.customerId ?? '';
}

/** A network payer (verified) that authorised: the payee, the payer and the mapping id. */
async function accepted() {
  const payee = await makePayee();
  const payer = await makeSignedInBusiness(t.context, {
    businessName: `Harbor Hotels ${newId().slice(0, 4)}`,
  });
  const customer = await makeContact(t.context, {
    businessId: payee.businessId,
    type: 'CUSTOMER',
    email: payer.owner.email,
    networkBusinessId: payer.businessId,
  });
  const mapping = await requestFor(payee, customer);
  const bankId = await makeVerifiedBank(t.context, payer.businessId);
  const res = await patch(
    `/api/auto-payment/${mapping.autoPaymentMappingId}`,
    {
      businessId: payer.businessId,
      status: 'ACCEPTED',
      authorized: true,
      paymentInstrumentId: bankId,
      otpId: await smsCodeOf(payer.owner.id),
    },
    payer.headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.status).toBe('ACCEPTED');
  return {
    payee,
    payer,
    customer,
    id: mapping.autoPaymentMappingId,
    vendorId: res.json().data.vendorId as string,
  };
}

describe('controls', () => {
  const act = (side: 'payee' | 'payer', businessId: string, id: string, headers: AuthHeaders, body: object) =>
    post(`${base(businessId)}/auto-payment/${id}/${side}-action`, body, headers);

  it('pause/resume, disable/enable by each side, revoke; each writes its activity on both sides', async () => {
    const { payee, payer, id } = await accepted();
    const paused = await act('payee', payee.businessId, id, payee.headers, { action: 'PAUSE' });
    expect(paused.json().data).toMatchObject({ status: 'PAUSED', featureState: 'PAUSED' });
    expect(paused.json().data.actions).toEqual(['CANCEL_REQUEST', 'RESUME', 'REVOKE']);
    const resumed = await act('payee', payee.businessId, id, payee.headers, { action: 'RESUME' });
    expect(resumed.json().data.status).toBe('ACCEPTED');
    const disabled = await act('payer', payer.businessId, id, payer.headers, { action: 'DISABLE' });
    expect(disabled.json().data).toMatchObject({ status: 'PAYER_DISABLED', label: 'Disabled' });
    // Only the side that disabled enables again.
    const wrongSide = await act('payee', payee.businessId, id, payee.headers, { action: 'ENABLE' });
    expect(wrongSide.statusCode).toBe(409);
    expect(wrongSide.json().message).toBe(AUTO_PAYMENT_MESSAGES.notAllowed);
    expect(
      (await act('payer', payer.businessId, id, payer.headers, { action: 'ENABLE' })).json().data.status,
    ).toBe('ACCEPTED');
    // A control of the other side is refused.
    expect((await act('payer', payer.businessId, id, payer.headers, { action: 'REVOKE' })).statusCode).toBe(
      409,
    );
    const revoked = await act('payee', payee.businessId, id, payee.headers, {
      action: 'REVOKE',
      alsoCancelScheduled: true,
    });
    expect(revoked.json().data).toMatchObject({ status: 'PAYEE_CANCELLED', actions: [] });
    expect(revoked.json().data.endedAt).not.toBeNull();
    expect(await eventsOf(id)).toEqual([
      'PAYEE:AUTHORIZATION_REQUEST_SENT',
      'PAYER:AUTHORIZATION_REQUEST_RECEIVED',
      'PAYEE:AUTO_PAYMENTS_AUTHORIZED',
      'PAYER:AUTO_PAYMENTS_AUTHORIZED',
      'PAYEE:AUTHORIZATION_REQUEST_PAUSED',
      'PAYEE:AUTO_PAYMENTS_ENABLED',
      'PAYEE:AUTO_PAYMENTS_DISABLED',
      'PAYER:AUTO_PAYMENTS_DISABLED',
      'PAYEE:AUTO_PAYMENTS_ENABLED',
      'PAYER:AUTO_PAYMENTS_ENABLED',
      'PAYEE:AUTO_PAYMENTS_CANCELED',
      'PAYER:AUTHORIZATION_REVOKED',
    ]);
    // Ended: a new request may be made.
    const page = await get(
      `${base(payee.businessId)}/contacts/${await requestedCustomer(id)}/auto-payment`,
      payee.headers,
    );
    expect(page.json().data).toMatchObject({ canRequest: true, mapping: { status: 'PAYEE_CANCELLED' } });
  });

  it('the payer changes its method and cancels; the payee cancels a request; the payer declines one', async () => {
    const { payer, id, vendorId } = await accepted();
    const bank = await makeVerifiedBank(t.context, payer.businessId);
    const changed = await act('payer', payer.businessId, id, payer.headers, {
      action: 'CHANGE_METHOD',
      paymentInstrumentId: bank,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.paymentMethod.id).toBe(bank);
    const vendorPage = await get(
      `${base(payer.businessId)}/contacts/${vendorId}/auto-payment`,
      payer.headers,
    );
    expect(vendorPage.statusCode, vendorPage.body).toBe(200);
    expect(vendorPage.json().data.activity[0].label).toBe('Payment Method Updated');
    expect(vendorPage.json().data.canRequest).toBe(false);
    const cancelled = await act('payer', payer.businessId, id, payer.headers, { action: 'CANCEL' });
    expect(cancelled.json().data.status).toBe('PAYER_DECLINED');

    const payee = await makePayee();
    const asked = await requestGuest(payee);
    const withdrawn = await act(
      'payee',
      payee.businessId,
      asked.mapping.autoPaymentMappingId,
      payee.headers,
      {
        action: 'CANCEL_REQUEST',
      },
    );
    expect(withdrawn.json().data.status).toBe('PAYEE_CANCELLED');
    expect(await eventsOf(asked.mapping.autoPaymentMappingId)).toContain(
      'PAYER:AUTO_PAYMENTS_REQUEST_CANCELED',
    );

    const next = await requestGuest(payee);
    const guest = await guestOf(next.token, next.email);
    const declined = await patch(
      `/api/auto-payment/${next.mapping.autoPaymentMappingId}`,
      { businessId: guest.info.guestBusinessId, status: 'PAYER_DECLINED' },
      guest.headers,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data.status).toBe('PAYER_DECLINED');
  });

  it('admin block and reactivate', async () => {
    const { payee, id } = await accepted();
    const blocked = await blockAutoPayment(t.context, { mappingId: id, reason: 'Reported misuse' });
    expect(blocked.status).toBe('ADMIN_REVOKED');
    const page = await get(
      `${base(payee.businessId)}/contacts/${await requestedCustomer(id)}/auto-payment`,
      payee.headers,
    );
    expect(page.json().data.mapping).toMatchObject({
      label: 'Blocked',
      featureState: 'BLOCKED',
      actions: [],
    });
    expect((await reactivateAutoPayment(t.context, { mappingId: id })).status).toBe('ACCEPTED');
    await expect(reactivateAutoPayment(t.context, { mappingId: id })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await eventsOf(id)).toEqual(
      expect.arrayContaining(['PAYER:FLY_AUTO_PAYMENTS_BLOCKED', 'PAYEE:FLY_AUTHORIZATION_REACTIVATED']),
    );
  });
});

describe('access', () => {
  it('another business gets 404 and a member without the right 403 on every route', async () => {
    const { payee, payer, id, vendorId, customer } = await accepted();
    const stranger = await makeSignedInBusiness(t.context);
    const routes = (businessId: string, contactId: string) =>
      [
        ['POST', `${base(businessId)}/auto-payment`, { customerId: customer.id }],
        ['PATCH', `${base(businessId)}/auto-payment/${id}/send-reminder`, {}],
        ['POST', `${base(businessId)}/auto-payment/${id}/payee-action`, { action: 'PAUSE' }],
        ['POST', `${base(businessId)}/auto-payment/${id}/payer-action`, { action: 'DISABLE' }],
        ['GET', `${base(businessId)}/contacts/${contactId}/auto-payment`, undefined],
      ] as const;
    for (const [method, url, payload] of routes(stranger.businessId, customer.id)) {
      const res = await call({ method, url, payload, headers: stranger.headers });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
    }
    // The stranger's own business: the mapping is another business's (404).
    const foreign = await call({
      method: 'POST',
      url: `${base(stranger.businessId)}/auto-payment/${id}/payee-action`,
      payload: { action: 'PAUSE' },
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get(`/api/auto-payment/${id}`, stranger.headers)).statusCode).toBe(404);
    expect((await get(`/api/auto-payment/${id}/vendor`, stranger.headers)).statusCode).toBe(404);
    expect(
      (await get(`/api/auto-payment/mapping/${id}/businesses-to-map`, stranger.headers)).statusCode,
    ).toBe(404);

    // Members of each side whose role lacks the right.
    for (const [business, contactId, permissions] of [
      [payee, customer.id, ['GET_PAID_MANAGE_CUSTOMERS.manage']],
      [payer, vendorId, ['PAY_MANAGE_VENDORS.manage']],
    ] as const) {
      const user = await makeUser(t.context);
      await addMemberWithPermissions(t.context, {
        businessId: business.businessId,
        user,
        permissions: [...permissions],
      });
      const headers = await signIn(t.context, user);
      for (const [method, url, payload] of routes(business.businessId, contactId)) {
        const res = await call({ method, url, payload, headers });
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(403);
      }
      if (business === payer) {
        const res = await patch(
          `/api/auto-payment/${id}`,
          { businessId: payer.businessId, status: 'PAYER_DECLINED' },
          headers,
        );
        expect(res.statusCode).toBe(403);
      }
    }
  });

  it('the contacts list and detail carry the live mapping status', async () => {
    const { payee, payer, customer, vendorId } = await accepted();
    const detail = await get(
      `${base(payee.businessId)}/accounting/contacts/customers/${customer.id}`,
      payee.headers,
    );
    expect(detail.json().data.autoPaymentStatus).toBe('ACCEPTED');
    const list = await get(`${base(payer.businessId)}/accounting/contacts/vendors`, payer.headers);
    const vendor = list.json().data.items.find((c: { id: string }) => c.id === vendorId);
    expect(vendor.autoPaymentStatus).toBe('ACCEPTED');
    const plain = await makeContact(t.context, { businessId: payee.businessId, type: 'CUSTOMER' });
    const none = await get(
      `${base(payee.businessId)}/accounting/contacts/customers/${plain.id}`,
      payee.headers,
    );
    expect(none.json().data.autoPaymentStatus).toBeNull();
  });

  it('a member with the auto-payment right edits a customer whose mapping is ACCEPTED', async () => {
    const { payee, customer } = await accepted();
    const user = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId: payee.businessId,
      user,
      permissions: ['GET_PAID_MANAGE_CUSTOMER_AUTO_PAYMENTS.manage', 'GET_PAID_MANAGE_CUSTOMERS.view'],
    });
    const headers = await signIn(t.context, user);
    const res = await call({
      method: 'PATCH',
      url: `${base(payee.businessId)}/accounting/contacts/customers/${customer.id}`,
      payload: { name: 'Harbor Hotels Group' },
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const other = await makeContact(t.context, { businessId: payee.businessId, type: 'CUSTOMER' });
    const refused = await call({
      method: 'PATCH',
      url: `${base(payee.businessId)}/accounting/contacts/customers/${other.id}`,
      payload: { name: 'Someone else' },
      headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
