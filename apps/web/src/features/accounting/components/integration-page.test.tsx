import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { type MockHandler, ok, pageReply, queriesOf } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import {
  BUSINESS_ID,
  CONNECTION_API,
  DISCONNECT_API,
  makeConnection,
  makeRun,
  PROVIDERS,
  SYNC_RUNS_API,
} from '../testing/accounting';
import { browserLocation } from '../utils/browser-location';
import { readConnectReturn } from '../utils/connect-return';
import { IntegrationPage } from './integration-page';

const PAGE = `/b/${BUSINESS_ID}/settings/integration`;
const CONSENT_URL = 'https://appcenter.intuit.com/connect/oauth2?state=abc';

const Page = () => {
  const { businessId = '' } = useParams();
  return <IntegrationPage businessId={businessId} />;
};

const renderPage = () =>
  renderRoutes([{ path: '/b/:businessId/settings/integration', element: <Page /> }], PAGE);

const VIEWER = makeTestBusiness({ role: 'Viewer', permissions: ['PAY_FULL_ACCESS.view'] });

const mockPage = (handlers: Record<string, MockHandler>, business = makeTestBusiness()) =>
  mockBusinessApi(business, {
    'GET /integration': ok(PROVIDERS),
    [`GET ${SYNC_RUNS_API}`]: pageReply([]),
    ...handlers,
  });

let assign: Mock<(url: string) => void>;

beforeEach(() => {
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(browserLocation, 'assign').mockImplementation(assign);
});

