import { SYNC_BUTTON_TEXTS } from '@ferry/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { fail, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { BUSINESS_ID, CONNECTION_API, makeConnection, makeRun, syncApi } from '../testing/accounting';
import { SyncButton } from './sync-button';

const NOW = new Date('2026-11-27T10:06:00.000Z');

const renderButton = () =>
  renderRoutes(
    [
      { path: '/b/:businessId/bills', element: <SyncButton businessId={BUSINESS_ID} /> },
      { path: '/b/:businessId/settings/integration', element: <Where name="Integrations" /> },
    ],
    `/b/${BUSINESS_ID}/bills`,
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SyncButton', () => {
  it("says 'Last Synced 5 minutes ago' after a completed sync, the exact date in a tooltip", async () => {
    mockBusinessApi(makeTestBusiness(), { [`GET ${CONNECTION_API}`]: ok(makeConnection()) });
    renderButton();
    const button = await screen.findByRole('button', { name: 'Last Synced 5 minutes ago' });
    expect(button).toHaveTextContent(SYNC_BUTTON_TEXTS.lastSynced('5 minutes'));
    await userEvent.setup().hover(button);
    expect(await screen.findByText(/Nov 27, 2026 \d\d:01/)).toBeInTheDocument();
  });

  it('starts a sync with {isActual: true} and shows Syncing, disabled', async () => {
    const api = mockBusinessApi(makeTestBusiness(), {
      [`GET ${CONNECTION_API}`]: ok(makeConnection()),
      [`POST ${syncApi('QBO')}`]: ok(makeRun({ id: 'run-2', status: 'IN_PROGRESS', finishedAt: null })),
    });
    renderButton();
    const button = await screen.findByRole('button', { name: /Last Synced/ });
    // From now on the server reports the run it started.
    api.handlers[`GET ${CONNECTION_API}`] = ok(
      makeConnection({ syncStatus: 'IN_PROGRESS', lastRun: makeRun({ status: 'IN_PROGRESS' }) }),
    );
    await userEvent.setup().click(button);
    await waitFor(() => expect(api.bodiesOf(`POST ${syncApi('QBO')}`)).toEqual([{ isActual: true }]));
    expect(await screen.findByRole('button', { name: 'Syncing' })).toBeDisabled();
  });

  it('is a disabled Syncing while a run is in progress', async () => {
    mockBusinessApi(makeTestBusiness(), {
      [`GET ${CONNECTION_API}`]: ok(
        makeConnection({
          syncStatus: 'IN_PROGRESS',
          lastRun: makeRun({ status: 'IN_PROGRESS', step: 'BILL' }),
        }),
      ),
    });
    renderButton();
    expect(await screen.findByRole('button', { name: SYNC_BUTTON_TEXTS.syncing })).toBeDisabled();
  });

  it("offers 'Sync Failed - Retry' after a failed run, which syncs again", async () => {
    const api = mockBusinessApi(makeTestBusiness(), {
      [`GET ${CONNECTION_API}`]: ok(
        makeConnection({
          syncStatus: 'FAILED',
          lastRun: makeRun({ status: 'FAILED', error: 'Token revoked' }),
        }),
      ),
      [`POST ${syncApi('QBO')}`]: ok(makeRun({ id: 'run-2', status: 'IN_PROGRESS', finishedAt: null })),
    });
    renderButton();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync Failed - Retry' }));
    await waitFor(() => expect(api.callsTo(`POST ${syncApi('QBO')}`)).toHaveLength(1));
  });

  it('shows the server’s message when a sync cannot start', async () => {
    mockBusinessApi(makeTestBusiness(), {
      [`GET ${CONNECTION_API}`]: ok(makeConnection()),
      [`POST ${syncApi('QBO')}`]: fail(409, 'A sync is already running.'),
    });
    renderButton();
    await userEvent.setup().click(await screen.findByRole('button', { name: /Last Synced/ }));
    expect(await screen.findByText('A sync is already running.')).toBeInTheDocument();
  });

  it.each(['DISCONNECTED', 'EXPIRED'] as const)(
    'offers Reconnect when %s, to the integration page',
    async (status) => {
      mockBusinessApi(makeTestBusiness(), { [`GET ${CONNECTION_API}`]: ok(makeConnection({ status })) });
      renderButton();
      await userEvent.setup().click(await screen.findByRole('link', { name: 'Reconnect' }));
      expect(
        await screen.findByRole('heading', {
          name: `Integrations at /b/${BUSINESS_ID}/settings/integration`,
        }),
      ).toBeInTheDocument();
    },
  );

  it('shows nothing when no accounting connection was ever made', async () => {
    const api = mockBusinessApi(makeTestBusiness(), { [`GET ${CONNECTION_API}`]: ok(null) });
    renderButton();
    await waitFor(() => expect(api.callsTo(`GET ${CONNECTION_API}`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo(`GET /business/${BUSINESS_ID}`)).toHaveLength(1));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing when connecting was skipped', async () => {
    const api = mockBusinessApi(
      makeTestBusiness({ businessConnections: [{ integrationType: 'ACCOUNTING', status: 'SKIPPED' }] }),
      { [`GET ${CONNECTION_API}`]: ok(makeConnection()) },
    );
    renderButton();
    await waitFor(() => expect(api.callsTo(`GET ${CONNECTION_API}`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo(`GET /business/${BUSINESS_ID}`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
