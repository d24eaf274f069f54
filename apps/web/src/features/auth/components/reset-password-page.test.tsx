import { PASSWORD_RULES, PASSWORD_WEAK_MESSAGE } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { INVALID_LINK_MESSAGE, PASSWORD_RESET_DONE_MESSAGE } from '../api/reset-password';
import { ResetPasswordPage } from './reset-password-page';

const TOKEN = 'a-reset-token-of-enough-length-123';
/** Meets the rules and zxcvbn's score of 3 (a few uncommon words). */
const STRONG_PASSWORD = 'Tidal-Basin-907!';

const SignInStub = () => <p>Sign-in page</p>;
const ForgotStub = () => <p>Forgot-password page</p>;

const renderPage = (path = `/reset-password?token=${TOKEN}`) => {
  const Stub = createRoutesStub([
    { path: '/reset-password', Component: ResetPasswordPage },
    { path: '/signin', Component: SignInStub },
    { path: '/forgot-password', Component: ForgotStub },
  ]);
  return renderWithProviders(<Stub initialEntries={[path]} />);
};

afterEach(() => {
  notifications.clean();
});

describe('ResetPasswordPage', () => {
  it('ticks off the password rules as the password is typed and checks the confirmation', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderPage();
    const rules = await screen.findByRole('list', { name: 'Password rules' });
    expect(within(rules).getAllByRole('listitem')).toHaveLength(PASSWORD_RULES.length);
    for (const rule of PASSWORD_RULES) {
      expect(within(rules).getByText(rule.message)).toBeInTheDocument();
    }
    const password = screen.getByLabelText(/^New password/);
    expect(password).toHaveFocus();
    await user.type(password, 'abcdefgh');
    const met = (id: string) => rules.querySelector(`[data-rule="${id}"]`)?.getAttribute('data-met');
    expect(met('length')).toBe('true');
    expect(met('lower')).toBe('true');
    expect(met('upper')).toBe('false');
    expect(met('digit')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password must contain at least one number')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, STRONG_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm new password/), `${STRONG_PASSWORD}?`);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('PATCH /auth/reset-password')).toHaveLength(0);
  });

  it('resets the password, says so and goes to sign-in', async () => {
    const api = mockApi({
      'PATCH /auth/reset-password': ok({}, { message: PASSWORD_RESET_DONE_MESSAGE }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/^New password/), STRONG_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm new password/), STRONG_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(await screen.findByText(PASSWORD_RESET_DONE_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('PATCH /auth/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      recaptchaToken: expect.any(String),
    });
  });

  it('shows the invalid-link state when the server refuses the link', async () => {
    mockApi({
      'PATCH /auth/reset-password': fail(400, INVALID_LINK_MESSAGE, { errorCode: 'INVALID_LINK' }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/^New password/), STRONG_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm new password/), STRONG_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(INVALID_LINK_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByText('Forgot-password page')).toBeInTheDocument();
  });

  it("shows the server's field message (e.g. a common password) on the field", async () => {
    mockApi({
      'PATCH /auth/reset-password': fail(400, 'Validation failed', {
        errors: [{ field: 'password', message: 'This password is too common. Please choose another.' }],
      }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/^New password/), STRONG_PASSWORD);
    await user.type(screen.getByLabelText(/^Confirm new password/), STRONG_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText('This password is too common. Please choose another.'),
    ).toBeInTheDocument();
  });

  it("refuses a guessable password with zxcvbn's feedback, and sends nothing", async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderPage();
    const password = await screen.findByLabelText(/^New password/);
    // Every character rule is met, but the password is among the first an attacker tries.
    await user.type(password, 'Password1!');
    const meter = screen.getByTestId('password-strength');
    expect(await within(meter).findByText('Weak', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(meter).toHaveTextContent('This is similar to a commonly used password.');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Password1!');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(new RegExp(`^${PASSWORD_WEAK_MESSAGE}`))).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH /auth/reset-password')).toHaveLength(0);

    await user.clear(password);
    await user.type(password, STRONG_PASSWORD);
    expect(await within(meter).findByText('Very strong')).toBeInTheDocument();
  }, 30_000);

  it.each(['/reset-password', '/reset-password?token=short'])(
    'treats %s as an invalid link',
    async (path) => {
      const api = mockApi({});
      renderPage(path);
      expect(await screen.findByText(INVALID_LINK_MESSAGE)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
      expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
      expect(api.calls).toHaveLength(0);
    },
  );
});
