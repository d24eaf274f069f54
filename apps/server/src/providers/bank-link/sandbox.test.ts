import { isBlockedInstitution } from '@ferry/domain/catalogues';
import { hasValidRoutingChecksum } from '@ferry/domain/schemas';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, useTestApp } from '../../testing/test-app.js';
import { BankLinkError, type BankLinkWebhookEvent } from './bank-link.js';
import { SANDBOX_INSTITUTIONS } from './institutions.js';
import {
  isSandboxBankLink,
  LINK_TOKEN_TTL_MS,
  PUBLIC_TOKEN_TTL_MS,
  type SandboxBankLinkProvider,
} from './sandbox.js';
import { sandboxBankLinkItems, sandboxBankLinkSessions, sandboxBankLinkTokens } from './sandbox-tables.js';

const t = useTestApp();

const provider = (): SandboxBankLinkProvider => {
  const bankLink = t.context.providers.bankLink;
  if (!isSandboxBankLink(bankLink)) throw new Error('the test app should use the sandbox bank link');
  return bankLink;
};

let businessCounter = 0;
const newBusinessId = () => {
  businessCounter += 1;
  return `biz_test_${businessCounter}_${Date.now()}`;
};

const linkToken = async (businessId = newBusinessId(), accessToken?: string) => {
  const { linkToken, expiration } = await provider().createLinkToken({
    businessId,
    userId: 'user_1',
    clientName: 'Ferry',
    ...(accessToken ? { accessToken } : {}),
  });
  return { linkToken, expiration, businessId };
};

const institutions = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/sandbox/bank-link/institutions', query });

let addresses = 0;
/** Each sign-in from its own address, apart from the rate-limit test. */
const nextIp = () => {
  addresses += 1;
  return `10.7.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const signInAt = (
  body: { linkToken: string; institutionId?: string; username?: string; password?: string },
  ip = nextIp(),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/bank-link/sessions',
    remoteAddress: ip,
    payload: { institutionId: 'ins_3', username: 'user_good', password: 'pass_good', ...body },
  });

const complete = (sessionId: string, accountIds: string[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sandbox/bank-link/sessions/${sessionId}/complete`,
    payload: { accountIds },
  });

interface SessionData {
  sessionId: string;
  accounts: { id: string; name: string; mask: string; subtype: string }[];
}

/** Link token → sign in → choose → public token, through the modal's routes. */
const linkThroughModal = async (options: {
  businessId?: string;
  institutionId?: string;
  password?: string;
  choose?: (accounts: SessionData['accounts']) => string[];
}) => {
  const { linkToken: token, businessId } = await linkToken(options.businessId);
  const signIn = await signInAt({
    linkToken: token,
    institutionId: options.institutionId ?? 'ins_3',
    password: options.password ?? 'pass_good',
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const session = signIn.json().data as SessionData;
  const chosen = (options.choose ?? ((accounts) => accounts.map((a) => a.id)))(session.accounts);
  const done = await complete(session.sessionId, chosen);
  expect(done.statusCode, done.body).toBe(200);
  return { businessId, session, chosen, completed: done.json().data };
};

const expectBankLinkError = async (promise: Promise<unknown>, code: string) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BankLinkError);
  expect((error as BankLinkError).code).toBe(code);
  return error as BankLinkError;
};

