import { describe, expect, it } from 'vitest';
import { addMemberWithPermissions, makeContact } from '../../testing/contact-factories.js';
import { addBusinessMember, makeBusiness, makeUser, signIn } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { recordActivity, userActor } from './service.js';

const t = useTestApp();

const url = (businessId: string, query = '') => `/api/business/${businessId}/user-activity-logs${query}`;

async function seed() {
  const { businessId, owner } = await makeBusiness(t.context);
  const vendor = await makeContact(t.context, { businessId });
  const customer = await makeContact(t.context, { businessId, type: 'CUSTOMER' });
  const actor = userActor(owner);
  for (let i = 0; i < 12; i += 1) {
    t.clock.advance(1000);
    await recordActivity(t.context.database.db, {
      businessId,
      entityType: 'contacts',
      entityId: vendor.id,
      subject: 'PayManageVendors',
      action: 'CONTACT_UPDATED',
      label: `Vendor change ${i}`,
      actor,
      remarks: i === 11 ? 'last one' : null,
      at: t.clock.now(),
    });
  }
  await recordActivity(t.context.database.db, {
    businessId,
    entityType: 'contacts',
    entityId: customer.id,
    subject: 'GetPaidManageCustomers',
    action: 'CONTACT_CREATED',
    label: 'Customer added',
    actor: { type: 'SYSTEM', userId: null, name: null },
    at: t.clock.now(),
  });
  return { businessId, owner, vendor, customer, headers: await signIn(t.context, owner) };
}

describe('activity logs', () => {
  it('answers the newest first, 10 a page by default, filtered by entity', async () => {
    const { businessId, vendor, headers, owner } = await seed();
    const res = await t.app.inject({
      method: 'GET',
      url: url(businessId, `?entityType=contacts&entityId=${vendor.id}`),
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 12, pageNumber: 1, pageSize: 10 });
    expect(data.items).toHaveLength(10);
    expect(data.items[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      entityType: 'contacts',
      entityId: vendor.id,
      action: 'CONTACT_UPDATED',
      label: 'Vendor change 11',
      actor: {
        type: 'USER',
        name: `${owner.firstName} ${owner.lastName}`,
        performedByName: `${owner.firstName} ${owner.lastName}`,
      },
      remarks: 'last one',
      metadata: null,
      createdAt: expect.any(String),
    });
    const page2 = await t.app.inject({
      method: 'GET',
      url: url(businessId, `?entityType=contacts&entityId=${vendor.id}&pageNumber=2`),
      headers,
    });
    expect(page2.json().data.items.map((i: { label: string }) => i.label)).toEqual([
      'Vendor change 1',
      'Vendor change 0',
    ]);
    const all = await t.app.inject({ method: 'GET', url: url(businessId, '?pageSize=50'), headers });
    expect(all.json().data.total).toBe(13);
    expect(all.json().data.items[0].actor).toEqual({ type: 'SYSTEM', name: null, performedByName: null });
  });

  it('keeps entries in the order written when their times are equal', async () => {
    const { businessId, owner } = await makeBusiness(t.context);
    const vendor = await makeContact(t.context, { businessId });
    for (const label of ['first', 'second', 'third']) {
      await recordActivity(t.context.database.db, {
        businessId,
        entityType: 'contacts',
        entityId: vendor.id,
        subject: 'PayManageVendors',
        action: 'CONTACT_UPDATED',
        label,
        actor: userActor(owner),
        at: t.clock.now(),
      });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: url(businessId),
      headers: await signIn(t.context, owner),
    });
    expect(res.json().data.items.map((i: { label: string }) => i.label)).toEqual([
      'third',
      'second',
      'first',
    ]);
  });

  it('shows a member only the entries of what they may read', async () => {
    const { businessId, customer } = await seed();
    const vendorsOnly = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId,
      user: vendorsOnly,
      permissions: ['PAY_MANAGE_VENDORS.view'],
    });
    const headers = await signIn(t.context, vendorsOnly);
    const res = await t.app.inject({ method: 'GET', url: url(businessId, '?pageSize=50'), headers });
    expect(res.json().data.total).toBe(12);
    const hidden = await t.app.inject({
      method: 'GET',
      url: url(businessId, `?entityId=${customer.id}`),
      headers,
    });
    expect(hidden.json().data).toMatchObject({ total: 0, items: [] });
    const nothing = await makeUser(t.context);
    await addMemberWithPermissions(t.context, {
      businessId,
      user: nothing,
      permissions: ['SETTINGS_PAYMENT_METHODS.view'],
    });
    const none = await t.app.inject({
      method: 'GET',
      url: url(businessId),
      headers: await signIn(t.context, nothing),
    });
    expect(none.json().data.total).toBe(0);
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const readOnly = await t.app.inject({
      method: 'GET',
      url: url(businessId),
      headers: await signIn(t.context, viewer),
    });
    expect(readOnly.json().data.total).toBe(13);
  });

  it.each(['?pageSize=1001', '?pageSize=0', '?pageNumber=0', `?entityType=${'x'.repeat(65)}`])(
    'refuses %s with 400',
    async (query) => {
      const { businessId, headers } = await seed();
      const res = await t.app.inject({ method: 'GET', url: url(businessId, query), headers });
      expect(res.statusCode).toBe(400);
    },
  );

  it("another business's log is 404", async () => {
    const { businessId } = await seed();
    const other = await makeBusiness(t.context);
    const res = await t.app.inject({
      method: 'GET',
      url: url(businessId),
      headers: await signIn(t.context, other.owner),
    });
    expect(res.statusCode).toBe(404);
  });
});
