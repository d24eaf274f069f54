import { describe, expect, it } from 'vitest';
import { cardRequest, VAULT_ADDRESS } from '../../modules/cards/testing.js';
import { AUSTIN_ADDRESS } from '../../testing/addresses.js';
import { useTestApp } from '../../testing/test-app.js';
import { isSandboxCardVault } from './card-vault.js';
import { sandboxCardVaultTokens } from './sandbox-tables.js';

const t = useTestApp();

let client = 0;
/** Each call from its own address (the route is rate-limited per address). */
const post = (payload: unknown, remoteAddress = `10.0.${Math.floor(++client / 250)}.${client % 250}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/card-vault/tokens',
    payload: payload as object,
    remoteAddress,
  });

const ALL_NUMBERS = [
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '6011111111111117',
  '3056930009020004',
  '3566002020360505',
  '4000000000000002',
  '4000000000000069',
  '4000000000000127',
  '2223003122003222',
  '4111111111111111',
];

describe('the sandbox card vault route', () => {
  it.each([
    ['4242424242424242', 'VISA', 'credit'],
    ['4000056655665556', 'VISA', 'debit'],
    ['5555555555554444', 'MASTERCARD', 'credit'],
    ['5200828282828210', 'MASTERCARD', 'debit'],
    ['5105105105105100', 'MASTERCARD', 'prepaid'],
    ['378282246310005', 'AMERICAN_EXPRESS', 'credit'],
    ['6011111111111117', 'DISCOVER', 'credit'],
    ['3056930009020004', 'DINERS_CLUB', 'credit'],
    ['3566002020360505', 'JCB', 'credit'],
    ['2223003122003222', 'MASTERCARD', 'credit'],
    ['4111 1111 1111 1111', 'VISA', 'credit'],
  ])('tokenises %s as %s %s', async (number, brand, funding) => {
    const res = await post(cardRequest(number));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      tokenId: expect.stringMatching(/^tok_[A-Za-z0-9_-]{24}$/),
      fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      brand,
      last4: number.replace(/\s/g, '').slice(-4),
      funding,
    });
    expect(res.body).not.toContain(number.replace(/\s/g, ''));
  });

  it('gives the same fingerprint to the same number and another to another number', async () => {
    const a = (await post(cardRequest('4242424242424242'))).json().data;
    const b = (await post(cardRequest('4242424242424242', { expYear: 2031, name: 'John Roe' }))).json().data;
    const c = (await post(cardRequest('5555555555554444'))).json().data;
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.tokenId).not.toBe(b.tokenId);
    expect(c.fingerprint).not.toBe(a.fingerprint);
  });

  it.each([
    [{ number: '4242424242424241' }, 'INVALID_NUMBER', 'Your card number is invalid.'],
    [{ number: '424242424242' }, 'INVALID_NUMBER', 'Your card number is invalid.'],
    [{ number: '42424242424242424242' }, 'INVALID_NUMBER', 'Your card number is invalid.'],
    [{ number: 'abcd' }, 'INVALID_NUMBER', 'Your card number is invalid.'],
    [
      { expMonth: 10, expYear: 2026 },
      'INVALID_EXPIRY',
      'Your card’s expiration date is invalid or in the past.',
    ],
    [{ expMonth: 13 }, 'INVALID_EXPIRY', 'Your card’s expiration date is invalid or in the past.'],
    [
      { expMonth: 12, expYear: 2025 },
      'INVALID_EXPIRY',
      'Your card’s expiration date is invalid or in the past.',
    ],
    [{ cvc: '12' }, 'INVALID_CVC', 'Please enter the 3-4 digit security code on the back of your card.'],
    [{ cvc: '12345' }, 'INVALID_CVC', 'Please enter the 3-4 digit security code on the back of your card.'],
    [{ cvc: 'abc' }, 'INVALID_CVC', 'Please enter the 3-4 digit security code on the back of your card.'],
    [{ number: '4000000000000002' }, 'CARD_DECLINED', 'Your card was declined.'],
    [
      { number: '4000000000000069' },
      'INVALID_EXPIRY',
      'Your card’s expiration date is invalid or in the past.',
    ],
    [
      { number: '4000000000000127' },
      'INVALID_CVC',
      'Please enter the 3-4 digit security code on the back of your card.',
    ],
  ])('refuses %j with 422 %s', async (change, errorCode, message) => {
    const before = (await t.context.database.db.select().from(sandboxCardVaultTokens)).length;
    const res = await post(cardRequest('4242424242424242', change));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message, statusCode: 422, errors: [], errorCode });
    expect(await t.context.database.db.select().from(sandboxCardVaultTokens)).toHaveLength(before);
  });

  it('accepts a card expiring this month and a 2-digit year and a 4-digit code', async () => {
    // The test clock is 2026-11-02.
    expect((await post(cardRequest('4242424242424242', { expMonth: 11, expYear: 2026 }))).statusCode).toBe(
      200,
    );
    expect((await post(cardRequest('4242424242424242', { expMonth: 1, expYear: 29 }))).statusCode).toBe(200);
    expect((await post(cardRequest('378282246310005', { cvc: '1234' }))).statusCode).toBe(200);
  });

  it('needs the name and the billing address', async () => {
    expect((await post(cardRequest('4242424242424242', { name: '' }))).statusCode).toBe(400);
    const { city: _city, ...noCity } = VAULT_ADDRESS;
    expect((await post(cardRequest('4242424242424242', { billingAddress: noCity }))).statusCode).toBe(400);
  });

  it('needs no Ferry session, and is rate-limited per address (30 a minute)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 31; i += 1)
      answers.push((await post(cardRequest('4242424242424242'), '192.0.2.7')).statusCode);
    expect(answers.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    expect((await post(cardRequest('4242424242424242'), '192.0.2.8')).statusCode).toBe(200);
  });

  it('never stores a card number or security code: every row is scanned', async () => {
    for (const number of ALL_NUMBERS) await post(cardRequest(number, { cvc: '9876' }));
    const rows = await t.context.database.db.select().from(sandboxCardVaultTokens);
    expect(rows.length).toBeGreaterThan(10);
    const dump = JSON.stringify(rows);
    for (const number of ALL_NUMBERS) {
      expect(dump).not.toContain(number);
      // Nor the number without its last digit or first 6 + last 4 joined.
      expect(dump).not.toContain(number.slice(0, 12));
    }
    expect(dump).not.toContain('9876');
    const [row] = rows;
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        'attachedAt',
        'billingAddress',
        'brand',
        'createdAt',
        'customerId',
        'detachedAt',
        'expMonth',
        'expYear',
        'fingerprint',
        'funding',
        'id',
        'last4',
        'name',
      ].sort(),
    );
  });

  it('is single use: a token attaches once, and a detached token is gone', async () => {
    const vault = t.context.providers.cardVault;
    if (!isSandboxCardVault(vault)) throw new Error('not the sandbox');
    const token = await vault.tokenize(cardRequest('4242424242424242'));
    const card = await vault.retrieveToken(token.tokenId);
    expect(card).toMatchObject({
      brand: 'VISA',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      funding: 'credit',
      name: 'Jane Doe',
      customerId: null,
      billingAddress: AUSTIN_ADDRESS,
    });
    const attached = await vault.attach({ tokenId: token.tokenId, customerId: 'cus_sandbox_a' });
    expect(attached.customerId).toBe('cus_sandbox_a');
    await expect(vault.attach({ tokenId: token.tokenId, customerId: 'cus_sandbox_b' })).rejects.toMatchObject(
      {
        code: 'TOKEN_ALREADY_USED',
      },
    );
    await vault.detach({ tokenId: token.tokenId });
    await vault.detach({ tokenId: token.tokenId });
    await expect(vault.retrieveToken(token.tokenId)).rejects.toMatchObject({ code: 'TOKEN_NOT_FOUND' });
    await expect(vault.retrieveToken('tok_unknown')).rejects.toMatchObject({ code: 'TOKEN_NOT_FOUND' });
  });
});
