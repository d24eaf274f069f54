import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import { addBusinessMember, makeSignedInBusiness, makeUser, signIn } from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { activityLogs } from '../activity/tables.js';
import { rethrowContactConflict, violatedUniqueIndex } from './access.js';
import { contacts } from './tables.js';

const t = useTestApp();

const setup = () => makeSignedInBusiness(t.context);

const base = (businessId: string, plural: 'vendors' | 'customers' = 'vendors') =>
  `/api/business/${businessId}/accounting/contacts/${plural}`;

const post = (headers: AuthHeaders, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const patch = (headers: AuthHeaders, url: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url, headers, payload: payload as object });
const get = (headers: AuthHeaders, url: string) => t.app.inject({ method: 'GET', url, headers });

const FULL_VENDOR = {
  name: 'Harbor Supplies',
  email: 'billing@harbor.example',
  secondaryEmails: ['ap@harbor.example', 'owner@harbor.example'],
  phoneNumber: { countryISOCode: 'US', dialCode: '1', phoneNumber: '2015550123' },
  addresses: {
    billing: {
      addressLine1: '100 Congress Ave',
      addressLine2: '',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      country: 'US',
    },
  },
};

const activityOf = (contactId: string) =>
  t.context.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, 'contacts'), eq(activityLogs.entityId, contactId)));

const messagesOf = (body: { errors: { message: string }[] }) => body.errors.map((e) => e.message);

