import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@/lib/session';
import { getStored, setStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeNewUser } from '../testing/new-user';
import { SelectAccountTypePage } from './select-account-type-page';

vi.setConfig({ testTimeout: 20_000 });

const active: UserProfile = makeNewUser({
  activeStatus: 'ACTIVE',
  isPasswordSet: true,
  isEmailVerified: true,
  isPhoneNumberVerified: true,
});

const renderPage = () =>
  renderRoutes(
    [
      { path: '/select-account-type', element: <SelectAccountTypePage /> },
      { path: '/onboard/b/add', element: <p>Onboarding start</p> },
      { path: '/onboard/practice', element: <p>Practice details</p> },
    ],
    '/select-account-type',
  );

beforeEach(() => {
  setStored('session', { token: 'tok', sessionId: 'sess' });
});

describe('Select account type page', () => {
  it('saves the chosen type, refetches the user and goes to business onboarding', async () => {
    const user = userEvent.setup({ delay: null });
    let profile = active;
    const { bodiesOf } = mockApi({
      'GET /user': () => ok(profile),
      'PATCH /user': ({ body }) => {
        profile = { ...profile, userType: (body as { userType: string }).userType };
        return ok(profile);
      },
    });
    renderPage();
    const accountant = await screen.findByRole('radio', { name: /I'm an accountant/ });
    const owner = screen.getByRole('radio', { name: /I run a business/ });
    const proceed = screen.getByRole('button', { name: 'Continue' });
    expect(proceed).toBeDisabled();

    await user.click(accountant);
    expect(accountant).toHaveAttribute('aria-checked', 'true');
    await user.click(owner);
    expect(owner).toHaveAttribute('aria-checked', 'true');
    expect(accountant).toHaveAttribute('aria-checked', 'false');

    await user.click(proceed);
    expect(await screen.findByText('Onboarding start')).toBeInTheDocument();
    expect(bodiesOf('PATCH /user')).toEqual([{ userType: 'SME_OWNER' }]);
    await waitFor(() => expect(getStored('user')?.userType).toBe('SME_OWNER'));
  });

  it("sends an accountant to their practice's details", async () => {
    const user = userEvent.setup({ delay: null });
    let profile = active;
    const { bodiesOf } = mockApi({
      'GET /user': () => ok(profile),
      'PATCH /user': ({ body }) => {
        profile = { ...profile, userType: (body as { userType: string }).userType };
        return ok(profile);
      },
    });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /I'm an accountant/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Practice details')).toBeInTheDocument();
    expect(bodiesOf('PATCH /user')).toEqual([{ userType: 'ACCOUNTANT' }]);
  });

  it("shows the server's refusal and stays", async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /user': () => ok(active),
      'PATCH /user': () => fail(409, 'The account type is already set.'),
    });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /I'm an accountant/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The account type is already set.');
    expect(screen.queryByText('Onboarding start')).not.toBeInTheDocument();
  });

  it('moves on at once when the type is already chosen', async () => {
    mockApi({ 'GET /user': () => ok({ ...active, userType: 'SME_OWNER' }) });
    renderPage();
    expect(await screen.findByText('Onboarding start')).toBeInTheDocument();
  });

  it('moves an accountant who chose already on to the practice details', async () => {
    mockApi({ 'GET /user': () => ok({ ...active, userType: 'ACCOUNTANT' }) });
    renderPage();
    expect(await screen.findByText('Practice details')).toBeInTheDocument();
  });
});
