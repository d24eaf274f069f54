import { randomUUID } from 'node:crypto';
import { MICRO_DEPOSIT_ERRORS } from '@ferry/domain/catalogues';
import { newYorkDate } from '@ferry/domain/payments';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import { addBusinessMember, makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { activityLogs } from '../activity/tables.js';
import { invitations } from '../auth/tables.js';
import { businesses } from '../businesses/tables.js';
import { messages } from '../notifications/tables.js';
import { VERIFY_IN_PROGRESS_MS } from './micro-deposits.js';
import { revealAccountNumber } from './service.js';
import { businessBankAccounts } from './tables.js';

const t = useTestApp();

/** Every answer of a bank route, scanned at the end for full account numbers. */
const answers: string[] = [];
/** Every account number the tests sent. */
const sentNumbers = new Set<string>();

async function call(options: InjectOptions) {
  const res = await t.app.inject(options);
  answers.push(res.body);
  return res;
}

let routingIndex = 0;
const ROUTINGS = ['011000015', '021000021', '026009593'];
let accountSeq = 0;
/** A valid manual bank with a fresh account number. */
function bankForm(overrides: Record<string, unknown> = {}) {
  accountSeq += 1;
  const accountNumber = `${40_000_000_000 + accountSeq * 7919}`;
  routingIndex = (routingIndex + 1) % ROUTINGS.length;
  sentNumbers.add(accountNumber);
  return {
    bankName: 'First Harbor Bank',
    accountType: 'BUSINESS_CHECKING',
    accountHolderName: 'Harbor Supplies',
    routingNumber: ROUTINGS[routingIndex],
    accountNumber,
    confirmAccountNumber: accountNumber,
    ...overrides,
  };
}

const base = (id: string) => `/api/business/${id}/banking/connection`;
const listUrl = (id: string, query = '?blocked=true&unusable=true') =>
  `/api/business/${id}/bank/accounts${query}`;

const addBank = (headers: AuthHeaders, businessId: string, payload: object) =>
  call({
    method: 'POST',
    url: `${base(businessId)}/account`,
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload,
  });

/** Each verify comes a few seconds after the last (a verify holds its bank for VERIFY_IN_PROGRESS_MS). */
const verify = (headers: AuthHeaders, businessId: string, bankId: string, first: string, second: string) => {
  t.clock.advance(VERIFY_IN_PROGRESS_MS + 1000);
  return call({
    method: 'POST',
    url: `${base(businessId)}/account/verify`,
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { paymentInstrumentId: bankId, firstMicroDeposit: first, secondMicroDeposit: second },
  });
};

const advance = (headers: AuthHeaders, payload: object) =>
  call({ method: 'POST', url: '/api/sandbox/clock/advance', headers, payload });

async function statement(headers: AuthHeaders, bankId: string) {
  const res = await call({ method: 'GET', url: `/api/sandbox/bank/statement?accountId=${bankId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    accountMask: string;
    transactions: { description: string; amountCents: number; amount: number; status: string }[];
  };
}

/** The two deposited amounts, as the bank shows them. */
async function depositAmounts(headers: AuthHeaders, bankId: string): Promise<[number, number]> {
  const lines = (await statement(headers, bankId)).transactions.filter(
    (l) => l.description === 'FERRY ACCTVERIFY',
  );
  const [a, b] = lines.map((l) => l.amountCents);
  if (a === undefined || b === undefined) throw new Error('no deposits');
  return [a, b];
}

/** A wrong pair for the real one (differs in either order: the second amount is off by one). */
const wrongPair = ([a, b]: [number, number]): [string, string] => [String(a), String(b === 99 ? 98 : b + 1)];

async function setup() {
  const business = await makeSignedInBusiness(t.context);
  return business;
}

/** A manual bank whose deposits have arrived. */
async function arrivedBank(headers: AuthHeaders, businessId: string) {
  const res = await addBank(headers, businessId, bankForm());
  expect(res.statusCode, res.body).toBe(200);
  const bankId = res.json().data.id as string;
  expect((await advance(headers, { businessDays: 2 })).statusCode).toBe(200);
  return bankId;
}

const rowOf = async (id: string) => {
  const [row] = await t.context.database.db
    .select()
    .from(businessBankAccounts)
    .where(eq(businessBankAccounts.id, id));
  if (!row) throw new Error('no row');
  return row;
};

const mailsTo = (email: string) =>
  t.context.database.db.select().from(messages).where(eq(messages.to, email.toLowerCase()));

describe('the manual bank form (spec 002 §5) through the route', () => {
  it.each([
    [{ bankName: '' }, 'bankName', 'Bank name is required.'],
    [{ bankName: '   ' }, 'bankName', 'Bank name is required.'],
    [{ accountType: 'PERSONAL' }, 'accountType', 'Account type is required.'],
    [{ accountHolderName: '' }, 'accountHolderName', 'Account Holders Name is required.'],
    [{ routingNumber: '' }, 'routingNumber', 'Routing number is required.'],
    [{ routingNumber: '12345678' }, 'routingNumber', 'Routing number must be exactly 9 digits.'],
    [{ routingNumber: '12345678a' }, 'routingNumber', 'Routing number must be exactly 9 digits.'],
    [{ routingNumber: '123456789' }, 'routingNumber', 'Routing number is invalid.'],
    [{ accountNumber: '', confirmAccountNumber: '' }, 'accountNumber', 'Account number is required.'],
    [
      { accountNumber: '1234', confirmAccountNumber: '1234' },
      'accountNumber',
      'Account number must be 5 to 17 digits.',
    ],
    [
      { accountNumber: '12a45', confirmAccountNumber: '12a45' },
      'accountNumber',
      'Account number must be 5 to 17 digits.',
    ],
    [
      { accountNumber: '1'.repeat(18), confirmAccountNumber: '1'.repeat(18) },
      'accountNumber',
      'Account number must be 5 to 17 digits.',
    ],
    [{ confirmAccountNumber: '' }, 'confirmAccountNumber', 'Please confirm the account number.'],
    [{ confirmAccountNumber: '99999999' }, 'confirmAccountNumber', 'Account numbers do not match.'],
  ])('refuses %j with "%s: %s" and stores nothing', async (change, field, message) => {
    const { businessId, headers } = await setup();
    const res = await addBank(headers, businessId, bankForm(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errorCode).toBe('VALIDATION_ERROR');
    expect(res.json().errors).toContainEqual({ field, message });
    const rows = await t.context.database.db
      .select()
      .from(businessBankAccounts)
      .where(eq(businessBankAccounts.businessId, businessId));
    expect(rows).toHaveLength(0);
  });

  it('verify amounts: required and 1–2 digits', async () => {
    const { businessId, headers } = await setup();
    const res = await verify(headers, businessId, '0123456789abcdef01234567', '', '123');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'firstMicroDeposit', message: 'Amount #1 is required' },
        { field: 'secondMicroDeposit', message: 'Must be 1-2 digits' },
      ]),
    );
    const second = await verify(headers, businessId, '0123456789abcdef01234567', '5', '');
    expect(second.json().errors).toContainEqual({
      field: 'secondMicroDeposit',
      message: 'Amount #2 is required',
    });
  });
});

describe('micro-deposits with the sandbox clock', () => {
  it('add → not arrived → 2 business days → statement → one wrong try → verified and primary', async () => {
    const { businessId, headers, owner } = await setup();
    const form = bankForm();
    const added = await addBank(headers, businessId, form);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe('Bank account added. Micro-deposits are on their way.');
    const bank = added.json().data;
    expect(bank).toMatchObject({
      accountMask: form.accountNumber.slice(-4),
      accountProvider: 'USER',
      verificationStatus: 'PENDING',
      accountStatus: 'NOT_VERIFIED',
      status: 'NOT_CONNECTED',
      isMicroDepositBank: true,
      shouldVerifyWithCode: false,
      verifyAttemptRemains: 3,
      isPrimary: false,
      microDeposit: { state: 'SCHEDULED', sentAt: null },
    });
    // The stored number is sealed; the digest of the amounts is not the amounts.
    const row = await rowOf(bank.id);
    expect(row.accountNumberCiphertext).not.toContain(form.accountNumber);
    expect(revealAccountNumber(t.context, row)).toBe(form.accountNumber);
    expect(row.microDepositDigest).toMatch(/^[0-9a-f]{64}$/);

    const early = await verify(headers, businessId, bank.id, '1', '2');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      errorCode: 'MICRO_DEPOSITS_NOT_ARRIVED',
      message: MICRO_DEPOSIT_ERRORS.MICRO_DEPOSITS_NOT_ARRIVED,
    });
    const pending = await statement(headers, bank.id);
    expect(pending.transactions.map((l) => l.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);

    const moved = await advance(headers, { businessDays: 1 });
    expect(moved.json().data.settled).toBe(0);
    const arrived = await advance(headers, { businessDays: 1 });
    expect(arrived.json().data.settled).toBeGreaterThanOrEqual(3);
    // The clock answers its New York business date beside the instant (the header's badge shows it).
    const clock = await call({ method: 'GET', url: '/api/sandbox/clock', headers });
    expect(clock.json().data).toEqual({
      now: arrived.json().data.now,
      offsetMs: arrived.json().data.offsetMs,
      date: newYorkDate(new Date(arrived.json().data.now)),
    });
    expect(arrived.json().data.date).toBe(newYorkDate(new Date(arrived.json().data.now)));

    const shown = await statement(headers, bank.id);
    expect(shown.accountMask).toBe(form.accountNumber.slice(-4));
    const credits = shown.transactions.filter((l) => l.amountCents > 0);
    const debits = shown.transactions.filter((l) => l.amountCents < 0);
    expect(credits).toHaveLength(2);
    expect(debits).toHaveLength(1);
    expect(shown.transactions.every((l) => l.status === 'POSTED')).toBe(true);
    for (const credit of credits) {
      expect(credit.amountCents).toBeGreaterThanOrEqual(1);
      expect(credit.amountCents).toBeLessThanOrEqual(99);
    }
    expect(debits[0]?.amountCents).toBe(-(credits[0]?.amountCents ?? 0) - (credits[1]?.amountCents ?? 0));

    const listed = (await call({ method: 'GET', url: listUrl(businessId), headers })).json().data;
    expect(listed[0]).toMatchObject({ shouldVerifyWithCode: true, microDeposit: { state: 'SENT' } });

    // Ferry's 'deposits sent' mail (invitation link) and the sandbox bank's own alert with the amounts.
    const mails = await mailsTo(owner.email);
    const sent = mails.find((m) => m.subject === 'Verify your First Harbor Bank account on Ferry');
    expect(sent?.text).toContain('/accept-invitation?token=');
    const alert = mails.find((m) => m.subject.startsWith('Sandbox Bank alert'));
    expect(alert?.text).toContain(`+$0.${String(credits[0]?.amountCents).padStart(2, '0')}`);
    const [invitation] = await t.context.database.db
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.businessId, businessId),
          eq(invitations.invitationType, 'MANUAL_BANK_VERIFICATION'),
        ),
      );
    expect(invitation?.data).toMatchObject({ accountId: bank.id, action: 'verify' });
    if (!invitation) throw new Error('no invitation');
    // Another user cannot use it; the admin it was sent to is sent on to the verify dialog.
    const stranger = await signIn(t.context, await makeUser(t.context));
    const refused = await call({
      method: 'POST',
      url: `/api/auth/invitation/${invitation.id}/accept`,
      headers: stranger,
    });
    expect(refused.statusCode).toBe(404);
    const accepted = await call({
      method: 'POST',
      url: `/api/auth/invitation/${invitation.id}/accept`,
      headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({
      businessId,
      redirectTo: `/process/bank/start?businessId=${businessId}&accountId=${bank.id}&action=verify`,
    });

    const amounts = await depositAmounts(headers, bank.id);
    const wrong = wrongPair(amounts);
    const miss = await verify(headers, businessId, bank.id, wrong[0], wrong[1]);
    expect(miss.statusCode).toBe(422);
    expect(miss.json()).toMatchObject({
      errorCode: 'INVALID_MICRODEPOSIT',
      message: MICRO_DEPOSIT_ERRORS.INVALID_MICRODEPOSIT,
    });
    const afterMiss = (await call({ method: 'GET', url: listUrl(businessId), headers })).json().data;
    expect(afterMiss[0].verifyAttemptRemains).toBe(2);

    // The amounts in either order, one digit or two.
    const ok = await verify(
      headers,
      businessId,
      bank.id,
      String(amounts[1]),
      String(amounts[0]).padStart(2, '0'),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Bank verified successfully.');
    expect(ok.json().data).toMatchObject({
      verificationStatus: 'VERIFIED',
      accountStatus: 'VERIFIED',
      status: 'VERIFIED',
      isPrimary: true,
      shouldVerifyWithCode: false,
      microDeposit: { state: 'VERIFIED' },
    });
    const again = await verify(headers, businessId, bank.id, String(amounts[0]), String(amounts[1]));
    expect(again.statusCode).toBe(409);
    const actions = (
      await t.context.database.db.select().from(activityLogs).where(eq(activityLogs.businessId, businessId))
    ).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['BANK_ACCOUNT_ADDED', 'BANK_ACCOUNT_VERIFIED']));
  });

  it('three wrong tries exhaust the attempts: the bank is rejected and the admins are told', async () => {
    const { businessId, headers, owner } = await setup();
    const bankId = await arrivedBank(headers, businessId);
    const wrong = wrongPair(await depositAmounts(headers, bankId));
    for (const remaining of [2, 1]) {
      const res = await verify(headers, businessId, bankId, wrong[0], wrong[1]);
      expect(res.json().errorCode).toBe('INVALID_MICRODEPOSIT');
      expect((await rowOf(bankId)).verifyAttemptsRemaining).toBe(remaining);
    }
    const last = await verify(headers, businessId, bankId, wrong[0], wrong[1]);
    expect(last.statusCode).toBe(422);
    expect(last.json()).toMatchObject({
      errorCode: 'VERIFY_ATTEMPTS_EXHAUSTED',
      message: MICRO_DEPOSIT_ERRORS.VERIFY_ATTEMPTS_EXHAUSTED,
    });
    const row = await rowOf(bankId);
    expect(row).toMatchObject({
      verificationStatus: 'REJECTED',
      verifyAttemptsRemaining: 0,
      microDepositState: 'FAILED',
    });
    // Even the right amounts no longer verify it.
    const [a, b] = await depositAmounts(headers, bankId);
    const late = await verify(headers, businessId, bankId, String(a), String(b));
    expect(late.json().errorCode).toBe('VERIFY_ATTEMPTS_EXHAUSTED');
    // Hidden by default, listed with unusable=true.
    expect((await call({ method: 'GET', url: listUrl(businessId, ''), headers })).json().data).toHaveLength(
      0,
    );
    const all = (await call({ method: 'GET', url: listUrl(businessId), headers })).json().data;
    expect(all[0]).toMatchObject({
      verificationStatus: 'REJECTED',
      accountStatus: 'INVALID',
      verifyAttemptRemains: 0,
    });
    const mails = await mailsTo(owner.email);
    expect(mails.map((m) => m.subject)).toContain('Verification of your First Harbor Bank account failed');
  });

  it('a corrected entry right after a wrong one is answered at once (only the same amounts are a double submit)', async () => {
    const { businessId, headers } = await setup();
    const bankId = await arrivedBank(headers, businessId);
    const amounts = await depositAmounts(headers, bankId);
    const wrong = wrongPair(amounts);
    const send = (first: string, second: string) =>
      call({
        method: 'POST',
        url: `${base(businessId)}/account/verify`,
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: { paymentInstrumentId: bankId, firstMicroDeposit: first, secondMicroDeposit: second },
      });
    expect((await send(wrong[0], wrong[1])).json().errorCode).toBe('INVALID_MICRODEPOSIT');
    const again = await send(wrong[0], wrong[1]);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('REQUEST_IN_PROGRESS');
    expect((await rowOf(bankId)).verifyAttemptsRemaining).toBe(2);
    const corrected = await send(String(amounts[0]), String(amounts[1]));
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data).toMatchObject({ verificationStatus: 'VERIFIED' });
  });

  it('a concurrent verify of the same bank answers 409 Request already in progress.', async () => {
    const { businessId, headers } = await setup();
    const bankId = await arrivedBank(headers, businessId);
    const wrong = wrongPair(await depositAmounts(headers, bankId));
    const results = await Promise.all([
      verify(headers, businessId, bankId, wrong[0], wrong[1]),
      verify(headers, businessId, bankId, wrong[0], wrong[1]),
    ]);
    const codes = results.map((r) => r.json().errorCode).sort();
    expect(codes).toEqual(['INVALID_MICRODEPOSIT', 'REQUEST_IN_PROGRESS']);
    const busy = results.find((r) => r.json().errorCode === 'REQUEST_IN_PROGRESS');
    expect(busy?.statusCode).toBe(409);
    expect(busy?.json().message).toBe('Request already in progress.');
    // Only one attempt was used; a verify a few seconds later is answered again.
    expect((await rowOf(bankId)).verifyAttemptsRemaining).toBe(2);
    const later = await verify(headers, businessId, bankId, wrong[0], wrong[1]);
    expect(later.json().errorCode).toBe('INVALID_MICRODEPOSIT');
    expect((await rowOf(bankId)).verifyAttemptsRemaining).toBe(1);
  });

  it('a reminder after 5 days, and expiry 14 days after the deposits arrived', async () => {
    const { businessId, headers, owner } = await setup();
    const bankId = await arrivedBank(headers, businessId);
    await advance(headers, { hours: 5 * 24 + 1 });
    const reminders = (await mailsTo(owner.email)).filter(
      (m) => m.subject === 'Your First Harbor Bank account is still waiting for verification',
    );
    expect(reminders).toHaveLength(1);
    await advance(headers, { hours: 24 });
    expect(
      (await mailsTo(owner.email)).filter((m) => m.subject.includes('still waiting for verification')),
    ).toHaveLength(1);
    await advance(headers, { hours: 9 * 24 });
    const row = await rowOf(bankId);
    expect(row).toMatchObject({ verificationStatus: 'REJECTED', microDepositState: 'EXPIRED' });
    const [a, b] = await depositAmounts(headers, bankId);
    const res = await verify(headers, businessId, bankId, String(a), String(b));
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe('MICRO_DEPOSITS_EXPIRED');
    expect((await mailsTo(owner.email)).map((m) => m.subject)).toContain(
      'Verification of your First Harbor Bank account failed',
    );
  });

  it('the same account twice is 409 and stores one bank; the same key replays', async () => {
    const { businessId, headers } = await setup();
    const form = bankForm();
    const key = randomUUID();
    const first = await call({
      method: 'POST',
      url: `${base(businessId)}/account`,
      headers: { ...headers, 'idempotency-key': key },
      payload: form,
    });
    const replay = await call({
      method: 'POST',
      url: `${base(businessId)}/account`,
      headers: { ...headers, 'idempotency-key': key },
      payload: form,
    });
    expect(replay.json().data.id).toBe(first.json().data.id);
    const dup = await addBank(headers, businessId, { ...form, bankName: 'Other name' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      errorCode: 'DUPLICATE_BANK_ACCOUNT',
      message: 'This bank account has already been added.',
    });
    const rows = await t.context.database.db
      .select()
      .from(businessBankAccounts)
      .where(eq(businessBankAccounts.businessId, businessId));
    expect(rows).toHaveLength(1);
  });
});

/** A verified manual bank (deposits entered right). */
async function verifiedBank(headers: AuthHeaders, businessId: string, form = bankForm()) {
  const res = await addBank(headers, businessId, form);
  const bankId = res.json().data.id as string;
  await advance(headers, { businessDays: 2 });
  const [a, b] = await depositAmounts(headers, bankId);
  const ok = await verify(headers, businessId, bankId, String(a), String(b));
  expect(ok.statusCode, ok.body).toBe(200);
  return bankId;
}

describe('primary, chart accounts and removal', () => {
  it('marks primary (verified only), links to a BANK chart account once, and moves the primary on delete', async () => {
    const { businessId, headers } = await setup();
    t.clock.advance(1000);
    const first = await verifiedBank(headers, businessId);
    t.clock.advance(1000);
    const second = await verifiedBank(headers, businessId, bankForm({ bankName: 'Second Bank' }));
    t.clock.advance(1000);
    const pending = (await addBank(headers, businessId, bankForm({ bankName: 'Pending Bank' }))).json().data
      .id;
    const primaries = async () =>
      (await call({ method: 'GET', url: listUrl(businessId), headers }))
        .json()
        .data.filter((b: { isPrimary: boolean }) => b.isPrimary)
        .map((b: { id: string }) => b.id);
    expect(await primaries()).toEqual([first]);
    const refused = await call({
      method: 'PATCH',
      url: `${base(businessId)}/mark-as-primary`,
      headers,
      payload: { paymentInstrumentId: pending },
    });
    expect(refused.statusCode).toBe(422);
    const marked = await call({
      method: 'PATCH',
      url: `${base(businessId)}/mark-as-primary`,
      headers,
      payload: { paymentInstrumentId: second },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().message).toBe('Primary bank updated.');
    expect(await primaries()).toEqual([second]);

    const chart = await call({
      method: 'GET',
      url: `/api/business/${businessId}/accounting/accounts?parentAccountType=BANK&pageSize=1000&pageNumber=1`,
      headers,
    });
    expect(chart.statusCode, chart.body).toBe(200);
    const names = chart.json().data.items.map((a: { name: string }) => a.name);
    expect(names).toEqual(expect.arrayContaining(['Business Checking', 'Business Savings']));
    const checking = chart.json().data.items.find((a: { name: string }) => a.name === 'Business Checking');
    const expenses = await call({
      method: 'GET',
      url: `/api/business/${businessId}/accounting/accounts?parentAccountType=EXPENSE`,
      headers,
    });
    const rent = expenses.json().data.items.find((a: { name: string }) => a.name === 'Rent');
    expect(rent).toBeDefined();

    const link = (paymentInstrumentId: string, businessAccountId: string) =>
      call({
        method: 'PATCH',
        url: `${base(businessId)}/link-account`,
        headers,
        payload: { paymentInstrumentId, businessAccountId },
      });
    const linked = await link(first, checking.id);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toMatchObject({
      platformChartOfAccountId: checking.id,
      chartAccountName: 'Business Checking',
    });
    expect((await link(second, checking.id)).json().errorCode).toBe('CHART_ACCOUNT_TAKEN');
    expect((await link(second, rent.id)).json().errorCode).toBe('CHART_ACCOUNT_NOT_BANK');
    expect((await link(second, '0123456789abcdef01234567')).statusCode).toBe(404);
    const unlinked = await call({
      method: 'PATCH',
      url: `${base(businessId)}/unlink-account`,
      headers,
      payload: { paymentInstrumentId: first },
    });
    expect(unlinked.json().data).toMatchObject({ platformChartOfAccountId: null, chartAccountName: null });
    expect((await link(second, checking.id)).statusCode).toBe(200);

    const removed = await call({ method: 'DELETE', url: `${base(businessId)}/account/${second}`, headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ message: 'Bank account removed.', data: { id: second } });
    expect(await primaries()).toEqual([first]);
    const listed = (await call({ method: 'GET', url: listUrl(businessId), headers })).json().data;
    expect(listed.map((b: { id: string }) => b.id)).not.toContain(second);
    // Its chart account is free again; removing twice is 404.
    expect((await link(first, checking.id)).statusCode).toBe(200);
    expect(
      (await call({ method: 'DELETE', url: `${base(businessId)}/account/${second}`, headers })).statusCode,
    ).toBe(404);
    const actions = (
      await t.context.database.db.select().from(activityLogs).where(eq(activityLogs.businessId, businessId))
    ).map((l) => l.action);
    expect(actions).toEqual(
      expect.arrayContaining(['BANK_ACCOUNT_MARKED_PRIMARY', 'BANK_ACCOUNT_LINKED', 'BANK_ACCOUNT_REMOVED']),
    );
  });
});

describe('reconnect of a manual bank', () => {
  it('is refused: only instant banks can be reconnected', async () => {
    const { businessId, headers } = await setup();
    const bankId = (await addBank(headers, businessId, bankForm())).json().data.id;
    const url = await call({
      method: 'GET',
      url: `${base(businessId)}/reconnect-url?accountId=${bankId}`,
      headers,
    });
    expect(url.statusCode).toBe(422);
    expect(url.json().errorCode).toBe('NOT_INSTANT_BANK');
    const res = await call({
      method: 'POST',
      url: `${base(businessId)}/reconnect`,
      headers,
      payload: { accountId: bankId },
    });
    expect(res.json().errorCode).toBe('NOT_INSTANT_BANK');
  });
});

describe('rights', () => {
  it('a member without Payment Methods manage gets 403 on writes; another business sees 404', async () => {
    const { businessId, headers } = await setup();
    const bankId = (await addBank(headers, businessId, bankForm())).json().data.id;
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const viewerHeaders = await signIn(t.context, viewer);
    expect((await call({ method: 'GET', url: listUrl(businessId), headers: viewerHeaders })).statusCode).toBe(
      200,
    );
    expect((await addBank(viewerHeaders, businessId, bankForm())).statusCode).toBe(403);
    expect((await verify(viewerHeaders, businessId, bankId, '1', '2')).statusCode).toBe(403);
    const writes: InjectOptions[] = [
      { method: 'DELETE', url: `${base(businessId)}/account/${bankId}` },
      {
        method: 'PATCH',
        url: `${base(businessId)}/mark-as-primary`,
        payload: { paymentInstrumentId: bankId },
      },
      { method: 'GET', url: `${base(businessId)}/token` },
    ];
    for (const write of writes) {
      expect((await call({ ...write, headers: viewerHeaders })).statusCode).toBe(403);
    }
    // Without even read: the list is 403 too, and the sandbox statement is 404.
    const outsider = await makeUser(t.context);
    await addMemberWithPermissions(t.context, { businessId, user: outsider, permissions: [] });
    const outsiderHeaders = await signIn(t.context, outsider);
    expect(
      (await call({ method: 'GET', url: listUrl(businessId), headers: outsiderHeaders })).statusCode,
    ).toBe(403);
    const stmt = await call({
      method: 'GET',
      url: `/api/sandbox/bank/statement?accountId=${bankId}`,
      headers: outsiderHeaders,
    });
    expect(stmt.statusCode).toBe(404);

    const other = await setup();
    const cross = await call({
      method: 'DELETE',
      url: `${base(other.businessId)}/account/${bankId}`,
      headers: other.headers,
    });
    expect(cross.statusCode).toBe(404);
    const crossStatement = await call({
      method: 'GET',
      url: `/api/sandbox/bank/statement?accountId=${bankId}`,
      headers: other.headers,
    });
    expect(crossStatement.statusCode).toBe(404);
    expect((await rowOf(bankId)).deletedAt).toBeNull();
  });
});

describe('a network vendor changing its own banks', () => {
  it("tells the payers' admins and holds the next payment to the changed bank for 24 hours", async () => {
    const vendor = await setup();
    const payer = await setup();
    await makeContact(t.context, {
      businessId: payer.businessId,
      type: 'VENDOR',
      networkBusinessId: vendor.businessId,
    });
    const before = t.clock.now().getTime();
    const added = await addBank(vendor.headers, vendor.businessId, bankForm());
    expect(added.statusCode).toBe(200);
    const holdUntil = added.json().data.holdUntil;
    expect(new Date(holdUntil).getTime()).toBe(before + 24 * 3_600_000);
    const payerMails = await mailsTo(payer.owner.email);
    const [vendorBusiness] = await t.context.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, vendor.businessId));
    expect(payerMails.map((m) => m.subject)).toContain(
      `${vendorBusiness?.businessName} changed its bank details on Ferry`,
    );
    expect(payerMails.at(-1)?.text).toContain('held until');

    // A business nobody pays through Ferry gets no hold.
    const alone = await setup();
    const own = await addBank(alone.headers, alone.businessId, bankForm());
    expect(own.json().data.holdUntil).toBeNull();
  });
});

describe('bank holidays', () => {
  it('lists Federal Reserve holidays of a range of at most 3 years, signed in', async () => {
    const { headers } = await setup();
    const res = await call({
      method: 'GET',
      url: '/api/bank-calendar-days/bank-holidays?from=2026-11-01&to=2026-12-31',
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.holidays).toEqual([
      { name: 'Veterans Day', date: '2026-11-11', observedDate: '2026-11-11' },
      { name: 'Thanksgiving Day', date: '2026-11-26', observedDate: '2026-11-26' },
      { name: 'Christmas Day', date: '2026-12-25', observedDate: '2026-12-25' },
    ]);
    const long = await call({
      method: 'GET',
      url: '/api/bank-calendar-days/bank-holidays?from=2020-01-01&to=2026-01-01',
      headers,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The range cannot be longer than 3 years.');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/bank-calendar-days/bank-holidays?from=2026-11-01&to=2026-12-31',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('no bank answer carries a full account number', () => {
  it('scans every answer of this file for every stored and sent account number', async () => {
    const rows = await t.context.database.db.select().from(businessBankAccounts);
    const numbers = new Set(sentNumbers);
    for (const row of rows) numbers.add(revealAccountNumber(t.context, row));
    expect(numbers.size).toBeGreaterThan(5);
    expect(answers.length).toBeGreaterThan(50);
    const pattern = new RegExp([...numbers].filter((n) => n.length >= 5).join('|'));
    const leaks = answers.filter((body) => pattern.test(body));
    expect(leaks).toEqual([]);
  });
});
