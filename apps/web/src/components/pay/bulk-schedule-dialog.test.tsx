import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderWithProviders } from '@/testing/test-utils';
import { type BulkBill, BulkScheduleDialog } from './bulk-schedule-dialog';
import {
  holidaysReply,
  makePayBank,
  makePayCard,
  makePaymentView,
  makeSpeedView,
  PAY_API,
  PAY_BUSINESS_ID,
  PENDING_BANK,
  VENDOR_ID,
  VERIFIED_BANK_ID,
} from './testing';

const BULK_API = `${PAY_API}/payments/bulk-schedule`;
const BILLS: BulkBill[] = [
  {
    id: 'eeeeeeeeeeeeeeeeeeeeee01',
    refNo: 'BILL-0001',
    vendorName: 'Blue Bottle Supply',
    contact: { id: VENDOR_ID },
    dueDate: '2026-11-30',
    unScheduledBalance: 1000,
  },
  {
    id: 'eeeeeeeeeeeeeeeeeeeeee02',
    refNo: 'BILL-0002',
    vendorName: 'Acme Paper',
    contact: { id: 'aaaaaaaaaaaaaaaaaaaaaaa2' },
    dueDate: '2026-12-01',
    unScheduledBalance: 250.5,
  },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 5, 9, 0, 0));
});
afterEach(() => vi.useRealTimers());

describe('Bulk schedule dialog', () => {
  it('schedules the selected bills in one idempotent call and shows each bill’s result', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /bank-calendar-days/bank-holidays': holidaysReply(),
      [`GET ${PAY_API}/bank/accounts`]: ok([makePayBank(), PENDING_BANK]),
      [`GET ${PAY_API}/card-payment/cards`]: ok([makePayCard()]),
      [`POST ${PAY_API}/payments/transfer/speed`]: ok(makeSpeedView(['INSTANT'])),
      [`POST ${BULK_API}`]: ok({
        results: [
          { billId: BILLS[0]?.id, ok: true, payment: makePaymentView({ amount: 1000 }) },
          {
            billId: BILLS[1]?.id,
            ok: false,
            error: {
              errorCode: 'SPEED_NOT_ALLOWED',
              message: 'This payment isn’t eligible for this delivery speed.',
            },
          },
        ],
      }),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <BulkScheduleDialog opened onClose={onClose} businessId={PAY_BUSINESS_ID} bills={BILLS} />,
    );
    const first = await screen.findByRole('textbox', { name: 'Amount for BILL-0001' });
    const second = screen.getByRole('textbox', { name: 'Amount for BILL-0002' });
    expect(first).toHaveValue('1,000.00');
    expect(second).toHaveValue('250.50');
    const submit = screen.getByRole('button', { name: 'Schedule 2 payments' });
    expect(submit).toBeDisabled();
    expect(await screen.findByText('Please select a payment method.')).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    await chooseOption(
      user,
      screen.getByRole('combobox', { name: /Pay From/ }),
      'Harbor Credit Union Checking *** 6789 (Not verified)',
    );
    expect(screen.getAllByText('Please select a verified bank account.')).not.toHaveLength(0);
    expect(submit).toBeDisabled();
    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), 'Chase Checking *** 1234');

    await user.clear(second);
    await user.type(second, '300');
    expect(screen.getByText('Amount cannot exceed the unscheduled balance of $250.50.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(second);
    await user.type(second, '200');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Instant' })).toBeDisabled());
    await user.click(screen.getByRole('radio', { name: 'Next Day' }));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText('1 of 2 payments scheduled.')).toBeInTheDocument();
    const results = screen.getByRole('table', { name: 'Results' });
    const okRow = within(results).getByText('BILL-0001').closest('tr') as HTMLElement;
    expect(within(okRow).getByText('Scheduled')).toBeInTheDocument();
    expect(within(okRow).getByText('$1,000.00 on Nov 5, 2026')).toBeInTheDocument();
    const failedRow = within(results).getByText('BILL-0002').closest('tr') as HTMLElement;
    expect(
      within(failedRow).getByText('Not scheduled: This payment isn’t eligible for this delivery speed.'),
    ).toBeInTheDocument();

    expect(api.bodiesOf(`POST ${BULK_API}`)).toEqual([
      {
        payments: [
          {
            billId: BILLS[0]?.id,
            paymentInstrumentId: VERIFIED_BANK_ID,
            amount: '1000.00',
            deliverySpeed: 'NEXT_DAY',
            processDate: '2026-11-05',
          },
          {
            billId: BILLS[1]?.id,
            paymentInstrumentId: VERIFIED_BANK_ID,
            amount: '200.00',
            deliverySpeed: 'NEXT_DAY',
            processDate: '2026-11-05',
          },
        ],
      },
    ]);
    const call = api.fetchMock.mock.calls.find(([url]) => String(url).includes('bulk-schedule'));
    expect(new Headers(call?.[1]?.headers).get('Idempotency-Key')).toMatch(/.{8,}/);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});
