import { GUEST_MESSAGES } from '@ferry/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setStored } from '@/lib/storage';
import { makeTestBusiness } from '@/testing/businesses';
import { mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, renderWithProviders, Where } from '@/testing/test-utils';
import { signInAs } from '@/testing/users';
import { AppRoutes } from '../router';
import { Component as BFallback } from './b-fallback';
import { Component as GuestOnboard } from './process-payment-onboard';

const business = makeTestBusiness();

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi({ 'GET /business': ok([business]) });
});

describe('the guest routes are public', () => {
  it('serves /process/payment/unauthorized without a session, with the reason and a sign-in link', async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={['/process/payment/unauthorized?reason=link']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: "We can't open this payment" })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(GUEST_MESSAGES.invalidLink);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });
});

describe('/process/payment/onboard (Continue onboarding)', () => {
  const routes: RouteObject[] = [
    { path: '/process/payment/onboard', element: <GuestOnboard /> },
    { path: '/set-password', element: <Where name="Set password" /> },
    { path: '/process/payment', element: <Where name="Guest payment" /> },
    { path: '/', element: <Where name="Landing" /> },
  ];

  it('leads to the set-password page', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment/onboard');
    expect(await screen.findByRole('heading', { name: 'Continue onboarding' })).toBeInTheDocument();
    expect(screen.getByText('Pay your own bills by bank transfer or card')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Set a password and continue' }));
    expect(await screen.findByRole('heading', { name: 'Set password at /set-password' })).toBeInTheDocument();
  });

  it("'Maybe later' returns to the guest payment while a link is stored", async () => {
    setStored('guestPaymentInfo', { token: 'guest-token-0123456789abcdef', paymentType: 'SEND_PAYMENT' });
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment/onboard');
    await user.click(await screen.findByRole('link', { name: 'Maybe later' }));
    expect(
      await screen.findByRole('heading', { name: 'Guest payment at /process/payment' }),
    ).toBeInTheDocument();
  });
});

describe('/b (no payer id)', () => {
  const routes: RouteObject[] = [
    { path: '/b', element: <BFallback /> },
    { path: '/signin', element: <Where name="Sign in" /> },
    { path: '/b/:businessId/home', element: <Where name="Home" /> },
    { path: '/onboard/b/add', element: <Where name="Onboarding" /> },
  ];

  it('sends a visitor to sign-in', async () => {
    renderRoutes(routes, '/b');
    expect(await screen.findByRole('heading', { name: 'Sign in at /signin' })).toBeInTheDocument();
  });

  it("sends a signed-in user to their first business's home", async () => {
    signInAs();
    renderRoutes(routes, '/b');
    expect(
      await screen.findByRole('heading', { name: `Home at /b/${business.id}/home` }),
    ).toBeInTheDocument();
  });

  it('sends a signed-in user without a business to onboarding', async () => {
    api.handlers['GET /business'] = ok([]);
    signInAs();
    renderRoutes(routes, '/b');
    expect(await screen.findByRole('heading', { name: 'Onboarding at /onboard/b/add' })).toBeInTheDocument();
  });
});
