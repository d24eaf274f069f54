import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSignedInBusiness, signIn } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { activityLogs } from '../activity/tables.js';
import { businessVerifications } from '../verification/tables.js';
import { makeVerificationForm } from '../verification/testing.js';
import { decideMerchantApplication, sweepMerchants } from './merchant.js';
import { merchantAccounts } from './tables.js';
import { addCardVia, makeBank, SAQ_REQUEST } from './testing.js';

const t = useTestApp();
const START = '2026-11-02T15:00:00.000Z';
beforeEach(() => t.clock.set(START));

const PAYOUT_RULE =
  'Only active bank accounts verified through Plaid and linked to the Chart of Accounts can be selected as the payout account';

const base = (businessId: string) => `/api/business/${businessId}/card-payment`;
const application = (payoutBankAccount: string, overrides: Record<string, unknown> = {}) => ({
  incorporationDate: '2019-04-01',
  businessCategory: 'PROFESSIONAL_SERVICES',
  businessWebsite: 'https://harbor-supplies.example.com',
  businessType: 'LLC',
  payoutBankAccount,
  expectedAnnualCardVolume: 250000,
  agreeTerms: true,
  ...overrides,
});

const submit = (headers: AuthHeaders, businessId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `${base(businessId)}/merchant`,
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload,
  });
