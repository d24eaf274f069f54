import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessMember, makeBusiness, makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/business', () => {
  it('lists only the businesses the user belongs to, with the role and its permissions', async () => {
    const mine = await makeBusiness(t.context, { businessName: 'Harbor Coffee Roasters' });
    await makeBusiness(t.context, { businessName: 'Someone Else LLC' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/business',
      headers: await signIn(t.context, mine.owner),
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id: mine.businessId,
      businessName: 'Harbor Coffee Roasters',
      role: 'Admin',
    });
    expect(data[0].permissions).toContain('PAY_FULL_ACCESS.manage');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/business' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/business/:businessId (the guard)', () => {
  it('shows a business to its member', async () => {
    const { businessId, owner } = await makeBusiness(t.context);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/business/${businessId}`,
      headers: await signIn(t.context, owner),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: businessId, verificationStep: 'COMPLETED', country: 'US' });
  });

  it("answers 404 for another business's id, exactly as for one that does not exist", async () => {
    const mine = await makeBusiness(t.context);
    const theirs = await makeBusiness(t.context);
    const headers = await signIn(t.context, mine.owner);
    const other = await t.app.inject({ method: 'GET', url: `/api/business/${theirs.businessId}`, headers });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/business/0123456789abcdef01234567',
      headers,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({
      message: 'Business not found',
      statusCode: 404,
      errors: [],
      errorCode: 'BUSINESS_NOT_FOUND',
    });
    expect(missing.json()).toEqual(other.json());
    expect(other.body).not.toContain(theirs.owner.email);
  });

  it('answers 404 for an id that is not 24 hex characters', async () => {
    const { owner } = await makeBusiness(t.context);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/business/not-an-id',
      headers: await signIn(t.context, owner),
    });
    expect(res.statusCode).toBe(404);
  });

  it('lets a Read-only member read the business', async () => {
    const { businessId } = await makeBusiness(t.context);
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/business/${businessId}`,
      headers: await signIn(t.context, viewer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('Read-only');
    expect(res.json().data.permissions.every((key: string) => key.endsWith('.view'))).toBe(true);
  });
});
