import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStored, setStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { AppLayout } from './app-layout';

const BUSINESS = '0123456789abcdef01234567';
const HOME = `/b/${BUSINESS}/home`;
const profile = makeUserProfile();

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi({ 'GET /user': ok(profile), 'PATCH /auth/logout': ok({}) });
});

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [{ path: '/b/:businessId/home', element: <Where name="Home" /> }],
  },
  { path: '/signin', element: <Where name="Sign in" /> },
];

const signIn = () => {
  signInAs(profile);
  setStored('deviceId', 'd'.repeat(32));
  setStored('activeBusiness', { id: BUSINESS, permissions: [] });
};

const openMenu = async () => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' }));
  return { user, menu: await screen.findByRole('menu') };
};

describe('user menu and sign-out (spec 000 §4)', () => {
  it('is not shown when signed out', async () => {
    renderRoutes(routes, HOME);
    await screen.findByRole('heading', { name: `Home at ${HOME}` });
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it("shows the user's name and email and links to change password", async () => {
    signIn();
    renderRoutes(routes, HOME);
    const { menu } = await openMenu();
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('ada@acme.test')).toBeInTheDocument();
    expect(await within(menu).findByRole('menuitem', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/account/password',
    );
  });

  it("offers 'Team Members' to an accountant only", async () => {
    signIn();
    renderRoutes(routes, HOME);
    const { menu } = await openMenu();
    await within(menu).findByRole('menuitem', { name: 'Change password' });
    expect(within(menu).queryByRole('menuitem', { name: 'Team Members' })).not.toBeInTheDocument();
  });

  it('links an accountant to their practice team', async () => {
    const accountant = makeUserProfile({ userType: 'ACCOUNTANT' });
    api.handlers['GET /user'] = ok(accountant);
    signInAs(accountant);
    setStored('activeBusiness', { id: BUSINESS, permissions: [] });
    renderRoutes(routes, HOME);
    const { menu } = await openMenu();
    expect(await within(menu).findByRole('menuitem', { name: 'Team Members' })).toHaveAttribute(
      'href',
      '/team-members',
    );
  });

  it('signs out: ends the session, clears stored data and the cache, then goes to sign-in', async () => {
    signIn();
    setStored('selectedBills', ['b1']);
    const { queryClient, router } = renderRoutes(routes, HOME);
    const { user, menu } = await openMenu();
    expect(queryClient.getQueryData(['user'])).toEqual(profile);

    await user.click(await within(menu).findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in at /signin' })).toBeInTheDocument();
    expect(api.callsTo('PATCH /auth/logout')).toHaveLength(1);
    expect(getStored('session')).toBeNull();
    expect(getStored('user')).toBeNull();
    expect(getStored('selectedBills')).toBeNull();
    expect(getStored('deviceId')).toBe('d'.repeat(32));
    expect(queryClient.getQueryData(['user'])).toBeUndefined();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('returns an invited user to the stored page after signing in again', async () => {
    signIn();
    setStored('invitedUser', { invitationType: 'CONTROL_PERSON', code: 'ABCDEFGH' });
    setStored('redirectPage', '/accept-invitation');
    renderRoutes(routes, HOME);
    const { user, menu } = await openMenu();
    await user.click(await within(menu).findByRole('menuitem', { name: 'Sign out' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in at /signin?redirectUrl=%2Faccept-invitation' }),
    ).toBeInTheDocument();
    expect(getStored('invitedUser')).toBeNull();
  });

  it('clears the session even when the logout call fails', async () => {
    signIn();
    api.handlers['PATCH /auth/logout'] = fail(503, 'Down');
    renderRoutes(routes, HOME);
    const { user, menu } = await openMenu();
    await user.click(await within(menu).findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in at /signin' })).toBeInTheDocument();
    expect(getStored('session')).toBeNull();
  });
});
