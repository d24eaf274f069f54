import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import {
  addBusinessMember,
  makeBusiness,
  makeSignedInBusiness,
  makeUser,
  signIn,
} from '../../testing/factories.js';
import { type AuthHeaders, useTestApp } from '../../testing/test-app.js';
import { activityLogs } from '../activity/tables.js';
import { businesses } from '../businesses/tables.js';
import { messages } from '../notifications/tables.js';
import { updatePreferences } from '../preferences/service.js';

const t = useTestApp();

const setup = () => makeSignedInBusiness(t.context, { businessName: `Caller ${newId().slice(0, 6)}` });

/** A network business with a unique word in its name, a website and a billing address. */
async function networkBusiness(name: string, options: { discoverable?: boolean } = {}) {
  const created = await makeBusiness(t.context, { businessName: name });
  await updatePreferences({
    db: t.context.database.db,
    clock: t.context.clock,
    businessId: created.businessId,
    userId: created.owner.id,
    update: {
      website: 'https://harbor.example',
      addresses: {
        billing: {
          addressLine1: '1 Dock St',
          addressLine2: '',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          country: 'US',
        },
      },
    },
  });
  if (options.discoverable === false) {
    await t.context.database.db
      .update(businesses)
      .set({ isDiscoverable: false })
      .where(eq(businesses.id, created.businessId));
  }
  return created;
}

