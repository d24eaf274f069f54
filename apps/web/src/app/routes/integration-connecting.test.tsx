import { ACCOUNTING_MESSAGES } from '@ferry/domain/schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile } from '@/testing/users';
import { Component as IntegrationConnectingRoute } from './integration-connecting';

// The provider's return page for 'Sign in with Intuit / Xero' (requestFor=SIGN_IN): POST /auth/callback.

const BUSINESS_ID = 'b1b2c3d4e5f60718293a4b5c';
const RETURN = '/integration/connecting?providerType=QBO&state=st4te&requestFor=SIGN_IN';
const CALLBACK = 'POST /auth/callback';
const USER = makeUserProfile();

const SESSION = ok({
  userId: USER.id,
  isValidCredentials: true,
  isOTPVerificationRequired: false,
  primaryPhone: null,
  token: 'session-token',
  sessionId: 'session-id',
});

const renderPage = (path = RETURN) =>
  renderRoutes(
    [
      { path: '/integration/connecting', element: <IntegrationConnectingRoute /> },
      { path: '/b/:businessId/home', element: <Where name="Home" /> },
      { path: '/signin', element: <Where name="Sign in" /> },
      { path: '/signup', element: <Where name="Sign up" /> },
    ],
    path,
  );

describe('/integration/connecting, signing in with the provider', () => {
  it('signs in with the state once and moves on as a password sign-in does', async () => {
    const api = mockApi({
      [CALLBACK]: SESSION,
      'GET /user': ok(USER),
      'GET /business': ok([
        {
          id: BUSINESS_ID,
          businessName: 'Harbor Coffee',
          verificationStep: 'NOT_INITIATED',
          permissions: [],
        },
      ]),
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { name: `Home at /b/${BUSINESS_ID}/home` }),
    ).toBeInTheDocument();
    expect(api.bodiesOf(CALLBACK)).toEqual([{ providerType: 'QBO', state: 'st4te' }]);
    expect(getStored('session')).toEqual({ token: 'session-token', sessionId: 'session-id' });
    expect(getStored('activeBusiness')?.id).toBe(BUSINESS_ID);
    // A sign-in round trip has no organisations to read.
    expect(api.callsTo('GET /auth/connections')).toHaveLength(0);
  });

  it('opens the sign-in code dialog when the device is not trusted', async () => {
    const api = mockApi({
      [CALLBACK]: ok({
        userId: USER.id,
        isValidCredentials: true,
        isOTPVerificationRequired: true,
        primaryPhone: { countryCode: '1', phoneNumber: '*** 1234', countryISOCode: 'us' },
        challengeToken: 'challenge-token',
      }),
      [`POST /otp/send-sign-in-otp/${USER.id}`]: ok({ requestId: 'c1b2c3d4e5f60718293a4b5c' }),
    });
    renderPage();
    expect(await screen.findByLabelText('Verification code, digit 1 of 6')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.bodiesOf(`POST /otp/send-sign-in-otp/${USER.id}`)).toEqual([
        expect.objectContaining({ challengeToken: 'challenge-token' }),
      ]),
    );
    expect(getStored('session')).toBeNull();
  });

  it("says 'Please complete the signup before signing in.' with the way to sign up", async () => {
    mockApi({
      [CALLBACK]: fail(403, ACCOUNTING_MESSAGES.completeSignup, { errorCode: 'SIGNUP_INCOMPLETE' }),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please complete the signup before signing in.',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');
  });

  it("says 'Unknown error' for any other failure", async () => {
    mockApi({ [CALLBACK]: fail(400, ACCOUNTING_MESSAGES.state, { errorCode: 'BAD_REQUEST' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown error');
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });

  it('says access was denied when the person refused at the provider, and goes back to sign-in', async () => {
    const api = mockApi();
    renderPage(`${RETURN}&error=access_denied`);
    expect(await screen.findByText(ACCOUNTING_MESSAGES.denied)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/signin');
    expect(api.callsTo(CALLBACK)).toHaveLength(0);
  });
});
