import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { PROVIDERS } from '@/features/accounting/testing/accounting';
import { browserLocation } from '@/features/accounting/utils/browser-location';
import { fail, mockApi, ok, queriesOf } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { Component as SignInRoute } from './signin';

// The sign-in route: the email form, then 'or' and the two accounting sign-in buttons.

const CONSENT_URL = '/sandbox/books/authorize?providerType=QBO&state=abc&purpose=SIGN_IN';
let api: ReturnType<typeof mockApi>;
let assign: Mock<(url: string) => void>;

const renderPage = () => renderRoutes([{ path: '/signin', element: <SignInRoute /> }], '/signin');

beforeEach(() => {
  api = mockApi(
    {
      'GET /integration': ok(PROVIDERS),
      'GET /integration/connection-url': ok({ url: CONSENT_URL }),
    },
    { location: '/signin' },
  );
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(browserLocation, 'assign').mockImplementation(assign);
});

afterEach(() => {
  notifications.clean();
});

describe('/signin', () => {
  it('shows Sign in with Intuit and Sign in with Xero under the form, after an or', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Sign in with Intuit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Xero' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /FreshBooks/ })).not.toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('goes to the provider through requestFor=SIGN_IN, kept in a normal window', async () => {
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with Intuit' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT_URL));
    const query = queriesOf(api, '/integration/connection-url')[0];
    expect(query?.get('providerType')).toBe('QBO');
    expect(query?.get('requestFor')).toBe('SIGN_IN');
    expect(query?.get('keepMeLogin')).toBe('true');
    expect(query?.has('businessId')).toBe(false);
  });

  it("says 'Unknown error' when the server refuses", async () => {
    api.handlers['GET /integration/connection-url'] = fail(400, 'Please choose an accounting software.');
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with Xero' }));
    expect(await screen.findByText('Unknown error')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows no divider and no buttons when the server offers no provider sign-in', async () => {
    api.handlers['GET /integration'] = ok([]);
    renderPage();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /integration')).toHaveLength(1));
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign in with/ })).not.toBeInTheDocument();
  });
});
