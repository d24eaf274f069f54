import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../platform/idempotency/tables.js';
import { makeContact, VALID_BANK } from '../../testing/contact-factories.js';
import {
  addBusinessMember,
  makeBusiness,
  makeSignedInBusiness,
  makeUser,
  signIn,
} from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { activityLogs } from '../activity/tables.js';
import { contacts } from '../contacts/tables.js';
import { revealAccountNumber } from './service.js';
import { vendorBankAccounts } from './tables.js';

const t = useTestApp();

async function setup() {
  const { businessId, owner, headers } = await makeSignedInBusiness(t.context);
  const vendor = await makeContact(t.context, { businessId });
  return { businessId, owner, vendor, headers };
}

const addUrl = (businessId: string) => `/api/business/${businessId}/banking/connection/vendor-account`;
const listUrl = (businessId: string, vendorId: string) =>
  `/api/business/${businessId}/vendor/bank-accounts?vendorId=${vendorId}`;
const primaryUrl = (businessId: string) =>
  `/api/business/${businessId}/banking/connection/vendor-account/mark-as-primary`;

const add = (headers: AuthHeaders, businessId: string, payload: object, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: addUrl(businessId),
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload,
  });

const logsOf = (businessId: string) =>
  t.context.database.db.select().from(activityLogs).where(eq(activityLogs.businessId, businessId));

