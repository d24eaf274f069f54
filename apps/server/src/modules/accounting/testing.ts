import type { AccountingConnection, SandboxCompany, SyncRun } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/test-app.js';
import { runSync } from './sync.js';
import { accountingSyncRuns } from './tables.js';

type Headers = Record<string, string>;

/** Calls a route; every answer body is kept (to check no token ever appears in one). */
export function caller(t: TestApp) {
  const answers: string[] = [];
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    options: { headers?: Headers; payload?: unknown; query?: Record<string, string> } = {},
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: options.headers,
      query: options.query,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    answers.push(response.body);
    return response;
  };
  return { call, answers };
}

/**
 * The whole round trip through the routes, as the browser makes it: consent URL → Sandbox Books'
 * consent (a new sample company unless one is given) → the callback → organisations → connect.
 */
export async function connectSandboxBooks(
  t: TestApp,
  headers: Headers,
  businessId: string,
  options: { company?: SandboxCompany; call?: ReturnType<typeof caller>['call'] } = {},
) {
  const call = options.call ?? caller(t).call;
  const start = await call('GET', '/api/integration/connection-url', {
    headers,
    query: { providerType: 'QBO', businessId },
  });
  expect(start.statusCode, start.body).toBe(200);
  const consentUrl = new URL(start.json().data.url, 'http://localhost');
  expect(consentUrl.pathname).toBe('/sandbox/books/authorize');
  const params = Object.fromEntries(consentUrl.searchParams);
  let shared = options.company;
  if (!shared) {
    const made = await call('POST', '/api/sandbox/books/companies', {
      headers,
      payload: { name: 'Harbor Books', sample: true },
    });
    expect(made.statusCode, made.body).toBe(201);
    shared = made.json().data as SandboxCompany;
  }
  const consent = await call('POST', '/api/sandbox/books/consent', {
    headers,
    payload: {
      providerType: 'QBO',
      state: params.state,
      redirectUri: params.redirectUri,
      purpose: 'CONNECT',
      decision: 'ALLOW',
      companyIds: [shared.id],
    },
  });
  expect(consent.statusCode, consent.body).toBe(200);
  const back = new URL(consent.json().data.redirectUrl);
  const callback = await call('GET', `${back.pathname}${back.search}`);
  expect(callback.statusCode, callback.body).toBe(302);
  const landing = new URL(callback.headers.location as string, 'http://localhost');
  expect(landing.pathname).toBe('/integration/connecting');
  expect(landing.searchParams.get('error')).toBeNull();
  const state = landing.searchParams.get('state') as string;
  const organisations = await call('GET', '/api/auth/connections', {
    headers,
    query: { providerType: 'QBO', state },
  });
  expect(organisations.statusCode, organisations.body).toBe(200);
  expect(organisations.json().data.organizationList).toEqual([
    { id: shared.id, name: shared.name, currency: 'USD' },
  ]);
  const connected = await call('POST', '/api/integration/connect-business', {
    headers,
    query: { providerType: 'QBO' },
    payload: { state, organizationId: shared.id, businessId },
  });
  expect(connected.statusCode, connected.body).toBe(200);
  return { connection: connected.json().data as AccountingConnection, company: shared, state };
}

/** Runs the business's latest queued sync to its end (the job queue is off in tests) and answers it. */
export async function runLatestSync(t: TestApp, businessId: string): Promise<SyncRun & { status: string }> {
  const runs = await t.database.db
    .select()
    .from(accountingSyncRuns)
    .where(eq(accountingSyncRuns.businessId, businessId))
    .orderBy(accountingSyncRuns.sequence);
  const run = runs.at(-1);
  if (!run) throw new Error('no run queued');
  await runSync(t.context, run.id);
  const [done] = await t.database.db
    .select()
    .from(accountingSyncRuns)
    .where(eq(accountingSyncRuns.id, run.id));
  if (!done) throw new Error('run vanished');
  return {
    id: done.id,
    status: done.status,
    trigger: done.trigger,
    startedAt: done.startedAt.toISOString(),
    finishedAt: done.finishedAt?.toISOString() ?? null,
    imported: done.counts.imported,
    updated: done.counts.updated,
    pushed: done.counts.pushed,
    failures: done.failures,
    error: done.error,
    step: null,
  };
}
