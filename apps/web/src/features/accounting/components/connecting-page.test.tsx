import { ACCOUNTING_MESSAGES, type OrganisationCallback } from '@ferry/domain/schemas';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, queriesOf } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { BUSINESS_ID, makeConnection } from '../testing/accounting';
import { readConnectReturn, rememberConnectReturn } from '../utils/connect-return';
import { ConnectingPage } from './connecting-page';

const RETURN = '/integration/connecting?providerType=QBO&state=st4te';
const CONNECT = 'POST /integration/connect-business';

const makeCallback = (overrides: Partial<OrganisationCallback> = {}): OrganisationCallback => ({
  organizationList: [{ id: 'realm-1', name: 'Harbor Coffee Books', currency: 'USD' }],
  tokenDetails: { expiresAt: '2026-11-28T10:00:00.000Z' },
  businessOnboarded: true,
  businessId: BUSINESS_ID,
  providerType: 'QBO',
  businessAlreadyExistsDetails: null,
  ...overrides,
});

const TWO_ORGS = [
  { id: 'realm-1', name: 'Harbor Coffee Books', currency: 'USD' },
  { id: 'realm-2', name: 'Harbor Roastery Books', currency: 'CAD' },
];

const renderPage = (path = RETURN) =>
  renderRoutes(
    [
      { path: '/integration/connecting', element: <ConnectingPage /> },
      { path: '/b/:businessId/settings/integration', element: <Where name="Integrations" /> },
      { path: '/b/:businessId/home', element: <Where name="Home" /> },
    ],
    path,
  );

/** The connection loader's 7 s, then 3 s more. */
const playLoader = () => act(() => vi.advanceTimersByTimeAsync(10_500));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  rememberConnectReturn({ businessId: BUSINESS_ID, from: 'settings' });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/integration/connecting', () => {
  it('says access was denied, with a way back', async () => {
    const api = mockApi();
    renderPage(`${RETURN}&error=access_denied`);
    expect(await screen.findByText(ACCOUNTING_MESSAGES.denied)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/settings/integration`,
    );
    expect(api.callsTo('GET /auth/connections')).toHaveLength(0);
  });

  it('connects the only organisation at once, plays the loader, then opens the integration settings', async () => {
    const api = mockApi({
      'GET /auth/connections': ok(makeCallback()),
      [CONNECT]: ok(makeConnection()),
    });
    renderPage();
    await waitFor(() =>
      expect(api.bodiesOf(CONNECT)).toEqual([
        { state: 'st4te', organizationId: 'realm-1', businessId: BUSINESS_ID },
      ]),
    );
    expect(queriesOf(api, '/integration/connect-business')[0]?.get('providerType')).toBe('QBO');
    expect(Object.fromEntries(queriesOf(api, '/auth/connections')[0] ?? [])).toEqual({
      providerType: 'QBO',
      state: 'st4te',
    });
    expect(screen.getByText('Connecting your accounting software')).toBeInTheDocument();
    await playLoader();
    expect(
      await screen.findByRole('heading', { name: `Integrations at /b/${BUSINESS_ID}/settings/integration` }),
    ).toBeInTheDocument();
    expect(readConnectReturn()).toBeNull();
    expect(api.callsTo(CONNECT)).toHaveLength(1);
  });

  it('goes to the business home when the connection was started at onboarding', async () => {
    rememberConnectReturn({ businessId: BUSINESS_ID, from: 'onboarding' });
    mockApi({ 'GET /auth/connections': ok(makeCallback()), [CONNECT]: ok(makeConnection()) });
    renderPage();
    expect(await screen.findByText('Connecting your accounting software')).toBeInTheDocument();
    await playLoader();
    expect(
      await screen.findByRole('heading', { name: `Home at /b/${BUSINESS_ID}/home` }),
    ).toBeInTheDocument();
  });

  it('asks which organisation when the grant covers several, then connects the chosen one', async () => {
    const api = mockApi({
      'GET /auth/connections': ok(makeCallback({ organizationList: TWO_ORGS })),
      [CONNECT]: ok(makeConnection()),
    });
    renderPage();
    expect(await screen.findByText(ACCOUNTING_MESSAGES.organization)).toBeInTheDocument();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    expect(api.callsTo(CONNECT)).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: /Harbor Roastery Books/ }));
    await user.click(continueButton);
    await waitFor(() =>
      expect(api.bodiesOf(CONNECT)).toEqual([
        { state: 'st4te', organizationId: 'realm-2', businessId: BUSINESS_ID },
      ]),
    );
    expect(await screen.findByText('Connecting your accounting software')).toBeInTheDocument();
  });

  it('says which Ferry business already holds an organisation, and offers the others', async () => {
    mockApi({
      'GET /auth/connections': ok(
        makeCallback({
          organizationList: TWO_ORGS,
          businessAlreadyExistsDetails: {
            businessId: 'ffffffffffffffffffffffff',
            businessName: 'Harbor Wholesale',
            organizationId: 'realm-1',
          },
        }),
      ),
    });
    renderPage();
    expect(
      await screen.findByText(/Harbor Coffee Books is already connected to Harbor Wholesale in Ferry/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Harbor Coffee Books/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Harbor Roastery Books/ })).toBeInTheDocument();
  });

  it('shows the server’s message when the link has expired', async () => {
    mockApi({ 'GET /auth/connections': fail(400, ACCOUNTING_MESSAGES.state) });
    renderPage();
    expect(await screen.findByText(ACCOUNTING_MESSAGES.state)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toBeInTheDocument();
  });

  it('shows the server’s message when connecting fails', async () => {
    mockApi({
      'GET /auth/connections': ok(makeCallback()),
      [CONNECT]: fail(409, ACCOUNTING_MESSAGES.alreadyConnected),
    });
    renderPage();
    expect(await screen.findByText(ACCOUNTING_MESSAGES.alreadyConnected)).toBeInTheDocument();
  });

  it('says the link has expired when the server found the state used or lapsed', async () => {
    mockApi();
    renderPage('/integration/connecting?error=expired');
    expect(await screen.findByText(ACCOUNTING_MESSAGES.state)).toBeInTheDocument();
  });

  it("says 'Unknown error' for any other error the provider sends back", async () => {
    mockApi();
    renderPage(`${RETURN}&error=failed`);
    expect(await screen.findByText(ACCOUNTING_MESSAGES.unknown)).toBeInTheDocument();
  });
});
