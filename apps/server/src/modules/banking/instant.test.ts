import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { makeSignedInBusiness } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { invitations } from '../auth/tables.js';
import { messages } from '../notifications/tables.js';
import { revealAccessToken, revealAccountNumber } from './service.js';
import { businessBankAccounts } from './tables.js';

const t = useTestApp();

const answers: string[] = [];
async function call(options: InjectOptions) {
  const res = await t.app.inject(options);
  answers.push(res.body);
  return res;
}

const base = (id: string) => `/api/business/${id}/banking/connection`;
const CHASE = 'ins_3';
const CHIME = 'ins_35';

/** Runs the sandbox link modal through its HTTP routes: sign in, choose accounts, get the public token. */
async function runModal(linkToken: string, institutionId = CHASE, choose: 'all' | 'none' = 'all') {
  const session = await call({
    method: 'POST',
    url: '/api/sandbox/bank-link/sessions',
    payload: { linkToken, institutionId, username: 'user_good', password: 'pass_good' },
  });
  expect(session.statusCode, session.body).toBe(200);
  const { sessionId, accounts } = session.json().data as { sessionId: string; accounts: { id: string }[] };
  const done = await call({
    method: 'POST',
    url: `/api/sandbox/bank-link/sessions/${sessionId}/complete`,
    payload: { accountIds: choose === 'all' ? accounts.map((a) => a.id) : [] },
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().data.publicToken as string;
}

async function linkToken(headers: AuthHeaders, businessId: string) {
  const res = await call({ method: 'GET', url: `${base(businessId)}/token`, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.provider).toBe('sandbox');
  return res.json().data.linkToken as string;
}

const exchange = (headers: AuthHeaders, businessId: string, publicToken: string, institutionId = CHASE) =>
  call({
    method: 'GET',
    url: `${base(businessId)}/plaid?tokenId=${encodeURIComponent(publicToken)}&bankInstituteId=${institutionId}`,
    headers,
  });

const rowsOf = (businessId: string) =>
  t.context.database.db
    .select()
    .from(businessBankAccounts)
    .where(eq(businessBankAccounts.businessId, businessId));

describe('instant bank link with the sandbox provider', () => {
  it('stores each chosen account VERIFIED and CONNECTED, reuses them when linked again', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const publicToken = await runModal(await linkToken(headers, businessId));
    const res = await exchange(headers, businessId, publicToken);
    expect(res.statusCode, res.body).toBe(200);
    const { bankAccounts, bankDenied, reason } = res.json().data;
    expect(bankDenied).toBe(false);
    expect(reason).toBeNull();
    expect(bankAccounts).toHaveLength(2);
    for (const bank of bankAccounts) {
      expect(bank).toMatchObject({
        accountProvider: 'PLAID',
        verificationStatus: 'VERIFIED',
        accountStatus: 'VERIFIED',
        status: 'CONNECTED',
        isMicroDepositBank: false,
        routingNumber: '021000021',
        bankDetails: { name: 'Chase', institutionId: CHASE },
      });
      expect(bank.accountMask).toMatch(/^\d{4}$/);
    }
    expect(bankAccounts.filter((b: { isPrimary: boolean }) => b.isPrimary)).toHaveLength(1);
    expect(bankAccounts.map((b: { accountType: string }) => b.accountType).sort()).toEqual([
      'BUSINESS_CHECKING',
      'BUSINESS_SAVINGS',
    ]);
    const rows = await rowsOf(businessId);
    expect(rows.every((r) => r.accessTokenCiphertext && !r.accessTokenCiphertext.includes('access-'))).toBe(
      true,
    );

    const again = await exchange(headers, businessId, await runModal(await linkToken(headers, businessId)));
    expect(again.statusCode, again.body).toBe(200);
    expect(
      again
        .json()
        .data.bankAccounts.map((b: { id: string }) => b.id)
        .sort(),
    ).toEqual(bankAccounts.map((b: { id: string }) => b.id).sort());
    expect(await rowsOf(businessId)).toHaveLength(2);
  });

  it('a blocked institution is denied and nothing is stored', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const res = await exchange(headers, businessId, 'public-sandbox-anything', CHIME);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ bankAccounts: [], bankDenied: true, reason: 'BLOCKED_INSTITUTE' });
    expect(await rowsOf(businessId)).toHaveLength(0);
  });

  it('a provider failure is 422 with the bank-link code, and stores nothing', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const res = await exchange(headers, businessId, 'public-sandbox-not-a-token');
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe('INVALID_PUBLIC_TOKEN');
    expect(res.json().message).toBe(
      'This bank link has expired or was already used. Please link the bank again.',
    );
    expect(await rowsOf(businessId)).toHaveLength(0);
    // A public token is single-use.
    const publicToken = await runModal(await linkToken(headers, businessId));
    expect((await exchange(headers, businessId, publicToken)).statusCode).toBe(200);
    expect((await exchange(headers, businessId, publicToken)).json().errorCode).toBe('INVALID_PUBLIC_TOKEN');
  });

  it('a lost login expires the bank and mails; a failed reconnect is FAILED; update mode repairs it', async () => {
    const { businessId, headers, owner } = await makeSignedInBusiness(t.context);
    const linked = await exchange(headers, businessId, await runModal(await linkToken(headers, businessId)));
    const bank = linked.json().data.bankAccounts[0];
    const [row] = (await rowsOf(businessId)).filter((r) => r.id === bank.id);
    if (!row) throw new Error('no row');
    const resetLogin = t.context.providers.bankLink.resetLogin;
    if (!resetLogin) throw new Error('sandbox resetLogin missing');
    await resetLogin(revealAccessToken(t.context, row));

    const listed = await call({
      method: 'GET',
      url: `/api/business/${businessId}/bank/accounts?blocked=true`,
      headers,
    });
    const expired = listed.json().data.find((b: { id: string }) => b.id === bank.id);
    expect(expired).toMatchObject({ status: 'EXPIRED', accountStatus: 'EXPIRED', reconnectFailed: false });
    const usable = await call({ method: 'GET', url: `/api/business/${businessId}/bank/accounts`, headers });
    expect(usable.json().data).toHaveLength(0);
    const mails = await t.context.database.db.select().from(messages).where(eq(messages.to, owner.email));
    expect(mails.filter((m) => m.subject === 'Reconnect your Chase account on Ferry')).toHaveLength(2);
    const [invite] = await t.context.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.invitationType, 'RECONNECT_BANK_ACCOUNT'));
    expect(invite?.data).toMatchObject({ action: 'reconnect' });

    const failed = await call({
      method: 'POST',
      url: `${base(businessId)}/reconnect`,
      headers,
      payload: { accountId: bank.id },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().data).toMatchObject({
      status: 'FAILED',
      bankAccount: { status: 'EXPIRED', reconnectFailed: true, isMicroDepositBank: true },
    });

    const update = await call({
      method: 'GET',
      url: `${base(businessId)}/reconnect-url?accountId=${bank.id}&isMicroDeposit=true`,
      headers,
    });
    expect(update.statusCode, update.body).toBe(200);
    const publicToken = await runModal(update.json().data.linkToken, CHASE, 'none');
    const repaired = await call({
      method: 'POST',
      url: `${base(businessId)}/reconnect`,
      headers,
      payload: { accountId: bank.id, publicToken },
    });
    expect(repaired.statusCode, repaired.body).toBe(200);
    expect(repaired.json().data).toMatchObject({
      status: 'VERIFIED',
      bankAccount: {
        status: 'CONNECTED',
        accountStatus: 'VERIFIED',
        reconnectFailed: false,
        isMicroDepositBank: false,
      },
    });
    const back = await call({ method: 'GET', url: `/api/business/${businessId}/bank/accounts`, headers });
    expect(back.json().data).toHaveLength(2);
  });

  it('deleting the last bank of an item removes the item at the provider', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const linked = await exchange(headers, businessId, await runModal(await linkToken(headers, businessId)));
    const [first, second] = linked.json().data.bankAccounts as { id: string }[];
    if (!first || !second) throw new Error('two accounts expected');
    const [row] = (await rowsOf(businessId)).filter((r) => r.id === first.id);
    if (!row) throw new Error('no row');
    const token = revealAccessToken(t.context, row);
    const bankLink = t.context.providers.bankLink;
    await call({ method: 'DELETE', url: `${base(businessId)}/account/${first.id}`, headers });
    expect((await bankLink.getItemStatus(token)).status).toBe('OK');
    await call({ method: 'DELETE', url: `${base(businessId)}/account/${second.id}`, headers });
    expect((await bankLink.getItemStatus(token)).status).toBe('REVOKED');
    // A removed bank is gone.
    const manual = await call({
      method: 'GET',
      url: `${base(businessId)}/reconnect-url?accountId=${first.id}`,
      headers,
    });
    expect(manual.statusCode).toBe(404);
  });

  it('no answer carries a full account number', async () => {
    const rows = await t.context.database.db.select().from(businessBankAccounts);
    const numbers = rows.map((row) => revealAccountNumber(t.context, row));
    expect(numbers.length).toBeGreaterThan(3);
    const pattern = new RegExp(numbers.join('|'));
    expect(answers.filter((body) => pattern.test(body))).toEqual([]);
  });
});

describe('the bank-link webhook', () => {
  it('refuses a call the provider did not sign', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/bank-link',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: 'x' }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('UNAUTHENTICATED');
  });
});