const status = async (headers: AuthHeaders, businessId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${base(businessId)}/merchant-status`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const decide = async (businessId: string) => {
  const [row] = await t.context.database.db
    .select()
    .from(merchantAccounts)
    .where(eq(merchantAccounts.businessId, businessId));
  if (!row) throw new Error('no application');
  return decideMerchantApplication(t.context, { businessId, submissionId: row.submissionId });
};
const logsOf = async (businessId: string) =>
  (
    await t.context.database.db.select().from(activityLogs).where(eq(activityLogs.businessId, businessId))
  ).map((l) => [l.action, l.actorType]);

/** A verified business with an eligible payout bank, approved and with its SAQ signed (ACTIVE). */
async function activeMerchant() {
  const business = await makeSignedInBusiness(t.context);
  const bank = await makeBank(t, business.businessId);
  expect((await submit(business.headers, business.businessId, application(bank.id))).statusCode).toBe(200);
  await decide(business.businessId);
  const res = await t.app.inject({
    method: 'PATCH',
    url: `${base(business.businessId)}/saq-details`,
    headers: business.headers,
    payload: SAQ_REQUEST,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...business, bank, surchargeId: res.json().data.surcharge.id as string };
}

describe('applying to accept cards', () => {
  it('starts NOT_INITIATED, lists only eligible payout banks', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const good = await makeBank(t, businessId, { bankName: 'Chase', accountMask: '1111' });
    await makeBank(t, businessId, { provider: 'USER', accountMask: '2222', chartName: 'Business Savings' });
    await makeBank(t, businessId, { linked: false, accountMask: '3333' });
    await makeBank(t, businessId, { status: 'EXPIRED', accountMask: '4444', chartName: 'Payroll Checking' });
    await makeBank(t, businessId, { reconnectFailed: true, accountMask: '5555', chartName: 'Petty Cash' });
    expect(await status(headers, businessId)).toEqual({
      status: 'NOT_INITIATED',
      application: null,
      rejectionReason: null,
      saq: null,
      surcharge: null,
      eligiblePayoutBanks: [
        { id: good.id, bankName: 'Chase', accountMask: '1111', chartAccountName: 'Business Checking' },
      ],
      // Nothing known yet: no verification form, no website, and a type the application does not list.
      knownDetails: {
        legalBusinessName: null,
        taxIdMasked: null,
        address: null,
        businessWebsite: null,
        businessType: null,
      },
    });
  });

  it('reuses what the business already gave: the website and type may be left out', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context, { businessType: 'LLC' });
    const bank = await makeBank(t, businessId);
    const { businessWebsite: _website, businessType: _type, ...rest } = application(bank.id);

    // Nothing known about the website yet: it is asked for, on its field.
    const missing = await submit(headers, businessId, rest);
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'businessWebsite', message: 'Business website is required.' },
    ]);

    await makeVerificationForm(t.context, businessId, { website: 'www.harbor-supplies.example' });
    expect((await status(headers, businessId)).knownDetails).toEqual({
      legalBusinessName: 'Harbor Supplies LLC',
      taxIdMasked: '**-***6789',
      address: '1 Main St, Austin, TX 78701, US',
      businessWebsite: 'www.harbor-supplies.example',
      businessType: 'LLC',
    });
    const res = await submit(headers, businessId, rest);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.application).toMatchObject({
      businessWebsite: 'www.harbor-supplies.example',
      businessType: 'LLC',
    });
  });

  it('needs a fully verified business (409)', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context, {
      verificationStatus: 'SUBMITTED',
    });
    const bank = await makeBank(t, businessId);
    const res = await submit(headers, businessId, application(bank.id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message:
        'Your business must be fully verified before it can accept card payments. Please complete business verification first.',
      statusCode: 409,
      errors: [],
      errorCode: 'BUSINESS_NOT_VERIFIED',
    });
    expect((await status(headers, businessId)).status).toBe('NOT_INITIATED');
  });

  it('refuses a payout bank that is not an active, instantly verified bank linked to the chart', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const manual = await makeBank(t, businessId, { provider: 'USER' });
    const unlinked = await makeBank(t, businessId, { linked: false });
    const expired = await makeBank(t, businessId, { status: 'EXPIRED', chartName: 'Business Savings' });
    const pending = await makeBank(t, businessId, { verificationStatus: 'PENDING', linked: false });
    const other = await makeSignedInBusiness(t.context);
    const theirs = await makeBank(t, other.businessId);
    for (const id of [
      manual.id,
      unlinked.id,
      expired.id,
      pending.id,
      theirs.id,
      '0123456789abcdef01234567',
    ]) {
      const res = await submit(headers, businessId, application(id));
      expect(res.statusCode, id).toBe(422);
      expect(res.json()).toEqual({
        message: PAYOUT_RULE,
        statusCode: 422,
        errors: [{ field: 'payoutBankAccount', message: PAYOUT_RULE }],
        errorCode: 'UNPROCESSABLE',
      });
    }
    expect((await status(headers, businessId)).status).toBe('NOT_INITIATED');
  });

  it.each([
    [{ incorporationDate: '' }, 'Incorporation date is required.'],
    [{ incorporationDate: '2019-02-30' }, 'Please enter a valid date.'],
    [{ incorporationDate: '2026-11-03' }, 'Incorporation date cannot be in the future.'],
    [{ businessCategory: 'UNKNOWN' }, 'Business category is required.'],
    [{ businessWebsite: '' }, 'Business website is required.'],
    [{ businessWebsite: 'harbor supplies' }, 'Please enter a valid website URL, e.g. www.example.com'],
    [{ businessType: '' }, 'Business type is required.'],
    [{ payoutBankAccount: '' }, PAYOUT_RULE],
    [{ expectedAnnualCardVolume: '' }, 'Expected annual card volume is required.'],
    [
      { expectedAnnualCardVolume: 999 },
      'Expected annual card volume must be a whole number between 1,000 and 10,000,000.',
    ],
    [
      { expectedAnnualCardVolume: 10_000_001 },
      'Expected annual card volume must be a whole number between 1,000 and 10,000,000.',
    ],
    [
      { expectedAnnualCardVolume: 1234.5 },
      'Expected annual card volume must be a whole number between 1,000 and 10,000,000.',
    ],
    [{ agreeTerms: false }, 'Please agree to the terms and conditions to continue.'],
  ])('refuses %j with "%s"', async (change, message) => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const bank = await makeBank(t, businessId);
    const res = await submit(headers, businessId, application(bank.id, change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([message]);
  });

  it('reads "today" from the clock: an incorporation date becomes valid once it is reached', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const bank = await makeBank(t, businessId);
    const tomorrow = application(bank.id, { incorporationDate: '2026-11-03' });
    expect((await submit(headers, businessId, tomorrow)).statusCode).toBe(400);
    t.clock.advance(86_400_000);
    expect((await submit(await signIn(t.context, owner), businessId, tomorrow)).statusCode).toBe(200);
  });

  it('goes SUBMITTED → SAQ_PENDING → ACTIVE, with its surcharge (off, capped rate) and the activity', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const bank = await makeBank(t, businessId);
    const res = await submit(headers, businessId, application(bank.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Application for Card Payment Acceptance Submitted Successfully.');
    expect(res.json().data).toMatchObject({
      status: 'SUBMITTED',
      application: {
        incorporationDate: '2019-04-01',
        businessCategory: 'PROFESSIONAL_SERVICES',
        businessWebsite: 'https://harbor-supplies.example.com',
        businessType: 'LLC',
        payoutBankAccount: bank.id,
        expectedAnnualCardVolume: 250000,
        agreeTerms: true,
        submittedAt: '2026-11-02T15:00:00.000Z',
        decidedAt: null,
      },
      surcharge: null,
    });
    const twice = await submit(headers, businessId, application(bank.id));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'An application for card payment acceptance has already been submitted.',
    );
    const early = await t.app.inject({
      method: 'PATCH',
      url: `${base(businessId)}/saq-details`,
      headers,
      payload: SAQ_REQUEST,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('SAQ details can be submitted once the application is approved.');

    expect(await decide(businessId)).toBe('SAQ_PENDING');
    expect(await decide(businessId)).toBeNull();
    const pending = await status(headers, businessId);
    expect(pending).toMatchObject({
      status: 'SAQ_PENDING',
      surcharge: { id: expect.any(String), enabled: false, rateBps: 290, maxRateBps: 300 },
      saq: null,
    });
    const toggleEarly = await t.app.inject({
      method: 'PATCH',
      url: `${base(businessId)}/surcharges/${pending.surcharge.id}`,
      headers,
      payload: { enabled: true },
    });
    expect(toggleEarly.statusCode).toBe(409);
    expect(toggleEarly.json().message).toBe(
      'The surcharge can be changed once card payment acceptance is active.',
    );

    const badSaq = await t.app.inject({
      method: 'PATCH',
      url: `${base(businessId)}/saq-details`,
      headers,
      payload: { ...SAQ_REQUEST, attestations: { ...SAQ_REQUEST.attestations, paperRecordsSecured: false } },
    });
    expect(badSaq.statusCode).toBe(400);
    expect(badSaq.json().message).toBe('Please confirm every statement to continue.');
    const saq = await t.app.inject({
      method: 'PATCH',
      url: `${base(businessId)}/saq-details`,
      headers,
      payload: SAQ_REQUEST,
    });
    expect(saq.statusCode, saq.body).toBe(200);
    expect(saq.json().message).toBe('SAQ details submitted successfully.');
    expect(saq.json().data).toMatchObject({
      status: 'ACTIVE',
      saq: {
        saqType: 'A',
        completedAt: '2026-11-02T15:00:00.000Z',
        expiresAt: '2027-11-02T15:00:00.000Z',
        signerName: 'Jane Doe',
        signerTitle: 'Chief Executive Officer',
      },
    });
    expect((await logsOf(businessId)).map(([action]) => action)).toEqual([
      'MERCHANT_APPLICATION_SUBMITTED',
      'MERCHANT_APPLICATION_APPROVED',
      'SAQ_SUBMITTED',
    ]);
  });

  it.each([
    [
      { businessWebsite: 'www.reject-me.example' },
      'The business website could not be verified by the card processor.',
    ],
    [{ businessCategory: 'GAMBLING' }, 'The card processor does not support businesses in this category.'],
  ])('the sandbox processor rejects %j, and the business may apply again', async (change, reason) => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const bank = await makeBank(t, businessId);
    expect((await submit(headers, businessId, application(bank.id, change))).statusCode).toBe(200);
    expect(await decide(businessId)).toBe('REJECTED');
    expect(await status(headers, businessId)).toMatchObject({
      status: 'REJECTED',
      rejectionReason: reason,
      surcharge: null,
    });
    const again = await submit(headers, businessId, application(bank.id));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'SUBMITTED', rejectionReason: null });
    expect(await decide(businessId)).toBe('SAQ_PENDING');
    expect((await logsOf(businessId)).map(([action]) => action)).toEqual([
      'MERCHANT_APPLICATION_SUBMITTED',
      'MERCHANT_APPLICATION_REJECTED',
      'MERCHANT_APPLICATION_SUBMITTED',
      'MERCHANT_APPLICATION_APPROVED',
    ]);
  });

  it('the SAQ expires 365 days after completion (on read and by the sweep), and a new SAQ renews it', async () => {
    const { businessId, owner, surchargeId } = await activeMerchant();
    t.clock.advance(364 * 86_400_000);
    expect((await status(await signIn(t.context, owner), businessId)).status).toBe('ACTIVE');
    t.clock.advance(86_400_000);
    const headers = await signIn(t.context, owner);
    expect(await sweepMerchants(t.context)).toMatchObject({ expired: expect.any(Number) });
    const [row] = await t.context.database.db
      .select()
      .from(merchantAccounts)
      .where(eq(merchantAccounts.businessId, businessId));
    expect(row?.status).toBe('SAQ_EXPIRED');
    expect((await status(headers, businessId)).status).toBe('SAQ_EXPIRED');
    const toggle = await t.app.inject({
      method: 'PATCH',
      url: `${base(businessId)}/surcharges/${surchargeId}`,
      headers,
      payload: { enabled: true },
    });
    expect(toggle.statusCode).toBe(409);
    const renewed = await t.app.inject({
      method: 'PATCH',
      url: `${base(businessId)}/saq-details`,
      headers,
      payload: SAQ_REQUEST,
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.status).toBe('ACTIVE');
    expect((await logsOf(businessId)).filter(([action]) => action === 'SAQ_EXPIRED')).toHaveLength(1);
  });

  it('an expired SAQ reads as SAQ_EXPIRED without the sweep', async () => {
    const { businessId, owner } = await activeMerchant();
    t.clock.advance(366 * 86_400_000);
    expect((await status(await signIn(t.context, owner), businessId)).status).toBe('SAQ_EXPIRED');
    const [row] = await t.context.database.db
      .select()
      .from(merchantAccounts)
      .where(eq(merchantAccounts.businessId, businessId));
    expect(row?.status).toBe('SAQ_EXPIRED');
  });

  it("toggles the surcharge while ACTIVE; another business's surcharge is 404", async () => {
    const { businessId, headers, surchargeId } = await activeMerchant();
    const on = await t.app.inject({
      method: 'PATCH',
      url: `${base(businessId)}/surcharges/${surchargeId}`,
      headers,
      payload: { enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().message).toBe('Surcharge status updated successfully.');
    expect(on.json().data.surcharge).toEqual({
      id: surchargeId,
      enabled: true,
      rateBps: 290,
      maxRateBps: 300,
    });
    const off = await t.app.inject({
      method: 'PATCH',
      url: `${base(businessId)}/surcharges/${surchargeId}`,
      headers,
      payload: { enabled: false },
    });
    expect(off.json().data.surcharge.enabled).toBe(false);
    const other = await activeMerchant();
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `${base(businessId)}/surcharges/${other.surchargeId}`,
      headers,
      payload: { enabled: true },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Surcharge not found.');
    expect((await logsOf(businessId)).map(([action]) => action).slice(-2)).toEqual([
      'SURCHARGE_ENABLED',
      'SURCHARGE_DISABLED',
    ]);
  });
});

describe('the decision job', () => {
  const jobs = useTestApp({ jobs: true });

  it('decides right after the submission', async () => {
    const { businessId, headers } = await makeSignedInBusiness(jobs.context);
    const bank = await makeBank(jobs, businessId);
    const res = await jobs.app.inject({
      method: 'POST',
      url: `${base(businessId)}/merchant`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: application(bank.id),
    });
    expect(res.json().data.status).toBe('SUBMITTED');
    const deadline = Date.now() + 20_000;
    let current = 'SUBMITTED';
    while (current === 'SUBMITTED' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const read = await jobs.app.inject({
        method: 'GET',
        url: `${base(businessId)}/merchant-status`,
        headers,
      });
      current = read.json().data.status;
    }
    expect(current).toBe('SAQ_PENDING');
  });
});

describe('the card fee quote', () => {
  /** The payer's legal address (its business verification form). */
  const setPayerAddress = (businessId: string, state: string, country = 'US') =>
    t.context.database.db.insert(businessVerifications).values({
      businessId,
      legalBusinessName: 'Payer LLC',
      taxId: '123456789',
      employeeCount: 'ZERO_TO_FIVE',
      address: {
        addressLine1: '1 Main St',
        addressLine2: '',
        city: 'Town',
        state,
        zipCode: '06101',
        country,
      },
    });

  async function payerWithCard(number: string, state: string | null = 'TX') {
    const payer = await makeSignedInBusiness(t.context);
    if (state) await setPayerAddress(payer.businessId, state);
    const card = (await addCardVia(t, payer.headers, payer.businessId, number)).json().data;
    return { ...payer, card };
  }

  const quote = (headers: AuthHeaders, businessId: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${base(businessId)}/fee-quote`, headers, payload });

  async function surchargingPayee() {
    const payee = await activeMerchant();
    await t.app.inject({
      method: 'PATCH',
      url: `${base(payee.businessId)}/surcharges/${payee.surchargeId}`,
      headers: payee.headers,
      payload: { enabled: true },
    });
    return payee;
  }

  it('surcharges a credit card at min(3%, cost), rounded half up', async () => {
    const payee = await surchargingPayee();
    const payer = await payerWithCard('4242424242424242');
    const res = await quote(payer.headers, payer.businessId, {
      baseAmount: 1234.5,
      payeeId: payee.businessId,
    });
    expect(res.statusCode, res.body).toBe(200);
    // 123 450 cents × 2.90% = 3 580.05 → 3 580 cents.
    expect(res.json().data).toEqual({
      cardFee: 35.8,
      feeCents: 3580,
      totalAmount: 1270.3,
      rateBps: 290,
      surcharged: true,
      reason: 'SURCHARGE',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['4000056655665556', 'DEBIT_OR_PREPAID'],
    ['5200828282828210', 'DEBIT_OR_PREPAID'],
    ['5105105105105100', 'DEBIT_OR_PREPAID'],
  ])('never surcharges the debit or prepaid card %s', async (number, reason) => {
    const payee = await surchargingPayee();
    const payer = await payerWithCard(number);
    const res = await quote(payer.headers, payer.businessId, { baseAmount: 100, payeeId: payee.businessId });
    expect(res.json().data).toEqual({
      cardFee: 0,
      feeCents: 0,
      totalAmount: 100,
      rateBps: 0,
      surcharged: false,
      reason,
    });
  });

  it.each(['CT', 'MA', 'Connecticut'])('never surcharges a payer in %s (banned state)', async (state) => {
    const payee = await surchargingPayee();
    const payer = await payerWithCard('4242424242424242', state);
    const res = await quote(payer.headers, payer.businessId, { baseAmount: 100, payeeId: payee.businessId });
    expect(res.json().data).toMatchObject({ feeCents: 0, surcharged: false, reason: 'STATE_BANS_SURCHARGE' });
  });

  it('falls back to the card billing address when the payer business has no address', async () => {
    const payee = await surchargingPayee();
    const payer = await payerWithCard('4242424242424242', null);
    const res = await quote(payer.headers, payer.businessId, { baseAmount: 100, payeeId: payee.businessId });
    expect(res.json().data).toMatchObject({ feeCents: 290, reason: 'SURCHARGE' });
  });

  it('is 0 while the surcharge is off, and for a payee not accepting cards', async () => {
    const payee = await activeMerchant();
    const payer = await payerWithCard('4242424242424242');
    const off = await quote(payer.headers, payer.businessId, { baseAmount: 100, payeeId: payee.businessId });
    expect(off.json().data).toMatchObject({ feeCents: 0, reason: 'SURCHARGE_OFF' });
    const stranger = await makeSignedInBusiness(t.context);
    const notAccepting = await quote(payer.headers, payer.businessId, {
      baseAmount: 100,
      payeeId: stranger.businessId,
    });
    expect(notAccepting.json().data).toMatchObject({ feeCents: 0, reason: 'PAYEE_NOT_ACCEPTING_CARDS' });
  });

  it('a payee whose SAQ expired no longer accepts cards', async () => {
    const payee = await surchargingPayee();
    t.clock.advance(366 * 86_400_000);
    const payer = await payerWithCard('4242424242424242');
    const res = await quote(payer.headers, payer.businessId, { baseAmount: 100, payeeId: payee.businessId });
    expect(res.json().data).toMatchObject({ feeCents: 0, reason: 'PAYEE_NOT_ACCEPTING_CARDS' });
  });

  it('uses the given card, else the primary card', async () => {
    const payee = await surchargingPayee();
    const payer = await payerWithCard('4242424242424242');
    const debit = (await addCardVia(t, payer.headers, payer.businessId, '4000056655665556')).json().data;
    const primary = await quote(payer.headers, payer.businessId, {
      baseAmount: 100,
      payeeId: payee.businessId,
    });
    expect(primary.json().data.reason).toBe('SURCHARGE');
    const chosen = await quote(payer.headers, payer.businessId, {
      baseAmount: 100,
      payeeId: payee.businessId,
      cardId: debit.id,
    });
    expect(chosen.json().data.reason).toBe('DEBIT_OR_PREPAID');
  });

  it('answers clear errors: amount under $1.00, no card, unknown payee or card', async () => {
    const payee = await surchargingPayee();
    const payer = await payerWithCard('4242424242424242');
    const small = await quote(payer.headers, payer.businessId, {
      baseAmount: 0.99,
      payeeId: payee.businessId,
    });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe('Payment amount must be at least $1.00');
    const unknownPayee = await quote(payer.headers, payer.businessId, { baseAmount: 10, payeeId: 'nope' });
    expect(unknownPayee.statusCode).toBe(404);
    expect(unknownPayee.json().message).toBe('Payee not found.');
    const otherCard = await quote(payer.headers, payer.businessId, {
      baseAmount: 10,
      payeeId: payee.businessId,
      cardId: '0123456789abcdef01234567',
    });
    expect(otherCard.statusCode).toBe(404);
    const noCards = await makeSignedInBusiness(t.context);
    const none = await quote(noCards.headers, noCards.businessId, {
      baseAmount: 10,
      payeeId: payee.businessId,
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('Please add a card first.');
  });
});
