import { MICRO_DEPOSIT_ERRORS, MONEY_MESSAGES } from '@ferry/domain';
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
  makeManualBank,
} from '../testing/banking';
import { BankAccountsSection } from './bank-accounts-section';

const manual = makeManualBank();
const PAGE = `/b/${BUSINESS_ID}/settings/bank-account`;
const VERIFY = `POST ${CONNECTION_API}/account/verify`;
const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/bank-account', element: <BankAccountsSection businessId={BUSINESS_ID} /> },
];

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  signInAs(makeUserProfile());
  api = mockApi({
    'GET /client-config': ok({ ...SANDBOX_CLIENT_CONFIG, bankLink: { provider: 'sandbox' } }),
    [`GET /business/${BUSINESS_ID}`]: ok(makeBusiness()),
    [`GET ${BANK_LIST_API}`]: ok([manual]),
    [`GET ${CHART_API}`]: ok(CHART_ACCOUNTS),
  });
});

const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
  renderRoutes(routes, PAGE);
  await user.click(await screen.findByRole('button', { name: /Verify deposits for Harbor Credit Union/ }));
  return screen.findByRole('dialog', { name: 'Enter Deposited Amounts' });
};

describe('Enter Deposited Amounts (spec 002 §5, §8)', () => {
  it('requires both amounts, keeps digits only (at most 2), and checks 1-2 digits', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Amount #1 is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount #2 is required')).toBeInTheDocument();
    const first = within(dialog).getByRole('textbox', { name: /Amount #1/ });
    await user.type(first, 'a7b3 9');
    expect(first).toHaveValue('73');
    expect(within(dialog).queryByText('Amount #1 is required')).not.toBeInTheDocument();
    expect(within(dialog).getAllByText('$0.')).toHaveLength(2);
    expect(api.callsTo(VERIFY)).toHaveLength(0);
  });

  it('verifies with the two amounts and toasts success', async () => {
    api.handlers[VERIFY] = ok({ ...manual, verificationStatus: 'VERIFIED', accountStatus: 'VERIFIED' });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Amount #1/ }), '7');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount #2/ }), '32');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MONEY_MESSAGES.bankVerified)).toBeInTheDocument();
    expect(api.bodiesOf(VERIFY)).toEqual([
      { paymentInstrumentId: manual.id, firstMicroDeposit: '7', secondMicroDeposit: '32' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Enter Deposited Amounts' })).not.toBeInTheDocument(),
    );
  });

  it('shows INVALID_MICRODEPOSIT inline with the attempts left', async () => {
    api.handlers[VERIFY] = () => {
      api.handlers[`GET ${BANK_LIST_API}`] = ok([{ ...manual, verifyAttemptRemains: 2 }]);
      return fail(422, MICRO_DEPOSIT_ERRORS.INVALID_MICRODEPOSIT, { errorCode: 'INVALID_MICRODEPOSIT' });
    };
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    expect(within(dialog).getByText('3 verification attempts left.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Amount #1/ }), '11');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount #2/ }), '22');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(MICRO_DEPOSIT_ERRORS.INVALID_MICRODEPOSIT);
    await waitFor(() => expect(alert).toHaveTextContent('2 verification attempts left.'));
    // Said once, in the alert.
    expect(within(dialog).getAllByText('2 verification attempts left.')).toHaveLength(1);
  });

  it('points to the instant option when the attempts are exhausted', async () => {
    api.handlers[VERIFY] = fail(422, MICRO_DEPOSIT_ERRORS.VERIFY_ATTEMPTS_EXHAUSTED, {
      errorCode: 'VERIFY_ATTEMPTS_EXHAUSTED',
    });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Amount #1/ }), '11');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount #2/ }), '22');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      MICRO_DEPOSIT_ERRORS.VERIFY_ATTEMPTS_EXHAUSTED,
    );
    expect(within(dialog).getByRole('button', { name: 'Connect & Verify Instantly' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });

  it("says 'Request already in progress.' for a concurrent verify", async () => {
    api.handlers[VERIFY] = fail(409, 'Request already in progress.', { errorCode: 'REQUEST_IN_PROGRESS' });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Amount #1/ }), '1');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount #2/ }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Request already in progress.');
  });
});
