import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@/lib/session';
import { setStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeNewUser } from '../testing/new-user';
import { VerifyPage } from './verify-page';

vi.setConfig({ testTimeout: 20_000 });

const REQUEST_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const sent = {
  requestId: REQUEST_ID,
  resendAvailableAt: '2030-01-01T00:01:30Z',
  expiresAt: '2030-01-01T00:10:00Z',
};

const renderVerify = () =>
  renderRoutes(
    [
      { path: '/verify', element: <VerifyPage /> },
      { path: '/set-password', element: <p>Set password page</p> },
      { path: '/select-account-type', element: <p>Account type page</p> },
      { path: '/signin', element: <p>Sign-in page</p> },
    ],
    '/verify',
  );

const pasteCode = (code: string) =>
  fireEvent.paste(screen.getByLabelText('Verification code, digit 1 of 6'), {
    clipboardData: { getData: () => code },
  });

/** A fake server whose user becomes verified as the codes are checked. */
const serve = (initial: UserProfile, extra: Parameters<typeof mockApi>[0] = {}) => {
  let user = initial;
  const api = mockApi({
    'GET /user': () => ok(user),
    'POST /otp/email': () => ok(sent),
    'POST /otp/phone': () => ok(sent),
    'POST /otp/verify/email': ({ body }) => {
      if ((body as { otp: string }).otp !== '123456') return fail(400, 'Invalid OTP');
      user = { ...user, isEmailVerified: true };
      return ok({ isEmailVerified: true, isPhoneNumberVerified: user.isPhoneNumberVerified });
    },
    'POST /otp/verify/phone': () => {
      user = {
        ...user,
        isPhoneNumberVerified: true,
        phones: user.phones.map((p) => ({ ...p, isPhoneNumberVerified: true })),
      };
      return ok({ isEmailVerified: true, isPhoneNumberVerified: true });
    },
    ...extra,
  });
  return api;
};

beforeEach(() => {
  setStored('session', { token: 'tok', sessionId: 'sess' });
});

describe('Verify page', () => {
  it('verifies the email, then the mobile number, then goes to set the password', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodiesOf } = serve(makeNewUser());
    renderVerify();

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('ada@acme.test')).toBeInTheDocument();
    // The same two-step indicator as /signup and /set-password (spec 000 §4: set password is step 2).
    expect(screen.getByText('Step 1 of 2: Your details')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const emailDialog = await screen.findByRole('dialog', { name: 'Verify Your Email' });
    await waitFor(() => expect(bodiesOf('POST /otp/email')).toHaveLength(1));
    expect(bodiesOf('POST /otp/email')[0]).toEqual({ recaptchaToken: 'sandbox-browser-token' });
    await waitFor(() =>
      expect(within(emailDialog).getByRole('button', { name: /Get a new code in/ })).toBeDisabled(),
    );

    pasteCode('654321');
    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
    pasteCode('123456');

    expect(await screen.findByRole('heading', { name: 'Verify your mobile number' })).toBeInTheDocument();
    expect(bodiesOf('POST /otp/verify/email').at(-1)).toEqual({
      requestId: REQUEST_ID,
      otp: '123456',
      recaptchaToken: 'sandbox-browser-token',
    });
    expect(screen.getByText('+1 201 555 0123')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('dialog', { name: 'Verify Your Mobile Number' });
    await waitFor(() => expect(bodiesOf('POST /otp/phone')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: /Get a new code in/ })).toBeDisabled());
    pasteCode('111222');

    expect(await screen.findByText('Set password page')).toBeInTheDocument();
    expect(bodiesOf('POST /otp/verify/phone')).toEqual([
      { requestId: REQUEST_ID, otp: '111222', recaptchaToken: 'sandbox-browser-token' },
    ]);
  });

  it('skips the mobile step outside the phone verification countries', async () => {
    const { bodiesOf } = serve(makeNewUser({ country: 'GB' }));
    renderVerify();
    expect(await screen.findByText('Step 1 of 2: Your details')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(bodiesOf('POST /otp/email')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: /Get a new code in/ })).toBeDisabled());
    pasteCode('123456');
    expect(await screen.findByText('Set password page')).toBeInTheDocument();
    expect(bodiesOf('POST /otp/phone')).toEqual([]);
  });

  it('sends a verified user with a password but no account type to /select-account-type', async () => {
    serve(
      makeNewUser({
        isEmailVerified: true,
        isPhoneNumberVerified: true,
        isPasswordSet: true,
        activeStatus: 'ACTIVE',
        phones: [
          { ...makeNewUser().phones[0], isPhoneNumberVerified: true } as UserProfile['phones'][number],
        ],
      }),
    );
    renderVerify();
    expect(await screen.findByText('Account type page')).toBeInTheDocument();
  });

  it('corrects a mistyped email', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodiesOf } = serve(makeNewUser(), {
      'POST /user/email': ({ body }) => {
        const { email } = body as { email: string };
        if (email === 'taken@acme.test') {
          return fail(409, 'An account with this email already exists. Please sign in.', {
            errors: [
              { field: 'email', message: 'An account with this email already exists. Please sign in.' },
            ],
          });
        }
        return ok(makeNewUser({ email }));
      },
    });
    renderVerify();
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    const input = screen.getByLabelText('Work email');
    await user.clear(input);
    await user.paste('taken@acme.test');
    await user.click(screen.getByRole('button', { name: 'Save email' }));
    expect(
      await screen.findByText('An account with this email already exists. Please sign in.'),
    ).toBeInTheDocument();

    await user.clear(input);
    await user.paste('ada@acme.example');
    await user.click(screen.getByRole('button', { name: 'Save email' }));
    await waitFor(() => expect(screen.queryByLabelText('Work email')).not.toBeInTheDocument());
    expect(screen.getAllByText('ada@acme.example').length).toBeGreaterThan(0);
    expect(bodiesOf('POST /user/email').at(-1)).toEqual({
      email: 'ada@acme.example',
      recaptchaToken: 'sandbox-browser-token',
    });
  });

  it('changes the mobile number and verifies the code sent to the new one', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodiesOf } = serve(makeNewUser({ isEmailVerified: true }), {
      'PATCH /user/mobile-number': () => ok({ ...sent, requestId: 'cccccccccccccccccccccccc' }),
    });
    renderVerify();
    await user.click(await screen.findByRole('button', { name: 'Change phone number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter New Mobile Number' });
    await user.click(within(dialog).getByLabelText(/Mobile number/));
    await user.paste('2015550199');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    await screen.findByRole('dialog', { name: 'Verify Your Mobile Number' });
    expect(screen.getAllByText('+1 201 555 0199').length).toBeGreaterThan(0);
    expect(bodiesOf('PATCH /user/mobile-number')).toEqual([
      {
        phones: [{ phoneNumber: '2015550199', countryCode: '1', countryISOCode: 'us' }],
        recaptchaToken: 'sandbox-browser-token',
      },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: /Get a new code in/ })).toBeDisabled());
    // The number change already sent the code: no second one.
    expect(bodiesOf('POST /otp/phone')).toEqual([]);
    pasteCode('111222');
    expect(await screen.findByText('Set password page')).toBeInTheDocument();
    expect(bodiesOf('POST /otp/verify/phone')).toEqual([
      { requestId: 'cccccccccccccccccccccccc', otp: '111222', recaptchaToken: 'sandbox-browser-token' },
    ]);
  });

  it('sends a visitor without a session to sign in', async () => {
    window.localStorage.clear();
    mockApi({});
    renderVerify();
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  });
});
