import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { BUSINESS_ID, CONNECTION_API, makeConnection } from '../testing/accounting';
import { CONNECT_BANNER_TEXT, ConnectAccountingBanner } from './connect-accounting-banner';

const renderBanner = () =>
  renderRoutes(
    [
      { path: '/b/:businessId/bills', element: <ConnectAccountingBanner businessId={BUSINESS_ID} /> },
      { path: '/b/:businessId/settings/integration', element: <Where name="Integrations" /> },
    ],
    `/b/${BUSINESS_ID}/bills`,
  );

describe('Bills list banner while accounting is not connected', () => {
  it("offers the Admin 'Connect Now' to the integration settings", async () => {
    mockBusinessApi(makeTestBusiness(), { [`GET ${CONNECTION_API}`]: ok(null) });
    renderBanner();
    expect(await screen.findByText(CONNECT_BANNER_TEXT)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Connect Now' }));
    expect(
      await screen.findByRole('heading', { name: `Integrations at /b/${BUSINESS_ID}/settings/integration` }),
    ).toBeInTheDocument();
  });

  it("gives a member who is not an Admin 'Connect Now' disabled, saying why", async () => {
    mockBusinessApi(makeTestBusiness({ role: 'Viewer', permissions: ['PAY_FULL_ACCESS.view'] }), {
      [`GET ${CONNECTION_API}`]: ok(null),
    });
    renderBanner();
    const button = await screen.findByRole('button', { name: 'Connect Now' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().hover(button);
    expect(await screen.findByText('Only admins can connect accounting software.')).toBeInTheDocument();
  });

  it('can be dismissed for the session', async () => {
    mockBusinessApi(makeTestBusiness(), { [`GET ${CONNECTION_API}`]: ok(null) });
    const first = renderBanner();
    expect(await screen.findByText(CONNECT_BANNER_TEXT)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(CONNECT_BANNER_TEXT)).not.toBeInTheDocument();
    first.unmount();
    const api = mockBusinessApi(makeTestBusiness(), { [`GET ${CONNECTION_API}`]: ok(null) });
    renderBanner();
    await waitFor(() => expect(api.callsTo(`GET ${CONNECTION_API}`)).toHaveLength(1));
    expect(screen.queryByText(CONNECT_BANNER_TEXT)).not.toBeInTheDocument();
  });

  it('is not shown once accounting is connected', async () => {
    const api = mockBusinessApi(makeTestBusiness(), { [`GET ${CONNECTION_API}`]: ok(makeConnection()) });
    renderBanner();
    await waitFor(() => expect(api.callsTo(`GET ${CONNECTION_API}`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(CONNECT_BANNER_TEXT)).not.toBeInTheDocument();
  });
});
