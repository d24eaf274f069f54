import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { getDataSecretBox } from '../crypto/secret-box.js';
import { AppError } from '../http/errors.js';
import { newId } from '../ids.js';
import { idempotencyKeys } from './tables.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A request that has not finished within this time is taken as crashed; its key may be used again. */
export const IDEMPOTENCY_LOCK_MS = 120_000;
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{8,255}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'required' on every call that moves or schedules money. */
    idempotency?: 'required' | 'optional';
  }
  interface FastifyRequest {
    idempotencyRecordId: string | null;
  }
}

/** The request's Idempotency-Key header (its first value), or null. */
export function idempotencyKeyOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers['idempotency-key'];
  return (Array.isArray(header) ? header[0] : header) ?? null;
}

/** A stable text for a JSON value: object keys sorted, so key order does not change the hash. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The request's fingerprint, keyed: bodies may carry secrets (bank account numbers), so a plain hash of
 * a short number could be reversed by guessing; a digest under the data key cannot.
 */
function requestHash(request: FastifyRequest, context: AppContext): string {
  return getDataSecretBox(context.config).digest(
    `${request.method}\n${request.url}\n${canonicalJson(request.body ?? null)}`,
  );
}

function scopeOf(request: FastifyRequest): string {
  const businessId = (request.params as Record<string, string | undefined>).businessId;
  if (businessId) return `business:${businessId}`;
  if (request.auth) return `user:${request.auth.user.id}`;
  return `device:${request.client.deviceId ?? request.ip}`;
}

/**
 * `Idempotency-Key` support: the first request with a key runs and its answer is kept for 24 hours;
 * the same key with the same body gets that answer again, with another body 422, and while the first
 * is still running 409. Answers of 5xx are not kept, so the client may retry.
 */
export function registerIdempotency(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  app.decorateRequest('idempotencyRecordId', null);

  app.addHook('preHandler', async (request, reply) => {
    const mode = request.routeOptions.config?.idempotency;
    if (!mode) return;
    const key = idempotencyKeyOf(request);
    if (!key) {
      if (mode === 'required') {
        throw new AppError(
          'IDEMPOTENCY_KEY_REQUIRED',
          'An Idempotency-Key header is required for this request.',
        );
      }
      return;
    }
    if (!KEY_PATTERN.test(key)) {
      throw new AppError('BAD_REQUEST', 'The Idempotency-Key must be 8 to 255 letters, digits or - _ : .');
    }
    const scope = scopeOf(request);
    const route = `${request.method} ${request.routeOptions.url}`;
    const hash = requestHash(request, context);
    const now = context.clock.now();

    for (let attempt = 0; attempt < 3; attempt += 1) {
      const id = newId();
      const inserted = await db
        .insert(idempotencyKeys)
        .values({
          id,
          scope,
          route,
          key,
          requestHash: hash,
          state: 'in_flight',
          createdAt: now,
          lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LOCK_MS),
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      if (inserted.length > 0) {
        request.idempotencyRecordId = id;
        return;
      }
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.route, route),
            eq(idempotencyKeys.key, key),
          ),
        )
        .limit(1);
      if (!existing) continue; // removed between the two statements: try again
      const expired = existing.expiresAt <= now;
      const abandoned = existing.state === 'in_flight' && existing.lockedUntil <= now;
      if (expired || abandoned) {
        await db
          .delete(idempotencyKeys)
          .where(and(eq(idempotencyKeys.id, existing.id), eq(idempotencyKeys.state, existing.state)));
        continue;
      }
      if (existing.requestHash !== hash) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used with a different request.',
        );
      }
      if (existing.state === 'in_flight') {
        throw new AppError(
          'IDEMPOTENCY_REQUEST_IN_PROGRESS',
          'A request with this Idempotency-Key is in progress.',
          {
            headers: { 'retry-after': '1' },
          },
        );
      }
      reply.header('idempotent-replayed', 'true');
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.code(existing.responseStatus ?? 200).send(existing.responseBody ?? '');
    }
    throw new AppError(
      'IDEMPOTENCY_REQUEST_IN_PROGRESS',
      'A request with this Idempotency-Key is in progress.',
      {
        headers: { 'retry-after': '1' },
      },
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyRecordId;
    if (!id) return payload;
    request.idempotencyRecordId = null;
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
      return payload;
    }
    await db
      .update(idempotencyKeys)
      .set({
        state: 'completed',
        responseStatus: reply.statusCode,
        responseBody: typeof payload === 'string' ? payload : payload == null ? '' : String(payload),
      })
      .where(eq(idempotencyKeys.id, id));
    return payload;
  });
}

/** Deletes remembered answers past their 24 hours (run by the `idempotency.purge` job). */
export async function purgeExpiredIdempotencyKeys(
  context: Pick<AppContext, 'database' | 'clock'>,
): Promise<number> {
  const deleted = await context.database.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, context.clock.now()))
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
}
