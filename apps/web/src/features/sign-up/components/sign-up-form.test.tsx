import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getStored } from '@/lib/storage';
import { fail, mockApi, ok, SANDBOX_CLIENT_CONFIG } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeNewUser } from '../testing/new-user';
import { SignUpPage } from './sign-up-page';

const renderSignUp = () =>
  renderRoutes(
    [
      { path: '/signup', element: <SignUpPage /> },
      { path: '/verify', element: <p>Verify page</p> },
      { path: '/signin', element: <p>Sign-in page</p> },
    ],
    '/signup',
  );

const field = (label: string | RegExp) => screen.getByLabelText(label);

vi.setConfig({ testTimeout: 20_000 });

/** Puts text into a field in one input event (typing key by key is slow under jsdom). */
const enter = async (user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) => {
  await user.click(element);
  await user.paste(text);
};

const fillValidForm = async (user: ReturnType<typeof userEvent.setup>) => {
  await enter(user, field(/First name/), 'Ada');
  await enter(user, field(/Last name/), 'Lovelace');
  await enter(user, field(/Work email/), 'ada@acme.test');
  await enter(user, field(/Mobile number/), '2015550123');
  await user.click(
    screen.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }),
  );
};

describe('Sign-up form', () => {
  it('shows every required-field message on submit and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchMock } = mockApi({});
    renderSignUp();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter valid phone number.')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the Terms of Service and Privacy Policy')).toBeInTheDocument();
    await waitFor(() => expect(field(/First name/)).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['A', 'First name must be at least 2 characters.'],
    ['A'.repeat(26), 'First name cannot exceed 25 characters.'],
    ['Ada1', 'First name can only contain letters and spaces'],
    ['   ', 'First name cannot contain only spaces.'],
    [
      ' Ada',
      "No white space is allowed at the start and end. Only - . ' / _ & , are allowed as special characters.",
    ],
  ])('checks the first name %j when it is left', async (value, message) => {
    const user = userEvent.setup({ delay: null });
    mockApi({});
    renderSignUp();
    await enter(user, field(/First name/), value);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(/First name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('re-checks a left field as it changes and clears the message once valid', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({});
    renderSignUp();
    await enter(user, field(/Last name/), 'L');
    await user.tab();
    expect(await screen.findByText('Last name must be at least 2 characters.')).toBeInTheDocument();
    await user.type(field(/Last name/), 'o');
    await waitFor(() =>
      expect(screen.queryByText('Last name must be at least 2 characters.')).not.toBeInTheDocument(),
    );
  });

  it.each([
    ['ada', 'Please enter a valid email address'],
    ['ada@mailinator.com', 'Please use a valid email address. Disposable email addresses are not allowed.'],
  ])('checks the work email %j', async (value, message) => {
    const user = userEvent.setup({ delay: null });
    mockApi({});
    renderSignUp();
    await enter(user, field(/Work email/), value);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('checks the mobile number for its country', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({});
    renderSignUp();
    await enter(user, field(/Mobile number/), '12345');
    await user.tab();
    expect(await screen.findByText('Please enter valid phone number.')).toBeInTheDocument();
    await user.clear(field(/Mobile number/));
    await enter(user, field(/Mobile number/), '2015550123');
    await waitFor(() =>
      expect(screen.queryByText('Please enter valid phone number.')).not.toBeInTheDocument(),
    );
  });

  it('links the terms and privacy policy', () => {
    mockApi({});
    renderSignUp();
    const form = screen.getByRole('form', { name: 'Create your Ferry account' });
    expect(within(form).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(form).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('signs up with a bot-check token, starts the session and goes to /verify', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodiesOf } = mockApi({
      'POST /auth/users/sign-up': () =>
        ok(
          {
            token: 'tok-1',
            sessionId: 'sess-1',
            userId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
            activeStatus: 'PENDING',
          },
          { status: 201 },
        ),
      'GET /user': () => ok(makeNewUser()),
    });
    renderSignUp();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Verify page')).toBeInTheDocument();
    expect(bodiesOf('POST /auth/users/sign-up')).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@acme.test',
        phones: [{ countryISOCode: 'us', countryCode: '1', phoneNumber: '2015550123' }],
        country: 'US',
        isAgree: true,
        authProvider: 'EMAIL',
        recaptchaToken: 'sandbox-browser-token',
      },
    ]);
    expect(getStored('session')).toEqual({ token: 'tok-1', sessionId: 'sess-1' });
    expect(getStored('user')?.email).toBe('ada@acme.test');
  });

  it("shows the server's field errors on their fields", async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /auth/users/sign-up': () =>
        fail(409, 'The mobile number you entered is already linked to a different account.', {
          errors: [
            {
              field: 'phones.0.phoneNumber',
              message: 'The mobile number you entered is already linked to a different account.',
            },
          ],
        }),
    });
    renderSignUp();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const message = await screen.findByText(
      'The mobile number you entered is already linked to a different account.',
    );
    expect(field(/Mobile number/)).toHaveAccessibleDescription(message.textContent ?? '');
    expect(screen.queryByText('Verify page')).not.toBeInTheDocument();
    expect(getStored('session')).toBeNull();
  });

  it('shows a taken email on the email field', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /auth/users/sign-up': () =>
        fail(409, 'An account with this email already exists. Please sign in.', {
          errors: [{ field: 'email', message: 'An account with this email already exists. Please sign in.' }],
        }),
    });
    renderSignUp();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('An account with this email already exists. Please sign in.');
    expect(field(/Work email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the bot check's message when it cannot run", async () => {
    const user = userEvent.setup({ delay: null });
    const { bodiesOf } = mockApi({
      'GET /client-config': () =>
        ok({
          ...SANDBOX_CLIENT_CONFIG,
          botCheck: { provider: 'recaptcha', siteKey: null, action: 'importantAction' },
          phoneVerificationCountries: ['US'],
        }),
    });
    renderSignUp();
    await fillValidForm(user);
    fireEvent.submit(screen.getByRole('form', { name: 'Create your Ferry account' }));
    expect(
      await screen.findByText('The security check could not load. Please refresh the page and try again.'),
    ).toBeInTheDocument();
    expect(bodiesOf('POST /auth/users/sign-up')).toEqual([]);
  });
});
