import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok, SANDBOX_CLIENT_CONFIG } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import {
  BANK_LIST_API,
  BUSINESS_ID,
  CHART_ACCOUNTS,
  CHART_API,
  CONNECTION_API,
  makeBusiness,
} from '../testing/banking';
import { BankAccountsSection } from './bank-accounts-section';
import { BANK_DENIED_MESSAGE } from './bank-denied-dialog';

const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/bank-account', element: <BankAccountsSection businessId={BUSINESS_ID} /> },
];
const PAGE = `/b/${BUSINESS_ID}/settings/bank-account`;
const INSTITUTIONS = [
  { id: 'ins_56', name: 'Chase', logo: null, primaryColor: '#117aca', url: 'https://www.chase.com' },
  { id: 'ins_35', name: 'Chime', logo: null, primaryColor: '#1ec677', url: 'https://www.chime.com' },
];

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  signInAs(makeUserProfile());
  api = mockApi({
    'GET /client-config': ok({ ...SANDBOX_CLIENT_CONFIG, bankLink: { provider: 'sandbox' } }),
    [`GET /business/${BUSINESS_ID}`]: ok(makeBusiness()),
    [`GET ${BANK_LIST_API}`]: ok([]),
    [`GET ${CHART_API}`]: ok(CHART_ACCOUNTS),
    [`GET ${CONNECTION_API}/token`]: ok({
      linkToken: 'link-sandbox-1',
      expiration: '2026-03-02T14:00:00.000Z',
      provider: 'sandbox',
    }),
    'GET /sandbox/bank-link/institutions': ok(INSTITUTIONS),
  });
});

const openLink = async (user: ReturnType<typeof userEvent.setup>) => {
  renderRoutes(routes, PAGE);
  await user.click(await screen.findByRole('button', { name: /Connect & Verify Instantly/ }));
  return screen.findByRole('dialog', { name: /Sandbox Bank Link/ });
};

describe('Instant bank link with the sandbox provider (spec 002 §4)', () => {
  it('answers BANK_DENIED at once for a blocked institution, asking nothing and storing nothing', async () => {
    const user = userEvent.setup();
    const modal = await openLink(user);
    await user.click(await within(modal).findByRole('listitem', { name: 'Chime' }));
    const denied = await screen.findByRole('dialog', { name: 'This bank is not supported' });
    expect(within(denied).getByText(BANK_DENIED_MESSAGE)).toBeInTheDocument();
    expect(within(denied).getByText("Chime accounts can't be linked.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Sandbox Bank Link/ })).not.toBeInTheDocument();
    expect(api.callsTo('POST /sandbox/bank-link/sessions')).toHaveLength(0);
    expect(api.callsTo(`GET ${CONNECTION_API}/plaid`)).toHaveLength(0);
  });

  it('shows a provider error per code, then links, and says BANK_DENIED when the server reports bankDenied', async () => {
    api.handlers['POST /sandbox/bank-link/sessions'] = fail(
      422,
      'The username or password provided were not correct.',
      {
        errorCode: 'INVALID_CREDENTIALS',
      },
    );
    const user = userEvent.setup();
    const modal = await openLink(user);
    await user.click(await within(modal).findByRole('listitem', { name: 'Chase' }));
    expect(within(modal).getByText(/user_good/)).toBeInTheDocument();
    await user.type(within(modal).getByRole('textbox', { name: /Username/ }), 'user_good');
    await user.type(within(modal).getByLabelText(/Password/), 'wrong');
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    const alert = await within(modal).findByRole('alert');
    expect(alert).toHaveTextContent('Incorrect username or password');
    expect(alert).toHaveTextContent('The username or password provided were not correct.');
    expect(alert).toHaveTextContent('INVALID_CREDENTIALS');

    api.handlers['POST /sandbox/bank-link/sessions'] = ok({
      sessionId: 'sess-1',
      accounts: [
        { id: 'acc-1', name: 'Plaid Checking', mask: '0000', subtype: 'checking' },
        { id: 'acc-2', name: 'Plaid Saving', mask: '1111', subtype: 'savings' },
      ],
    });
    api.handlers['POST /sandbox/bank-link/sessions/sess-1/complete'] = ok({
      publicToken: 'public-sandbox-1',
      institution: { id: 'ins_56', name: 'Chase' },
      accounts: [{ id: 'acc-1', name: 'Plaid Checking', mask: '0000', subtype: 'checking' }],
    });
    api.handlers[`GET ${CONNECTION_API}/plaid`] = ok({
      bankAccounts: [],
      bankDenied: true,
      reason: 'BLOCKED_INSTITUTE',
    });
    await user.clear(within(modal).getByLabelText(/Password/));
    await user.type(within(modal).getByLabelText(/Password/), 'pass_good');
    await user.click(within(modal).getByRole('button', { name: 'Submit' }));
    const continueButton = await within(modal).findByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await user.click(within(modal).getByRole('checkbox', { name: /Plaid Checking/ }));
    await user.click(continueButton);

    expect(await screen.findByRole('dialog', { name: 'This bank is not supported' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(`GET ${CONNECTION_API}/plaid`)).toHaveLength(1));
    const plaidCall = api.fetchMock.mock.calls.find(([url]) =>
      String(url).includes('/banking/connection/plaid'),
    );
    expect(String(plaidCall?.[0])).toContain('tokenId=public-sandbox-1');
    expect(String(plaidCall?.[0])).toContain('bankInstituteId=ins_56');
    expect(api.bodiesOf('POST /sandbox/bank-link/sessions/sess-1/complete')).toEqual([
      { accountIds: ['acc-1'] },
    ]);
  });

  it("toasts 'Failed to link bank account' when no link token can be had", async () => {
    api.handlers[`GET ${CONNECTION_API}/token`] = fail(500, 'down');
    const user = userEvent.setup();
    renderRoutes(routes, PAGE);
    await user.click(await screen.findByRole('button', { name: /Connect & Verify Instantly/ }));
    expect(await screen.findByText('Failed to link bank account')).toBeInTheDocument();
  });
});