describe('Settings > Integrations, not connected', () => {
  it('shows the provider cards with their Sandbox badge and the Sandbox Books link', async () => {
    mockPage({ [`GET ${CONNECTION_API}`]: ok(null) });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Connect to QuickBooks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect to Xero' })).toBeInTheDocument();
    const freshBooks = screen.getByRole('article', { name: 'FreshBooks' });
    expect(within(freshBooks).getByText('Sandbox')).toBeInTheDocument();
    expect(within(freshBooks).getByRole('button', { name: 'Connect to FreshBooks' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Xero' })).queryByText('Sandbox'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Sandbox Books' })).toHaveAttribute(
      'href',
      '/sandbox/books',
    );
    expect(screen.queryByRole('heading', { name: 'Sync history' })).not.toBeInTheDocument();
  });

  it('asks for the connection URL and sends the browser there', async () => {
    const api = mockPage({
      [`GET ${CONNECTION_API}`]: ok(null),
      'GET /integration/connection-url': ok({ url: CONSENT_URL }),
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Connect to Xero' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT_URL));
    const [query] = queriesOf(api, '/integration/connection-url');
    expect(Object.fromEntries(query ?? [])).toEqual({
      providerType: 'XERO',
      businessId: BUSINESS_ID,
      requestFor: 'CONNECT',
    });
    expect(readConnectReturn()).toEqual({ businessId: BUSINESS_ID, from: 'settings' });
  });

  it('disables connecting for a member who is not an Admin, saying why', async () => {
    const api = mockPage({ [`GET ${CONNECTION_API}`]: ok(null) }, VIEWER);
    renderPage();
    const connect = await screen.findByRole('button', { name: 'Connect to QuickBooks' });
    expect(connect).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(connect);
    expect(await screen.findByText('Only admins can connect accounting software.')).toBeInTheDocument();
    expect(api.callsTo('GET /integration/connection-url')).toHaveLength(0);
  });
});

describe('Settings > Integrations, connected', () => {
  it('shows the provider, organisation, status, who connected it and the last sync', async () => {
    mockPage({ [`GET ${CONNECTION_API}`]: ok(makeConnection()) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'QuickBooks Online' })).toBeInTheDocument();
    expect(screen.getByText('Harbor Coffee Books')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.getByText(/Nov 20, 2026 \d\d:30 by Ada Lovelace/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Last Synced .* ago/ })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Auto sync/ })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Connect to QuickBooks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open Sandbox Books' })).not.toBeInTheDocument();
  });

  it('turns auto sync on with PATCH {autoSync: true}', async () => {
    const api = mockPage({
      [`GET ${CONNECTION_API}`]: ok(makeConnection()),
      [`PATCH ${CONNECTION_API}`]: ok(makeConnection({ autoSync: true })),
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('switch', { name: /Auto sync/ }));
    await waitFor(() => expect(api.bodiesOf(`PATCH ${CONNECTION_API}`)).toEqual([{ autoSync: true }]));
  });

  it('disconnects after the confirmation, which says synced records stay', async () => {
    const api = mockPage({
      [`GET ${CONNECTION_API}`]: ok(makeConnection()),
      [`POST ${DISCONNECT_API}`]: ok(makeConnection({ status: 'DISCONNECTED' })),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect QuickBooks Online?' });
    expect(
      within(dialog).getByText(/Records already synced stay in Ferry and in your books/),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${DISCONNECT_API}`)).toHaveLength(0);
    api.handlers[`GET ${CONNECTION_API}`] = ok(makeConnection({ status: 'DISCONNECTED' }));
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(api.callsTo(`POST ${DISCONNECT_API}`)).toHaveLength(1));
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    // Disconnected: the cards offer connecting again.
    expect(await screen.findByRole('button', { name: 'Connect to QuickBooks' })).toBeInTheDocument();
  });

  it('offers Reconnect when expired, which starts the connect flow again', async () => {
    mockPage({
      [`GET ${CONNECTION_API}`]: ok(makeConnection({ status: 'EXPIRED' })),
      'GET /integration/connection-url': ok({ url: CONSENT_URL }),
    });
    renderPage();
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT_URL));
  });

  it('gives a member who is not an Admin the controls disabled', async () => {
    mockPage({ [`GET ${CONNECTION_API}`]: ok(makeConnection()) }, VIEWER);
    renderPage();
    expect(await screen.findByRole('button', { name: 'Disconnect' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Auto sync/ })).toBeDisabled();
    // Syncing is any member's.
    expect(screen.getByRole('button', { name: /Last Synced/ })).toBeEnabled();
  });

  it('links to Sandbox Books when the connection is the sandbox', async () => {
    mockPage({ [`GET ${CONNECTION_API}`]: ok(makeConnection({ mode: 'SANDBOX' })) });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Open Sandbox Books' })).toHaveAttribute(
      'href',
      '/sandbox/books',
    );
  });
});

describe('Sync history', () => {
  it('lists each run with its trigger, status, counts and expandable failures', async () => {
    mockPage({
      [`GET ${CONNECTION_API}`]: ok(makeConnection()),
      [`GET ${SYNC_RUNS_API}`]: pageReply([
        makeRun({
          id: 'run-2',
          trigger: 'SCHEDULE',
          imported: { VENDOR: 3, BILL: 1 },
          updated: { CUSTOMER: 1 },
          pushed: { BILL_PAYMENT: 2 },
          failures: [{ kind: 'BILL', name: 'BILL-0042', message: 'The vendor is inactive in your books.' }],
        }),
        makeRun({ id: 'run-1', trigger: 'CONNECT', status: 'FAILED', error: 'The grant was revoked.' }),
      ]),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Sync history' });
    await within(table).findByText('Imported 3 vendors, 1 bill');
    expect(within(table).getByText('Updated 1 customer')).toBeInTheDocument();
    expect(within(table).getByText('Pushed 2 bill payments')).toBeInTheDocument();
    expect(within(table).getByText('Scheduled')).toBeInTheDocument();
    expect(within(table).getByText('On connect')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText('The grant was revoked.')).toBeInTheDocument();
    const toggle = within(table).getByRole('button', { name: '1 record not synced' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(within(table).getByText(': The vendor is inactive in your books.')).toBeVisible(),
    );
    expect(within(table).getByText('bill BILL-0042')).toBeInTheDocument();
  });

  it('shows the step a running sync is at', async () => {
    mockPage({
      [`GET ${CONNECTION_API}`]: ok(
        makeConnection({
          syncStatus: 'IN_PROGRESS',
          lastRun: makeRun({ status: 'IN_PROGRESS', step: 'CUSTOMER' }),
        }),
      ),
      [`GET ${SYNC_RUNS_API}`]: pageReply([
        makeRun({ status: 'IN_PROGRESS', finishedAt: null, step: 'CUSTOMER', imported: { VENDOR: 2 } }),
      ]),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Sync history' });
    expect(await within(table).findByText('Syncing customers…')).toBeInTheDocument();
    expect(within(table).getByText('In progress')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Syncing' })).toBeDisabled();
  });
});
