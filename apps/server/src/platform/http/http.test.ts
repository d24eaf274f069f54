import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeUser, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { AppError } from './errors.js';

let t: TestApp;
let headers: Record<string, string>;

async function testRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    {
      config: { auth: 'none' },
      schema: { body: z.object({ name: z.string().min(2, 'Name is required'), age: z.number().int() }) },
    },
    async (request) => ({ status: true, message: 'Success', data: request.body }),
  );
  typed.get('/api/test/boom', { config: { auth: 'none' } }, async () => {
    throw new Error('connection to 10.1.2.3 refused: password=hunter2');
  });
  typed.get('/api/test/conflict', { config: { auth: 'none' } }, async () => {
    throw new AppError('CONFLICT', 'Already done');
  });
  typed.post('/api/test/write', {}, async () => ({ status: true, message: 'Success', data: null }));
}

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: testRoutes });
  headers = await signIn(t.context, await makeUser(t.context));
});
afterAll(() => t.close());

describe('error envelope', () => {
  it('answers 400 with field errors for a body that fails its schema', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'a', age: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 400,
      errorCode: 'VALIDATION_ERROR',
      message: 'Name is required',
    });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required' },
        expect.objectContaining({ field: 'age' }),
      ]),
    );
  });

  it('passes a valid body through in the success envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'Ada', age: 36 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Success', data: { name: 'Ada', age: 36 } });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, errorCode: 'BAD_REQUEST', errors: [] });
  });

  it('answers 404 ROUTE_NOT_FOUND for an unknown API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Route GET /api/no/such/route not found',
      statusCode: 404,
      errors: [],
      errorCode: 'ROUTE_NOT_FOUND',
    });
  });

  it('hides internals of a thrown error behind the generic 500 message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong. Please try again later.',
      statusCode: 500,
      errors: [],
      errorCode: 'INTERNAL_ERROR',
    });
    expect(res.body).not.toMatch(/hunter2|10\.1\.2\.3|stack|Error:/);
  });

  it('maps an AppError code to its status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Already done',
      statusCode: 409,
      errors: [],
      errorCode: 'CONFLICT',
    });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x'.repeat(t.context.config.BODY_LIMIT_BYTES + 10), age: 1 },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ errorCode: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('request conventions', () => {
  it('echoes a client request-id and makes one up otherwise', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'request-id': 'abc-123' },
    });
    expect(given.headers['request-id']).toBe('abc-123');
    const made = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(made.headers['request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers and a strict content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain(
      "script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com",
    );
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['content-security-policy'])).not.toContain("'unsafe-eval'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('needs a session for API routes that are not public', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/write' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ errorCode: 'UNAUTHENTICATED' });
  });

  it('answers 401 SESSION_EXPIRED for a wrong or expired token', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/test/write',
      headers: { ...headers, authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ errorCode: 'SESSION_EXPIRED' });
    const ok = await t.app.inject({ method: 'POST', url: '/api/test/write', headers });
    expect(ok.statusCode).toBe(200);
    t.clock.advance((t.context.config.SESSION_TTL_HOURS + 1) * 3_600_000);
    const expired = await t.app.inject({ method: 'POST', url: '/api/test/write', headers });
    expect(expired.statusCode).toBe(401);
    t.clock.advance(-(t.context.config.SESSION_TTL_HOURS + 1) * 3_600_000);
  });

  it('refuses cookie-authenticated writes from another origin', async () => {
    const cookie = `ferry_session=${headers['session-id']}.${headers.authorization?.replace('Bearer ', '')}`;
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/test/write',
      headers: { cookie, origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ errorCode: 'CROSS_ORIGIN_REQUEST' });
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/test/write',
      headers: { cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('API documents', () => {
  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/business', '/api/business/{businessId}']),
    );
    expect(doc.components.schemas.Error).toBeDefined();
  });

  it('serves the browsable reference at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });
});
