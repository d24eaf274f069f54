import type { ClientConfig } from '@ferry/domain';
import { vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { resetBotCheck } from '@/lib/bot-check';

/** One call the fake server saw: the method, the path after `/api` (without the query) and the JSON body. */
export type MockCall = { method: string; path: string; body: unknown };

/** What the fake server answers: an HTTP status and a JSON body. */
export type MockReply = { status: number; body: unknown };

/** A fixed reply, or one worked out from the call (it may wait, or throw like a network failure). */
export type MockHandler = MockReply | ((call: MockCall) => MockReply | Promise<MockReply>);

/** The success envelope `{ status, message, data }`. */
export const ok = (data: unknown, options: { status?: number; message?: string } = {}): MockReply => ({
  status: options.status ?? 200,
  body: { status: true, message: options.message ?? 'OK', data },
});

/** The spec's error object (spec 000 §8), with its field errors and error code when given. */
export const fail = (
  status: number,
  message: string,
  options: { errorCode?: string; errors?: { field: string; message: string }[] } = {},
): MockReply => ({
  status,
  body: {
    message,
    statusCode: status,
    errors: options.errors ?? [],
    ...(options.errorCode ? { errorCode: options.errorCode } : {}),
  },
});

/** A handler for a call that never reaches the server. */
export const networkError = (): never => {
  throw new TypeError('Failed to fetch');
};

/** `GET /client-config` of a sandbox deployment: no bot-check script, phones verified in the US and India. */
export const SANDBOX_CLIENT_CONFIG: ClientConfig = {
  botCheck: { provider: 'sandbox', siteKey: null, action: 'importantAction' },
  phoneVerificationCountries: ['US', 'IN'],
  bankLink: { provider: 'sandbox' },
  cardVault: { provider: 'sandbox', publishableKey: null },
  sandbox: { rails: false, demo: false },
};

export type MockApiOptions = {
  /** The page the API client believes it is on (its 401/403 handling reads it); '/' unless given. */
  location?: string;
};

/**
 * A fake server for component tests, installed as the API client's `fetch`: handlers are keyed
 * `'METHOD /path'` (the path after `/api`, without the query); the sandbox client config answers unless
 * overridden, and any other call answers 404. Every call is recorded. `handlers` may be changed later.
 */
export const mockApi = (handlers: Record<string, MockHandler> = {}, options: MockApiOptions = {}) => {
  const calls: MockCall[] = [];
  const all: Record<string, MockHandler> = { 'GET /client-config': ok(SANDBOX_CLIENT_CONFIG), ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const handler = all[`${method} ${path}`];
    const reply =
      handler === undefined
        ? fail(404, `No handler for ${method} ${path}`)
        : typeof handler === 'function'
          ? await handler(call)
          : handler;
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  const location = new URL(options.location ?? '/', 'http://localhost');
  const navigate = vi.fn();
  resetBotCheck();
  configureApiClient({
    fetch: fetchMock,
    navigate,
    getLocation: () => ({ pathname: location.pathname, search: location.search }),
  });
  /** The calls to `'METHOD /path'`, in order. */
  const callsTo = (key: string): MockCall[] => calls.filter((c) => `${c.method} ${c.path}` === key);
  /** The JSON bodies sent to `'METHOD /path'`, in order. */
  const bodiesOf = (key: string): unknown[] => callsTo(key).map((c) => c.body);
  return { fetchMock, calls, callsTo, bodiesOf, navigate, handlers: all };
};

/** A page of a paged list (`{ items, total, pageNumber, pageSize }`), the first of 10 rows. */
export const pageReply = (items: unknown[], total = items.length): MockReply =>
  ok({ items, total, pageNumber: 1, pageSize: 10 });

/** The query string of the calls to `path` (after `/api`), in order. */
export const queriesOf = (api: ReturnType<typeof mockApi>, path: string): URLSearchParams[] =>
  api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api${path}`)
    .map((url) => url.searchParams);

/** The request headers of the calls to `path` (after `/api`), in order. */
export const headersOf = (api: ReturnType<typeof mockApi>, path: string): Headers[] =>
  api.fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/api${path}`)
    .map(([, init]) => new Headers(init?.headers));
