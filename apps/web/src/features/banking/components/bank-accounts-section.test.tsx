import { BANK_ACCOUNT_STATUS_MESSAGES, MONEY_MESSAGES } from '@ferry/domain';
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
  makeBankAccount,
  makeBusiness,
  makeManualBank,
  VIEWER_PERMISSIONS,
} from '../testing/banking';
import { BankAccountsSection } from './bank-accounts-section';
import { DELETE_BANK_ACKNOWLEDGEMENT } from './delete-bank-dialog';

const routes: RouteObject[] = [
  { path: '/b/:businessId/settings/bank-account', element: <BankAccountsSection businessId={BUSINESS_ID} /> },
];
const PAGE = `/b/${BUSINESS_ID}/settings/bank-account`;

let api: ReturnType<typeof mockApi>;

const setUp = (banks: unknown[], business = makeBusiness()) => {
  api = mockApi({
    'GET /client-config': ok({ ...SANDBOX_CLIENT_CONFIG, bankLink: { provider: 'sandbox' } }),
    [`GET /business/${BUSINESS_ID}`]: ok(business),
    [`GET ${BANK_LIST_API}`]: ok(banks),
    [`GET ${CHART_API}`]: ok(CHART_ACCOUNTS),
  });
};

beforeEach(() => {
  signInAs(makeUserProfile());
});

const rowOf = async (name: string) => {
  const heading = await screen.findByRole('heading', { name });
  const row = heading.closest('li');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

describe('Bank list statuses (spec 002 §4)', () => {
  it("shows every status's text, the attempts left and the verify and reconnect actions", async () => {
    setUp([
      makeBankAccount({
        id: 'a1',
        bankName: 'Chase',
        bankDetails: { name: 'Chase', logo: null, institutionId: 'ins_56' },
        isPrimary: true,
      }),
      makeManualBank({ id: 'a2' }),
      makeBankAccount({
        id: 'a3',
        bankName: 'Citi',
        bankDetails: { name: 'Citi', logo: null, institutionId: 'ins_5' },
        accountStatus: 'UNDER_REVIEW',
      }),
      makeBankAccount({
        id: 'a4',
        bankName: 'PNC',
        bankDetails: { name: 'PNC', logo: null, institutionId: 'ins_13' },
        accountStatus: 'INVALID',
      }),
      makeBankAccount({
        id: 'a5',
        bankName: 'Truist',
        bankDetails: { name: 'Truist', logo: null, institutionId: 'ins_x' },
        accountStatus: 'EXPIRED',
        status: 'EXPIRED',
      }),
      makeManualBank({
        id: 'a6',
        bankName: 'TD Bank',
        bankDetails: { name: 'TD Bank', logo: null, institutionId: null },
        verificationStatus: 'REJECTED',
        verifyAttemptRemains: 0,
        shouldVerifyWithCode: false,
      }),
      makeBankAccount({
        id: 'a7',
        bankName: 'US Bank',
        bankDetails: { name: 'US Bank', logo: null, institutionId: 'ins_y' },
        accountStatus: 'NOT_VERIFIED',
      }),
    ]);
    renderRoutes(routes, PAGE);

    const chase = await rowOf('Chase');
    expect(within(chase).getByText('Primary')).toBeInTheDocument();
    expect(within(chase).getByText('Verified')).toBeInTheDocument();
    expect(within(chase).getByText(/•••• 1234/)).toBeInTheDocument();
    expect(within(chase).queryByRole('button', { name: /Mark as primary/ })).not.toBeInTheDocument();

    const manual = await rowOf('Harbor Credit Union');
    expect(within(manual).getByText(BANK_ACCOUNT_STATUS_MESSAGES.pending)).toBeInTheDocument();
    expect(within(manual).getByText('Verification attempts left: 3')).toBeInTheDocument();
    expect(within(manual).getByRole('button', { name: /Verify deposits/ })).toBeInTheDocument();
    expect(within(manual).getByRole('link', { name: /View sandbox bank statement/ })).toHaveAttribute(
      'href',
      '/sandbox/bank?accountId=a2',
    );

    expect(
      within(await rowOf('Citi')).getByText(BANK_ACCOUNT_STATUS_MESSAGES.underReview),
    ).toBeInTheDocument();
    expect(within(await rowOf('PNC')).getByText(BANK_ACCOUNT_STATUS_MESSAGES.invalid)).toBeInTheDocument();
    const expired = await rowOf('Truist');
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      `${PAGE}?reconnect=a5`,
    );
    expect(within(expired).getByRole('button', { name: /Reconnect Truist/ })).toBeInTheDocument();
    expect(
      within(await rowOf('TD Bank')).getByText(BANK_ACCOUNT_STATUS_MESSAGES.rejected),
    ).toBeInTheDocument();
    expect(
      within(await rowOf('US Bank')).getByText(BANK_ACCOUNT_STATUS_MESSAGES.notVerified),
    ).toBeInTheDocument();
    expect(api.callsTo(`GET ${BANK_LIST_API}`)).toHaveLength(1);
  });

  it('shows the empty state with the chooser', async () => {
    setUp([]);
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('No bank accounts yet')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Add and verify a bank account for sending and receiving.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Connect & Verify Instantly/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add and verify bank manually/ })).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    setUp([]);
    api.handlers[`GET ${BANK_LIST_API}`] = fail(500, 'The bank service is down');
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('Error loading data: The bank service is down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('hides every action from a member who may only view payment methods', async () => {
    setUp(
      [makeManualBank(), makeBankAccount({ id: 'a9' })],
      makeBusiness({ role: 'Viewer', permissions: VIEWER_PERMISSIONS }),
    );
    renderRoutes(routes, PAGE);
    const manual = await rowOf('Harbor Credit Union');
    expect(within(manual).queryByRole('button', { name: /Verify deposits/ })).not.toBeInTheDocument();
    expect(within(manual).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark as primary/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add bank account' })).toBeDisabled();
    expect(
      within(manual).getByRole('combobox', { name: /Chart account for Harbor Credit Union/ }),
    ).toBeDisabled();
  });
});