describe('sandbox bank link: institutions', () => {
  it('lists real banks and credit unions with brand colours, and the blocked prepaid and neobanks', async () => {
    const { linkToken: token } = await linkToken();
    const response = await institutions({ linkToken: token });
    expect(response.statusCode).toBe(200);
    const list = response.json().data as { id: string; name: string; primaryColor: string; url: string }[];
    const allowed = list.filter((institution) => !isBlockedInstitution(institution.id, institution.name));
    const blocked = list.filter((institution) => isBlockedInstitution(institution.id, institution.name));
    expect(allowed.length).toBeGreaterThanOrEqual(20);
    expect(allowed.map((i) => i.name)).toEqual(
      expect.arrayContaining(['Chase', 'Bank of America', 'Wells Fargo', 'Navy Federal Credit Union']),
    );
    expect(blocked.map((i) => i.name)).toEqual(
      expect.arrayContaining(['Chime', 'Varo Bank', 'Current', 'Green Dot', 'Netspend', 'Cash App']),
    );
    for (const institution of list) {
      expect(institution.primaryColor).toMatch(/^#[0-9A-F]{6}$/);
      expect(institution.url).toMatch(/^https:\/\//);
    }
  });

  it('searches by name', async () => {
    const { linkToken: token } = await linkToken();
    const wells = await institutions({ linkToken: token, query: 'wells' });
    expect(wells.json().data.map((i: { name: string }) => i.name)).toEqual(['Wells Fargo']);
    const unions = await institutions({ linkToken: token, query: 'credit union' });
    const names: string[] = unions.json().data.map((i: { name: string }) => i.name);
    expect(names.length).toBeGreaterThanOrEqual(5);
    expect(names.every((name) => /credit union/i.test(name))).toBe(true);
    const none = await institutions({ linkToken: token, query: 'no such bank zzz' });
    expect(none.json().data).toEqual([]);
  });

  it('needs a live link token', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/sandbox/bank-link/institutions' });
    expect(missing.statusCode).toBe(400);
    const unknown = await institutions({ linkToken: 'link-sandbox-unknown' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      errorCode: 'INVALID_LINK_TOKEN',
      message: 'This bank link session has expired. Please start again.',
    });
  });

  it('every institution has a routing number that passes the ABA checksum', () => {
    for (const institution of SANDBOX_INSTITUTIONS) {
      expect(hasValidRoutingChecksum(institution.routingNumber), institution.name).toBe(true);
    }
  });
});

describe('sandbox bank link: signing in', () => {
  it('signs in with user_good / pass_good and offers the bank-branded accounts', async () => {
    const { linkToken: token } = await linkToken();
    const response = await signInAt({ linkToken: token, institutionId: 'ins_3' });
    expect(response.statusCode).toBe(200);
    const { sessionId, accounts } = response.json().data as SessionData;
    expect(sessionId).toMatch(/^lnks_[0-9a-f]{32}$/);
    expect(accounts).toHaveLength(2);
    expect(accounts.map((a) => a.subtype)).toEqual(['checking', 'savings']);
    expect(accounts.map((a) => a.name)).toEqual(['Chase Business Checking', 'Chase Business Savings']);
    for (const account of accounts) expect(account.mask).toMatch(/^\d{4}$/);
  });

  it('refuses a wrong password or username with INVALID_CREDENTIALS', async () => {
    const { linkToken: token } = await linkToken();
    for (const attempt of [
      { username: 'user_good', password: 'wrong' },
      { username: 'someone', password: 'pass_good' },
      { username: 'user_good', password: 'error_NOT_A_CODE' },
    ]) {
      const response = await signInAt({ linkToken: token, ...attempt });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        errorCode: 'INVALID_CREDENTIALS',
        message: 'The username or password provided were not correct.',
        statusCode: 422,
      });
    }
  });

  it.each([
    'ITEM_LOGIN_REQUIRED',
    'NO_ACCOUNTS',
    'ACCESS_NOT_GRANTED',
    'ITEM_NOT_SUPPORTED',
    'INVALID_CREDENTIALS',
    'INSTITUTION_DOWN',
  ])('password error_%s fails the sign-in with that code', async (code) => {
    const { linkToken: token } = await linkToken();
    const response = await signInAt({ linkToken: token, password: `error_${code}` });
    expect(response.statusCode).toBe(422);
    expect(response.json().errorCode).toBe(code);
    expect(response.json().message.length).toBeGreaterThan(10);
  });

  it.each(['NO_AUTH_ACCOUNTS', 'INVALID_ACCOUNT', 'ACCOUNT_REVOKED'])(
    'password error_%s links, then the item fails with that code',
    async (code) => {
      const { completed } = await linkThroughModal({ password: `error_${code}` });
      const { accessToken } = await provider().exchangePublicToken(completed.publicToken);
      await expectBankLinkError(provider().getAuth(accessToken), code);
    },
  );

  it('password error_PERMISSION_REVOKED gives an item whose access is revoked', async () => {
    const { completed } = await linkThroughModal({ password: 'error_PERMISSION_REVOKED' });
    const { accessToken } = await provider().exchangePublicToken(completed.publicToken);
    expect(await provider().getItemStatus(accessToken)).toEqual({
      status: 'REVOKED',
      errorCode: 'PERMISSION_REVOKED',
    });
    await expectBankLinkError(provider().getAuth(accessToken), 'PERMISSION_REVOKED');
  });

  it('limits sign-in attempts per address', async () => {
    const { linkToken: token } = await linkToken();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      statuses.push((await signInAt({ linkToken: token, password: 'wrong' }, '10.8.0.1')).statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('validates the body and rejects an unknown bank', async () => {
    const { linkToken: token } = await linkToken();
    const empty = await signInAt({ linkToken: token, username: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Username is required.');
    const unknown = await signInAt({ linkToken: token, institutionId: 'ins_nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This bank was not found.');
  });
});

describe('sandbox bank link: completing, exchanging, auth', () => {
  it('gives a public token whose item returns only the chosen accounts, with valid numbers', async () => {
    const { businessId, session, completed } = await linkThroughModal({
      institutionId: 'ins_4',
      choose: (accounts) => [accounts[1]?.id ?? ''],
    });
    expect(completed.publicToken).toMatch(/^public-sandbox-/);
    expect(completed.institution).toEqual({ id: 'ins_4', name: 'Wells Fargo' });
    expect(completed.accounts).toEqual([session.accounts[1]]);

    const { accessToken, itemId } = await provider().exchangePublicToken(completed.publicToken);
    expect(accessToken).toMatch(/^access-sandbox-/);
    expect(itemId.length).toBeGreaterThan(20);
    const auth = await provider().getAuth(accessToken);
    expect(auth.institution).toEqual({ id: 'ins_4', name: 'Wells Fargo' });
    expect(auth.accounts).toHaveLength(1);
    const [account] = auth.accounts;
    expect(account).toMatchObject({
      accountId: session.accounts[1]?.id,
      name: 'Wells Fargo Business Savings',
      officialName: 'Business Market Rate Savings',
      type: 'depository',
      subtype: 'savings',
      mask: session.accounts[1]?.mask,
    });
    expect(hasValidRoutingChecksum(account?.routingNumber ?? '')).toBe(true);
    expect(account?.accountNumber).toMatch(/^[1-9]\d{9,11}$/);
    expect(account?.accountNumber.slice(-4)).toBe(account?.mask);
    expect(await provider().getItemStatus(accessToken)).toEqual({ status: 'OK', errorCode: null });

    // The same business sees the same accounts at the same bank; another business sees others.
    const again = await linkThroughModal({ businessId, institutionId: 'ins_4' });
    const sameAuth = await provider().getAuth(
      (await provider().exchangePublicToken(again.completed.publicToken)).accessToken,
    );
    expect(sameAuth.accounts.find((a) => a.subtype === 'savings')).toEqual(account);
    const other = await linkThroughModal({ institutionId: 'ins_4' });
    const otherAuth = await provider().getAuth(
      (await provider().exchangePublicToken(other.completed.publicToken)).accessToken,
    );
    expect(otherAuth.accounts.find((a) => a.subtype === 'savings')?.accountNumber).not.toBe(
      account?.accountNumber,
    );
  });

  it('keeps no token readable in its tables', async () => {
    const { linkToken: token } = await linkToken();
    const signIn = (await signInAt({ linkToken: token })).json().data as SessionData;
    const done = (await complete(signIn.sessionId, [signIn.accounts[0]?.id ?? ''])).json().data;
    const { accessToken } = await provider().exchangePublicToken(done.publicToken);
    const { db } = t.database;
    const dump = JSON.stringify([
      await db.select().from(sandboxBankLinkTokens),
      await db.select().from(sandboxBankLinkSessions),
      await db.select().from(sandboxBankLinkItems),
    ]);
    for (const secret of [token, done.publicToken as string, accessToken]) {
      expect(dump).not.toContain(secret);
    }
  });

  it('accepts a public token once, and only for 30 minutes', async () => {
    const first = await linkThroughModal({});
    await provider().exchangePublicToken(first.completed.publicToken);
    await expectBankLinkError(
      provider().exchangePublicToken(first.completed.publicToken),
      'INVALID_PUBLIC_TOKEN',
    );
    await expectBankLinkError(
      provider().exchangePublicToken('public-sandbox-made-up'),
      'INVALID_PUBLIC_TOKEN',
    );

    const late = await linkThroughModal({});
    t.clock.advance(PUBLIC_TOKEN_TTL_MS + 1000);
    const error = await expectBankLinkError(
      provider().exchangePublicToken(late.completed.publicToken),
      'INVALID_PUBLIC_TOKEN',
    );
    expect(error.message).toBe('This bank link has expired or was already used. Please link the bank again.');
  });

  it('completes a session once, with accounts of that bank only', async () => {
    const { linkToken: token } = await linkToken();
    const { sessionId, accounts } = (await signInAt({ linkToken: token })).json().data as SessionData;
    const none = await complete(sessionId, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose at least one account.');
    const foreign = await complete(sessionId, ['acc_from_elsewhere']);
    expect(foreign.statusCode).toBe(400);
    expect((await complete(sessionId, [accounts[0]?.id ?? ''])).statusCode).toBe(200);
    const twice = await complete(sessionId, [accounts[0]?.id ?? '']);
    expect(twice.statusCode).toBe(409);
    const unknown = await complete('lnks_00000000000000000000000000000000', [accounts[0]?.id ?? '']);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses everything once the link token has expired (4 hours)', async () => {
    const { linkToken: token, expiration } = await linkToken();
    expect(expiration.getTime() - t.clock.now().getTime()).toBe(LINK_TOKEN_TTL_MS);
    const { sessionId, accounts } = (await signInAt({ linkToken: token })).json().data as SessionData;
    t.clock.advance(LINK_TOKEN_TTL_MS);
    const list = await institutions({ linkToken: token });
    expect(list.statusCode).toBe(422);
    expect(list.json().errorCode).toBe('INVALID_LINK_TOKEN');
    const signIn = await signInAt({ linkToken: token });
    expect(signIn.json().errorCode).toBe('INVALID_LINK_TOKEN');
    const done = await complete(sessionId, [accounts[0]?.id ?? '']);
    expect(done.statusCode).toBe(422);
    expect(done.json().errorCode).toBe('INVALID_LINK_TOKEN');
  });
});

describe('sandbox bank link: login required and update mode', () => {
  it('resetLogin → LOGIN_REQUIRED; update mode with the same access token repairs the same item', async () => {
    const events: BankLinkWebhookEvent[] = [];
    const stop = provider().onItemEvent((event) => {
      events.push(event);
    });
    try {
      const { businessId, chosen, completed } = await linkThroughModal({
        institutionId: 'ins_15',
        choose: (accounts) => [accounts[0]?.id ?? ''],
      });
      const { accessToken, itemId } = await provider().exchangePublicToken(completed.publicToken);

      await provider().resetLogin(accessToken);
      expect(await provider().getItemStatus(accessToken)).toEqual({
        status: 'LOGIN_REQUIRED',
        errorCode: 'ITEM_LOGIN_REQUIRED',
      });
      await expectBankLinkError(provider().getAuth(accessToken), 'ITEM_LOGIN_REQUIRED');
      expect(events).toEqual([{ itemId, kind: 'LOGIN_REQUIRED', errorCode: 'ITEM_LOGIN_REQUIRED' }]);

      // Update mode: a link token for the item; the modal shows only the item's bank.
      const update = await linkToken(businessId, accessToken);
      const list = (await institutions({ linkToken: update.linkToken })).json().data;
      expect(list.map((i: { id: string }) => i.id)).toEqual(['ins_15']);
      const elsewhere = await signInAt({ linkToken: update.linkToken, institutionId: 'ins_3' });
      expect(elsewhere.statusCode).toBe(400);
      const wrong = await signInAt({
        linkToken: update.linkToken,
        institutionId: 'ins_15',
        password: 'error_ITEM_LOGIN_REQUIRED',
      });
      expect(wrong.json().errorCode).toBe('ITEM_LOGIN_REQUIRED');
      expect((await provider().getItemStatus(accessToken)).status).toBe('LOGIN_REQUIRED');

      const signIn = await signInAt({ linkToken: update.linkToken, institutionId: 'ins_15' });
      const { sessionId } = signIn.json().data as SessionData;
      const done = await complete(sessionId, []);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data.accounts.map((a: { id: string }) => a.id)).toEqual(chosen);

      // Repaired at once, without an exchange.
      expect(await provider().getItemStatus(accessToken)).toEqual({ status: 'OK', errorCode: null });
      expect((await provider().getAuth(accessToken)).accounts.map((a) => a.accountId)).toEqual(chosen);
      expect(events.at(-1)).toEqual({
        itemId,
        kind: 'OTHER',
        errorCode: null,
        webhookCode: 'LOGIN_REPAIRED',
      });
      // The update session's public token gives back the same item and access token.
      expect(await provider().exchangePublicToken(done.json().data.publicToken)).toEqual({
        accessToken,
        itemId,
      });
    } finally {
      stop();
    }
  });

  it('refuses update mode for another business or a removed item', async () => {
    const { businessId, completed } = await linkThroughModal({});
    const { accessToken } = await provider().exchangePublicToken(completed.publicToken);
    await expectBankLinkError(linkToken(newBusinessId(), accessToken), 'INVALID_ACCESS_TOKEN');

    await provider().removeItem(accessToken);
    await provider().removeItem(accessToken); // removing twice is harmless
    expect(await provider().getItemStatus(accessToken)).toEqual({
      status: 'REVOKED',
      errorCode: 'INVALID_ACCESS_TOKEN',
    });
    await expectBankLinkError(provider().getAuth(accessToken), 'INVALID_ACCESS_TOKEN');
    await expectBankLinkError(linkToken(businessId, accessToken), 'INVALID_ACCESS_TOKEN');
    await expectBankLinkError(provider().resetLogin(accessToken), 'INVALID_ACCESS_TOKEN');
  });

  it('sends no webhooks', async () => {
    expect(await provider().verifyWebhook({ 'plaid-verification': 'x' }, '{}')).toBeNull();
  });
});

describe('bank link provider selection', () => {
  it('tells the browser which provider is live', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.json().data.bankLink).toEqual({ provider: 'sandbox' });
  });

  it('needs the Plaid keys to use Plaid', () => {
    expect(() => loadConfig({ BANK_LINK_PROVIDER: 'plaid', PLAID_CLIENT_ID: 'client' })).toThrow(ConfigError);
    expect(() => loadConfig({ BANK_LINK_PROVIDER: 'plaid', PLAID_CLIENT_ID: 'client' })).toThrow(
      /PLAID_CLIENT_ID, PLAID_SECRET: required when BANK_LINK_PROVIDER=plaid/,
    );
    expect(() => loadConfig({ PLAID_ENV: 'development' })).toThrow(ConfigError);
    expect(loadConfig({}).BANK_LINK_PROVIDER).toBe('sandbox');
  });

  it('mounts the sandbox routes only for the sandbox', async () => {
    const plaid = await createTestApp({
      env: { BANK_LINK_PROVIDER: 'plaid', PLAID_CLIENT_ID: 'client', PLAID_SECRET: 'secret' },
    });
    try {
      expect(plaid.context.providers.bankLink.name).toBe('plaid');
      const config = await plaid.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(config.json().data.bankLink).toEqual({ provider: 'plaid' });
      const sandboxRoute = await plaid.app.inject({
        method: 'GET',
        url: '/api/sandbox/bank-link/institutions?linkToken=x',
      });
      expect(sandboxRoute.statusCode).toBe(404);
    } finally {
      await plaid.close();
    }
  });
});
