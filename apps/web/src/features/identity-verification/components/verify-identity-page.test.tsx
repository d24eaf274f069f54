import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { getStored, setStored } from '@/lib/storage';
import { fail, type MockReply, mockApi, networkError, ok } from '@/testing/mock-api';
import { renderRoutes, renderWithProviders } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import {
  BUSINESS_ID,
  HOSTED_URL,
  INQUIRY_ID,
  makeVerificationResult,
  targetRoutes,
} from '../testing/verification';
import { browserLocation } from '../utils/browser-location';
import { VerifyIdentityPage } from './verify-identity-page';

vi.setConfig({ testTimeout: 20_000 });

const USER_INIT = 'POST /user/verification/init';
const BUSINESS_INIT = `POST /business/${BUSINESS_ID}/verification/init`;
const COMPLETE = 'POST /user/verification/complete';
const CANCEL = 'POST /user/verification/cancel';

const started = ok({ inquiryId: INQUIRY_ID, sessionToken: 'tok', hostedUrl: HOSTED_URL });
const user = makeUserProfile();

const renderPage = (path: string) =>
  renderRoutes([{ path: '/verify/identity', element: <VerifyIdentityPage /> }, ...targetRoutes], path);

const returnPath = (status: string, businessId?: string) =>
  `/verify/identity?${businessId ? `businessId=${businessId}&` : ''}inquiry-id=${INQUIRY_ID}&status=${status}`;

let assign: Mock<(url: string) => void>;

beforeEach(() => {
  signInAs(user);
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(browserLocation, 'assign').mockImplementation(assign);
});

describe('/verify/identity: starting', () => {
  it('explains why, then starts the user verification and sends the browser to the hosted page', async () => {
    const api = mockApi({ 'GET /user': ok(user), [USER_INIT]: started });
    renderPage('/verify/identity');

    expect(screen.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeInTheDocument();
    expect(screen.getByText(/Payments regulations/)).toBeInTheDocument();
    expect(screen.getByText(/a few minutes/)).toBeInTheDocument();
    expect(screen.getByText(/Have an ID document ready/)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HOSTED_URL));
    expect(api.callsTo(USER_INIT)).toHaveLength(1);
    expect(api.callsTo(BUSINESS_INIT)).toHaveLength(0);
    expect(getStored('verification')).toEqual({ type: 'USER', userStatus: 'ACTIVE' });
  });

  it('keeps a guest flow’s stored type when it starts', async () => {
    setStored('verification', { type: 'GUEST_AUTO_PAYMENT', businessId: BUSINESS_ID });
    mockApi({ 'GET /user': ok(user), [USER_INIT]: started });
    renderPage('/verify/identity');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start verification' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HOSTED_URL));
    expect(getStored('verification')).toEqual({
      type: 'GUEST_AUTO_PAYMENT',
      userStatus: 'ACTIVE',
      businessId: BUSINESS_ID,
    });
  });

  it('starts the business verification with ?businessId=, the button busy meanwhile', async () => {
    let answer: (reply: MockReply) => void = () => {};
    const api = mockApi({
      'GET /user': ok(user),
      [BUSINESS_INIT]: () => new Promise<MockReply>((resolve) => (answer = resolve)),
    });
    renderPage(`/verify/identity?businessId=${BUSINESS_ID}`);

    const button = screen.getByRole('button', { name: 'Start verification' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    answer(started);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HOSTED_URL));
    expect(api.callsTo(BUSINESS_INIT)).toHaveLength(1);
    expect(api.callsTo(USER_INIT)).toHaveLength(0);
    expect(getStored('verification')).toMatchObject({ type: 'BUSINESS', businessId: BUSINESS_ID });
  });

  it.each([
    [
      'the server’s message',
      fail(409, 'Please complete the business details first.'),
      'Please complete the business details first.',
    ],
    [
      'Failed to start verification without one',
      fail(500, 'Something went wrong. Please try again later.'),
      'Failed to start verification',
    ],
    [
      'Failed to start verification for a malformed answer',
      ok({ inquiryId: INQUIRY_ID }),
      'Failed to start verification',
    ],
    [
      'Failed to initialize verification process when nothing answers',
      networkError,
      'Failed to initialize verification process',
    ],
    [
      'Failed to initialize verification process for a hosted page it may not follow',
      ok({ inquiryId: INQUIRY_ID, sessionToken: 't', hostedUrl: 'javascript:alert(1)' }),
      'Failed to initialize verification process',
    ],
  ] as const)('shows %s', async (_, reply, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /user': ok(user), [USER_INIT]: reply });
    renderPage('/verify/identity');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start verification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Start verification' })).toBeEnabled();
  });
});

