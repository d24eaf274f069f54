import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { getStored, setStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { makeUserProfile } from '@/testing/users';
import { ChangePasswordPage, PASSWORD_CHANGED_MESSAGE } from './change-password-page';

const Landed = () => {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
};

const renderPage = () => {
  const Stub = createRoutesStub([
    { path: '/account/password', Component: ChangePasswordPage },
    { path: '*', Component: Landed },
  ]);
  return renderWithProviders(<Stub initialEntries={['/account/password']} />);
};

const fill = async (user: ReturnType<typeof userEvent.setup>, oldPassword: string, password: string) => {
  if (oldPassword) await user.type(await screen.findByLabelText(/^Current password/), oldPassword);
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm new password/), password);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
};

afterEach(() => {
  notifications.clean();
});

describe('ChangePasswordPage', () => {
  it('sends someone signed out to sign-in, coming back here afterwards', async () => {
    mockApi({});
    renderPage();
    expect(await screen.findByTestId('landed')).toHaveTextContent(
      `/signin?redirectUrl=${encodeURIComponent('/account/password')}`,
    );
  });

  it('requires the old password and the new password rules', async () => {
    setStored('session', { token: 'token', sessionId: 'session' });
    const api = mockApi({});
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText(/^Current password/);
    await fill(user, '', 'weakpass');
    expect(await screen.findByText('Old password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least one number')).toBeInTheDocument();
    expect(api.callsTo('PATCH /user/change-password')).toHaveLength(0);
  });

  it("shows 'Old password is incorrect.' on the old password field", async () => {
    setStored('session', { token: 'token', sessionId: 'session' });
    mockApi({
      'PATCH /user/change-password': fail(400, 'Old password is incorrect.', {
        errors: [{ field: 'oldPassword', message: 'Old password is incorrect.' }],
      }),
    });
    const user = userEvent.setup();
    renderPage();
    await fill(user, 'Wrong-old-1', 'New-password-2');
    expect(await screen.findByText('Old password is incorrect.')).toBeInTheDocument();
    expect(getStored('session')).toEqual({ token: 'token', sessionId: 'session' });
  });

  it('changes the password and keeps this browser signed in with the new session', async () => {
    setStored('session', { token: 'token', sessionId: 'session' });
    const api = mockApi({
      'PATCH /user/change-password': ok({ token: 'new-token', sessionId: 'new-session' }),
      'GET /user': ok(makeUserProfile()),
    });
    const user = userEvent.setup();
    renderPage();
    await fill(user, 'Old-password-1', 'New-password-2');
    expect(await screen.findByText(PASSWORD_CHANGED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('PATCH /user/change-password')[0]?.body).toEqual({
      oldPassword: 'Old-password-1',
      password: 'New-password-2',
      confirmPassword: 'New-password-2',
    });
    expect(getStored('session')).toEqual({ token: 'new-token', sessionId: 'new-session' });
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
  });
});
