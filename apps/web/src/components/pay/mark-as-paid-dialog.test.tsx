import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderWithProviders } from '@/testing/test-utils';
import { MARKED_AS_PAID_MESSAGE, MarkAsPaidDialog, paymentDateMessage } from './mark-as-paid-dialog';
import {
  BILL_ID,
  EXPIRED_BANK,
  makePayBank,
  makePaymentView,
  PAY_API,
  PAY_BUSINESS_ID,
  VERIFIED_BANK_ID,
} from './testing';

const MARK_API = `${PAY_API}/mark-bill-as-paid`;
const BILL = { id: BILL_ID, refNo: 'BILL-0001', vendorName: 'Blue Bottle Supply', unScheduledBalance: 1000 };

const setup = () =>
  mockApi({
    [`GET ${PAY_API}/bank/accounts`]: ok([makePayBank(), EXPIRED_BANK]),
    [`PATCH ${MARK_API}`]: ok(
      makePaymentView({ status: 'MARKED_AS_PAID', isMarkedAsPaid: true, amount: 10.01 }),
    ),
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 5, 9, 0, 0));
});
afterEach(() => vi.useRealTimers());

describe('paymentDateMessage', () => {
  it('refuses an empty date and a date in the future', () => {
    expect(paymentDateMessage('', '2026-11-05')).toBe('Process date is required.');
    expect(paymentDateMessage('2026-11-06', '2026-11-05')).toBe('Payment date cannot be in the future.');
    expect(paymentDateMessage('2026-11-05', '2026-11-05')).toBeNull();
    expect(paymentDateMessage('2026-10-01', '2026-11-05')).toBeNull();
  });
});

describe('Mark Bill as Paid dialog', () => {
  it('applies the amount and account rules, then marks the bill paid with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const api = setup();
    const onClose = vi.fn();
    renderWithProviders(
      <MarkAsPaidDialog opened onClose={onClose} businessId={PAY_BUSINESS_ID} bill={BILL} />,
    );
    expect(await screen.findByRole('radio', { name: 'Due amount ($1,000.00)' })).toBeChecked();
    expect(screen.getByText('Nov 5, 2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('Please select the account this bill was paid from.')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${MARK_API}`)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    const other = screen.getByRole('textbox', { name: /Other amount/ });
    await user.type(other, '0.5');
    await user.tab();
    expect(screen.getByText('Amount must be greater than $1.')).toBeInTheDocument();
    await user.clear(other);
    await user.type(other, '1,500');
    expect(other).toHaveValue('1500');
    await user.tab();
    expect(
      screen.getByText('Amount cannot be greater than the due amount of $1,000.00.'),
    ).toBeInTheDocument();
    await user.clear(other);
    await user.type(other, '10.0051234');
    expect(other).toHaveValue('10.005123');
    await user.tab();
    expect(other).toHaveValue('10.01');
    expect(screen.queryByText(/Amount cannot be greater/)).not.toBeInTheDocument();

    await chooseOption(
      user,
      screen.getByRole('combobox', { name: /Payment account/ }),
      'Chase Checking *** 1234',
    );
    await user.click(screen.getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodiesOf(`PATCH ${MARK_API}`)).toEqual([
      {
        id: BILL_ID,
        amount: '10.01',
        date: '2026-11-05',
        paymentInstrumentId: VERIFIED_BANK_ID,
        type: 'bill',
      },
    ]);
    const call = api.fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(new Headers(call?.[1]?.headers).get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(await screen.findByText(MARKED_AS_PAID_MESSAGE)).toBeInTheDocument();
  });

  it('sends the due amount when chosen, and shows a server failure in the dialog', async () => {
    const user = userEvent.setup();
    const api = setup();
    api.handlers[`PATCH ${MARK_API}`] = fail(409, 'This bill has nothing left to pay.');
    const onClose = vi.fn();
    renderWithProviders(
      <MarkAsPaidDialog opened onClose={onClose} businessId={PAY_BUSINESS_ID} bill={BILL} />,
    );
    await chooseOption(
      user,
      await screen.findByRole('combobox', { name: /Payment account/ }),
      'Wells Fargo Savings *** 5555',
    );
    await user.click(screen.getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText('This bill has nothing left to pay.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(api.bodiesOf(`PATCH ${MARK_API}`)[0]).toMatchObject({ amount: '1000.00' });
  });
});