describe('/verify/identity: coming back', () => {
  it('completes an approved check, shows progress, then the result, and goes on to the business details', async () => {
    let answer: (reply: MockReply) => void = () => {};
    const api = mockApi({
      'GET /user': ok(user),
      [COMPLETE]: () => new Promise<MockReply>((resolve) => (answer = resolve)),
    });
    setStored('verification', { type: 'BUSINESS', businessId: BUSINESS_ID });
    renderPage(returnPath('approved', BUSINESS_ID));

    expect(screen.getByRole('heading', { name: 'Checking your verification…' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/Checking your verification/);
    await waitFor(() => expect(api.callsTo(COMPLETE)).toHaveLength(1));
    const usersBefore = api.callsTo('GET /user').length;
    answer(ok(makeVerificationResult({ businessId: BUSINESS_ID })));

    const heading = await screen.findByRole('heading', { name: 'Identity verified' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.bodiesOf(COMPLETE)).toEqual([{ inquiryId: INQUIRY_ID }]);
    expect(api.callsTo(CANCEL)).toHaveLength(0);
    expect(api.callsTo('GET /user').length).toBeGreaterThan(usersBefore);

    await userEvent.setup().click(screen.getByRole('link', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { name: `Business details at /b/${BUSINESS_ID}/kyb/details` }),
    ).toBeInTheDocument();
    expect(getStored('verification')).toBeNull();
  });

  it('says a check under review is submitted and continues to the stored return URL', async () => {
    mockApi({
      'GET /user': ok(user),
      [COMPLETE]: ok(makeVerificationResult({ inquiryStatus: 'NEEDS_REVIEW' })),
    });
    setStored('verificationReturnUrl', '/accept-invitation');
    renderPage(returnPath('completed'));

    expect(await screen.findByRole('heading', { name: 'Verification submitted' })).toHaveFocus();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { name: 'Accept invitation at /accept-invitation' }),
    ).toBeInTheDocument();
    expect(getStored('verificationReturnUrl')).toBeNull();
  });

  it('continues to the active business home, never to a stored address off this site', async () => {
    mockApi({ 'GET /user': ok(user), [COMPLETE]: ok(makeVerificationResult()) });
    setStored('activeBusiness', { id: BUSINESS_ID, permissions: [] });
    setStored('verificationReturnUrl', '//evil.example/x');
    renderPage(returnPath('approved'));
    await screen.findByRole('heading', { name: 'Identity verified' });
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', `/b/${BUSINESS_ID}/home`);
  });

  it('cancels a cancelled check and offers to try again or continue (guest auto-payment, not active)', async () => {
    const api = mockApi({
      'GET /user': ok(user),
      [CANCEL]: ok(
        makeVerificationResult({
          inquiryStatus: 'CREATED',
          verificationStep: 'ACTION_REQUIRED',
          activeStatus: 'GUEST_ACTIVE',
        }),
      ),
      [USER_INIT]: started,
    });
    setStored('verification', { type: 'GUEST_AUTO_PAYMENT', userStatus: 'GUEST_ACTIVE' });
    renderPage(returnPath('cancelled'));

    expect(await screen.findByRole('heading', { name: 'Verification cancelled' })).toHaveFocus();
    expect(screen.getByText(/finish verifying your identity any time/)).toBeInTheDocument();
    expect(api.bodiesOf(CANCEL)).toEqual([{ inquiryId: INQUIRY_ID }]);
    expect(api.callsTo(COMPLETE)).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/process/auto-pay/success',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(HOSTED_URL));
    expect(api.callsTo(USER_INIT)).toHaveLength(1);
  });

  it('sends an active guest-payment user who cancels to the business profile', async () => {
    mockApi({
      'GET /user': ok(user),
      [CANCEL]: ok(
        makeVerificationResult({
          inquiryStatus: 'CREATED',
          verificationStep: 'ACTION_REQUIRED',
          businessId: BUSINESS_ID,
        }),
      ),
    });
    setStored('verification', { type: 'GUEST_PAYMENT' });
    renderPage(returnPath('cancelled'));
    await screen.findByRole('heading', { name: 'Verification cancelled' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', {
        name: `Business profile at /b/${BUSINESS_ID}/settings/business-profile`,
      }),
    ).toBeInTheDocument();
  });

  it('sends a cancelled business verification back to the business details', async () => {
    mockApi({
      'GET /user': ok(user),
      [CANCEL]: ok(makeVerificationResult({ inquiryStatus: 'CREATED', verificationStep: 'ACTION_REQUIRED' })),
      [BUSINESS_INIT]: started,
    });
    renderPage(returnPath('cancelled', BUSINESS_ID));
    await screen.findByRole('heading', { name: 'Verification cancelled' });
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/kyb/details`,
    );
  });

  it('says a declined check could not verify the person, with a way to try again and get help', async () => {
    mockApi({
      'GET /user': ok(user),
      [COMPLETE]: ok(
        makeVerificationResult({ inquiryStatus: 'DECLINED', verificationStep: 'ACTION_REQUIRED' }),
      ),
    });
    renderPage(returnPath('declined'));
    expect(await screen.findByRole('heading', { name: 'We couldn’t verify your identity' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText(/Contact Ferry support/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/onboard/b/add');
  });

  it('shows a failed check call and tries it again', async () => {
    let calls = 0;
    const api = mockApi({
      'GET /user': ok(user),
      [COMPLETE]: () => {
        calls += 1;
        return calls === 1
          ? fail(502, 'The identity provider is unavailable.')
          : ok(makeVerificationResult());
      },
    });
    renderPage(returnPath('approved'));
    expect(await screen.findByRole('heading', { name: 'We couldn’t check your verification' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('The identity provider is unavailable.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Identity verified' })).toBeInTheDocument();
    expect(api.callsTo(COMPLETE)).toHaveLength(2);
  });

  it('tells the server once, even when development mode runs effects twice', async () => {
    const api = mockApi({ 'GET /user': ok(user), [COMPLETE]: ok(makeVerificationResult()) });
    const router = createMemoryRouter(
      [{ path: '/verify/identity', element: <VerifyIdentityPage /> }, ...targetRoutes],
      { initialEntries: [returnPath('approved')] },
    );
    renderWithProviders(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    await screen.findByRole('heading', { name: 'Identity verified' });
    expect(api.callsTo(COMPLETE)).toHaveLength(1);
  });
});