describe('adding bank details', () => {
  it('stores the account number encrypted, answers only its mask, and logs the change', async () => {
    const { businessId, vendor, headers } = await setup();
    const res = await add(headers, businessId, { ...VALID_BANK, vendorId: vendor.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Bank details added successfully.');
    expect(res.json().data).toMatchObject({
      vendorId: vendor.id,
      bankName: 'First Harbor Bank',
      accountType: 'BUSINESS_CHECKING',
      subtype: 'BUSINESS_CHECKING',
      accountHolderName: 'Harbor Supplies',
      routingNumber: '011000015',
      accountMask: '0123',
      isPrimary: true,
      verificationStatus: 'PENDING',
      accountStatus: 'UNDER_REVIEW',
      badge: 'Under Review',
    });
    expect(res.body).not.toContain(VALID_BANK.accountNumber);
    const [row] = await t.context.database.db
      .select()
      .from(vendorBankAccounts)
      .where(eq(vendorBankAccounts.contactId, vendor.id));
    if (!row) throw new Error('no row');
    expect(row.accountNumberCiphertext).not.toContain(VALID_BANK.accountNumber);
    expect(JSON.stringify(row)).not.toContain(VALID_BANK.accountNumber);
    expect(revealAccountNumber(t.context, row)).toBe(VALID_BANK.accountNumber);
    // The idempotency store keeps the answer, not the request.
    const remembered = await t.context.database.db.select().from(idempotencyKeys);
    expect(JSON.stringify(remembered)).not.toContain(VALID_BANK.accountNumber);

    const list = await t.app.inject({ method: 'GET', url: listUrl(businessId, vendor.id), headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain(VALID_BANK.accountNumber);
    expect(list.json().data).toMatchObject({ managedByVendor: false, items: [{ accountMask: '0123' }] });
    const logs = await logsOf(businessId);
    expect(logs.map((l) => [l.action, l.label, l.remarks])).toEqual([
      ['BANK_ACCOUNT_ADDED', 'Bank details added', 'First Harbor Bank *** 0123'],
    ]);
    expect(JSON.stringify(logs)).not.toContain(VALID_BANK.accountNumber);
  });

  it.each([
    [{ bankName: '' }, 'Bank name is required.'],
    [{ accountType: 'PERSONAL_CHECKING' }, 'Account type is required.'],
    [{ accountHolderName: '' }, 'Account Holders Name is required.'],
    [{ routingNumber: '' }, 'Routing number is required.'],
    [{ routingNumber: '12345678' }, 'Routing number must be exactly 9 digits.'],
    [{ routingNumber: '12345678a' }, 'Routing number must be exactly 9 digits.'],
    [{ routingNumber: '123456789' }, 'Routing number is invalid.'],
    [{ accountNumber: '', confirmAccountNumber: '' }, 'Account number is required.'],
    [{ accountNumber: '1234', confirmAccountNumber: '1234' }, 'Account number must be 5 to 17 digits.'],
    [
      { accountNumber: '1'.repeat(18), confirmAccountNumber: '1'.repeat(18) },
      'Account number must be 5 to 17 digits.',
    ],
    [{ confirmAccountNumber: '' }, 'Please confirm the account number.'],
    [{ confirmAccountNumber: '9876543210124' }, 'Account numbers do not match.'],
    [{ consent: false }, 'Please tick the consent to continue.'],
    [{ consent: undefined }, 'Please tick the consent to continue.'],
  ])('refuses %j with "%s" and stores nothing', async (change, message) => {
    const { businessId, vendor, headers } = await setup();
    const res = await add(headers, businessId, { ...VALID_BANK, vendorId: vendor.id, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toContain(message);
    expect(res.body).not.toContain(VALID_BANK.accountNumber);
    expect(
      await t.context.database.db
        .select()
        .from(vendorBankAccounts)
        .where(eq(vendorBankAccounts.contactId, vendor.id)),
    ).toHaveLength(0);
    expect(await logsOf(businessId)).toHaveLength(0);
  });

  it('needs an Idempotency-Key and replays the first answer for the same key', async () => {
    const { businessId, vendor, headers } = await setup();
    const missing = await add(headers, businessId, { ...VALID_BANK, vendorId: vendor.id }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorCode).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const key = randomUUID();
    const first = await add(headers, businessId, { ...VALID_BANK, vendorId: vendor.id }, key);
    const again = await add(headers, businessId, { ...VALID_BANK, vendorId: vendor.id }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(
      await t.context.database.db
        .select()
        .from(vendorBankAccounts)
        .where(eq(vendorBankAccounts.contactId, vendor.id)),
    ).toHaveLength(1);
    expect(await logsOf(businessId)).toHaveLength(1);
  });

  it("an unknown vendor, a customer, or another business's vendor is 404", async () => {
    const { businessId, headers } = await setup();
    const customer = await makeContact(t.context, { businessId, type: 'CUSTOMER' });
    const other = await setup();
    for (const vendorId of ['0123456789abcdef01234567', customer.id, other.vendor.id, 'nope']) {
      const res = await add(headers, businessId, { ...VALID_BANK, vendorId });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Vendor not found.');
      const list = await t.app.inject({ method: 'GET', url: listUrl(businessId, vendorId), headers });
      expect(list.statusCode).toBe(404);
    }
  });
});

describe('the primary bank', () => {
  it('is the last added until one is flagged; then the flagged one, even after more are added', async () => {
    const { businessId, vendor, headers } = await setup();
    const ids: string[] = [];
    for (const bankName of ['Bank One', 'Bank Two']) {
      t.clock.advance(1000);
      ids.push(
        (await add(headers, businessId, { ...VALID_BANK, bankName, vendorId: vendor.id })).json().data.id,
      );
    }
    const primaryOf = async () =>
      (await t.app.inject({ method: 'GET', url: listUrl(businessId, vendor.id), headers }))
        .json()
        .data.items.filter((i: { isPrimary: boolean }) => i.isPrimary)
        .map((i: { bankName: string }) => i.bankName);
    expect(await primaryOf()).toEqual(['Bank Two']);
    const marked = await t.app.inject({
      method: 'PATCH',
      url: primaryUrl(businessId),
      headers,
      payload: { vendorId: vendor.id, bankAccountId: ids[0] },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().message).toBe('Primary bank updated.');
    expect(await primaryOf()).toEqual(['Bank One']);
    t.clock.advance(1000);
    await add(headers, businessId, { ...VALID_BANK, bankName: 'Bank Three', vendorId: vendor.id });
    expect(await primaryOf()).toEqual(['Bank One']);
    const logs = await logsOf(businessId);
    expect(
      logs.filter((l) => l.action === 'BANK_ACCOUNT_MARKED_PRIMARY').map((l) => [l.label, l.remarks]),
    ).toEqual([['Primary bank changed', 'Bank One *** 0123']]);
  });

  it('of another vendor is 404 and changes nothing', async () => {
    const { businessId, vendor, headers } = await setup();
    const other = await makeContact(t.context, { businessId });
    const bank = (await add(headers, businessId, { ...VALID_BANK, vendorId: other.id })).json().data;
    const res = await t.app.inject({
      method: 'PATCH',
      url: primaryUrl(businessId),
      headers,
      payload: { vendorId: vendor.id, bankAccountId: bank.id },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Bank account not found.');
    expect((await logsOf(businessId)).map((l) => l.action)).toEqual(['BANK_ACCOUNT_ADDED']);
  });
});

describe('a vendor on the Ferry network', () => {
  it('manages its own bank details: the payer sees none and cannot add or change them', async () => {
    const { businessId, headers } = await setup();
    const network = await makeBusiness(t.context, { businessName: 'Network Vendor LLC' });
    const vendor = await makeContact(t.context, { businessId });
    const bank = (await add(headers, businessId, { ...VALID_BANK, vendorId: vendor.id })).json().data;
    await t.context.database.db
      .update(contacts)
      .set({ networkBusinessId: network.businessId })
      .where(eq(contacts.id, vendor.id));
    const list = await t.app.inject({ method: 'GET', url: listUrl(businessId, vendor.id), headers });
    expect(list.json().data).toEqual({ managedByVendor: true, items: [] });
    const res = await add(headers, businessId, { ...VALID_BANK, vendorId: vendor.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Bank details of a network vendor are managed by the vendor.');
    const mark = await t.app.inject({
      method: 'PATCH',
      url: primaryUrl(businessId),
      headers,
      payload: { vendorId: vendor.id, bankAccountId: bank.id },
    });
    expect(mark.statusCode).toBe(403);
    expect((await logsOf(businessId)).map((l) => l.action)).toEqual(['BANK_ACCOUNT_ADDED']);
  });
});

describe('rights', () => {
  it('a read-only member sees masks but cannot add or mark', async () => {
    const { businessId, vendor, headers } = await setup();
    const bank = (await add(headers, businessId, { ...VALID_BANK, vendorId: vendor.id })).json().data;
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const viewerHeaders = await signIn(t.context, viewer);
    const list = await t.app.inject({
      method: 'GET',
      url: listUrl(businessId, vendor.id),
      headers: viewerHeaders,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(VALID_BANK.accountNumber);
    expect((await add(viewerHeaders, businessId, { ...VALID_BANK, vendorId: vendor.id })).statusCode).toBe(
      403,
    );
    const mark = await t.app.inject({
      method: 'PATCH',
      url: primaryUrl(businessId),
      headers: viewerHeaders,
      payload: { vendorId: vendor.id, bankAccountId: bank.id },
    });
    expect(mark.statusCode).toBe(403);
  });
});
