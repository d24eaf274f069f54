import { type RouteObject, useLocation } from 'react-router';
import { vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { resetBotCheck } from '@/lib/bot-check';
import type { UserProfile } from '@/lib/session';
import { setStored } from '@/lib/storage';

type Call = { method: string; path: string; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

export const ok = (data: unknown) => new Response(JSON.stringify({ status: true, message: 'OK', data }));
export const fail = (statusCode: number, message: string, errorCode?: string) =>
  new Response(JSON.stringify({ message, statusCode, errors: [], errorCode }), { status: statusCode });

export const invitee: UserProfile = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  email: 'ada@acme.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'US',
  activeStatus: 'ACTIVE',
  isPasswordSet: true,
  isEmailVerified: true,
  isPhoneNumberVerified: true,
  userType: 'SME_OWNER',
  phones: [],
};

/**
 * A fake `/api` for component tests: `handlers` by "METHOD /path" (without `/api`); every call is kept
 * in `calls`. The client config (sandbox bot check) and `GET /user` (the invitee) answer by default.
 */
export const mockApi = (handlers: Record<string, Handler> = {}) => {
  const calls: Call[] = [];
  const all: Record<string, Handler> = {
    'GET /client-config': () =>
      ok({
        botCheck: { provider: 'sandbox', siteKey: null, action: 'importantAction' },
        phoneVerificationCountries: ['US', 'IN'],
      }),
    'GET /user': () => ok(invitee),
    'PATCH /auth/logout': () => ok({}),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://x').pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const call = { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const handler = all[`${method} ${path}`];
    return handler ? handler(call) : fail(404, `No handler for ${method} ${path}`);
  });
  resetBotCheck();
  configureApiClient({ fetch: fetchMock, navigate: vi.fn() });
  return { calls, handlers: all };
};

export const signInAs = (user: UserProfile = invitee) => {
  setStored('session', { token: 'token', sessionId: 'session-1' });
  setStored('user', { ...user, country: user.country ?? undefined });
};

/** Shows where the router is, for asserting navigations. */
export const Where = ({ name }: { name: string }) => {
  const { pathname, search } = useLocation();
  return <h1>{`${name} at ${pathname}${search}`}</h1>;
};

/** The pages the invitation flows lead to, as stand-ins. */
export const targetRoutes: RouteObject[] = [
  { path: '/signin', element: <Where name="Sign in" /> },
  { path: '/verify', element: <Where name="Verify" /> },
  { path: '/accept-invitation', element: <Where name="Accept invitation" /> },
  { path: '/invalid-link', element: <Where name="Invalid link" /> },
  { path: '/unauthorized', element: <Where name="Unauthorized" /> },
  { path: '/no-business', element: <Where name="No business" /> },
  { path: '/onboard/b/add', element: <Where name="Add business" /> },
  { path: '/b/:businessId/home', element: <Where name="Business home" /> },
];
