import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { makeSignInUser, signInViaApi } from '../../testing/access-flow.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createLogger } from '../logger.js';
import { databaseRateLimitCounter } from './counter.js';

// Two API processes of one deployment: two apps on one database (each with its own in-process state).
let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '30' } });
  second = await buildApp(t.context, { logger: createLogger('silent'), webDist: null });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('the rate-limit counter in the database', () => {
  it('counts 50 concurrent hits exactly once each, then starts a new window when this one ends', async () => {
    const counter = databaseRateLimitCounter(t.database, t.clock);
    const hits = await Promise.all(Array.from({ length: 50 }, () => counter.hit('test:concurrent', 60_000)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(Math.max(...hits.map((h) => h.ttlMs))).toBeLessThanOrEqual(60_000);

    t.clock.advance(30_000);
    expect(await counter.hit('test:concurrent', 60_000)).toEqual({ count: 51, ttlMs: 30_000 });
    t.clock.advance(30_000);
    expect(await counter.hit('test:concurrent', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    // Keys are separate.
    expect((await counter.hit('test:other', 60_000)).count).toBe(1);
  });
});

describe('limits shared by every API process', () => {
  it('the global per-client limit counts requests to either process', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const app = i % 2 === 0 ? t.app : second;
      const res = await app.inject({ method: 'GET', url: '/api/business', remoteAddress: '203.0.113.7' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another client is not affected.
    expect(
      (await second.inject({ method: 'GET', url: '/api/business', remoteAddress: '203.0.113.8' })).statusCode,
    ).toBe(401);
  });

  it("a sensitive route's own limit (sign-in: 20 a minute per address) counts across processes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const res = await signInViaApi(i % 2 === 0 ? t.app : second, {
        email: `someone${i}@chenfoods.com`,
        password: 'Wrong-Password-1',
        remoteAddress: '203.0.113.20',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('the per-account sign-in limit (10 in 15 minutes) counts attempts at either process', async () => {
    const { email, password } = await makeSignInUser(t.context);
    for (let i = 0; i < 10; i += 1) {
      const res = await signInViaApi(i % 2 === 0 ? t.app : second, {
        email,
        password: 'Wrong-Password-1',
        remoteAddress: `198.18.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    for (const app of [t.app, second]) {
      const res = await signInViaApi(app, { email, password, remoteAddress: '198.18.1.1' });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    }
    t.clock.advance(15 * 60_000);
    expect((await signInViaApi(second, { email, password, remoteAddress: '198.18.1.2' })).statusCode).toBe(
      200,
    );
  });
});
