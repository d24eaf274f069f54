import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUSTIN_ADDRESS } from '../../testing/addresses.js';
import { type ReplayAnswer, type ReplayServer, startReplayServer } from '../../testing/replay-server.js';
import type { CardVaultProvider } from './card-vault.js';
import { createStripeCardVault } from './stripe.js';

const SECRET = 'sk_test_51QaFerryRecordedReplayKey0000000000000000000000000000000000000';
const PM_ID = 'pm_1Q0PsIJvEtkwdCNYMSaVuRz6';
const CUSTOMER_ID = 'cus_QsAzNWSuRoYDkT';

/** A card PaymentMethod as Stripe's API (version 2026-10-28) answers it. */
function paymentMethod(
  overrides: { card?: Record<string, unknown>; customer?: string | null; id?: string } = {},
) {
  return {
    id: overrides.id ?? PM_ID,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: {
        city: 'Austin',
        country: 'US',
        line1: '500 Congress Ave',
        line2: 'Suite 200',
        postal_code: '78701',
        state: 'TX',
      },
      email: null,
      name: 'Jane Doe',
      phone: null,
      tax_id: null,
    },
    card: {
      brand: 'amex',
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
      country: 'US',
      display_brand: 'american_express',
      exp_month: 8,
      exp_year: 2030,
      fingerprint: 'Xt5EWLLDS7FJjR1c',
      funding: 'credit',
      generated_from: null,
      last4: '0005',
      networks: { available: ['amex'], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
      ...overrides.card,
    },
    created: 1_726_673_582,
    customer: overrides.customer ?? null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

const RECORDED = {
  customer: {
    id: CUSTOMER_ID,
    object: 'customer',
    address: null,
    balance: 0,
    created: 1_726_673_600,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: null,
    invoice_prefix: 'B8A4F1C2',
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: { ferryBusinessId: '0123456789abcdef01234567' },
    name: 'Harbor Supplies LLC',
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  },
  missing: {
    error: {
      code: 'resource_missing',
      doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
      message: "No such PaymentMethod: 'pm_missing'",
      param: 'payment_method',
      request_log_url: 'https://dashboard.stripe.com/test/logs/req_8ZlDl1aDLXyZ1Q',
      type: 'invalid_request_error',
    },
  },
  declined: {
    error: {
      code: 'card_declined',
      decline_code: 'generic_decline',
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      message: 'Your card was declined.',
      request_log_url: 'https://dashboard.stripe.com/test/logs/req_Q2nQ0k8mWg3X1a',
      type: 'card_error',
    },
  },
  unauthorized: {
    error: {
      message: 'Invalid API Key provided: sk_test_***********************0000',
      type: 'invalid_request_error',
    },
  },
  unexpectedState: {
    error: {
      code: 'payment_method_unexpected_state',
      message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
      type: 'invalid_request_error',
    },
  },
};

type Reply = ReplayAnswer;
let replay: ReplayServer;
let vault: CardVaultProvider;

beforeAll(async () => {
  replay = await startReplayServer({ headers: { 'request-id': 'req_replay' } });
  vault = createStripeCardVault({
    secretKey: SECRET,
    publishableKey: 'pk_test_51QaFerry',
    api: { host: '127.0.0.1', port: replay.port, protocol: 'http' },
    maxNetworkRetries: 0,
  });
});

afterAll(() => replay.close());

beforeEach(() => replay.reset());

const answer = (...list: Reply[]) => replay.answer(...list);

describe('the Stripe card vault against recorded answers', () => {
  it('reads a PaymentMethod and maps it (brand, last 4, expiry, funding, fingerprint, billing address)', async () => {
    answer({ status: 200, body: paymentMethod() });
    const card = await vault.retrieveToken(PM_ID);
    expect(card).toEqual({
      tokenId: PM_ID,
      fingerprint: 'Xt5EWLLDS7FJjR1c',
      brand: 'AMERICAN_EXPRESS',
      last4: '0005',
      expMonth: 8,
      expYear: 2030,
      funding: 'credit',
      name: 'Jane Doe',
      billingAddress: AUSTIN_ADDRESS,
      customerId: null,
    });
    expect(replay.seen).toHaveLength(1);
    expect(replay.seen[0]).toMatchObject({
      method: 'GET',
      path: `/v1/payment_methods/${PM_ID}`,
      authorization: `Bearer ${SECRET}`,
    });
    expect(replay.seen[0]?.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it.each([
    ['visa', 'VISA'],
    ['mastercard', 'MASTERCARD'],
    ['amex', 'AMERICAN_EXPRESS'],
    ['discover', 'DISCOVER'],
    ['diners', 'DINERS_CLUB'],
    ['jcb', 'JCB'],
    ['unionpay', 'GENERIC'],
    ['unknown', 'GENERIC'],
  ])('maps the brand %s to %s', async (brand, expected) => {
    answer({ status: 200, body: paymentMethod({ card: { brand } }) });
    expect((await vault.retrieveToken(PM_ID)).brand).toBe(expected);
  });

  it.each([
    ['debit', 'debit'],
    ['prepaid', 'prepaid'],
    ['unknown', 'unknown'],
  ])('maps the funding %s', async (funding, expected) => {
    answer({ status: 200, body: paymentMethod({ card: { funding } }) });
    expect((await vault.retrieveToken(PM_ID)).funding).toBe(expected);
  });

  it('refuses an id that is not a PaymentMethod without calling Stripe', async () => {
    await expect(vault.retrieveToken('tok_visa')).rejects.toMatchObject({ code: 'TOKEN_NOT_FOUND' });
    await expect(vault.retrieveToken('pm_../../v1/customers')).rejects.toMatchObject({
      code: 'TOKEN_NOT_FOUND',
    });
    expect(replay.seen).toHaveLength(0);
  });

  it('maps an unknown PaymentMethod to TOKEN_NOT_FOUND', async () => {
    answer({ status: 404, body: RECORDED.missing });
    await expect(vault.retrieveToken('pm_missing')).rejects.toMatchObject({ code: 'TOKEN_NOT_FOUND' });
  });

  it('maps a bad key to UNAVAILABLE (never shown as a card problem)', async () => {
    answer({ status: 401, body: RECORDED.unauthorized });
    await expect(vault.retrieveToken(PM_ID)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('creates one customer per business with an idempotency key, and reuses a stored one', async () => {
    answer({ status: 200, body: RECORDED.customer });
    const id = await vault.ensureCustomer({
      businessId: '0123456789abcdef01234567',
      businessName: 'Harbor Supplies LLC',
      existingCustomerId: null,
    });
    expect(id).toBe(CUSTOMER_ID);
    expect(replay.seen[0]).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      authorization: `Bearer ${SECRET}`,
      idempotencyKey: 'ferry-customer-0123456789abcdef01234567',
    });
    const form = new URLSearchParams(replay.seen[0]?.body);
    expect(form.get('name')).toBe('Harbor Supplies LLC');
    expect(form.get('metadata[ferryBusinessId]')).toBe('0123456789abcdef01234567');
    expect(
      await vault.ensureCustomer({ businessId: 'x', businessName: 'x', existingCustomerId: 'cus_existing' }),
    ).toBe('cus_existing');
    expect(replay.seen).toHaveLength(1);
  });

  it('attaches a PaymentMethod to the customer once', async () => {
    answer(
      { status: 200, body: paymentMethod() },
      { status: 200, body: paymentMethod({ customer: CUSTOMER_ID }) },
    );
    const card = await vault.attach({ tokenId: PM_ID, customerId: CUSTOMER_ID });
    expect(card.customerId).toBe(CUSTOMER_ID);
    expect(replay.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      `GET /v1/payment_methods/${PM_ID}`,
      `POST /v1/payment_methods/${PM_ID}/attach`,
    ]);
    expect(new URLSearchParams(replay.seen[1]?.body).get('customer')).toBe(CUSTOMER_ID);

    replay.seen.length = 0;
    answer({ status: 200, body: paymentMethod({ customer: 'cus_someone_else' }) });
    await expect(vault.attach({ tokenId: PM_ID, customerId: CUSTOMER_ID })).rejects.toMatchObject({
      code: 'TOKEN_ALREADY_USED',
    });
    expect(replay.seen).toHaveLength(1);
  });

  it('maps a decline at attach time to CARD_DECLINED with a readable message', async () => {
    answer({ status: 200, body: paymentMethod() }, { status: 402, body: RECORDED.declined });
    await expect(vault.attach({ tokenId: PM_ID, customerId: CUSTOMER_ID })).rejects.toMatchObject({
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
    });
  });

  it('detaches, and treats an already-detached card as done', async () => {
    answer({ status: 200, body: paymentMethod() });
    await vault.detach({ tokenId: PM_ID });
    expect(replay.seen[0]).toMatchObject({ method: 'POST', path: `/v1/payment_methods/${PM_ID}/detach` });
    answer({ status: 400, body: RECORDED.unexpectedState });
    await expect(vault.detach({ tokenId: PM_ID })).resolves.toBeUndefined();
    answer({ status: 401, body: RECORDED.unauthorized });
    await expect(vault.detach({ tokenId: PM_ID })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('has the publishable key for the browser', () => {
    expect(vault.name).toBe('stripe');
    expect(vault.publishableKey).toBe('pk_test_51QaFerry');
  });
});
