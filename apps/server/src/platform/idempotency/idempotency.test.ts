import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeBusiness, signIn } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { newId } from '../ids.js';
import { purgeExpiredIdempotencyKeys } from './idempotency.js';

let t: TestApp;
let headers: Record<string, string>;
let businessId: string;
let ownerId: string;
let release: (() => void) | null = null;

/** A business route that writes a row per call, the shape of every money-moving call. */
async function testRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/business/:businessId/test-transfers',
    {
      config: { business: {}, idempotency: 'required' },
      schema: {
        params: z.object({ businessId: z.string() }),
        body: z.object({ amount: z.string(), slow: z.boolean().optional() }),
      },
    },
    async (request, reply) => {
      if (request.body.slow) await new Promise<void>((resolve) => (release = resolve));
      const id = newId();
      await t.database.sql.query('insert into test_transfers (id, business_id, amount) values ($1, $2, $3)', [
        id,
        request.params.businessId,
        request.body.amount,
      ]);
      reply.code(201);
      return { status: true, message: 'Transfer created', data: { id } };
    },
  );
}

async function countTransfers(): Promise<number> {
  const result = await t.database.sql.query<{ n: string | number }>(
    'select count(*) as n from test_transfers',
  );
  return Number(result.rows[0]?.n);
}

function post(key: string | undefined, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/business/${businessId}/test-transfers`,
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload: body,
  });
}

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: testRoutes });
  await t.database.sql.exec(
    'create table test_transfers (id text primary key, business_id text not null, amount text not null)',
  );
  const business = await makeBusiness(t.context);
  businessId = business.businessId;
  ownerId = business.owner.id;
  headers = await signIn(t.context, business.owner);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.sql.exec('delete from test_transfers');
});

describe('Idempotency-Key', () => {
  it('is required on routes that move money', async () => {
    const res = await post(undefined, { amount: '10.00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_REQUIRED' });
    expect(await countTransfers()).toBe(0);
  });

  it('returns the first answer again for the same key and body', async () => {
    const key = `key-${newId()}`;
    const first = await post(key, { amount: '10.00' });
    const second = await post(key, { amount: '10.00' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countTransfers()).toBe(1);
  });

  it('treats the same JSON with keys in another order as the same body', async () => {
    const key = `key-${newId()}`;
    await post(key, { amount: '5.00', slow: false });
    const again = await post(key, { slow: false, amount: '5.00' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countTransfers()).toBe(1);
  });

  it('answers 422 for the same key with another body, and changes nothing', async () => {
    const key = `key-${newId()}`;
    await post(key, { amount: '10.00' });
    const other = await post(key, { amount: '99.00' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ errorCode: 'IDEMPOTENCY_KEY_REUSED', statusCode: 422 });
    expect(await countTransfers()).toBe(1);
  });

  it('creates one row for 50 concurrent requests with the same key', async () => {
    const key = `key-${newId()}`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(key, { amount: '25.00' })));
    expect(await countTransfers()).toBe(1);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json().data.id);
    expect(new Set(created).size).toBe(1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const key = `key-${newId()}`;
    const first = post(key, { amount: '1.00', slow: true });
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    const during = await post(key, { amount: '1.00', slow: true });
    expect(during.statusCode).toBe(409);
    expect(during.json()).toMatchObject({ errorCode: 'IDEMPOTENCY_REQUEST_IN_PROGRESS' });
    expect(during.headers['retry-after']).toBe('1');
    release();
    release = null;
    expect((await first).statusCode).toBe(201);
    expect(await countTransfers()).toBe(1);
  });

  it('keeps keys per business: another business may use the same key', async () => {
    const key = `key-${newId()}`;
    await post(key, { amount: '3.00' });
    const other = await makeBusiness(t.context);
    const otherHeaders = await signIn(t.context, other.owner);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/business/${other.businessId}/test-transfers`,
      headers: { ...otherHeaders, 'idempotency-key': key },
      payload: { amount: '3.00' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await countTransfers()).toBe(2);
  });

  it('forgets a key after 24 hours', async () => {
    const key = `key-${newId()}`;
    await post(key, { amount: '7.00' });
    t.clock.advance(24 * 3_600_000 + 1000);
    // A day without requests ends the session (idle timeout): sign in again.
    headers = await signIn(t.context, { id: ownerId });
    expect(await purgeExpiredIdempotencyKeys(t.context)).toBeGreaterThan(0);
    const later = await post(key, { amount: '7.00' });
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await countTransfers()).toBe(2);
    t.clock.advance(-(24 * 3_600_000 + 1000));
  });
});
