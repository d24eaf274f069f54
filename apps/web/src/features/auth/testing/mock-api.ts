import { vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { resetBotCheck } from '@/lib/bot-check';

/** What a handler answers: `data` in the success envelope, or an error body with its status. */
export type MockAnswer =
  | { data: unknown; message?: string }
  | {
      status: number;
      error: { message: string; errorCode?: string; errors?: { field: string; message: string }[] };
    }
  | { networkError: true };

export type MockCall = { method: string; path: string; body: unknown };
type Handler = (call: MockCall) => MockAnswer;

export const SANDBOX_CLIENT_CONFIG = {
  botCheck: { provider: 'sandbox', siteKey: null, action: 'importantAction' },
  phoneVerificationCountries: ['us', 'in'],
};

/**
 * A fake server for component tests: handlers keyed by `'METHOD /path'` (the path after `/api`, without
 * the query). Every call is recorded; an unhandled call fails loudly with a 500.
 */
export const mockApi = (handlers: Record<string, Handler | MockAnswer>) => {
  const calls: MockCall[] = [];
  const all: Record<string, Handler | MockAnswer> = {
    'GET /client-config': { data: SANDBOX_CLIENT_CONFIG },
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const handler = all[`${method} ${path}`];
    if (!handler) {
      return new Response(JSON.stringify({ message: `Unhandled ${method} ${path}`, statusCode: 500 }), {
        status: 500,
      });
    }
    const answer = typeof handler === 'function' ? handler(call) : handler;
    if ('networkError' in answer) throw new TypeError('Failed to fetch');
    if ('status' in answer) {
      return new Response(JSON.stringify({ statusCode: answer.status, errors: [], ...answer.error }), {
        status: answer.status,
      });
    }
    return new Response(
      JSON.stringify({ status: true, message: answer.message ?? 'OK', data: answer.data }),
      {
        status: 200,
      },
    );
  });
  resetBotCheck();
  const navigate = vi.fn();
  configureApiClient({
    fetch: fetchMock,
    navigate,
    getLocation: () => ({ pathname: '/signin', search: '' }),
  });
  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { fetchMock, calls, callsTo, navigate };
};

export const USER_ID = 'a1b2c3d4e5f60718293a4b5c';
export const BUSINESS_ID = 'b1b2c3d4e5f60718293a4b5c';
export const REQUEST_ID = 'c1b2c3d4e5f60718293a4b5c';

export const makeProfile = (overrides: Record<string, unknown> = {}) => ({
  id: USER_ID,
  email: 'ada@acme.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'US',
  activeStatus: 'ACTIVE',
  isPasswordSet: true,
  isEmailVerified: true,
  isPhoneNumberVerified: true,
  userType: 'SME_OWNER',
  phones: [
    {
      countryCode: '1',
      phoneNumber: '2015550123',
      countryISOCode: 'us',
      isPrimary: true,
      isPhoneNumberVerified: true,
    },
  ],
  ...overrides,
});
