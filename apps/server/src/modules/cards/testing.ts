import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { newId } from '../../platform/ids.js';
import type { TestApp } from '../../testing/test-app.js';
import { ensureDefaultChart } from '../accounting/service.js';
import { chartAccounts } from '../accounting/tables.js';
import { businessBankAccounts } from '../banking/tables.js';

/** Test helpers of the cards module. */

export const VAULT_ADDRESS = {
  line1: '500 Congress Ave',
  line2: 'Suite 200',
  city: 'Austin',
  region: 'TX',
  postal_code: '78701',
  country: 'USA',
};

/** A signed SAQ A with every attestation given (`PATCH .../card-payment/saq-details`). */
export const SAQ_REQUEST = {
  saqType: 'A',
  signerName: 'Jane Doe',
  signerTitle: 'Chief Executive Officer',
  attestations: {
    outsourcedToCompliantProviders: true,
    noElectronicCardholderData: true,
    paperRecordsSecured: true,
    providerComplianceMonitored: true,
    informationIsAccurate: true,
  },
};

export const cardRequest = (number: string, overrides: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  name: 'Jane Doe',
  billingAddress: VAULT_ADDRESS,
  ...overrides,
});

/** Tokenises a card at the sandbox vault, as the browser does. */
export async function tokenize(t: TestApp, number: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/card-vault/tokens',
    payload: cardRequest(number, overrides),
  });
  if (res.statusCode !== 200) throw new Error(`tokenize ${number}: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    tokenId: string;
    fingerprint: string;
    brand: string;
    last4: string;
    funding: string;
  };
}

/** Adds a card to a business through the API (tokenised at the sandbox vault first). */
export async function addCardVia(
  t: TestApp,
  headers: Record<string, string>,
  businessId: string,
  number = '4242424242424242',
  options: { isCardSaved?: boolean } = {},
) {
  const token = await tokenize(t, number);
  return t.app.inject({
    method: 'POST',
    url: `/api/business/${businessId}/card-payment/card`,
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: {
      tokenId: token.tokenId,
      fingerprint: token.fingerprint,
      isCardSaved: options.isCardSaved ?? true,
    },
  });
}

/** A chart account of the business's default chart, by name. */
export async function chartAccountNamed(t: TestApp, businessId: string, name: string) {
  await ensureDefaultChart(t.context.database.db, t.context, businessId);
  const rows = await t.context.database.db
    .select()
    .from(chartAccounts)
    .where(eq(chartAccounts.businessId, businessId));
  const row = rows.find((r) => r.name === name);
  if (!row) throw new Error(`no chart account ${name}`);
  return row;
}

/**
 * A business bank account stored directly (the banking module's own flows are tested there): by default
 * an instant (PLAID) bank, verified, connected and linked to 'Business Checking' — an eligible payout bank.
 */
export async function makeBank(
  t: TestApp,
  businessId: string,
  overrides: Partial<typeof businessBankAccounts.$inferInsert> & {
    linked?: boolean;
    chartName?: string;
  } = {},
) {
  const { linked = true, chartName = 'Business Checking', ...rest } = overrides;
  const chart = linked ? await chartAccountNamed(t, businessId, chartName) : null;
  const id = newId();
  const [row] = await t.context.database.db
    .insert(businessBankAccounts)
    .values({
      id,
      businessId,
      bankName: 'Chase',
      accountName: 'Plaid Checking',
      accountType: 'BUSINESS_CHECKING',
      subtype: 'business checking',
      routingNumber: '011000015',
      accountNumberCiphertext: 'v1.x.y.z',
      accountMask: '0000',
      accountDigest: `digest-${id}`,
      provider: 'PLAID',
      verificationStatus: 'VERIFIED',
      accountStatus: 'VERIFIED',
      status: 'CONNECTED',
      chartAccountId: chart?.id ?? null,
      createdAt: t.context.clock.now(),
      updatedAt: t.context.clock.now(),
      ...rest,
    })
    .returning();
  if (!row) throw new Error('bank not stored');
  return row;
}
