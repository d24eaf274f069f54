import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../platform/idempotency/tables.js';
import { AUSTIN_ADDRESS } from '../../testing/addresses.js';
import { addBusinessMember, makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { activityLogs } from '../activity/tables.js';
import { cards, cardVaultCustomers } from './tables.js';
import { addCardVia, chartAccountNamed, tokenize } from './testing.js';

const t = useTestApp();

const base = (businessId: string) => `/api/business/${businessId}/card-payment`;
const list = async (headers: AuthHeaders, businessId: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${base(businessId)}/cards`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; cardMask: string; isPrimaryCard: boolean; brand: string }[];
};
const patch = (headers: AuthHeaders, url: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers, payload });
const logsOf = (businessId: string) =>
  t.context.database.db.select().from(activityLogs).where(eq(activityLogs.businessId, businessId));

describe('adding a card', () => {
  it('stores only the token, fingerprint, brand, last 4, expiry and funding, and answers the card', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const res = await addCardVia(t, headers, businessId, '4242424242424242');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Card added successfully.');
    expect(res.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      brand: 'VISA',
      cardMask: '4242',
      funding: 'credit',
      expirationMonth: 12,
      expirationYear: 2030,
      nameOnCard: 'Jane Doe',
      isPrimaryCard: true,
      billingAddress: AUSTIN_ADDRESS,
      platformChartOfAccountId: null,
      chartAccountName: null,
      createdAt: '2026-11-02T15:00:00.000Z',
    });
    const rows = await t.context.database.db.select().from(cards).where(eq(cards.businessId, businessId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
    expect(rows[0]).toMatchObject({ vaultProvider: 'sandbox', vaultTokenId: expect.stringMatching(/^tok_/) });
    const [customer] = await t.context.database.db
      .select()
      .from(cardVaultCustomers)
      .where(eq(cardVaultCustomers.businessId, businessId));
    expect(customer?.customerId).toBe(`cus_sandbox_${businessId}`);
    expect((await logsOf(businessId)).map((l) => [l.action, l.label, l.remarks, l.subject])).toEqual([
      ['CARD_ADDED', 'Card added', 'Visa *** 4242', 'PaymentMethod'],
    ]);
    expect(await list(headers, businessId)).toEqual([res.json().data]);
  });

  it('refuses the same card twice (by fingerprint) with 409 DUPLICATE_CARD, and releases the new token', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    expect((await addCardVia(t, headers, businessId, '5555555555554444')).statusCode).toBe(200);
    const again = await tokenize(t, '5555555555554444');
    const res = await t.app.inject({
      method: 'POST',
      url: `${base(businessId)}/card`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { tokenId: again.tokenId, fingerprint: again.fingerprint, isCardSaved: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This card has already been added.',
      statusCode: 409,
      errors: [],
      errorCode: 'DUPLICATE_CARD',
    });
    expect(await list(headers, businessId)).toHaveLength(1);
    // The same card may be added to another business.
    const other = await makeSignedInBusiness(t.context);
    expect((await addCardVia(t, other.headers, other.businessId, '5555555555554444')).statusCode).toBe(200);
  });

  it('a token is single use, must match its fingerprint, and must exist', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const token = await tokenize(t, '6011111111111117');
    const post = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `${base(businessId)}/card`,
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload,
      });
    const wrong = await post({ tokenId: token.tokenId, fingerprint: 'ffffffffffffffff', isCardSaved: true });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('The card details do not match. Please enter the card details again.');
    expect(
      (await post({ tokenId: token.tokenId, fingerprint: token.fingerprint, isCardSaved: true })).statusCode,
    ).toBe(200);
    // Once attached, the token cannot be used again (even by the same business).
    const reused = await post({ tokenId: token.tokenId, fingerprint: token.fingerprint, isCardSaved: true });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(
      'This card token has already been used. Please enter the card details again.',
    );
    const unknown = await post({ tokenId: 'tok_unknown', fingerprint: 'x', isCardSaved: true });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(
      'The card could not be verified. Please enter the card details again.',
    );
    const missing = await t.app.inject({
      method: 'POST',
      url: `${base(businessId)}/card`,
      headers,
      payload: { tokenId: token.tokenId, fingerprint: token.fingerprint },
    });
    expect(missing.json().errorCode).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('keeps an unsaved card out of the list', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const res = await addCardVia(t, headers, businessId, '378282246310005', { isCardSaved: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      brand: 'AMERICAN_EXPRESS',
      cardMask: '0005',
      isPrimaryCard: false,
    });
    expect(await list(headers, businessId)).toEqual([]);
  });

  it('the idempotency store keeps no card number', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    await addCardVia(t, headers, businessId, '3566002020360505');
    expect(JSON.stringify(await t.context.database.db.select().from(idempotencyKeys))).not.toContain(
      '3566002020360505',
    );
  });
});

describe('the primary card, chart links and removal', () => {
  it('first card is primary; marking another moves the flag; the list puts the primary first', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const visa = (await addCardVia(t, headers, businessId, '4242424242424242')).json().data;
    t.clock.advance(1000);
    const debit = (await addCardVia(t, headers, businessId, '4000056655665556')).json().data;
    expect(debit.isPrimaryCard).toBe(false);
    expect((await list(headers, businessId)).map((c) => [c.id, c.isPrimaryCard])).toEqual([
      [visa.id, true],
      [debit.id, false],
    ]);
    const res = await patch(headers, `${base(businessId)}/card/primary`, { cardId: debit.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Primary card updated successfully.');
    expect(
      res.json().data.map((c: { id: string; isPrimaryCard: boolean }) => [c.id, c.isPrimaryCard]),
    ).toEqual([
      [debit.id, true],
      [visa.id, false],
    ]);
    expect(
      (await logsOf(businessId)).filter((l) => l.action === 'CARD_MARKED_PRIMARY').map((l) => l.remarks),
    ).toEqual(['Visa *** 5556']);
  });

  it('links a card to a CREDIT_CARD account only, and unlinks it', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const card = (await addCardVia(t, headers, businessId)).json().data;
    const creditAccount = await chartAccountNamed(t, businessId, 'Business Credit Card');
    const bankAccount = await chartAccountNamed(t, businessId, 'Business Checking');
    const linked = await patch(headers, `${base(businessId)}/card/link-account`, {
      cardId: card.id,
      businessAccountId: creditAccount.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().message).toBe('Card linked to the account successfully.');
    expect(linked.json().data).toMatchObject({
      platformChartOfAccountId: creditAccount.id,
      chartAccountName: 'Business Credit Card',
    });
    expect((await list(headers, businessId))[0]).toMatchObject({ chartAccountName: 'Business Credit Card' });
    const wrongType = await patch(headers, `${base(businessId)}/card/link-account`, {
      cardId: card.id,
      businessAccountId: bankAccount.id,
    });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().message).toBe(
      'Only credit card accounts of the Chart of Accounts can be linked to a card.',
    );
    const other = await makeSignedInBusiness(t.context);
    const theirs = await chartAccountNamed(t, other.businessId, 'Business Credit Card');
    const foreign = await patch(headers, `${base(businessId)}/card/link-account`, {
      cardId: card.id,
      businessAccountId: theirs.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Account not found.');
    const unlinked = await patch(headers, `${base(businessId)}/card/unlink-account`, { cardId: card.id });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().message).toBe('Card unlinked from the account successfully.');
    expect(unlinked.json().data).toMatchObject({ platformChartOfAccountId: null, chartAccountName: null });
    expect((await logsOf(businessId)).map((l) => l.action)).toEqual([
      'CARD_ADDED',
      'CARD_LINKED_TO_ACCOUNT',
      'CARD_UNLINKED_FROM_ACCOUNT',
    ]);
  });

  it('removes a card: detached at the vault, the newest remaining card becomes primary', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const first = (await addCardVia(t, headers, businessId, '4242424242424242')).json().data;
    t.clock.advance(1000);
    const second = (await addCardVia(t, headers, businessId, '5555555555554444')).json().data;
    t.clock.advance(1000);
    const third = (await addCardVia(t, headers, businessId, '6011111111111117')).json().data;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${base(businessId)}/card/${first.id}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Card removed successfully.', data: { id: first.id } });
    expect((await list(headers, businessId)).map((c) => [c.id, c.isPrimaryCard])).toEqual([
      [third.id, true],
      [second.id, false],
    ]);
    const [row] = await t.context.database.db.select().from(cards).where(eq(cards.id, first.id));
    expect(row?.deletedAt).not.toBeNull();
    await expect(t.context.providers.cardVault.retrieveToken(row?.vaultTokenId ?? '')).rejects.toMatchObject({
      code: 'TOKEN_NOT_FOUND',
    });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${base(businessId)}/card/${first.id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Card not found.');
    // A removed card can be added again (with a new token).
    expect((await addCardVia(t, headers, businessId, '4242424242424242')).statusCode).toBe(200);
  });

  it("another business's card is 404 on every card route", async () => {
    const mine = await makeSignedInBusiness(t.context);
    const theirs = await makeSignedInBusiness(t.context);
    const card = (await addCardVia(t, theirs.headers, theirs.businessId)).json().data;
    const calls = [
      patch(mine.headers, `${base(mine.businessId)}/card/primary`, { cardId: card.id }),
      patch(mine.headers, `${base(mine.businessId)}/card/unlink-account`, { cardId: card.id }),
      t.app.inject({
        method: 'DELETE',
        url: `${base(mine.businessId)}/card/${card.id}`,
        headers: mine.headers,
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Card not found.');
    }
    expect(await list(theirs.headers, theirs.businessId)).toHaveLength(1);
  });

  it('a Read-only member may list cards but not change them', async () => {
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const card = (await addCardVia(t, headers, businessId)).json().data;
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const viewerHeaders = await signIn(t.context, viewer);
    expect(await list(viewerHeaders, businessId)).toHaveLength(1);
    const denied = await patch(viewerHeaders, `${base(businessId)}/card/primary`, { cardId: card.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorCode).toBe('ACCESS_DENIED');
    const add = await addCardVia(t, viewerHeaders, businessId, '5555555555554444');
    expect(add.statusCode).toBe(403);
    // A fee quote is a read: open to the viewer (here 0 fee: the payee does not accept cards).
    const other = await makeSignedInBusiness(t.context);
    const quote = await t.app.inject({
      method: 'POST',
      url: `${base(businessId)}/fee-quote`,
      headers: viewerHeaders,
      payload: { baseAmount: 10, payeeId: other.businessId },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data.reason).toBe('PAYEE_NOT_ACCEPTING_CARDS');
  });
});

describe('no answer ever carries a full card number', () => {
  it('scans every card route and the vault route for each test number', async () => {
    const numbers = [
      '4242424242424242',
      '4000056655665556',
      '5555555555554444',
      '5200828282828210',
      '378282246310005',
      '6011111111111117',
      '3056930009020004',
      '3566002020360505',
    ];
    const { businessId, headers } = await makeSignedInBusiness(t.context);
    const bodies: string[] = [];
    const keep = <T extends { body: string }>(res: T) => {
      bodies.push(res.body);
      return res;
    };
    const ids: string[] = [];
    for (const number of numbers) {
      const vault = keep(
        await t.app.inject({
          method: 'POST',
          url: '/api/sandbox/card-vault/tokens',
          remoteAddress: `10.9.0.${ids.length + 1}`,
          payload: {
            number,
            expMonth: 12,
            expYear: 2030,
            cvc: '123',
            name: 'Jane Doe',
            billingAddress: {
              line1: '1 Main St',
              city: 'Austin',
              region: 'TX',
              postal_code: '78701',
              country: 'USA',
            },
          },
        }),
      ).json().data;
      const added = keep(
        await t.app.inject({
          method: 'POST',
          url: `${base(businessId)}/card`,
          headers: { ...headers, 'idempotency-key': randomUUID() },
          payload: { tokenId: vault.tokenId, fingerprint: vault.fingerprint, isCardSaved: true },
        }),
      );
      ids.push(added.json().data.id);
    }
    const account = await chartAccountNamed(t, businessId, 'Corporate Card');
    keep(await t.app.inject({ method: 'GET', url: `${base(businessId)}/cards`, headers }));
    keep(await patch(headers, `${base(businessId)}/card/primary`, { cardId: ids[1] }));
    keep(
      await patch(headers, `${base(businessId)}/card/link-account`, {
        cardId: ids[2],
        businessAccountId: account.id,
      }),
    );
    keep(await patch(headers, `${base(businessId)}/card/unlink-account`, { cardId: ids[2] }));
    keep(await t.app.inject({ method: 'DELETE', url: `${base(businessId)}/card/${ids[3]}`, headers }));
    keep(await t.app.inject({ method: 'GET', url: `${base(businessId)}/merchant-status`, headers }));
    keep(
      await t.app.inject({
        method: 'POST',
        url: `${base(businessId)}/fee-quote`,
        headers,
        payload: { baseAmount: 10, payeeId: businessId },
      }),
    );
    keep(
      await t.app.inject({
        method: 'GET',
        url: `/api/business/${businessId}/user-activity-logs?entityType=cards&entityId=${ids[0]}`,
        headers,
      }),
    );
    expect(bodies.length).toBeGreaterThan(20);
    const all = bodies.join('\n');
    for (const number of numbers) {
      expect(all).not.toContain(number);
      expect(all).not.toContain(number.slice(0, 12));
    }
    const stored = JSON.stringify(await t.context.database.db.select().from(cards));
    for (const number of numbers) expect(stored).not.toContain(number);
  });
});
