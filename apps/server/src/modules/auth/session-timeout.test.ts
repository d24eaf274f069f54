import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeSignInUser, signInWithCodeViaApi } from '../../testing/access-flow.js';
import { makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createSession, findActiveSession } from './service.js';
import { sessions } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;

const getUser = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers });
const sessionRow = async (id: string) =>
  (await t.context.database.db.select().from(sessions).where(eq(sessions.id, id)))[0];

it('ends a session after 30 minutes without a request', async () => {
  const headers = await signIn(t.context, await makeUser(t.context));
  t.clock.advance(29 * MINUTE);
  expect((await getUser(headers)).statusCode).toBe(200);
  t.clock.advance(31 * MINUTE);
  const res = await getUser(headers);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({
    errorCode: 'SESSION_EXPIRED',
    message: 'Your session has expired. Please sign in again.',
  });
});

it('keeps an active session alive well past 30 minutes', async () => {
  const headers = await signIn(t.context, await makeUser(t.context));
  for (let i = 0; i < 6; i += 1) {
    t.clock.advance(20 * MINUTE);
    expect((await getUser(headers)).statusCode).toBe(200);
  }
  // Two hours in, still signed in; then half an hour of silence ends it.
  t.clock.advance(30 * MINUTE);
  expect((await getUser(headers)).statusCode).toBe(401);
});

it('writes lastSeenAt at most once a minute', async () => {
  const headers = await signIn(t.context, await makeUser(t.context));
  const id = headers['session-id'] ?? '';
  expect((await sessionRow(id))?.lastSeenAt).toBeNull();
  t.clock.advance(30_000);
  await getUser(headers);
  expect((await sessionRow(id))?.lastSeenAt).toBeNull();
  t.clock.advance(31_000);
  await getUser(headers);
  const seen = t.clock.now().toISOString();
  expect((await sessionRow(id))?.lastSeenAt?.toISOString()).toBe(seen);
  t.clock.advance(59_000);
  await getUser(headers);
  expect((await sessionRow(id))?.lastSeenAt?.toISOString()).toBe(seen);
});

it('ends a session at its absolute lifetime (168 hours) even when active', async () => {
  const headers = await signIn(t.context, await makeUser(t.context));
  const id = headers['session-id'] ?? '';
  const start = t.clock.now().getTime();
  // Active all along: a request every 29 minutes would keep lastSeenAt fresh; set it as such a request would.
  t.clock.set(new Date(start + 168 * 60 * MINUTE - MINUTE));
  await t.context.database.db
    .update(sessions)
    .set({ lastSeenAt: new Date(t.clock.now().getTime() - 5 * MINUTE) })
    .where(eq(sessions.id, id));
  expect((await getUser(headers)).statusCode).toBe(200);
  t.clock.advance(MINUTE);
  const res = await getUser(headers);
  expect(res.statusCode).toBe(401);
  expect(res.json().errorCode).toBe('SESSION_EXPIRED');
});

it('GET /auth/verify tells the session and when it ends', async () => {
  const headers = await signIn(t.context, await makeUser(t.context));
  const created = t.clock.now().getTime();
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers });
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toEqual({
    userId: expect.any(String),
    sessionId: headers['session-id'],
    expiresAt: new Date(created + 168 * 60 * MINUTE).toISOString(),
    idleExpiresAt: new Date(created + 30 * MINUTE).toISOString(),
  });
  t.clock.advance(10 * MINUTE);
  const later = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers });
  expect(later.json().data.idleExpiresAt).toBe(new Date(created + 40 * MINUTE).toISOString());

  expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(401);
  const bad = await t.app.inject({
    method: 'GET',
    url: '/api/auth/verify',
    headers: { ...headers, authorization: 'Bearer not-the-token' },
  });
  expect(bad.statusCode).toBe(401);
  expect(bad.json().errorCode).toBe('SESSION_EXPIRED');
});

it('signing out ends the session and clears its cookie; the trusted device stays', async () => {
  const made = await makeSignInUser(t.context);
  const { headers, cookies } = await signInWithCodeViaApi(t.app, {
    email: made.email,
    password: made.password,
    codeTo: made.phoneE164 ?? '',
    trustDevice: true,
  });
  const res = await t.app.inject({ method: 'PATCH', url: '/api/auth/logout', headers });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: true, data: {} });
  const cleared = res.cookies.find((c) => c.name === 'ferry_session');
  expect(cleared?.value).toBe('');
  expect((await getUser(headers)).statusCode).toBe(401);
  expect((await sessionRow(headers['session-id'] ?? ''))?.revokedAt?.toISOString()).toBe(
    t.clock.now().toISOString(),
  );

  // The browser's cookie session is the same session: it is over too.
  const viaCookie = await t.app.inject({
    method: 'GET',
    url: '/api/user',
    cookies: { ferry_session: cookies.ferry_session ?? '' },
  });
  expect(viaCookie.statusCode).toBe(401);
  expect(cookies.ferry_trusted_device).toBeDefined();

  // Without a session there is nothing to sign out of.
  expect((await t.app.inject({ method: 'PATCH', url: '/api/auth/logout' })).statusCode).toBe(401);
});

it('signing out with the cookie from another origin is refused', async () => {
  const user = await makeUser(t.context);
  const session = await createSession({
    db: t.context.database.db,
    clock: t.clock,
    userId: user.id,
    ttlHours: 168,
  });
  const cookie = { ferry_session: `${session.sessionId}.${session.token}` };
  const cross = await t.app.inject({
    method: 'PATCH',
    url: '/api/auth/logout',
    cookies: cookie,
    headers: { origin: 'https://evil.example', host: 'localhost:80' },
  });
  expect(cross.statusCode).toBe(403);
  const same = await t.app.inject({
    method: 'PATCH',
    url: '/api/auth/logout',
    cookies: cookie,
    headers: { origin: 'http://localhost:80', host: 'localhost:80' },
  });
  expect(same.statusCode).toBe(200);
});

it('findActiveSession without idleMinutes ignores idleness (absolute expiry only)', async () => {
  const user = await makeUser(t.context);
  const session = await createSession({
    db: t.context.database.db,
    clock: t.clock,
    userId: user.id,
    ttlHours: 1,
  });
  t.clock.advance(59 * MINUTE);
  const found = await findActiveSession({
    db: t.context.database.db,
    clock: t.clock,
    sessionId: session.sessionId,
    token: session.token,
  });
  expect(found?.idleExpiresAt).toBeNull();
  expect(
    await findActiveSession({
      db: t.context.database.db,
      clock: t.clock,
      sessionId: session.sessionId,
      token: session.token,
      idleMinutes: 30,
    }),
  ).toBeNull();
});
