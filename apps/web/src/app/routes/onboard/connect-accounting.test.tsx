import { ACCOUNTING_MESSAGES } from '@ferry/domain/schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { PROVIDERS } from '@/features/accounting/testing/accounting';
import { browserLocation } from '@/features/accounting/utils/browser-location';
import { readConnectReturn } from '@/features/accounting/utils/connect-return';
import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';
import { fail, mockApi, ok, queriesOf } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { Component as ConnectAccountingRoute } from './connect-accounting';

// The onboarding accounting picker, live (issue 21): GET /integration's cards and the sign-in buttons.

const PAGE = `/onboard/b/${TEST_BUSINESS_ID}/add`;
const CONSENT_URL = 'https://login.xero.com/identity/connect/authorize?state=abc';
let api: ReturnType<typeof mockApi>;
let assign: Mock<(url: string) => void>;

const renderPage = () =>
  renderRoutes([{ path: '/onboard/b/:businessId/add', element: <ConnectAccountingRoute /> }], PAGE);

beforeEach(() => {
  const profile = makeUserProfile();
  signInAs(profile);
  api = mockApi({
    'GET /user': ok(profile),
    [`GET /business/${TEST_BUSINESS_ID}`]: ok(makeTestBusiness()),
    'GET /integration': ok(PROVIDERS),
    'GET /integration/connection-url': ok({ url: CONSENT_URL }),
  });
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(browserLocation, 'assign').mockImplementation(assign);
});

describe('Onboarding accounting picker', () => {
  it('shows a card per provider and the two sign-in buttons', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Connect to QuickBooks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect to Xero' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect to FreshBooks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Intuit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Xero' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in with FreshBooks/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      `/b/${TEST_BUSINESS_ID}/home`,
    );
    expect(screen.queryByText(/not available yet/)).not.toBeInTheDocument();
  });

  it('connects from a card and remembers to come back home', async () => {
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect to QuickBooks' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT_URL));
    expect(queriesOf(api, '/integration/connection-url')[0]?.get('businessId')).toBe(TEST_BUSINESS_ID);
    expect(readConnectReturn()).toEqual({ businessId: TEST_BUSINESS_ID, from: 'onboarding' });
  });

  it('signs in with Xero through requestFor=SIGN_IN', async () => {
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with Xero' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT_URL));
    const query = queriesOf(api, '/integration/connection-url')[0];
    expect(query?.get('providerType')).toBe('XERO');
    expect(query?.get('requestFor')).toBe('SIGN_IN');
    expect(query?.has('businessId')).toBe(false);
  });

  it("says 'Unknown error' when the server refuses a sign-in", async () => {
    api.handlers['GET /integration/connection-url'] = fail(
      400,
      'Please complete the signup before signing in.',
    );
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with Intuit' }));
    expect(await screen.findByText(ACCOUNTING_MESSAGES.unknown)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});
