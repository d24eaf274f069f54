import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStored, setStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { BUSINESS_ID, makeBusiness } from '../testing/businesses';
import { AccountingSoftwarePicker } from './accounting-software-picker';
import { ConnectAccountingStepPage } from './connect-accounting-step-page';
import { LinkBankStepPage } from './link-bank-step-page';
import { OnboardingCompletedPage } from './onboarding-completed-page';
import { OnboardingSkipPage } from './onboarding-skip-page';

const routes: RouteObject[] = [
  { path: '/onboard/b/:businessId/link-bank', element: <LinkBankStepPage /> },
  { path: '/onboard/b/:businessId/add', element: <ConnectAccountingStepPage /> },
  { path: '/onboard/b/:businessId/completed', element: <OnboardingCompletedPage /> },
  { path: '/onboard/b/skip', element: <OnboardingSkipPage /> },
  { path: '/onboard/b/add', element: <Where name="Onboarding" /> },
  { path: '/b/:businessId/home', element: <Where name="Home" /> },
];

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  const profile = makeUserProfile();
  signInAs(profile);
  api = mockApi({
    'GET /user': ok(profile),
    [`GET /business/${BUSINESS_ID}`]: ok(makeBusiness()),
  });
});

describe('Link bank step', () => {
  it('frames the step and, without the banking part, skips to the accounting step', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/onboard/b/${BUSINESS_ID}/link-bank`);
    expect(await screen.findByRole('heading', { name: 'Link your bank account' })).toBeInTheDocument();
    expect(screen.getByText(/Harbor Coffee Roasters pays vendors from/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Skip for now' }));
    expect(
      await screen.findByRole('heading', { name: 'Connect your accounting software' }),
    ).toBeInTheDocument();
  });

  it('shows the load error for a business the user cannot open', async () => {
    api.handlers[`GET /business/${BUSINESS_ID}`] = fail(404, 'Business not found');
    renderRoutes(routes, `/onboard/b/${BUSINESS_ID}/link-bank`);
    expect(await screen.findByText('Error loading data: Business not found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Skip for now' })).not.toBeInTheDocument();
  });
});

describe('Accounting software picker (spec 000 §2)', () => {
  it("offers 'Cancel' to the business's home during onboarding and no broken provider cards", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/onboard/b/${BUSINESS_ID}/add`);
    expect(
      await screen.findByRole('heading', { name: 'Connect your accounting software' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Connect to/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Skip for now (optional)' })).not.toBeInTheDocument();
    expect(getStored('activeBusiness')).toEqual({
      id: BUSINESS_ID,
      permissions: ['SETTINGS_FULL_ACCESS.manage'],
    });
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(
      await screen.findByRole('heading', { name: `Home at /b/${BUSINESS_ID}/home` }),
    ).toBeInTheDocument();
  });

  it("offers 'Skip for now (optional)' to /onboard/b/skip without a business", async () => {
    renderRoutes([{ path: '/', element: <AccountingSoftwarePicker /> }], '/');
    expect(await screen.findByRole('link', { name: 'Skip for now (optional)' })).toHaveAttribute(
      'href',
      '/onboard/b/skip',
    );
    expect(screen.queryByRole('link', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('shows the provider cards it is given', async () => {
    const providers = [
      <button key="qbo" type="button">
        Connect to QuickBooks
      </button>,
    ];
    renderRoutes(
      [{ path: '/', element: <AccountingSoftwarePicker businessId={BUSINESS_ID} providers={providers} /> }],
      '/',
    );
    expect(await screen.findByRole('button', { name: 'Connect to QuickBooks' })).toBeInTheDocument();
    expect(screen.queryByText(/not available yet/)).not.toBeInTheDocument();
  });
});

describe('Skipping onboarding (/onboard/b/skip)', () => {
  it('goes to the active business home', async () => {
    setStored('activeBusiness', { id: BUSINESS_ID, permissions: [] });
    renderRoutes(routes, '/onboard/b/skip');
    expect(
      await screen.findByRole('heading', { name: `Home at /b/${BUSINESS_ID}/home` }),
    ).toBeInTheDocument();
  });

  it('goes to the start of onboarding without an active business', async () => {
    renderRoutes(routes, '/onboard/b/skip');
    expect(await screen.findByRole('heading', { name: 'Onboarding at /onboard/b/add' })).toBeInTheDocument();
  });
});

describe('Completed step', () => {
  it("says you're all set, keeps the business active and leads to the dashboard", async () => {
    api.handlers[`GET /business/${BUSINESS_ID}`] = ok(makeBusiness({ country: 'CA' }));
    const user = userEvent.setup();
    renderRoutes(routes, `/onboard/b/${BUSINESS_ID}/completed`);
    expect(await screen.findByRole('heading', { name: "You're all set" })).toBeInTheDocument();
    await waitFor(() => expect(getStored('activeBusiness')?.id).toBe(BUSINESS_ID));
    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }));
    expect(
      await screen.findByRole('heading', { name: `Home at /b/${BUSINESS_ID}/home` }),
    ).toBeInTheDocument();
  });

  it('has a sign-out in its header', async () => {
    api.handlers['PATCH /auth/logout'] = ok({});
    renderRoutes(
      [...routes, { path: '/signin', element: <Where name="Sign in" /> }],
      `/onboard/b/${BUSINESS_ID}/completed`,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in at /signin' })).toBeInTheDocument();
    expect(getStored('session')).toBeNull();
  });
});
