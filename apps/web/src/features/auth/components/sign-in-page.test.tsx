import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStored, setStored } from '@/lib/storage';
import { fail, type MockHandler, mockApi, networkError, ok, SANDBOX_CLIENT_CONFIG } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { makeUserProfile, withUnverifiedPhone } from '@/testing/users';
import { SignInPage } from './sign-in-page';

const USER_ID = makeUserProfile().id;
const BUSINESS_ID = 'b1b2c3d4e5f60718293a4b5c';
const FIRST_BUSINESS = {
  id: BUSINESS_ID,
  businessName: 'Harbor Coffee Roasters LLC',
  verificationStep: 'NOT_INITIATED',
  permissions: ['read:all'],
};
const REQUEST_ID = 'c1b2c3d4e5f60718293a4b5c';

/** The fake server, seen from the sign-in page (where a 401 does not send anyone to sign-in again). */
const mockSignInApi = (handlers: Record<string, MockHandler>) => mockApi(handlers, { location: '/signin' });

const Landed = () => {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
};

const renderSignIn = (path = '/signin') => {
  const Stub = createRoutesStub([
    { path: '/signin', Component: SignInPage },
    { path: '*', Component: Landed },
  ]);
  return renderWithProviders(<Stub initialEntries={[path]} />);
};

const CODE_REQUIRED = ok({
  userId: USER_ID,
  isValidCredentials: true,
  isOTPVerificationRequired: true,
  primaryPhone: { countryCode: '1', phoneNumber: '*** 1234', countryISOCode: 'us' },
  challengeToken: 'challenge-token',
});
const TRUSTED = ok({
  userId: USER_ID,
  isValidCredentials: true,
  isOTPVerificationRequired: false,
  primaryPhone: null,
  token: 'session-token',
  sessionId: 'session-id',
});
const CODE_SENT = ok({ requestId: REQUEST_ID, resendAvailableAt: '2030-01-01T00:00:00.000Z' });
const SIGNED_IN_HANDLERS: Record<string, MockHandler> = {
  'GET /user': ok(makeUserProfile()),
  'GET /business': ok([FIRST_BUSINESS]),
};

const goToPasswordStep = async (user: ReturnType<typeof userEvent.setup>, email = 'ada@acme.test') => {
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByLabelText(/^Password/);
};

