import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addBusinessMember, makeBusiness, makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;

async function testRoutes(app: FastifyInstance) {
  app.post(
    '/api/business/:businessId/test-vendors',
    { config: { business: { permission: ['manage', 'PayManageVendors'] } } },
    async (request) => ({
      status: true,
      message: 'Success',
      data: { businessId: request.business?.businessId },
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: testRoutes });
});
afterAll(() => t.close());

it('lets an Admin use a route that needs a permission', async () => {
  const { businessId, owner } = await makeBusiness(t.context);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/business/${businessId}/test-vendors`,
    headers: await signIn(t.context, owner),
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.businessId).toBe(businessId);
});

it('answers 403 with the spec message to a member whose role lacks the permission', async () => {
  const { businessId } = await makeBusiness(t.context);
  const viewer = await makeUser(t.context);
  await addBusinessMember(t.context, { businessId, user: viewer, roleName: 'Read-only' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/business/${businessId}/test-vendors`,
    headers: await signIn(t.context, viewer),
  });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({
    message: 'You don’t have access based on your assigned role.',
    statusCode: 403,
    errors: [],
    errorCode: 'ACCESS_DENIED',
  });
});

it('answers 404 (not 403) to a user of another business', async () => {
  const { businessId } = await makeBusiness(t.context);
  const stranger = await makeBusiness(t.context);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/business/${businessId}/test-vendors`,
    headers: await signIn(t.context, stranger.owner),
  });
  expect(res.statusCode).toBe(404);
});
