import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTestBank } from '@/testing/banks';
import { mockApi, ok, SANDBOX_CLIENT_CONFIG } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { AppHeader } from './app-header';

const BUSINESS_ID = '0123456789abcdef01234567';
const BANK_ID = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const routes = [{ path: '/b/:businessId/home', element: <AppHeader /> }];
const HOME = `/b/${BUSINESS_ID}/home`;

// 03:00 UTC on Nov 27 is still Nov 26 in New York, the rails' business date.
const CLOCK = { now: '2026-11-27T03:00:00.000Z', offsetMs: 86_400_000, date: '2026-11-26' };

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  signInAs(makeUserProfile());
  api = mockApi({
    'GET /client-config': ok({ ...SANDBOX_CLIENT_CONFIG, sandbox: { rails: true, demo: false } }),
    'GET /sandbox/clock': ok(CLOCK),
    [`GET /business/${BUSINESS_ID}/bank/accounts`]: ok([makeTestBank({ id: BANK_ID })]),
  });
});

describe('Sandbox badge in the app header', () => {
  it("shows the sandbox bank's business date and links to the sandbox bank of the business's account", async () => {
    renderRoutes(routes, HOME);
    const badge = await screen.findByRole('link', { name: /^Sandbox, sandbox date Nov 26, 2026/ });
    expect(badge).toHaveTextContent('Sandbox · Nov 26, 2026');
    await waitFor(() => expect(badge).toHaveAttribute('href', `/sandbox/bank?accountId=${BANK_ID}`));
  });

  it('links to the sandbox bank without an account when the business has none', async () => {
    api.handlers[`GET /business/${BUSINESS_ID}/bank/accounts`] = ok([]);
    renderRoutes(routes, HOME);
    const badge = await screen.findByRole('link', { name: /^Sandbox, sandbox date/ });
    await waitFor(() => expect(api.callsTo(`GET /business/${BUSINESS_ID}/bank/accounts`)).toHaveLength(1));
    expect(badge).toHaveAttribute('href', '/sandbox/bank');
  });

  it('is absent when the deployment does not run the sandbox bank (production or real rails)', async () => {
    api.handlers['GET /client-config'] = ok({
      ...SANDBOX_CLIENT_CONFIG,
      sandbox: { rails: false, demo: false },
    });
    renderRoutes(routes, HOME);
    await waitFor(() => expect(api.callsTo('GET /client-config')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('sandbox-badge')).not.toBeInTheDocument();
    expect(api.callsTo('GET /sandbox/clock')).toHaveLength(0);
  });

  it('is absent when the configuration does not say (an older server)', async () => {
    api.handlers['GET /client-config'] = ok(SANDBOX_CLIENT_CONFIG);
    renderRoutes(routes, HOME);
    await waitFor(() => expect(api.callsTo('GET /client-config')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('sandbox-badge')).not.toBeInTheDocument();
  });
});
