import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NONE = { home: false, 'bill-payments': false, approvals: false, invoices: false };

const getStatus = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/user/tour-status', headers });
const postStatus = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/tour-status', headers, payload });

describe('/api/user/tour-status', () => {
  it('starts with no tour completed', async () => {
    const res = await getStatus(await signIn(t.context, await makeUser(t.context)));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(NONE);
  });

  it('records a completed tour and answers every tour', async () => {
    const headers = await signIn(t.context, await makeUser(t.context));
    const res = await postStatus(headers, { tour: 'home', completed: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...NONE, home: true });
    await postStatus(headers, { tour: 'invoices', completed: true });
    await postStatus(headers, { tour: 'home', completed: true });
    expect((await getStatus(headers)).json().data).toEqual({ ...NONE, home: true, invoices: true });
  });

  it('shows a tour again after completed: false', async () => {
    const headers = await signIn(t.context, await makeUser(t.context));
    await postStatus(headers, { tour: 'approvals', completed: true });
    const res = await postStatus(headers, { tour: 'approvals', completed: false });
    expect(res.json().data).toEqual(NONE);
  });

  it("keeps each user's tours apart", async () => {
    const maya = await signIn(t.context, await makeUser(t.context));
    const omar = await signIn(t.context, await makeUser(t.context));
    await postStatus(maya, { tour: 'bill-payments', completed: true });
    expect((await getStatus(omar)).json().data).toEqual(NONE);
    expect((await getStatus(maya)).json().data['bill-payments']).toBe(true);
  });

  it('refuses unknown tours and a missing completed flag', async () => {
    const headers = await signIn(t.context, await makeUser(t.context));
    const unknown = await postStatus(headers, { tour: 'payments', completed: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'tour', message: 'Unknown tour.' }]);
    const missing = await postStatus(headers, { tour: 'home' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('completed');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/tour-status' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/user/tour-status',
          payload: { tour: 'home', completed: true },
        })
      ).statusCode,
    ).toBe(401);
  });
});
