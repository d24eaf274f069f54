import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { mockPracticeApi, PRACTICE } from '../testing/practice';
import { PracticeSetupPage } from './practice-setup-page';

const routes: RouteObject[] = [
  { path: '/onboard/practice', element: <PracticeSetupPage /> },
  { path: '/onboard/b/add', element: <Where name="Add business" /> },
];
const accountant = makeUserProfile({ userType: 'ACCOUNTANT' });

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label, { exact: false, selector: 'input' });
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
};

beforeEach(() => signInAs(accountant));

describe('Practice set-up (/onboard/practice)', () => {
  it('checks the firm name and the number of clients with the spec rules', async () => {
    const user = userEvent.setup();
    const api = mockPracticeApi({ 'GET /user': ok(accountant), 'GET /practice': ok(null) });
    renderRoutes(routes, '/onboard/practice');
    expect(await screen.findByRole('heading', { name: 'Tell us about your practice' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Practice firm name is required.')).toBeInTheDocument();
    expect(screen.getByText('Number of clients is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Practice firm name/ })).toHaveFocus();

    const name = screen.getByRole('textbox', { name: /Practice firm name/ });
    const cases: [string, string][] = [
      ['Ab', 'Practice firm name must be at least 3 characters.'],
      ['A'.repeat(51), 'Practice firm name cannot exceed 50 characters.'],
      ['12345', 'Practice firm name cannot contain only numbers.'],
      [' Harbor', 'No white space is allowed at the start and end.'],
    ];
    for (const [value, message] of cases) {
      await user.clear(name);
      await user.type(name, value);
      await user.tab();
      expect(errorOf('Practice firm name')).toContain(message);
    }
    expect(api.callsTo('POST /practice')).toHaveLength(0);
  });

  it('creates the practice and moves on to the first client business', async () => {
    const user = userEvent.setup();
    const api = mockPracticeApi({
      'GET /user': ok(accountant),
      'GET /practice': ok(null),
      'POST /practice': ok(PRACTICE, { status: 201, message: 'Practice created.' }),
    });
    renderRoutes(routes, '/onboard/practice');
    await user.type(
      await screen.findByRole('textbox', { name: /Practice firm name/ }),
      'Harbor Accounting LLP',
    );
    await chooseOption(user, screen.getByRole('combobox', { name: /Number of clients/ }), '5-15');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { name: 'Add business at /onboard/b/add' }),
    ).toBeInTheDocument();
    expect(api.bodiesOf('POST /practice')).toEqual([
      { practiceFirmName: 'Harbor Accounting LLP', clientRange: 'FIVE_TO_FIFTEEN' },
    ]);
  });

  it("shows the server's field message and stays", async () => {
    const user = userEvent.setup();
    mockPracticeApi({
      'GET /user': ok(accountant),
      'GET /practice': ok(null),
      'POST /practice': fail(400, 'Invalid', {
        errors: [{ field: 'practiceFirmName', message: 'Practice firm name cannot contain only numbers.' }],
      }),
    });
    renderRoutes(routes, '/onboard/practice');
    await user.type(await screen.findByRole('textbox', { name: /Practice firm name/ }), 'Harbor Accounting');
    await chooseOption(user, screen.getByRole('combobox', { name: /Number of clients/ }), '100+');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(errorOf('Practice firm name')).toContain('Practice firm name cannot contain only numbers.'),
    );
  });

  it('moves on when the practice exists already', async () => {
    mockPracticeApi({ 'GET /user': ok(accountant) });
    renderRoutes(routes, '/onboard/practice');
    expect(
      await screen.findByRole('heading', { name: 'Add business at /onboard/b/add' }),
    ).toBeInTheDocument();
  });

  it('sends someone who is not an accountant on to business onboarding', async () => {
    const owner = makeUserProfile();
    signInAs(owner);
    const api = mockPracticeApi({ 'GET /user': ok(owner) });
    renderRoutes(routes, '/onboard/practice');
    expect(
      await screen.findByRole('heading', { name: 'Add business at /onboard/b/add' }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET /practice')).toHaveLength(0);
  });
});
