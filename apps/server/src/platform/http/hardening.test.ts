import { TEXT_MESSAGES } from '@ferry/domain/schemas';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  INPUT_OUT_OF_RANGE_MESSAGE,
} from './error-handler.js';

/** Issue 16: bad input is a 400 with the error object, never a 500; proxies; the OpenAPI security. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app: FastifyInstance) => {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/api/test/echo/:name',
        {
          config: { auth: 'none' },
          schema: { params: z.object({ name: z.string() }), body: z.object({ note: z.unknown() }) },
        },
        async (request) => ({ name: request.params.name, note: request.body.note }),
      );
      // What node-postgres throws when the database cannot be reached (by kind).
      typed.get(
        '/api/test/unreachable/:kind',
        { config: { auth: 'none' }, schema: { params: z.object({ kind: z.string() }) } },
        async (request) => {
          const kind = request.params.kind;
          if (kind === 'refused')
            throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
          if (kind === 'shutdown') {
            const cause = Object.assign(new Error('terminating connection due to administrator command'), {
              code: '57P01',
            });
            throw new Error('Failed query: select 1', { cause });
          }
          if (kind === 'terminated') throw new Error('Connection terminated unexpectedly');
          if (kind === 'pool') throw new Error('timeout exceeded when trying to connect');
          throw new Error('a defect');
        },
      );
      // A value the database refuses (an integer too big, text that is not a number).
      typed.get(
        '/api/test/cast',
        { config: { auth: 'none' }, schema: { querystring: z.object({ value: z.string() }) } },
        async (request) => {
          await t.context.database.db.execute(sql`select ${request.query.value}::integer`);
          return { ok: true };
        },
      );
    },
  });
});
afterAll(() => t.close());

describe('a database that cannot be reached', () => {
  it.each(['refused', 'shutdown', 'terminated', 'pool'])(
    'answers 503 with Retry-After, not 500 (%s)',
    async (kind) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/test/unreachable/${kind}` });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(response.json()).toEqual({
        message: DATABASE_UNAVAILABLE_MESSAGE,
        statusCode: 503,
        errors: [],
        errorCode: 'SERVICE_UNAVAILABLE',
      });
    },
  );

  it('still answers 500 for a defect', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/unreachable/other' });
    expect(response.statusCode).toBe(500);
    expect(response.json().errorCode).toBe('INTERNAL_ERROR');
  });
});

const echo = (payload: unknown, name = 'ok', query = '') =>
  t.app.inject({ method: 'POST', url: `/api/test/echo/${name}${query}`, payload: payload as object });

describe('NUL and lone surrogates', () => {
  it('answers 400 naming the field for a NUL or a lone surrogate anywhere in a JSON body', async () => {
    for (const [payload, field] of [
      [{ note: 'a\u0000b' }, 'note'],
      [{ note: ['ok', { deep: 'x\ud800' }] }, 'note.1.deep'],
      [{ note: { 'k\udc00': 1 } }, 'note.k\udc00'],
    ] as const) {
      const res = await echo(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        message: TEXT_MESSAGES.invalidCharacter,
        statusCode: 400,
        errors: [{ field, message: TEXT_MESSAGES.invalidCharacter }],
        errorCode: 'VALIDATION_ERROR',
      });
    }
  });

  it('also in the query and the path, and lets real emoji and other scripts through', async () => {
    expect((await echo({ note: 'x' }, 'ok', '?q=a%00b')).statusCode).toBe(400);
    expect((await echo({ note: 'x' }, 'a%00b')).json().errors[0].field).toBe('name');
    const fine = await echo({ note: '👩‍👩‍👧 naïve 中文' }, '%F0%9F%98%80');
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toEqual({ name: '😀', note: '👩‍👩‍👧 naïve 中文' });
  });

  it('answers the error object for an address that is not UTF-8 or a path value past the limit', async () => {
    for (const url of ['/api/test/echo/%ED%A0%80', `/api/test/echo/${'a'.repeat(200)}`]) {
      const res = await t.app.inject({ method: 'POST', url, payload: { note: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, errors: [], errorCode: 'BAD_REQUEST' });
    }
  });
});

describe('database errors caused by input', () => {
  it('answers 400 (not 500) when the database refuses a value as out of range or malformed', async () => {
    for (const value of ['99999999999', 'abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/test/cast?value=${value}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        message: INPUT_OUT_OF_RANGE_MESSAGE,
        statusCode: 400,
        errors: [],
        errorCode: 'VALIDATION_ERROR',
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/test/cast?value=12' })).statusCode).toBe(200);
  });
});

describe('OpenAPI security', () => {
  it('marks public operations as needing no session and the others as needing one', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.security).toEqual([{ session: [], sessionId: [] }, { cookie: [] }]);
    for (const [path, method] of [
      ['/api/health', 'get'],
      ['/api/client-config', 'get'],
      ['/api/auth/users/sign-up', 'post'],
    ] as const) {
      expect(doc.paths[path][method].security, `${method} ${path}`).toEqual([]);
    }
    // Signed-in operations inherit the document's security.
    expect(doc.paths['/api/business'].get.security).toBeUndefined();
    expect(doc.paths['/api/business/{businessId}'].get.security).toBeUndefined();
  });
});

describe('TRUST_PROXY and the per-client rate limit', () => {
  const hammer = async (app: TestApp, forwardedFor: (i: number) => string, remoteAddress = '203.0.113.9') => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await app.app.inject({
        method: 'GET',
        url: '/api/business',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('by default a rotating X-Forwarded-For does not reset the limit (the connection counts)', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      expect(await hammer(app, (i) => `198.51.100.${i}`)).toEqual([401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });

  it('with TRUST_PROXY=1 the address the proxy names is the client', async () => {
    const app = await createTestApp({ env: { RATE_LIMIT_MAX: '3', TRUST_PROXY: '1' } });
    try {
      // Four clients behind one proxy: none is limited.
      expect(await hammer(app, (i) => `198.51.100.${i}`)).toEqual([401, 401, 401, 401]);
      // One client through the proxy, whatever it prepends itself: the proxy's last entry counts.
      expect(await hammer(app, (i) => `10.9.9.${i}, 198.51.100.77`)).toEqual([401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('production on sandbox providers (a public demo)', () => {
  it('says so in the public client config, which is false otherwise', async () => {
    const demo = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://ferry.example', ALLOW_SANDBOX_PROVIDERS: 'true' },
    });
    try {
      const res = await demo.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(res.json().data.sandbox).toEqual({ rails: false, demo: true });
      // The sandbox bank's clock stays outside production.
      expect((await demo.app.inject({ method: 'GET', url: '/api/sandbox/clock' })).statusCode).toBe(404);
    } finally {
      await demo.close();
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.json().data.sandbox).toEqual({ rails: true, demo: false });
  });
});