describe('Bank actions', () => {
  it('enables Confirm only after ticking that submitted payments are not affected, then deletes', async () => {
    setUp([makeBankAccount()]);
    api.handlers[`DELETE ${CONNECTION_API}/account/bbbbbbbbbbbbbbbbbbbbbbb1`] = ok({
      id: 'bbbbbbbbbbbbbbbbbbbbbbb1',
    });
    const user = userEvent.setup();
    renderRoutes(routes, PAGE);
    await user.click(await screen.findByRole('button', { name: 'Delete Chase •••• 1234' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove bank account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: DELETE_BANK_ACKNOWLEDGEMENT }));
    expect(confirm).toBeEnabled();
    api.handlers[`GET ${BANK_LIST_API}`] = ok([]);
    await user.click(confirm);
    expect(await screen.findByText('Bank account removed.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${CONNECTION_API}/account/bbbbbbbbbbbbbbbbbbbbbbb1`)).toHaveLength(1);
    expect(await screen.findByText('No bank accounts yet')).toBeInTheDocument();
  });

  it("toasts 'Failed to delete bank' when the delete fails", async () => {
    setUp([makeBankAccount()]);
    api.handlers[`DELETE ${CONNECTION_API}/account/bbbbbbbbbbbbbbbbbbbbbbb1`] = fail(500, 'boom');
    const user = userEvent.setup();
    renderRoutes(routes, PAGE);
    await user.click(await screen.findByRole('button', { name: 'Delete Chase •••• 1234' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove bank account?' });
    await user.click(within(dialog).getByRole('checkbox', { name: DELETE_BANK_ACKNOWLEDGEMENT }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MONEY_MESSAGES.deleteBankFailed)).toBeInTheDocument();
  });

  it("marks a verified bank as primary, and toasts 'Failed to mark bank as primary' on failure", async () => {
    const second = makeBankAccount({
      id: 'a2',
      bankName: 'Citi',
      bankDetails: { name: 'Citi', logo: null, institutionId: 'ins_5' },
      accountMask: '9999',
    });
    setUp([makeBankAccount({ isPrimary: true }), second]);
    api.handlers[`PATCH ${CONNECTION_API}/mark-as-primary`] = fail(500, 'boom');
    const user = userEvent.setup();
    renderRoutes(routes, PAGE);
    await user.click(await screen.findByRole('button', { name: 'Mark as primary Citi •••• 9999' }));
    expect(await screen.findByText(MONEY_MESSAGES.markPrimaryFailed)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${CONNECTION_API}/mark-as-primary`)).toEqual([{ paymentInstrumentId: 'a2' }]);
  });

  it('links a bank to a chart account with link-account', async () => {
    setUp([makeBankAccount()]);
    api.handlers[`PATCH ${CONNECTION_API}/link-account`] = ok(
      makeBankAccount({ platformChartOfAccountId: 'chart-2', chartAccountName: 'Savings Account' }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, PAGE);
    const select = await screen.findByRole('combobox', { name: /Chart account for Chase/ });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '1020 · Savings Account', hidden: true }));
    await waitFor(() =>
      expect(api.bodiesOf(`PATCH ${CONNECTION_API}/link-account`)).toEqual([
        { paymentInstrumentId: 'bbbbbbbbbbbbbbbbbbbbbbb1', businessAccountId: 'chart-2' },
      ]),
    );
  });

  it('opens Enter Deposited Amounts for ?verify={accountId} and drops the parameter', async () => {
    const manual = makeManualBank();
    setUp([manual]);
    const { router } = renderRoutes(routes, `${PAGE}?verify=${manual.id}`);
    expect(await screen.findByRole('dialog', { name: 'Enter Deposited Amounts' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
