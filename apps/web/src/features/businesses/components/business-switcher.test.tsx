import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStored, setStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { BUSINESS_ID, makeBusiness, OTHER_BUSINESS_ID } from '../testing/businesses';
import { BusinessSwitcher } from './business-switcher';

const HARBOR = makeBusiness();
const NORTHWIND = makeBusiness({
  id: OTHER_BUSINESS_ID,
  businessName: 'Northwind Supply',
  role: 'Read-only',
  permissions: ['PAY_INBOX.read'],
});

/** The switcher in a header over the page, as the app layout places it. */
const Shell = () => (
  <>
    <header>
      <BusinessSwitcher />
    </header>
    <Outlet />
  </>
);

const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { path: '/b/:businessId/*', element: <Where name="Page" /> },
      { path: '/account/password', element: <Where name="Password" /> },
    ],
  },
  { path: '/onboard/b/add', element: <Where name="Onboarding" /> },
];

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  const profile = makeUserProfile();
  signInAs(profile);
  api = mockApi({ 'GET /user': ok(profile), 'GET /business': ok([HARBOR, NORTHWIND]) });
});

const openSwitcher = async (name: RegExp = /Harbor Coffee Roasters/) => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  return { user, menu: await screen.findByRole('menu') };
};

describe('Business switcher (spec 002 §2)', () => {
  it("lists the user's businesses with the active one marked and offers 'Add a business'", async () => {
    renderRoutes(routes, `/b/${BUSINESS_ID}/home`);
    const { menu } = await openSwitcher();
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(/Harbor Coffee Roasters\s*Admin$/);
    expect(items[1]).toHaveTextContent(/Northwind Supply\s*Read-only$/);
    expect(items[2]).toHaveTextContent('Add a business');
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).not.toHaveAttribute('aria-current');
    expect(within(menu).getByRole('menuitem', { name: 'Add a business' })).toHaveAttribute(
      'href',
      '/onboard/b/add',
    );
    // The business the page is open for becomes the stored active business.
    await waitFor(() =>
      expect(getStored('activeBusiness')).toEqual({
        id: BUSINESS_ID,
        permissions: ['SETTINGS_FULL_ACCESS.manage'],
      }),
    );
  });

  it.each([
    [`/b/${BUSINESS_ID}/home`, `/b/${OTHER_BUSINESS_ID}/home`],
    [
      `/b/${BUSINESS_ID}/settings/approval-policies/create`,
      `/b/${OTHER_BUSINESS_ID}/settings/approval-policies`,
    ],
    [`/b/${BUSINESS_ID}/bills/due`, `/b/${OTHER_BUSINESS_ID}/bills/payment-request`],
    [`/b/${BUSINESS_ID}/invoices/i1/detail`, `/b/${OTHER_BUSINESS_ID}/invoices`],
    [`/b/${BUSINESS_ID}/vendors/v1`, `/b/${OTHER_BUSINESS_ID}/vendors`],
  ])('switching on %s opens %s and stores the new active business', async (from, to) => {
    renderRoutes(routes, from);
    const { user, menu } = await openSwitcher();
    await user.click(within(menu).getByRole('menuitem', { name: /Northwind Supply/ }));
    expect(await screen.findByRole('heading', { name: `Page at ${to}` })).toBeInTheDocument();
    expect(getStored('activeBusiness')).toEqual({ id: OTHER_BUSINESS_ID, permissions: ['PAY_INBOX.read'] });
    expect(screen.getByRole('button', { name: /Northwind Supply/ })).toBeInTheDocument();
  });

  it('shows the stored active business on pages outside a business, and switching goes to its home', async () => {
    setStored('activeBusiness', { id: OTHER_BUSINESS_ID, permissions: [] });
    renderRoutes(routes, '/account/password');
    const { user, menu } = await openSwitcher(/Northwind Supply/);
    await user.click(within(menu).getByRole('menuitem', { name: /Harbor Coffee Roasters/ }));
    expect(
      await screen.findByRole('heading', { name: `Page at /b/${BUSINESS_ID}/home` }),
    ).toBeInTheDocument();
    expect(getStored('activeBusiness')?.id).toBe(BUSINESS_ID);
  });

  it('choosing the active business again stays on the page', async () => {
    const { router } = renderRoutes(routes, `/b/${BUSINESS_ID}/bills/due`);
    const { user, menu } = await openSwitcher();
    await user.click(within(menu).getByRole('menuitem', { name: /Harbor Coffee Roasters/ }));
    expect(router.state.location.pathname).toBe(`/b/${BUSINESS_ID}/bills/due`);
  });

  it("offers 'Add a business' when the user has none yet", async () => {
    api.handlers['GET /business'] = ok([]);
    renderRoutes(routes, '/account/password');
    expect(await screen.findByRole('link', { name: 'Add a business' })).toHaveAttribute(
      'href',
      '/onboard/b/add',
    );
  });

  it('still offers to add a business when the list cannot be loaded', async () => {
    api.handlers['GET /business'] = fail(500, 'Down');
    renderRoutes(routes, '/account/password');
    expect(await screen.findByRole('link', { name: 'Add a business' })).toBeInTheDocument();
  });
});
