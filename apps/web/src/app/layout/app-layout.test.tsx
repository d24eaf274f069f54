import { ADMIN_PERMISSIONS } from '@ferry/domain/permissions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBusiness } from '@/features/businesses/testing/businesses';
import { setStored } from '@/lib/storage';
import { mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { AppLayout } from './app-layout';

const BUSINESS_ID = '0123456789abcdef01234567';

const routes = (props: Parameters<typeof AppLayout>[0] = {}) => [
  {
    element: <AppLayout {...props} />,
    children: [
      { path: '/b/:businessId/bills/due', element: <h1>Paid bills</h1> },
      { path: '/b/:businessId/home', element: <h1>Dashboard</h1> },
      { path: '/dev/outbox', element: <h1>Outbox</h1> },
    ],
  },
];

describe('AppLayout', () => {
  it('renders header, business navigation and the page in landmarks', async () => {
    mockApi({
      [`GET /business/${BUSINESS_ID}`]: ok(
        makeBusiness({ id: BUSINESS_ID, permissions: [...ADMIN_PERMISSIONS] }),
      ),
    });
    renderRoutes(routes(), `/b/${BUSINESS_ID}/bills/due`);
    expect(await screen.findByRole('heading', { name: 'Paid bills' })).toBeInTheDocument();
    // The member's rights arrive with the business: their entries show then.
    expect(await screen.findByRole('link', { name: 'Bills' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Paid bills' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const section of ['Pay', 'Get Paid', 'Settings']) {
      expect(within(nav).getByRole('group', { name: section })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', `/b/${BUSINESS_ID}/home`);
    const bills = within(nav).getByRole('link', { name: 'Bills' });
    expect(bills).toHaveAttribute('href', `/b/${BUSINESS_ID}/bills`);
    expect(bills).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Vendors' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/vendors`,
    );
    expect(within(nav).getByRole('link', { name: 'Vendors' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it('links the logo to onboarding when no active business is stored', async () => {
    renderRoutes(routes(), '/dev/outbox');
    await screen.findByRole('heading', { name: 'Outbox' });
    expect(screen.getByRole('link', { name: 'Ferry home' })).toHaveAttribute('href', '/onboard/b/add');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('links the logo to the stored active business home and shows its navigation', async () => {
    setStored('activeBusiness', { id: BUSINESS_ID, permissions: [] });
    renderRoutes(routes(), '/dev/outbox');
    await screen.findByRole('heading', { name: 'Outbox' });
    expect(screen.getByRole('link', { name: 'Ferry home' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/home`,
    );
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('renders the business switcher and user menu slots', async () => {
    setStored('session', { sessionId: 'session-1' });
    renderRoutes(
      routes({
        businessSwitcher: <button type="button">Acme Inc</button>,
        userMenu: <button type="button">JD</button>,
      }),
      `/b/${BUSINESS_ID}/home`,
    );
    await screen.findByRole('heading', { name: 'Dashboard' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Acme Inc' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'JD' })).toBeInTheDocument();
  });
});
