import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { mockPracticeApi } from '../testing/practice';
import { PracticeName } from './practice-name';

describe('the practice name on the business home', () => {
  it("shows an accountant's practice", async () => {
    const accountant = makeUserProfile({ userType: 'ACCOUNTANT' });
    signInAs(accountant);
    mockPracticeApi({ 'GET /user': ok(accountant) });
    renderWithProviders(<PracticeName />);
    expect(await screen.findByText('Practice: Harbor Accounting LLP')).toBeInTheDocument();
  });

  it('asks nothing for anyone else', async () => {
    const owner = makeUserProfile();
    signInAs(owner);
    const api = mockPracticeApi({ 'GET /user': ok(owner) });
    renderWithProviders(<PracticeName />);
    await waitFor(() => expect(api.callsTo('GET /user')).toHaveLength(1));
    // Time for a call that should not come.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.callsTo('GET /practice')).toHaveLength(0);
    expect(screen.queryByTestId('practice-name')).not.toBeInTheDocument();
  });
});
