import { PASSWORD_WEAK_MESSAGE } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@/lib/session';
import { getStored, setStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeNewUser } from '../testing/new-user';
import { SetPasswordPage } from './set-password-page';

vi.setConfig({ testTimeout: 20_000 });

const verified: UserProfile = makeNewUser({
  isEmailVerified: true,
  isPhoneNumberVerified: true,
  phones: makeNewUser().phones.map((p) => ({ ...p, isPhoneNumberVerified: true })),
});
const active: UserProfile = { ...verified, activeStatus: 'ACTIVE', isPasswordSet: true };

const renderSetPassword = () =>
  renderRoutes(
    [
      { path: '/set-password', element: <SetPasswordPage /> },
      { path: '/select-account-type', element: <p>Account type page</p> },
      { path: '/accept-invitation', element: <p>Accept invitation page</p> },
      { path: '/no-business', element: <p>No business page</p> },
      { path: '/verify', element: <p>Verify page</p> },
    ],
    '/set-password',
  );

const enter = async (user: ReturnType<typeof userEvent.setup>, label: string, text: string) => {
  await user.click(screen.getByLabelText(new RegExp(label)));
  await user.paste(text);
};

/** Once the page greets the user: the password twice, then 'Continue'. */
const submitPassword = async (user: ReturnType<typeof userEvent.setup>, password: string) => {
  await screen.findByRole('heading', { name: 'Hi Ada Lovelace' });
  await enter(user, 'Enter password', password);
  await enter(user, 'Re-enter password', password);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
};

const ruleStates = () =>
  within(screen.getByRole('list', { name: 'Password rules' }))
    .getAllByRole('listitem')
    .map((item) => [item.textContent?.replace(/ \((not )?met\)$/, ''), item.getAttribute('data-met')]);

beforeEach(() => {
  setStored('session', { token: 'old-token', sessionId: 'old-session' });
});

describe('Set password page', () => {
  it('greets the user and ticks each rule as the password meets it', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /user': () => ok(verified) });
    renderSetPassword();
    expect(await screen.findByRole('heading', { name: 'Hi Ada Lovelace' })).toBeInTheDocument();
    // The same two-step indicator as /signup and /verify.
    expect(screen.getByText('Step 2 of 2: Your password')).toBeInTheDocument();
    expect(ruleStates().every(([, met]) => met === 'false')).toBe(true);

    await enter(user, 'Enter password', 'abc');
    expect(ruleStates()).toEqual([
      ['Between 8 and 100 characters', 'false'],
      ['At least one number', 'false'],
      ['At least one uppercase letter', 'false'],
      ['At least one lowercase letter', 'true'],
      ['At least one special character', 'false'],
      ['No script tags', 'true'],
    ]);

    await user.paste('Defgh1!');
    expect(ruleStates().every(([, met]) => met === 'true')).toBe(true);
  });

  it('shows the rule a weak password breaks and the mismatch, live once left', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /user': () => ok(verified) });
    renderSetPassword();
    await screen.findByRole('heading', { name: 'Hi Ada Lovelace' });

    await enter(user, 'Enter password', 'abcdefgh');
    await user.tab();
    expect(await screen.findByText('Password must contain at least one number')).toBeInTheDocument();

    await enter(user, 'Re-enter password', 'abcdefgh1');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await user.click(screen.getByLabelText(/Enter password/));
    await user.paste('1');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument());
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
  });

  it('toggles each password between hidden and shown', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'GET /user': () => ok(verified) });
    renderSetPassword();
    await screen.findByRole('heading', { name: 'Hi Ada Lovelace' });
    const input = screen.getByLabelText(/Enter password/);
    expect(input).toHaveAttribute('type', 'password');
    const [toggle] = screen.getAllByRole('button', { name: 'Show password' });
    if (!toggle) throw new Error('no toggle');
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getAllByRole('button', { name: /password/ })[0]).toHaveAccessibleName('Hide password');
  });

  it('sets the password, keeps the new session and goes to /select-account-type', async () => {
    const user = userEvent.setup({ delay: null });
    const { bodiesOf } = mockApi({
      'GET /user': () => ok(verified),
      'POST /auth/set-password': () => ok({ token: 'new-token', sessionId: 'new-session', user: active }),
    });
    renderSetPassword();
    await submitPassword(user, 'Harbour-Lights-42');

    expect(await screen.findByText('Account type page')).toBeInTheDocument();
    expect(bodiesOf('POST /auth/set-password')).toEqual([
      {
        password: 'Harbour-Lights-42',
        confirmPassword: 'Harbour-Lights-42',
        recaptchaToken: 'sandbox-browser-token',
      },
    ]);
    expect(getStored('session')).toEqual({ token: 'new-token', sessionId: 'new-session' });
    expect(getStored('user')?.isPasswordSet).toBe(true);
  });

  it.each([
    ['CONTROL_PERSON', 'Accept invitation page'],
    ['BUSINESS_BENEFICIAL_OWNER', 'Accept invitation page'],
    ['PRACTICE', 'Accept invitation page'],
    ['OTHER_USER', 'Accept invitation page'],
  ])('routes an invited user (%s) after the password', async (invitationType, page) => {
    const user = userEvent.setup({ delay: null });
    setStored('invitedUser', { invitationType });
    mockApi({
      'GET /user': () => ok(verified),
      'POST /auth/set-password': () => ok({ token: 'new-token', sessionId: 'new-session', user: active }),
    });
    renderSetPassword();
    await submitPassword(user, 'Harbour-Lights-42');
    expect(await screen.findByText(page)).toBeInTheDocument();
  });

  it('sends a practice member to /no-business', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /user': () => ok(verified),
      'POST /auth/set-password': () =>
        ok({ token: 't', sessionId: 's', user: { ...active, userType: 'PRACTICE_MEMBER' } }),
    });
    renderSetPassword();
    await submitPassword(user, 'Harbour-Lights-42');
    expect(await screen.findByText('No business page')).toBeInTheDocument();
  });

  it("shows the server's message, or the spec's fallback", async () => {
    const user = userEvent.setup({ delay: null });
    let reply = fail(400, 'This password is too common. Please choose another.', {
      errors: [{ field: 'password', message: 'This password is too common. Please choose another.' }],
    });
    mockApi({ 'GET /user': () => ok(verified), 'POST /auth/set-password': () => reply });
    renderSetPassword();
    await submitPassword(user, 'Harbour-Lights-42');
    expect(
      await screen.findByText('This password is too common. Please choose another.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Enter password/)).toHaveAttribute('aria-invalid', 'true');

    reply = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while setting the password',
    );
  });

  it("refuses a guessable password with zxcvbn's feedback and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi({ 'GET /user': () => ok(verified) });
    renderSetPassword();
    await submitPassword(user, 'Password1!');
    const password = screen.getByLabelText(/Enter password/);
    expect(
      await screen.findByText(new RegExp(`^${PASSWORD_WEAK_MESSAGE}`), {}, { timeout: 15_000 }),
    ).toHaveTextContent('This is similar to a commonly used password.');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    const meter = screen.getByTestId('password-strength');
    expect(await within(meter).findByText('Weak')).toBeInTheDocument();
    expect(within(meter).getByRole('list', { name: 'Suggestions' })).toBeInTheDocument();
    expect(api.callsTo('POST /auth/set-password')).toHaveLength(0);
  }, 30_000);

  it('sends an unverified user back to /verify', async () => {
    mockApi({ 'GET /user': () => ok(makeNewUser()) });
    renderSetPassword();
    expect(await screen.findByText('Verify page')).toBeInTheDocument();
  });
});
