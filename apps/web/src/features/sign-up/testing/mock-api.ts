import { vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import type { UserProfile } from '@/lib/session';

type Reply = { status: number; body: unknown };
type Handler = (body: unknown) => Reply | Promise<Reply>;

export const ok = (data: unknown, status = 200): Reply => ({
  status,
  body: { status: true, message: 'OK', data },
});

export const fail = (
  status: number,
  message: string,
  errors: { field: string; message: string }[] = [],
): Reply => ({ status, body: { message, statusCode: status, errors } });

export const SANDBOX_CONFIG = {
  botCheck: { provider: 'sandbox', siteKey: null, action: 'importantAction' },
  phoneVerificationCountries: ['US', 'IN'],
};

export const makeProfile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  email: 'ada@acme.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'US',
  activeStatus: 'PENDING',
  isPasswordSet: false,
  isEmailVerified: false,
  isPhoneNumberVerified: false,
  userType: null,
  phones: [
    {
      countryCode: '1',
      phoneNumber: '2015550123',
      countryISOCode: 'us',
      isPrimary: true,
      isPhoneNumberVerified: false,
    },
  ],
  ...overrides,
});

/**
 * A fake server for component tests: handlers keyed `'POST /api/auth/users/sign-up'`; any other call
 * answers 404. `GET /api/client-config` answers the sandbox configuration unless overridden.
 */
export const mockApi = (handlers: Record<string, Handler>) => {
  const all: Record<string, Handler> = { 'GET /api/client-config': () => ok(SANDBOX_CONFIG), ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    const handler = all[key];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const reply = handler ? await handler(body) : fail(404, `No handler for ${key}`);
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  configureApiClient({ fetch: fetchMock, navigate: vi.fn() });
  /** The JSON bodies sent to `key`, in order. */
  const bodiesOf = (key: string): unknown[] =>
    fetchMock.mock.calls
      .filter(
        ([input, init]) =>
          `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
      )
      .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
  return { fetchMock, bodiesOf };
};