const signInWith = async (user: ReturnType<typeof userEvent.setup>, password = 'Correct-horse-1') => {
  const field = await goToPasswordStep(user);
  await user.type(field, password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

const pasteCode = (code: string) =>
  fireEvent.paste(screen.getByLabelText('Verification code, digit 1 of 6'), {
    clipboardData: { getData: () => code },
  });

beforeEach(() => {
  vi.unstubAllGlobals();
});

afterEach(() => {
  notifications.clean();
});

describe('SignInPage', () => {
  it('asks for the email first, then greets and validates the password as it is typed', async () => {
    mockSignInApi({});
    const user = userEvent.setup({ delay: null });
    renderSignIn();
    expect(await screen.findByRole('heading', { name: 'Sign in to Ferry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Email/));
    const password = await goToPasswordStep(user);
    expect(screen.getByRole('heading', { name: 'Hey there' })).toBeInTheDocument();
    expect(screen.getByText('Please enter your email and password to continue')).toBeInTheDocument();
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveValue('ada@acme.test');
    expect(email).toHaveAttribute('readonly');
    expect(password).toHaveFocus();

    await user.type(password, 'abc');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(password, 'defgh');
    await waitFor(() =>
      expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument(),
    );
    await user.clear(password);
    expect(await screen.findByText('Password is required')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Modify email' }));
    expect(await screen.findByLabelText(/^Email/)).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@acme.test');
  });

  it('greets a returning user of this browser by first name', async () => {
    mockSignInApi({});
    setStored('user', { id: USER_ID, email: 'ada@acme.test', firstName: 'Ada' });
    const user = userEvent.setup({ delay: null });
    renderSignIn();
    await goToPasswordStep(user, 'ADA@acme.test');
    expect(screen.getByRole('heading', { name: 'Hey Ada' })).toBeInTheDocument();
  });

  it('does not call the server while the password is invalid', async () => {
    const api = mockSignInApi({});
    const user = userEvent.setup({ delay: null });
    renderSignIn();
    await signInWith(user, 'short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/sign-in')).toHaveLength(0);
  });

  it('asks for the code on an untrusted device, trusts it on request and stores the session', async () => {
    const api = mockSignInApi({
      'POST /auth/sign-in': CODE_REQUIRED,
      [`POST /otp/send-sign-in-otp/${USER_ID}`]: CODE_SENT,
      [`POST /otp/verify-sign-in-otp/${USER_ID}`]: ok({
        token: 'session-token',
        sessionId: 'session-id',
        user: makeUserProfile(),
      }),
      ...SIGNED_IN_HANDLERS,
    });
    const user = userEvent.setup({ delay: null });
    renderSignIn();
    await signInWith(user);

    const dialog = await screen.findByRole('dialog', { name: 'Enter One-Time Password' });
    expect(
      within(dialog).getByText(/Enter the 6-digit code we sent to \+1 \*\*\* 1234\./),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /auth/sign-in')[0]?.body).toMatchObject({
      email: 'ada@acme.test',
      password: 'Correct-horse-1',
      recaptchaToken: expect.any(String),
      isIncognito: false,
    });
    await waitFor(() => expect(api.callsTo(`POST /otp/send-sign-in-otp/${USER_ID}`)).toHaveLength(1));
    expect(api.callsTo(`POST /otp/send-sign-in-otp/${USER_ID}`)[0]?.body).toMatchObject({
      recaptchaToken: expect.any(String),
      challengeToken: 'challenge-token',
    });
    expect(getStored('session')).toBeNull();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Trust this device for 30 days' }));
    pasteCode('123456');

    expect(await screen.findByTestId('landed')).toHaveTextContent(`/b/${BUSINESS_ID}/home`);
    expect(api.callsTo(`POST /otp/verify-sign-in-otp/${USER_ID}`)[0]?.body).toEqual({
      requestId: REQUEST_ID,
      otp: '123456',
      recaptchaToken: expect.any(String),
      isRegisterTrustedDevice: true,
      isIncognito: false,
      challengeToken: 'challenge-token',
    });
    expect(getStored('session')).toEqual({ token: 'session-token', sessionId: 'session-id' });
    expect(getStored('user')?.email).toBe('ada@acme.test');
    expect(getStored('activeBusiness')).toEqual({ id: BUSINESS_ID, permissions: ['read:all'] });
  });

  it('skips the code on a trusted device and follows a same-site redirectUrl', async () => {
    const api = mockSignInApi({ 'POST /auth/sign-in': TRUSTED, ...SIGNED_IN_HANDLERS });
    const user = userEvent.setup({ delay: null });
    renderSignIn(`/signin?redirectUrl=${encodeURIComponent(`/b/${BUSINESS_ID}/bills?tab=due`)}`);
    await signInWith(user);
    expect(await screen.findByTestId('landed')).toHaveTextContent(`/b/${BUSINESS_ID}/bills?tab=due`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST /otp/send-sign-in-otp/${USER_ID}`)).toHaveLength(0);
    expect(getStored('session')).toEqual({ token: 'session-token', sessionId: 'session-id' });
  });

  it('ignores a redirectUrl to another site and lands on onboarding without a business', async () => {
    mockSignInApi({
      'POST /auth/sign-in': TRUSTED,
      'GET /user': ok(makeUserProfile()),
      'GET /business': ok([]),
    });
    const user = userEvent.setup({ delay: null });
    renderSignIn(`/signin?redirectUrl=${encodeURIComponent('//evil.example/steal')}`);
    await signInWith(user);
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/onboard\/b\/add$/);
  });

  it('sends a user with an unverified phone to verification first', async () => {
    mockSignInApi({
      'POST /auth/sign-in': TRUSTED,
      'GET /user': ok(withUnverifiedPhone(makeUserProfile())),
    });
    const user = userEvent.setup({ delay: null });
    renderSignIn();
    await signInWith(user);
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/verify$/);
  });

  it('does not hold back an unverified phone outside the phone verification countries', async () => {
    mockSignInApi({
      'POST /auth/sign-in': TRUSTED,
      'GET /user': ok(withUnverifiedPhone(makeUserProfile({ country: 'CA' }))),
      'GET /business': ok([FIRST_BUSINESS]),
    });
    const user = userEvent.setup({ delay: null });
    renderSignIn();
    await signInWith(user);
    expect(await screen.findByTestId('landed')).toHaveTextContent(`/b/${BUSINESS_ID}/home`);
  });

  it.each<[string, MockHandler, string]>([
    [
      'wrong credentials',
      fail(401, 'Invalid email or password. Please try again.', { errorCode: 'INVALID_CREDENTIALS' }),
      'Invalid email or password. Please try again.',
    ],
    [
      'an unfinished sign-up',
      fail(403, 'Please complete the signup before signing in.', { errorCode: 'SIGNUP_INCOMPLETE' }),
      'Please complete the signup before signing in.',
    ],
    [
      'a locked account',
      fail(423, 'Too many failed attempts. Reset your password to unlock your account.', {
        errorCode: 'ACCOUNT_LOCKED',
      }),
      'Too many failed attempts. Reset your password to unlock your account.',
    ],
    ['a network failure', networkError, 'An unexpected error occurred'],
  ])('shows an error toast for %s and lets the person retry', async (_, answer, message) => {
    const api = mockSignInApi({ 'POST /auth/sign-in': answer });
    const user = userEvent.setup({ delay: null });
    renderSignIn();
    await signInWith(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Could not sign in')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(getStored('session')).toBeNull();
    expect(api.navigate).not.toHaveBeenCalled();
  });

  it("shows the bot check's message when it cannot run", async () => {
    const api = mockSignInApi({
      'GET /client-config': ok({
        ...SANDBOX_CLIENT_CONFIG,
        botCheck: { provider: 'recaptcha', siteKey: null, action: 'importantAction' },
        phoneVerificationCountries: [],
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderSignIn();
    await signInWith(user);
    expect(
      await screen.findByText('The security check could not load. Please refresh the page and try again.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /auth/sign-in')).toHaveLength(0);
  });

  it('ends the attempt when the code dialog is closed', async () => {
    mockSignInApi({
      'POST /auth/sign-in': CODE_REQUIRED,
      [`POST /otp/send-sign-in-otp/${USER_ID}`]: CODE_SENT,
    });
    const user = userEvent.setup({ delay: null });
    renderSignIn();
    await signInWith(user);
    await screen.findByRole('dialog', { name: 'Enter One-Time Password' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('data-loading', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sign in' })).not.toHaveAttribute('data-loading');
  });

  it('never offers to trust a private window', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      storage: { estimate: async () => ({ quota: 120 * 1024 * 1024, usage: 0 }) },
    });
    const api = mockSignInApi({
      'POST /auth/sign-in': CODE_REQUIRED,
      [`POST /otp/send-sign-in-otp/${USER_ID}`]: CODE_SENT,
      [`POST /otp/verify-sign-in-otp/${USER_ID}`]: ok({ token: 'session-token', sessionId: 'session-id' }),
      ...SIGNED_IN_HANDLERS,
    });
    const user = userEvent.setup({ delay: null });
    renderSignIn();
    await signInWith(user);
    const dialog = await screen.findByRole('dialog', { name: 'Enter One-Time Password' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/private window/)).toBeInTheDocument();
    expect(api.callsTo('POST /auth/sign-in')[0]?.body).toMatchObject({ isIncognito: true });
    await waitFor(() => expect(api.callsTo(`POST /otp/send-sign-in-otp/${USER_ID}`)).toHaveLength(1));
    pasteCode('654321');
    await screen.findByTestId('landed');
    expect(api.callsTo(`POST /otp/verify-sign-in-otp/${USER_ID}`)[0]?.body).toMatchObject({
      isRegisterTrustedDevice: false,
      isIncognito: true,
    });
  });

  it('changes the phone number mid sign-in and verifies the code sent to the new number', async () => {
    const NEW_REQUEST_ID = 'd1b2c3d4e5f60718293a4b5c';
    let mobileAttempts = 0;
    const api = mockSignInApi({
      'POST /auth/sign-in': CODE_REQUIRED,
      [`POST /otp/send-sign-in-otp/${USER_ID}`]: CODE_SENT,
      'PATCH /user/mobile-number': () => {
        mobileAttempts += 1;
        return mobileAttempts === 1
          ? fail(409, 'The mobile number you entered is already linked to a different account.', {
              errors: [
                {
                  field: 'phoneNumber',
                  message: 'The mobile number you entered is already linked to a different account.',
                },
              ],
            })
          : ok({ requestId: NEW_REQUEST_ID });
      },
      [`POST /otp/verify-sign-in-otp/${USER_ID}`]: ok({ token: 'session-token', sessionId: 'session-id' }),
      ...SIGNED_IN_HANDLERS,
    });
    const user = userEvent.setup({ delay: null });
    renderSignIn();
    await signInWith(user);
    const codeDialog = await screen.findByRole('dialog', { name: 'Enter One-Time Password' });
    await waitFor(() => expect(api.callsTo(`POST /otp/send-sign-in-otp/${USER_ID}`)).toHaveLength(1));
    await user.click(within(codeDialog).getByRole('button', { name: 'Change phone number' }));

    const phoneDialog = await screen.findByRole('dialog', { name: 'Enter New Mobile Number' });
    await user.click(within(phoneDialog).getByRole('button', { name: 'Send code' }));
    expect(await within(phoneDialog).findByText('Please enter valid phone number.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /user/mobile-number')).toHaveLength(0);

    await user.type(within(phoneDialog).getByRole('textbox', { name: /Mobile number/ }), '2015550188');
    await user.click(within(phoneDialog).getByRole('button', { name: 'Send code' }));
    expect(
      await within(phoneDialog).findByText(
        'The mobile number you entered is already linked to a different account.',
      ),
    ).toBeInTheDocument();

    await user.clear(within(phoneDialog).getByRole('textbox', { name: /Mobile number/ }));
    await user.type(within(phoneDialog).getByRole('textbox', { name: /Mobile number/ }), '2015550199');
    await user.click(within(phoneDialog).getByRole('button', { name: 'Send code' }));

    const backToCode = await screen.findByRole('dialog', { name: 'Enter One-Time Password' });
    expect(within(backToCode).getByText(/we sent to \+1 \*\*\* 0199\./)).toBeInTheDocument();
    expect(api.callsTo('PATCH /user/mobile-number')[1]?.body).toEqual({
      phones: [{ phoneNumber: '2015550199', countryCode: '1', countryISOCode: 'us' }],
      recaptchaToken: expect.any(String),
      challengeToken: 'challenge-token',
      userId: USER_ID,
    });
    // The change already sent a code to the new number: no second send.
    expect(api.callsTo(`POST /otp/send-sign-in-otp/${USER_ID}`)).toHaveLength(1);

    await waitFor(() =>
      expect(within(backToCode).getByRole('button', { name: /Get a new code in/ })).toBeDisabled(),
    );
    pasteCode('111222');
    await screen.findByTestId('landed');
    expect(api.callsTo(`POST /otp/verify-sign-in-otp/${USER_ID}`)[0]?.body).toMatchObject({
      requestId: NEW_REQUEST_ID,
      otp: '111222',
    });
  }, 20_000);

  it('sends someone already signed in onward', async () => {
    setStored('session', { token: 'old-token', sessionId: 'old-session' });
    mockSignInApi(SIGNED_IN_HANDLERS);
    renderSignIn(`/signin?redirectUrl=${encodeURIComponent('/accept-invitation')}`);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/accept-invitation');
  });
});
