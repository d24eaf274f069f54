import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } });
});
afterAll(() => t.close());

it('answers 429 with the error object once a client exceeds its limit', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    statuses.push(
      (await t.app.inject({ method: 'GET', url: '/api/business', remoteAddress: '203.0.113.7' })).statusCode,
    );
  }
  expect(statuses).toEqual([401, 401, 401, 429]);
  const limited = await t.app.inject({ method: 'GET', url: '/api/business', remoteAddress: '203.0.113.7' });
  expect(limited.json()).toMatchObject({
    message: 'Too many requests. Please try again later.',
    statusCode: 429,
    errors: [],
    errorCode: 'RATE_LIMITED',
  });
  expect(limited.headers['retry-after']).toBeDefined();
  // Another client is not affected.
  const other = await t.app.inject({ method: 'GET', url: '/api/business', remoteAddress: '203.0.113.8' });
  expect(other.statusCode).toBe(401);
});
