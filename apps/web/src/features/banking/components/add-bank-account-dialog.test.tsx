import { BANK_ACCOUNT_MESSAGES, MONEY_MESSAGES } from '@ferry/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import {
  BANK_LIST_API,
  BUSINESS_ID,
  CHART_ACCOUNTS,
  CHART_API,
  CONNECTION_API,
  makeManualBank,
} from '../testing/banking';
import { AddBankAccountDialog, MANUAL_VERIFICATION_NOTE } from './add-bank-account-dialog';

const added = makeManualBank({
  shouldVerifyWithCode: false,
  microDeposit: { state: 'SCHEDULED', expectedBy: '2026-03-04', sentAt: null, expiresAt: null },
});

let api: ReturnType<typeof mockApi>;

const renderDialog = (variant: 'onboarding' | 'settings') => {
  const routes: RouteObject[] = [
    {
      path: '/dialog',
      element: (
        <AddBankAccountDialog businessId={BUSINESS_ID} opened onClose={() => undefined} variant={variant} />
      ),
    },
    { path: '/onboard/b/:businessId/link-bank', element: <Where name="Link bank" /> },
  ];
  return renderRoutes(routes, '/dialog');
};

beforeEach(() => {
  signInAs(makeUserProfile());
  api = mockApi({
    [`GET ${BANK_LIST_API}`]: ok([]),
    [`GET ${CHART_API}`]: ok(CHART_ACCOUNTS),
    [`POST ${CONNECTION_API}/account`]: ok(added, {
      message: 'Bank account added. Micro-deposits are on their way.',
    }),
  });
});

const fillForm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByRole('textbox', { name: /Bank Name/ }), 'Harbor Credit Union');
  await user.click(screen.getByRole('radio', { name: 'Checking' }));
  await user.type(screen.getByRole('textbox', { name: /Account Holders Name/ }), 'Harbor Coffee');
  await user.type(screen.getByRole('textbox', { name: /Routing Number/ }), '021000021');
  await user.type(screen.getByRole('textbox', { name: /^Account Number/ }), '123456789');
  await user.type(screen.getByLabelText(/Confirm Account Number/), '123456789');
};

describe('Add a Bank Account: the form (spec 002 §5)', () => {
  it('validates each field as it changes and re-checks the confirmation when the account number changes', async () => {
    const user = userEvent.setup();
    renderDialog('settings');
    await screen.findByRole('dialog', { name: 'Add a Bank Account' });
    const routing = screen.getByRole('textbox', { name: /Routing Number/ });
    await user.type(routing, '1234');
    expect(await screen.findByText(BANK_ACCOUNT_MESSAGES.routingInvalid)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Account Number/ }), '1234');
    expect(screen.getByText(BANK_ACCOUNT_MESSAGES.accountInvalid)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Account Number/ }), '5');
    expect(screen.queryByText(BANK_ACCOUNT_MESSAGES.accountInvalid)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Confirm Account Number/), '12345');
    expect(screen.queryByText(BANK_ACCOUNT_MESSAGES.mismatch)).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Account Number/ }), '6');
    expect(await screen.findByText(BANK_ACCOUNT_MESSAGES.mismatch)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('masks the confirmation and blocks paste, copy, cut and the context menu on it', async () => {
    renderDialog('settings');
    await screen.findByRole('dialog', { name: 'Add a Bank Account' });
    const confirm = screen.getByLabelText(/Confirm Account Number/);
    expect(confirm).toHaveAttribute('type', 'password');
    for (const fire of [fireEvent.paste, fireEvent.copy, fireEvent.cut, fireEvent.contextMenu]) {
      expect(fire(confirm)).toBe(false);
    }
    const user = userEvent.setup();
    confirm.focus();
    await user.paste('123456789');
    expect(confirm).toHaveValue('');
  });

  it("toasts the server's message when the bank is refused, else 'An error occurred'", async () => {
    api.handlers[`POST ${CONNECTION_API}/account`] = fail(409, 'This bank account has already been added.');
    const user = userEvent.setup();
    renderDialog('settings');
    await screen.findByRole('dialog', { name: 'Add a Bank Account' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This bank account has already been added.')).toBeInTheDocument();
    api.handlers[`POST ${CONNECTION_API}/account`] = fail(500, 'internal');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MONEY_MESSAGES.bankAddFailed)).toBeInTheDocument();
  });
});

describe('Add a Bank Account: linking and verification', () => {
  it('posts with an Idempotency-Key, gates Continue on a linked account, then ends on Got it (onboarding)', async () => {
    const user = userEvent.setup();
    renderDialog('onboarding');
    await screen.findByRole('dialog', { name: 'Add a Bank Account' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const link = await screen.findByRole('dialog', { name: 'Link Your Accounts' });
    expect(api.bodiesOf(`POST ${CONNECTION_API}/account`)).toEqual([
      {
        bankName: 'Harbor Credit Union',
        accountType: 'BUSINESS_CHECKING',
        accountHolderName: 'Harbor Coffee',
        routingNumber: '021000021',
        accountNumber: '123456789',
        confirmAccountNumber: '123456789',
      },
    ]);
    const postCall = api.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(new Headers(postCall?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    expect(within(link).getByText(MONEY_MESSAGES.linkAtLeastOneBank)).toBeInTheDocument();
    expect(within(link).getByRole('button', { name: 'Continue' })).toBeDisabled();

    api.handlers[`PATCH ${CONNECTION_API}/link-account`] = ok({
      ...added,
      platformChartOfAccountId: 'chart-1',
      chartAccountName: 'Operating Account',
    });
    api.handlers[`GET ${BANK_LIST_API}`] = ok([
      { ...added, platformChartOfAccountId: 'chart-1', chartAccountName: 'Operating Account' },
    ]);
    await user.click(within(link).getByRole('combobox', { name: /Chart account for Harbor Credit Union/ }));
    await user.click(await screen.findByRole('option', { name: '1010 · Operating Account', hidden: true }));
    await waitFor(() => expect(within(link).getByRole('button', { name: 'Continue' })).toBeEnabled());
    expect(within(link).queryByText(MONEY_MESSAGES.linkAtLeastOneBank)).not.toBeInTheDocument();
    await user.click(within(link).getByRole('button', { name: 'Continue' }));

    const note = await screen.findByRole('dialog', { name: 'Important Note' });
    expect(within(note).getByRole('heading', { name: 'Pending Verification' })).toBeInTheDocument();
    expect(within(note).getByText(/in 2 to 3 business days/)).toBeInTheDocument();
    expect(within(note).getByText(MANUAL_VERIFICATION_NOTE)).toBeInTheDocument();
    await user.click(within(note).getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Got it' }));
    expect(
      await screen.findByRole('heading', { name: `Link bank at /onboard/b/${BUSINESS_ID}/link-bank` }),
    ).toBeInTheDocument();
  });
});