const search = (headers: AuthHeaders, businessId: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/business/${businessId}/search?${query}`, headers });
const post = (headers: AuthHeaders, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const logsOf = (businessId: string) =>
  t.context.database.db.select().from(activityLogs).where(eq(activityLogs.businessId, businessId));

describe('network search', () => {
  it('lists discoverable businesses other than the caller, by name, 10 a page', async () => {
    const word = `Zq${newId().slice(0, 8)}`;
    const { businessId, headers } = await setup();
    const found = await networkBusiness(`${word} Harbor LLC`);
    await networkBusiness(`${word} Hidden LLC`, { discoverable: false });
    for (let i = 0; i < 11; i += 1)
      await makeBusiness(t.context, { businessName: `${word} Bulk ${String(i).padStart(2, '0')}` });
    await t.context.database.db
      .update(businesses)
      .set({ businessName: `${word} Mine` })
      .where(eq(businesses.id, businessId));

    const res = await search(headers, businessId, `businessName=${word.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 12, pageNumber: 1, pageSize: 10 });
    expect(data.items).toHaveLength(10);
    expect(data.items.map((i: { businessName: string }) => i.businessName)).not.toContain(`${word} Mine`);
    const page2 = (await search(headers, businessId, `businessName=${word}&pageNumber=2`)).json().data;
    expect(page2.items.map((i: { businessName: string }) => i.businessName)).toEqual([
      `${word} Bulk 10`,
      `${word} Harbor LLC`,
    ]);
    expect(page2.items[1]).toEqual({
      id: found.businessId,
      businessName: `${word} Harbor LLC`,
      businessEmail: found.owner.email,
      website: 'https://harbor.example',
      addresses: {
        billing: {
          addressLine1: '1 Dock St',
          addressLine2: '',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          country: 'US',
        },
      },
      verificationStatus: 'FULL_VERIFIED',
    });
  });

  it.each(['', 'ab', '  ab  '])('wants at least 3 characters (%j)', async (term) => {
    const { businessId, headers } = await setup();
    const res = await search(headers, businessId, `businessName=${encodeURIComponent(term)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter at least 3 characters.');
    const none = await search(headers, businessId, '');
    expect(none.json().message).toBe('Please enter at least 3 characters.');
  });

  it('finds nothing for a name nobody has; % is a plain character', async () => {
    const { businessId, headers } = await setup();
    const res = await search(headers, businessId, `businessName=${encodeURIComponent('%%%')}`);
    expect(res.json().data).toMatchObject({ total: 0, items: [] });
  });
});

describe('adding a network business', () => {
  it.each([
    ['vendors/business', 'VENDOR', 'Vendor added successfully.', 'Vendor added'],
    ['customers/business', 'CUSTOMER', 'Customer added successfully.', 'Customer added'],
    ['accounting/contacts/fnb-vendor', 'VENDOR', 'Vendor added successfully.', 'Vendor added'],
    ['accounting/contacts/fnb-customer', 'CUSTOMER', 'Customer added successfully.', 'Customer added'],
  ])('POST %s makes a linked contact (once)', async (path, type, message, label) => {
    const { businessId, headers } = await setup();
    const network = await networkBusiness(`Harbor Network ${newId().slice(0, 6)}`);
    const url = `/api/business/${businessId}/${path}`;
    const res = await post(headers, url, { fbnBusinessId: network.businessId, entityType: type });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(message);
    const view = res.json().data;
    expect(view).toMatchObject({
      type,
      email: network.owner.email,
      needsFinalize: false,
      addresses: { billing: { addressLine1: '1 Dock St', city: 'Austin' } },
      fbnBusiness: {
        businessId: network.businessId,
        website: 'https://harbor.example',
        addresses: { billing: { addressLine1: '1 Dock St' } },
      },
    });
    const logs = await logsOf(businessId);
    expect(logs.map((l) => l.action)).toEqual(['CONTACT_CREATED', 'NETWORK_LINKED']);
    expect(logs[0]?.label).toBe(label);
    expect(logs[1]?.label).toMatch(/^Linked to Harbor Network .* on Ferry$/);

    const again = await post(headers, url, { fbnBusinessId: network.businessId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      type === 'VENDOR'
        ? 'This business is already one of your vendors.'
        : 'This business is already one of your customers.',
    );
    expect(await logsOf(businessId)).toHaveLength(2);
  });

  it('refuses the own business (400), an unknown or hidden one (404)', async () => {
    const { businessId, headers } = await setup();
    const url = `/api/business/${businessId}/vendors/business`;
    const own = await post(headers, url, { fbnBusinessId: businessId });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot add your own business.');
    const hidden = await networkBusiness('Hidden Harbor', { discoverable: false });
    for (const id of [hidden.businessId, '0123456789abcdef01234567', 'nope']) {
      const res = await post(headers, url, { fbnBusinessId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Network business not found.');
    }
    expect(await logsOf(businessId)).toHaveLength(0);
  });

  it('a vendor with the same email already added by hand: 409 with the email message', async () => {
    const { businessId, headers } = await setup();
    const network = await networkBusiness('Harbor Twin');
    await makeContact(t.context, { businessId, email: network.owner.email.toUpperCase() });
    const res = await post(headers, `/api/business/${businessId}/vendors/business`, {
      fbnBusinessId: network.businessId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A vendor with this email already exists.');
  });
});

describe('contact-business mapping', () => {
  it('links an existing contact, finalizing it; exist answers the contact', async () => {
    const { businessId, headers } = await setup();
    const network = await networkBusiness('Harbor Mapped');
    const contact = await makeContact(t.context, { businessId, needsFinalize: true });
    const exist = (entityType?: string) =>
      post(headers, '/api/contact-business-mapping/exist', {
        businessId,
        mappedBusinessId: network.businessId,
        ...(entityType ? { entityType } : {}),
      });
    expect((await exist()).json().data).toEqual({ exists: false, contactId: null });

    const res = await post(headers, '/api/contact-business-mapping', {
      businessId,
      mappedBusinessId: network.businessId,
      contactId: contact.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Contact linked successfully.');
    expect(res.json().data).toMatchObject({
      needsFinalize: false,
      fbnBusiness: { businessId: network.businessId },
    });
    expect((await exist()).json().data).toEqual({ exists: true, contactId: contact.id });
    expect((await exist('VENDOR')).json().data).toEqual({ exists: true, contactId: contact.id });
    expect((await exist('CUSTOMER')).json().data).toEqual({ exists: false, contactId: null });
    expect((await logsOf(businessId)).map((l) => l.action)).toEqual(['NETWORK_LINKED']);

    // Linking again to the same business changes nothing; to another is refused.
    const same = await post(headers, '/api/contact-business-mapping', {
      businessId,
      mappedBusinessId: network.businessId,
      contactId: contact.id,
    });
    expect(same.statusCode).toBe(200);
    const other = await networkBusiness('Harbor Other');
    const moved = await post(headers, '/api/contact-business-mapping', {
      businessId,
      mappedBusinessId: other.businessId,
      contactId: contact.id,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('This contact is already linked to a business on Ferry.');
    // A second vendor cannot be linked to a business another vendor already is.
    const second = await makeContact(t.context, { businessId });
    const twice = await post(headers, '/api/contact-business-mapping', {
      businessId,
      mappedBusinessId: network.businessId,
      contactId: second.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This business is already one of your vendors.');
    expect(await logsOf(businessId)).toHaveLength(1);
  });

  it("another business's id is 404 like the guard; a read-only member gets 403 on link", async () => {
    const { businessId } = await setup();
    const other = await setup();
    const network = await networkBusiness('Harbor Guarded');
    const contact = await makeContact(t.context, { businessId });
    const res = await post(other.headers, '/api/contact-business-mapping', {
      businessId,
      mappedBusinessId: network.businessId,
      contactId: contact.id,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Business not found',
      statusCode: 404,
      errors: [],
      errorCode: 'BUSINESS_NOT_FOUND',
    });
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const viewerHeaders = await signIn(t.context, viewer);
    const denied = await post(viewerHeaders, '/api/contact-business-mapping', {
      businessId,
      mappedBusinessId: network.businessId,
      contactId: contact.id,
    });
    expect(denied.statusCode).toBe(403);
    const exist = await post(viewerHeaders, '/api/contact-business-mapping/exist', {
      businessId,
      mappedBusinessId: network.businessId,
    });
    expect(exist.statusCode).toBe(200);
  });
});

describe('invite to network', () => {
  it('emails each contact not yet on the network through the outbox, with an activity entry each', async () => {
    const { businessId, headers, owner } = await setup();
    const network = await networkBusiness('Harbor Invited');
    const vendor = await makeContact(t.context, { businessId, name: 'Dock Supplies' });
    const customer = await makeContact(t.context, { businessId, type: 'CUSTOMER' });
    const linked = await makeContact(t.context, { businessId, networkBusinessId: network.businessId });
    const res = await post(headers, `/api/business/${businessId}/network/invitations`, {
      contactIds: [vendor.id, customer.id, linked.id, vendor.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Invitations sent.', data: { sent: 2 } });
    const mails = await t.context.database.db
      .select()
      .from(messages)
      .where(inArray(messages.to, [vendor.email, customer.email, linked.email]));
    expect(mails.map((m) => m.to).sort()).toEqual([vendor.email, customer.email].sort());
    const toVendor = mails.find((m) => m.to === vendor.email);
    expect(toVendor?.subject).toMatch(/invited you to Ferry$/);
    expect(toVendor?.text).toContain('Hi Dock Supplies,');
    expect(toVendor?.text).toContain('/signup');
    expect(toVendor?.text).toContain(`${owner.firstName} ${owner.lastName}`);
    const logs = await logsOf(businessId);
    expect(logs.map((l) => [l.entityId, l.action, l.label]).sort()).toEqual(
      [
        [vendor.id, 'NETWORK_INVITATION_SENT', 'Invited to Ferry'],
        [customer.id, 'NETWORK_INVITATION_SENT', 'Invited to Ferry'],
      ].sort(),
    );
  });

  it('refuses unknown contacts (404) and contacts the member may not manage (403), sending nothing', async () => {
    const { businessId, headers } = await setup();
    const vendor = await makeContact(t.context, { businessId });
    const customer = await makeContact(t.context, { businessId, type: 'CUSTOMER' });
    const unknown = await post(headers, `/api/business/${businessId}/network/invitations`, {
      contactIds: [vendor.id, '0123456789abcdef01234567'],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Contact not found.');
    const member = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId,
      user: member,
      permissions: ['PAY_MANAGE_VENDORS.manage'],
    });
    const memberHeaders = await signIn(t.context, member);
    const denied = await post(memberHeaders, `/api/business/${businessId}/network/invitations`, {
      contactIds: [vendor.id, customer.id],
    });
    expect(denied.statusCode).toBe(403);
    const empty = await post(headers, `/api/business/${businessId}/network/invitations`, { contactIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Select at least one contact.');
    const mails = await t.context.database.db
      .select()
      .from(messages)
      .where(inArray(messages.to, [vendor.email, customer.email]));
    expect(mails).toHaveLength(0);
    expect(await logsOf(businessId)).toHaveLength(0);
  });
});
