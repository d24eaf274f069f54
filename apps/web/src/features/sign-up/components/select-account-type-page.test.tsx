import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientConfig } from '@/lib/api-client';
import { resetBotCheck } from '@/lib/bot-check';
import type { UserProfile } from '@/lib/session';
import { getStored, setStored } from '@/lib/storage';
import { renderRoutes } from '@/testing/test-utils';
import { fail, makeProfile, mockApi, ok } from '../testing/mock-api';
import { SelectAccountTypePage } from './select-account-type-page';

vi.setConfig({ testTimeout: 20_000 });

const active: UserProfile = makeProfile({
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
    ],
    '/select-account-type',
  );

beforeEach(() => {
  resetBotCheck();
  setStored('session', { token: 'tok', sessionId: 'sess' });
});

afterEach(() => {
  resetApiClientConfig();
});

describe('Select account type page', () => {
  it('saves the chosen type, refetches the user and goes to business onboarding', async () => {
    const user = userEvent.setup({ delay: null });
    let profile = active;
    const { bodiesOf } = mockApi({
      'GET /api/user': () => ok(profile),
      'PATCH /api/user': (body) => {
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
    expect(bodiesOf('PATCH /api/user')).toEqual([{ userType: 'SME_OWNER' }]);
    await waitFor(() => expect(getStored('user')?.userType).toBe('SME_OWNER'));
  });

  it("shows the server's refusal and stays", async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'GET /api/user': () => ok(active),
      'PATCH /api/user': () => fail(409, 'The account type is already set.'),
    });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: /I'm an accountant/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The account type is already set.');
    expect(screen.queryByText('Onboarding start')).not.toBeInTheDocument();
  });

  it('moves on at once when the type is already chosen', async () => {
    mockApi({ 'GET /api/user': () => ok({ ...active, userType: 'ACCOUNTANT' }) });
    renderPage();
    expect(await screen.findByText('Onboarding start')).toBeInTheDocument();
  });
});
