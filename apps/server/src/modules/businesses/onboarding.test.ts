import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBusinessMember, makeBusiness, makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { roles } from '../roles/tables.js';
import { businesses, businessMembers } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EDGE =
  "No white space is allowed at the start and end. Only - . ' / _ & , are allowed as special characters.";
const LOCKED =
  'The business name and type can no longer be changed because business verification has started.';
const VERIFIED_ONLY = 'Full functionality is available only to verified businesses.';

const details = { businessName: 'Harbor Coffee Roasters', businessType: 'LLC', category: 'NONE' };

const create = async (headers: Record<string, string>, payload: Record<string, unknown> = details) =>
  t.app.inject({ method: 'POST', url: '/api/business', headers, payload });

const readBusiness = async (businessId: string) => {
  const [row] = await t.context.database.db.select().from(businesses).where(eq(businesses.id, businessId));
  return row;
};

describe('POST /api/business (onboarding: create)', () => {
  it("creates a NOT_INITIATED business in the user's country with the user as its Admin", async () => {
    const user = await makeUser(t.context, { country: 'US' });
    const headers = await signIn(t.context, user);
    const res = await create(headers);
    expect(res.statusCode).toBe(201);
    const { data, status } = res.json();
    expect(status).toBe(true);
    expect(data).toEqual({
      businessId: expect.stringMatching(/^[0-9a-f]{24}$/),
      id: data.businessId,
      country: 'US',
    });

    expect(await readBusiness(data.businessId)).toMatchObject({
      businessName: 'Harbor Coffee Roasters',
      businessType: 'LLC',
      category: 'NONE',
      country: 'US',
      verificationStep: 'NOT_INITIATED',
      verificationStatus: null,
      createdBy: user.id,
    });
    const builtIn = await t.context.database.db
      .select({ name: roles.name, isBuiltIn: roles.isBuiltIn })
      .from(roles)
      .where(eq(roles.businessId, data.businessId));
    expect(builtIn.map((r) => r.name).sort()).toEqual(['Admin', 'Read-only']);
    expect(builtIn.every((r) => r.isBuiltIn)).toBe(true);
    const [membership] = await t.context.database.db
      .select({ role: roles.name, status: businessMembers.status })
      .from(businessMembers)
      .innerJoin(roles, eq(roles.id, businessMembers.roleId))
      .where(and(eq(businessMembers.businessId, data.businessId), eq(businessMembers.userId, user.id)));
    expect(membership).toEqual({ role: 'Admin', status: 'ACTIVE' });

    const shown = await t.app.inject({ method: 'GET', url: `/api/business/${data.businessId}`, headers });
    expect(shown.json().data).toMatchObject({
      id: data.businessId,
      businessId: data.businessId,
      businessName: 'Harbor Coffee Roasters',
      businessType: 'LLC',
      category: 'NONE',
      country: 'US',
      verificationStep: 'NOT_INITIATED',
      status: null,
      role: 'Admin',
      detailsLocked: false,
      isMappingPending: false,
      provider: null,
    });
  });

  it('leaves the country empty when the user has none, and takes a country given in the body', async () => {
    const headers = await signIn(t.context, await makeUser(t.context, { country: null }));
    const noCountry = await create(headers);
    expect(noCountry.json().data.country).toBeNull();
    expect((await readBusiness(noCountry.json().data.businessId))?.country).toBeNull();

    const canada = await create(headers, { ...details, businessName: 'Maple Goods', country: 'ca' });
    expect(canada.json().data.country).toBe('CA');
  });

  it('lets a user create several businesses, listed oldest first', async () => {
    const headers = await signIn(t.context, await makeUser(t.context));
    const first = (await create(headers, { ...details, businessName: 'First Co' })).json().data.businessId;
    t.clock.advance(1000);
    const second = (await create(headers, { ...details, businessName: 'Second Co' })).json().data.businessId;
    expect(second).not.toBe(first);
    const list = await t.app.inject({ method: 'GET', url: '/api/business', headers });
    expect(list.json().data.map((b: { id: string }) => b.id)).toEqual([first, second]);
    expect(list.json().data.every((b: { role: string }) => b.role === 'Admin')).toBe(true);
  });

  it.each([
    ['', 'Business name is required'],
    ['   ', 'Business name cannot contain only spaces.'],
    [' Harbor', EDGE],
    ['Harbor ', EDGE],
    ['H', 'Business name must be at least 2 characters.'],
    ['H'.repeat(101), 'Business name cannot exceed 100 characters.'],
    ['Harbor <Coffee>', 'Invalid characters detected'],
    ['Harbor; DROP TABLE', 'Invalid characters detected'],
  ])('refuses the business name %j with %j', async (businessName, message) => {
    const headers = await signIn(t.context, await makeUser(t.context));
    const res = await create(headers, { ...details, businessName });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message,
      errorCode: 'VALIDATION_ERROR',
      errors: [{ field: 'businessName', message }],
    });
  });

  it('accepts accented letters, digits, the allowed specials and exactly 100 characters', async () => {
    const headers = await signIn(t.context, await makeUser(t.context));
    for (const businessName of ["Café Müller & Sons, Co. 2_B-o'k/x", 'H'.repeat(100), 'Ab']) {
      const res = await create(headers, { ...details, businessName });
      expect(res.statusCode).toBe(201);
    }
  });

  it.each([
    ['a missing business type', { businessType: undefined }, 'businessType'],
    ['an unknown business type', { businessType: 'TRUST' }, 'businessType'],
    ['an empty business type', { businessType: '' }, 'businessType'],
    ['a missing category (box not ticked)', { category: undefined }, 'category'],
    ['a restricted category', { category: 'GAMBLING' }, 'category'],
  ])('refuses %s with "This field is required"', async (_label, change, field) => {
    const headers = await signIn(t.context, await makeUser(t.context));
    const res = await create(headers, { ...details, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message: 'This field is required' }]);
  });

  it('accepts each of the six business types', async () => {
    const headers = await signIn(t.context, await makeUser(t.context));
    for (const businessType of [
      'SOLE_PROPRIETORSHIP',
      'PARTNERSHIP',
      'LLC',
      'CORPORATION',
      'NON_PROFIT_ORGANISATION',
      'OTHER',
    ]) {
      expect((await create(headers, { ...details, businessType })).statusCode).toBe(201);
    }
  });

  it('refuses an unknown country', async () => {
    const headers = await signIn(t.context, await makeUser(t.context));
    const res = await create(headers, { ...details, country: 'ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'country', message: 'Please select a valid country.' }]);
  });

  it.each([
    ['a pending user', { activeStatus: 'PENDING' }],
    ['a guest-active user', { activeStatus: 'GUEST_ACTIVE' }],
    ['a suspended user', { activeStatus: 'SUSPENDED' }],
    ['a user whose email is not verified', { isEmailVerified: false }],
  ])('refuses %s (403) and creates nothing', async (_label, overrides) => {
    const user = await makeUser(t.context, overrides);
    const res = await create(await signIn(t.context, user));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'FORBIDDEN',
      message: 'Please finish setting up your account before adding a business.',
    });
    const owned = await t.context.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.createdBy, user.id));
    expect(owned).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/business', payload: details });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /api/business/:businessId (onboarding: update, then locked)', () => {
  const patch = (businessId: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/business/${businessId}`, headers, payload });

  it('changes name, type and category while verification has not started and answers id and country', async () => {
    const { businessId, owner } = await makeBusiness(t.context, {
      verificationStep: 'NOT_INITIATED',
      verificationStatus: undefined,
      country: 'CA',
    });
    const headers = await signIn(t.context, owner);
    const res = await patch(businessId, headers, {
      businessName: 'Harbor Coffee Co.',
      businessType: 'CORPORATION',
      category: 'NONE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: businessId, country: 'CA' });
    expect(await readBusiness(businessId)).toMatchObject({
      businessName: 'Harbor Coffee Co.',
      businessType: 'CORPORATION',
      category: 'NONE',
      country: 'CA',
      verificationStep: 'NOT_INITIATED',
    });
  });

  it('changes the country when one is given', async () => {
    const { businessId, owner } = await makeBusiness(t.context, { verificationStep: 'NOT_INITIATED' });
    const res = await patch(businessId, await signIn(t.context, owner), { ...details, country: 'GB' });
    expect(res.json().data).toEqual({ id: businessId, country: 'GB' });
  });

  it.each(['BUSINESS_DETAILS', 'FORM_FILLER', 'OWNERS', 'COMPLETED'])(
    'locks name and type once the step is %s (409) and changes nothing',
    async (verificationStep) => {
      const { businessId, owner } = await makeBusiness(t.context, {
        businessName: 'Locked Name LLC',
        businessType: 'LLC',
        verificationStep,
      });
      const res = await patch(businessId, await signIn(t.context, owner), {
        businessName: 'New Name',
        businessType: 'OTHER',
        category: 'NONE',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: LOCKED,
        statusCode: 409,
        errorCode: 'CONFLICT',
        errors: [
          { field: 'businessName', message: LOCKED },
          { field: 'businessType', message: LOCKED },
        ],
      });
      expect(await readBusiness(businessId)).toMatchObject({
        businessName: 'Locked Name LLC',
        businessType: 'LLC',
      });
      const shown = await t.app.inject({
        method: 'GET',
        url: `/api/business/${businessId}`,
        headers: await signIn(t.context, owner),
      });
      expect(shown.json().data.detailsLocked).toBe(true);
    },
  );

  it('applies the same details rules as create', async () => {
    const { businessId, owner } = await makeBusiness(t.context, { verificationStep: 'NOT_INITIATED' });
    const headers = await signIn(t.context, owner);
    const badName = await patch(businessId, headers, { ...details, businessName: 'X' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().errors).toEqual([
      { field: 'businessName', message: 'Business name must be at least 2 characters.' },
    ]);
    const badCategory = await patch(businessId, headers, { ...details, category: 'CRYPTO' });
    expect(badCategory.json().errors).toEqual([{ field: 'category', message: 'This field is required' }]);
  });

  it('refuses a Read-only member (403) and changes nothing', async () => {
    const { businessId } = await makeBusiness(t.context, {
      businessName: 'Untouched LLC',
      verificationStep: 'NOT_INITIATED',
    });
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const res = await patch(businessId, await signIn(t.context, viewer), details);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'ACCESS_DENIED',
      message: 'You don’t have access based on your assigned role.',
    });
    expect((await readBusiness(businessId))?.businessName).toBe('Untouched LLC');
  });

  it('lets another Admin member change the details', async () => {
    const { businessId } = await makeBusiness(t.context, { verificationStep: 'NOT_INITIATED' });
    const admin = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: admin, roleName: 'Admin' });
    const res = await patch(businessId, await signIn(t.context, admin), details);
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/business/:businessId/features', () => {
  const features = async (businessId: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/business/${businessId}/features`, headers });
  const moneyMoving = ['SEND_PAYMENTS', 'RECEIVE_PAYMENTS', 'AUTO_PAYMENTS', 'ACCEPT_CARD_PAYMENTS'];

  it.each([
    ['NOT_INITIATED', undefined],
    ['BUSINESS_DETAILS', 'SUBMITTED'],
    ['COMPLETED', 'REJECTED'],
  ])(
    'locks money-moving features with the spec wording (step %s, status %s)',
    async (verificationStep, verificationStatus) => {
      const { businessId, owner } = await makeBusiness(t.context, { verificationStep, verificationStatus });
      if (verificationStatus === undefined) {
        await t.context.database.db
          .update(businesses)
          .set({ verificationStatus: null })
          .where(eq(businesses.id, businessId));
      }
      const res = await features(businessId, await signIn(t.context, owner));
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({ businessId, verificationStep, isVerified: false });
      for (const feature of data.features) {
        const locked = moneyMoving.includes(feature.key);
        expect(feature).toMatchObject({
          enabled: !locked,
          requiresVerification: locked,
          reason: locked ? VERIFIED_ONLY : null,
        });
      }
      expect(data.features.map((f: { key: string }) => f.key)).toEqual(
        expect.arrayContaining([
          ...moneyMoving,
          'BANK_ACCOUNTS',
          'ACCOUNTING_SYNC',
          'CONTACTS',
          'BILLS',
          'INVOICES',
        ]),
      );
    },
  );

  it('enables every feature for a FULL_VERIFIED business, for any member', async () => {
    const { businessId } = await makeBusiness(t.context, { verificationStatus: 'FULL_VERIFIED' });
    const viewer = await makeUser(t.context);
    await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
    const { data } = (await features(businessId, await signIn(t.context, viewer))).json();
    expect(data.isVerified).toBe(true);
    expect(data.verificationStatus).toBe('FULL_VERIFIED');
    expect(
      data.features.every((f: { enabled: boolean; reason: null }) => f.enabled && f.reason === null),
    ).toBe(true);
  });
});