describe('adding a vendor', () => {
  it('stores the whole form and answers the contact view, with an activity entry', async () => {
    const { businessId, headers, owner } = await setup();
    const res = await post(headers, base(businessId), FULL_VENDOR);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Successfully saved.');
    const view = res.json().data;
    expect(view).toMatchObject({
      type: 'VENDOR',
      name: 'Harbor Supplies',
      email: 'billing@harbor.example',
      secondaryEmails: ['ap@harbor.example', 'owner@harbor.example'],
      phones: { default: { phoneNumber: '2015550123', phoneCountryCode: '1', countryISOCode: 'US' } },
      addresses: {
        billing: { addressLine1: '100 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701' },
      },
      taxId: null,
      fbnBusiness: null,
      needsFinalize: false,
      documentsCount: 0,
    });
    const entries = await activityOf(view.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'CONTACT_CREATED',
      label: 'Vendor added',
      actorType: 'USER',
      actorUserId: owner.id,
      actorName: `${owner.firstName} ${owner.lastName}`,
      subject: 'PayManageVendors',
    });
    expect((await get(headers, `${base(businessId)}/${view.id}`)).json().data).toEqual(view);
  });

  it('takes a phone left empty and an empty address as none', async () => {
    const { businessId, headers } = await setup();
    const res = await post(headers, base(businessId), {
      name: 'Plain Vendor',
      email: 'plain@vendor.example',
      phoneNumber: { countryISOCode: 'US', dialCode: '1', phoneNumber: '' },
      addresses: {
        billing: { addressLine1: '', addressLine2: '', city: '', state: '', zipCode: '', country: '' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.phones.default).toBeNull();
    expect(res.json().data.addresses.billing).toBeNull();
  });

  it.each([
    [{ name: '' }, 'Name is required.'],
    [{ name: 'A'.repeat(26) }, 'Name cannot exceed 25 characters.'],
    [{ name: 'Acme 2' }, 'Name can only contain letters and spaces'],
    [{ name: '   ' }, 'Name cannot contain only spaces.'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [
      { phoneNumber: { countryISOCode: 'US', dialCode: '1', phoneNumber: '123' } },
      'Please enter valid phone number.',
    ],
    [
      {
        addresses: {
          billing: { addressLine1: '', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US' },
        },
      },
      'Address Line 1 is required.',
    ],
    [
      {
        addresses: {
          billing: { addressLine1: '1 Main', city: '', state: 'TX', zipCode: '78701', country: 'US' },
        },
      },
      'City is required.',
    ],
    [
      {
        addresses: {
          billing: { addressLine1: '1 Main', city: 'Austin', state: 'TX', zipCode: '', country: 'US' },
        },
      },
      'Zip Code is required.',
    ],
    [
      {
        addresses: {
          billing: { addressLine1: '1 Main', city: 'Austin', state: 'TX', zipCode: '78701', country: '' },
        },
      },
      'Country is required.',
    ],
    [
      {
        addresses: {
          billing: {
            addressLine1: '1 Main',
            city: 'A'.repeat(41),
            state: 'TX',
            zipCode: '78701',
            country: 'US',
          },
        },
      },
      'City name is too long.',
    ],
    [
      {
        addresses: {
          billing: {
            addressLine1: '1 Main',
            city: 'Austin',
            state: 'TX',
            zipCode: '1234567890',
            country: 'US',
          },
        },
      },
      'Zip Code is too long.',
    ],
    [
      {
        secondaryEmails: [
          'a@x.example',
          'b@x.example',
          'c@x.example',
          'd@x.example',
          'e@x.example',
          'f@x.example',
        ],
      },
      'Maximum 5 secondary emails allowed',
    ],
    [{ secondaryEmails: ['dup@x.example', 'DUP@x.example'] }, 'Duplicate email address.'],
    [{ secondaryEmails: ['BILLING@harbor.example'] }, 'Secondary email cannot be the same as primary email.'],
  ])('refuses %j with "%s" (400, nothing stored)', async (change, message) => {
    const { businessId, headers } = await setup();
    const res = await post(headers, base(businessId), { ...FULL_VENDOR, secondaryEmails: [], ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(messagesOf(res.json())).toContain(message);
    const rows = await t.context.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.businessId, businessId));
    expect(rows).toHaveLength(0);
    const logs = await t.context.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.businessId, businessId));
    expect(logs).toHaveLength(0);
  });

  it('allows 5 secondary emails for a vendor', async () => {
    const { businessId, headers } = await setup();
    const five = ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example', 'e@x.example'];
    const res = await post(headers, base(businessId), { ...FULL_VENDOR, secondaryEmails: five });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a second vendor with the same email, case-insensitively (409), but not a customer', async () => {
    const { businessId, headers } = await setup();
    expect((await post(headers, base(businessId), FULL_VENDOR)).statusCode).toBe(200);
    const again = await post(headers, base(businessId), { ...FULL_VENDOR, email: 'BILLING@Harbor.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A vendor with this email already exists.');
    const customer = await post(headers, base(businessId, 'customers'), {
      ...FULL_VENDOR,
      secondaryEmails: [],
    });
    expect(customer.statusCode, customer.body).toBe(200);
    const customerAgain = await post(headers, base(businessId, 'customers'), {
      ...FULL_VENDOR,
      secondaryEmails: [],
    });
    expect(customerAgain.statusCode).toBe(409);
    expect(customerAgain.json().message).toBe('A customer with this email already exists.');
  });

  it('two adds of the same email at once: one wins, the other is 409 (the unique index decides)', async () => {
    const { businessId, headers } = await setup();
    const results = await Promise.all([
      post(headers, base(businessId), FULL_VENDOR),
      post(headers, base(businessId), { ...FULL_VENDOR, email: 'Billing@Harbor.example' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = results.find((r) => r.statusCode === 409);
    expect(conflict?.json().message).toBe('A vendor with this email already exists.');
    const logs = await t.context.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.businessId, businessId));
    expect(logs).toHaveLength(1);
  });

  it('the database itself refuses a duplicate email, and names the index the service maps to 409', async () => {
    const { businessId } = await setup();
    await makeContact(t.context, { businessId, email: 'same@dup.example' });
    const error = await makeContact(t.context, { businessId, email: 'SAME@dup.example' }).catch(
      (e: unknown) => e,
    );
    expect(violatedUniqueIndex(error)).toBe('contacts_email_unique');
    expect(() => rethrowContactConflict(error, 'VENDOR')).toThrow('A vendor with this email already exists.');
  });

  it('the same email in another business is fine', async () => {
    const a = await setup();
    const b = await setup();
    expect((await post(a.headers, base(a.businessId), FULL_VENDOR)).statusCode).toBe(200);
    expect((await post(b.headers, base(b.businessId), FULL_VENDOR)).statusCode).toBe(200);
  });
});

describe('customers', () => {
  it('allow at most 3 additional emails with their own messages', async () => {
    const { businessId, headers } = await setup();
    const four = ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example'];
    const res = await post(headers, base(businessId, 'customers'), { ...FULL_VENDOR, secondaryEmails: four });
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res.json())).toContain('Maximum 3 additional emails allowed.');
    const same = await post(headers, base(businessId, 'customers'), {
      ...FULL_VENDOR,
      secondaryEmails: ['billing@HARBOR.example'],
    });
    expect(messagesOf(same.json())).toContain('Additional email cannot be the same as primary email.');
    const ok = await post(headers, base(businessId, 'customers'), {
      ...FULL_VENDOR,
      secondaryEmails: four.slice(1),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Customer added successfully.');
    expect((await activityOf(ok.json().data.id))[0]?.label).toBe('Customer added');
  });

  it('a customer id is not a vendor (404) and the other way round', async () => {
    const { businessId, headers } = await setup();
    const customer = await makeContact(t.context, { businessId, type: 'CUSTOMER' });
    const res = await get(headers, `${base(businessId)}/${customer.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Vendor not found.');
    expect((await get(headers, `${base(businessId, 'customers')}/${customer.id}`)).statusCode).toBe(200);
    const missing = await get(headers, `${base(businessId, 'customers')}/0123456789abcdef01234567`);
    expect(missing.json().message).toBe('Customer not found.');
  });

  it("another business's contact is 404", async () => {
    const a = await setup();
    const b = await setup();
    const theirs = await makeContact(t.context, { businessId: b.businessId });
    expect((await get(a.headers, `${base(a.businessId)}/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await patch(a.headers, `${base(a.businessId)}/${theirs.id}`, { name: 'Mine Now' })).statusCode,
    ).toBe(404);
  });
});

describe('inline add', () => {
  it('adds with name and email only, to be finalized', async () => {
    const { businessId, headers } = await setup();
    const res = await post(headers, `${base(businessId)}/inline`, {
      name: 'Acme-2 Parts',
      email: 'acme@parts.example',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Acme-2 Parts', needsFinalize: true });
    const id = res.json().data.id;
    const done = await patch(headers, `${base(businessId)}/${id}`, { secondaryEmails: [] });
    expect(done.json().data.needsFinalize).toBe(false);
    expect((await activityOf(id)).map((e) => e.remarks)).toContain('Details finalized');
  });

  it.each([
    [{ name: '', email: 'a@b.example' }, 'Name is required'],
    [{ name: 'A'.repeat(51), email: 'a@b.example' }, 'Maximum 50 characters allowed'],
    [{ name: 'Acme & Co', email: 'a@b.example' }, 'Use only letters, numbers, spaces, or hyphens'],
    [{ name: 'Acme', email: '' }, 'Email is required'],
    [{ name: 'Acme', email: `${'a'.repeat(45)}@b.example` }, 'Maximum 50 characters allowed'],
    [{ name: 'Acme', email: 'nope' }, 'Invalid email address'],
  ])('refuses %j with "%s"', async (body, message) => {
    const { businessId, headers } = await setup();
    const res = await post(headers, `${base(businessId, 'customers')}/inline`, body);
    expect(res.statusCode).toBe(400);
    expect(messagesOf(res.json())).toContain(message);
  });
});

describe('editing', () => {
  it('replaces the fields given, clears the phone with null, checks emails against the stored primary', async () => {
    const { businessId, headers } = await setup();
    const id = (await post(headers, base(businessId), FULL_VENDOR)).json().data.id;
    const res = await patch(headers, `${base(businessId)}/${id}`, {
      name: 'Harbor Goods',
      phoneNumber: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Harbor Goods',
      email: 'billing@harbor.example',
      phones: { default: null },
      secondaryEmails: FULL_VENDOR.secondaryEmails,
    });
    const same = await patch(headers, `${base(businessId)}/${id}`, {
      secondaryEmails: ['Billing@harbor.example'],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Secondary email cannot be the same as primary email.');
    const cleared = await patch(headers, `${base(businessId)}/${id}`, {
      addresses: { billing: { addressLine1: '', city: '', state: '', zipCode: '', country: '' } },
    });
    expect(cleared.json().data.addresses.billing).toBeNull();
    const updates = (await activityOf(id)).filter((e) => e.action === 'CONTACT_UPDATED');
    expect(updates).toHaveLength(2);
    expect(updates[0]?.label).toBe('Vendor details updated');
  });

  it('an empty edit changes nothing and writes no activity; malformed requests are 400, never 500', async () => {
    const { businessId, headers } = await setup();
    const id = (await post(headers, base(businessId), FULL_VENDOR)).json().data.id;
    const res = await patch(headers, `${base(businessId)}/${id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await activityOf(id)).map((e) => e.action)).toEqual(['CONTACT_CREATED']);
    const badJson = await t.app.inject({
      method: 'POST',
      url: base(businessId),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(badJson.statusCode).toBe(400);
    expect((await post(headers, base(businessId), { name: 42, email: ['x'] })).statusCode).toBe(400);
    expect(
      (await patch(headers, `${base(businessId)}/${id}`, { secondaryEmails: 'a@b.example' })).statusCode,
    ).toBe(400);
    expect((await get(headers, `${base(businessId)}/not-an-id`)).statusCode).toBe(404);
  });

  it('refuses an email another vendor has (409) and writes no activity', async () => {
    const { businessId, headers } = await setup();
    await post(headers, base(businessId), FULL_VENDOR);
    const other = await post(headers, base(businessId), {
      ...FULL_VENDOR,
      email: 'other@harbor.example',
      secondaryEmails: [],
    });
    const id = other.json().data.id;
    const res = await patch(headers, `${base(businessId)}/${id}`, { email: 'Billing@harbor.example' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A vendor with this email already exists.');
    expect((await activityOf(id)).map((e) => e.action)).toEqual(['CONTACT_CREATED']);
  });

  it('customers answer their own message', async () => {
    const { businessId, headers } = await setup();
    const customer = await makeContact(t.context, { businessId, type: 'CUSTOMER' });
    const res = await patch(headers, `${base(businessId, 'customers')}/${customer.id}`, {
      secondaryEmails: ['x@y.example'],
    });
    expect(res.json().message).toBe('Customer details updated successfully.');
    expect((await activityOf(customer.id))[0]?.label).toBe('Customer details updated');
  });
});

describe('tax id', () => {
  const url = (businessId: string, id: string) => `${base(businessId)}/${id}/tax-id`;

  it.each([
    ['12-3456789', '12-3456789'],
    [' 123456789 ', '12-3456789'],
    ['12 345 6789', '12-3456789'],
  ])('normalises %j', async (taxId, shown) => {
    const { businessId, headers } = await setup();
    const vendor = await makeContact(t.context, { businessId });
    const res = await patch(headers, url(businessId, vendor.id), { taxId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.taxId).toBe(shown);
    const [row] = await t.context.database.db.select().from(contacts).where(eq(contacts.id, vendor.id));
    expect(row?.taxId).toBe('123456789');
    const entries = await activityOf(vendor.id);
    expect(entries.map((e) => [e.action, e.label, e.remarks])).toEqual([
      ['TAX_ID_UPDATED', 'Tax ID updated', '*** 6789'],
    ]);
  });

  it.each([
    [{ taxId: '' }, 'Tax ID is required.'],
    [{ taxId: '  -- ' }, 'Tax ID is required.'],
    [{}, 'Tax ID is required.'],
    [{ taxId: '12-34567' }, 'Invalid Tax ID.'],
    [{ taxId: '12-345678A' }, 'Invalid Tax ID.'],
    [{ taxId: '1234567890' }, 'Invalid Tax ID.'],
  ])('refuses %j with "%s" and writes nothing', async (body, message) => {
    const { businessId, headers } = await setup();
    const vendor = await makeContact(t.context, { businessId });
    const res = await patch(headers, url(businessId, vendor.id), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await activityOf(vendor.id)).toHaveLength(0);
  });

  it('is for vendors only and masked for members who may only read', async () => {
    const { businessId, headers } = await setup();
    const customer = await makeContact(t.context, { businessId, type: 'CUSTOMER' });
    expect((await patch(headers, url(businessId, customer.id), { taxId: '123456789' })).statusCode).toBe(404);
    const vendor = await makeContact(t.context, { businessId, taxId: '123456789' });
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const viewerHeaders = await signIn(t.context, viewer);
    expect((await get(viewerHeaders, `${base(businessId)}/${vendor.id}`)).json().data.taxId).toBe('*** 6789');
    expect((await get(headers, `${base(businessId)}/${vendor.id}`)).json().data.taxId).toBe('12-3456789');
    const denied = await patch(viewerHeaders, url(businessId, vendor.id), { taxId: '987654321' });
    expect(denied.statusCode).toBe(403);
  });
});

describe('lists', () => {
  async function seed() {
    const s = await setup();
    const names = ['delta Co', 'Alpha', 'charlie', 'Bravo', 'echo_%'];
    for (const [i, name] of names.entries()) {
      t.clock.advance(60_000);
      await makeContact(t.context, { businessId: s.businessId, name, email: `z${i}@list.example` });
    }
    await makeContact(t.context, { businessId: s.businessId, type: 'CUSTOMER', name: 'Customer One' });
    return s;
  }

  it('sorts by name ascending by default, case-insensitively, with paging', async () => {
    const { businessId, headers } = await seed();
    const res = await get(headers, `${base(businessId)}?pageSize=2`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 5, pageNumber: 1, pageSize: 2 });
    expect(res.json().data.items.map((i: { name: string }) => i.name)).toEqual(['Alpha', 'Bravo']);
    const page3 = await get(headers, `${base(businessId)}?pageSize=2&pageNumber=3`);
    expect(page3.json().data.items.map((i: { name: string }) => i.name)).toEqual(['echo_%']);
    const defaults = await get(headers, base(businessId));
    expect(defaults.json().data.pageSize).toBe(10);
  });

  it('sorts by email or date, either way', async () => {
    const { businessId, headers } = await seed();
    const byEmail = await get(headers, `${base(businessId)}?sortBy=email&sortOrder=desc`);
    expect(byEmail.json().data.items[0].email).toBe('z4@list.example');
    const byDate = await get(headers, `${base(businessId)}?sortBy=createdAt&sortOrder=desc`);
    expect(byDate.json().data.items[0].name).toBe('echo_%');
  });

  it('searches name and email; % and _ are plain characters', async () => {
    const { businessId, headers } = await seed();
    const search = async (term: string) =>
      (await get(headers, `${base(businessId)}?searchTerm=${encodeURIComponent(term)}`))
        .json()
        .data.items.map((i: { name: string }) => i.name);
    expect(await search('ALP')).toEqual(['Alpha']);
    expect(await search('z3@')).toEqual(['Bravo']);
    expect(await search('_%')).toEqual(['echo_%']);
    expect(await search('%')).toEqual(['echo_%']);
  });

  it.each([
    ['searchTerm', 'x'.repeat(31), 'Search term cannot exceed 30 characters.'],
    ['pageSize', '101', undefined],
    ['pageSize', '0', undefined],
    ['sortBy', 'phone', undefined],
    ['sortOrder', 'up', undefined],
    ['pageNumber', 'abc', undefined],
  ])('refuses %s=%s with 400', async (key, value, message) => {
    const { businessId, headers } = await setup();
    const res = await get(headers, `${base(businessId)}?${key}=${value}`);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it('pickers answer page 1 of 100 by name', async () => {
    const { businessId, headers } = await seed();
    const vendors = await get(headers, `/api/business/${businessId}/accounting/contacts/bill-vendors`);
    expect(vendors.statusCode, vendors.body).toBe(200);
    expect(vendors.json().data).toMatchObject({ total: 5, pageNumber: 1, pageSize: 100 });
    const customers = await get(
      headers,
      `/api/business/${businessId}/accounting/contacts/invoice-customers?searchTerm=one`,
    );
    expect(customers.json().data.items.map((i: { name: string }) => i.name)).toEqual(['Customer One']);
    const tooLong = await get(
      headers,
      `/api/business/${businessId}/accounting/contacts/bill-vendors?searchTerm=${'y'.repeat(31)}`,
    );
    expect(tooLong.json().message).toBe('Search term cannot exceed 30 characters.');
  });
});

describe('rights', () => {
  it('a member who manages customers only cannot read or change vendors', async () => {
    const { businessId } = await setup();
    const member = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId,
      user: member,
      permissions: ['GET_PAID_MANAGE_CUSTOMERS.manage'],
    });
    const headers = await signIn(t.context, member);
    expect((await get(headers, base(businessId))).statusCode).toBe(403);
    expect((await post(headers, base(businessId), FULL_VENDOR)).statusCode).toBe(403);
    expect((await get(headers, base(businessId, 'customers'))).statusCode).toBe(200);
    const res = await post(headers, base(businessId, 'customers'), { ...FULL_VENDOR, secondaryEmails: [] });
    expect(res.statusCode, res.body).toBe(200);
  });
});
