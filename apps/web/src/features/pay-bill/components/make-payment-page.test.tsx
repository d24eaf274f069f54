import { APPROVAL_MESSAGES } from '@ferry/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BILL_ID,
  CARD_ID,
  EXPIRED_BANK,
  holidaysReply,
  makePayBank,
  makePayCard,
  makePaymentView,
  makeSpeedView,
  NETWORK_VENDOR,
  PAY_API,
  PAY_BUSINESS_ID,
  PAYEE_BUSINESS_ID,
  PENDING_BANK,
  VENDOR_ID,
  VENDOR_WITH_BANK,
  VERIFIED_BANK_ID,
} from '@/components/pay/testing';
import { makeTestBill } from '@/testing/bills';
import { makeTestBusiness } from '@/testing/businesses';
import { makeTestVendor } from '@/testing/contacts';
import { fail, type MockHandler, mockApi, ok } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import { MakePaymentPage } from './make-payment-page';

const PAGE = `/b/${PAY_BUSINESS_ID}/bills/payment-request/${BILL_ID}/make-payment`;
const routes: RouteObject[] = [
  { path: '/b/:businessId/bills/payment-request/:paymentId/make-payment', element: <MakePaymentPage /> },
  { path: '/b/:businessId/bills/payment/:paymentId/detail', element: <Where name="Payment detail" /> },
];
const SPEED_API = `${PAY_API}/payments/transfer/speed`;
const FEE_API = `${PAY_API}/card-payment/fee-quote`;
const PAYMENTS_API = `${PAY_API}/payments`;
const CONTEXT_API = `${PAY_API}/payments/pay-context`;

const BANK_LABEL = 'Chase Checking *** 1234';
const PENDING_LABEL = 'Harbor Credit Union Checking *** 6789 (Not verified)';
const EXPIRED_LABEL = 'Wells Fargo Savings *** 5555 (Connection expired)';
const CARD_LABEL = 'Visa card *** 4242';

const setup = (handlers: Record<string, MockHandler> = {}, business = makeTestBusiness()) =>
  mockApi({
    [`GET ${PAY_API}`]: ok(business),
    [`GET ${PAY_API}/bills/${BILL_ID}`]: ok(makeTestBill()),
    'GET /bank-calendar-days/bank-holidays': holidaysReply(),
    [`GET ${PAY_API}/bank/accounts`]: ok([makePayBank(), PENDING_BANK, EXPIRED_BANK]),
    [`GET ${PAY_API}/card-payment/cards`]: ok([makePayCard()]),
    [`GET ${PAY_API}/accounting/contacts/vendors/${VENDOR_ID}`]: ok(makeTestVendor()),
    [`GET ${PAY_API}/vendor/bank-accounts`]: ok(VENDOR_WITH_BANK),
    [`POST ${SPEED_API}`]: ok(makeSpeedView(['INSTANT'])),
    [`GET ${CONTEXT_API}`]: ok({
      today: '2026-11-05',
      receivingBank: { bankName: 'First Harbor Bank', accountMask: '0123' },
    }),
    ...handlers,
  });

const amountInput = () => screen.getByRole('textbox', { name: /Pay Amount/ });
const payButton = () => screen.getByRole('button', { name: /^(Pay|Schedule payment)$/ });
const reviewDialog = () => screen.findByRole('dialog', { name: 'Review payment' });
/** Pay / Schedule payment, then Confirm in the review step (once the approval-policy check answered). */
const payAndConfirm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(payButton());
  const confirm = within(await reviewDialog()).getByRole('button', { name: /^Confirm and (pay|schedule)$/ });
  await waitFor(() => expect(confirm).toBeEnabled());
  await user.click(confirm);
};

beforeEach(() => {
  // Thursday, November 5, 2026, 9:00 local: a business day.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 5, 9, 0, 0));
});
afterEach(() => vi.useRealTimers());

describe('Make payment page', () => {
  it('shows the bill header, the PDF link and the defaults; Pay waits for a payment method', async () => {
    setup();
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('Blue Bottle Supply')).toBeInTheDocument();
    expect(screen.getByText('Ref# BILL-0001')).toBeInTheDocument();
    expect(screen.getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(screen.getByText('Nov 30, 2026')).toBeInTheDocument();
    expect(screen.getAllByText('$1,250.50')).toHaveLength(2);
    expect(screen.getAllByText('$1,000.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Preview bill' })).toHaveAttribute(
      'href',
      `/b/${PAY_BUSINESS_ID}/bills/payment/${BILL_ID}`,
    );
    expect(amountInput()).toHaveValue('1,000.00');
    expect(screen.getByRole('radio', { name: 'Standard' })).toBeChecked();
    await waitFor(() => expect(screen.getByText('Please select a payment method.')).toBeInTheDocument());
    expect(payButton()).toHaveTextContent('Pay');
    expect(payButton()).toBeDisabled();
  });

  it('applies every pay amount and remarks rule', async () => {
    const user = userEvent.setup();
    setup();
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    const input = amountInput();
    await user.clear(input);
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
    await user.type(input, '0.5');
    expect(screen.getByText('Payment amount must be at least $1.00')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '12a.345');
    expect(input).toHaveValue('12.34');
    await user.clear(input);
    await user.type(input, '1500');
    expect(
      screen.getByText('Amount cannot exceed the unscheduled balance of $1,000.00.'),
    ).toBeInTheDocument();
    await user.tab();
    expect(input).toHaveValue('1,000.00');
    await user.clear(input);
    await user.type(input, '500.5');
    await user.tab();
    expect(input).toHaveValue('500.50');
    expect(screen.queryByText(/Amount cannot exceed/)).not.toBeInTheDocument();

    const remarks = screen.getByRole('textbox', { name: 'Internal Remarks' });
    fireEvent.change(remarks, { target: { value: 'x'.repeat(201) } });
    expect(screen.getByText('Remarks cannot exceed 200 characters.')).toBeInTheDocument();
    expect(screen.getByText('201/200')).toBeInTheDocument();
    fireEvent.change(remarks, { target: { value: 'x'.repeat(200) } });
    expect(screen.queryByText('Remarks cannot exceed 200 characters.')).not.toBeInTheDocument();
  });

  it('lists unverified banks but refuses them with the §5 message', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), PENDING_LABEL);
    expect(await screen.findAllByText('Please select a verified bank account.')).not.toHaveLength(0);
    expect(payButton()).toBeDisabled();
    expect(api.callsTo(`POST ${SPEED_API}`)).toHaveLength(0);
  });

  it('loads the speeds for the source and amount, disables the ineligible ones and resets to Standard on a new source', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), BANK_LABEL);
    await waitFor(() => expect(api.callsTo(`POST ${SPEED_API}`)).toHaveLength(1));
    expect(api.bodiesOf(`POST ${SPEED_API}`)[0]).toEqual({
      paymentInstrumentId: VERIFIED_BANK_ID,
      amount: 1000,
      payeeId: VENDOR_ID,
      billId: BILL_ID,
    });
    const instant = await screen.findByRole('radio', { name: 'Instant' });
    await waitFor(() => expect(instant).toBeDisabled());
    expect(screen.getByText('This payment isn’t eligible for this delivery speed.')).toBeInTheDocument();
    expect(screen.getByText('Expected delivery Nov 10, 2026 – Nov 12, 2026')).toBeInTheDocument();
    const nextDay = screen.getByRole('radio', { name: 'Next Day' });
    expect(nextDay).toBeEnabled();
    await user.click(nextDay);
    expect(nextDay).toBeChecked();
    expect(payButton()).toBeEnabled();

    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), EXPIRED_LABEL);
    expect(screen.getByRole('radio', { name: 'Standard' })).toBeChecked();
    expect(nextDay).not.toBeChecked();
  });

  it('shows the card fee and the total when paying by card, and a failed quote counts as $0.00', async () => {
    const user = userEvent.setup();
    const api = setup({
      [`GET ${PAY_API}/accounting/contacts/vendors/${VENDOR_ID}`]: ok(NETWORK_VENDOR),
      [`POST ${SPEED_API}`]: ok(makeSpeedView(['INSTANT', 'SAME_DAY', 'NEXT_DAY'], 'CARD')),
      [`POST ${FEE_API}`]: ok({
        cardFee: 30,
        feeCents: 3000,
        totalAmount: 1030,
        rateBps: 300,
        surcharged: true,
        reason: 'SURCHARGE',
      }),
    });
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), CARD_LABEL);
    expect(await screen.findByLabelText('Card fee $30.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Total $1,030.00')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Paid by you: the vendor adds a 3% card fee to card payments (at most 3%, the card networks’ cap).',
      ),
    ).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${FEE_API}`)[0]).toEqual({
      baseAmount: 1000,
      payeeId: PAYEE_BUSINESS_ID,
      cardId: CARD_ID,
    });

    api.handlers[`POST ${FEE_API}`] = fail(500, 'Something went wrong.');
    const input = amountInput();
    await user.clear(input);
    await user.type(input, '100');
    expect(await screen.findByLabelText('Card fee $0.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Total $100.00')).toBeInTheDocument();
  });

  it('posts the payment with one Idempotency-Key kept across a retry, then opens the payment', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const api = setup({
      [`POST ${PAYMENTS_API}`]: () => {
        attempts += 1;
        return attempts === 1
          ? fail(503, 'The service is not available right now.')
          : ok(makePaymentView(), { status: 201 });
      },
    });
    renderRoutes(routes, `${PAGE}?paymentRequestId=req-1`);
    await screen.findByText('Ref# BILL-0001');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), BANK_LABEL);
    const input = amountInput();
    await user.clear(input);
    await user.type(input, '400');
    await user.type(screen.getByRole('textbox', { name: 'Internal Remarks' }), '  November order  ');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await payAndConfirm(user);
    expect(await screen.findAllByText('The service is not available right now.')).not.toHaveLength(0);
    // The review stays open; Confirm again sends the same payment with the same key.
    await user.click(within(await reviewDialog()).getByRole('button', { name: 'Confirm and pay' }));
    expect(
      await screen.findByRole('heading', {
        name: `Payment detail at /b/${PAY_BUSINESS_ID}/bills/payment/pppppppppppppppppppppp01/detail`,
      }),
    ).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${PAYMENTS_API}`)).toEqual([
      {
        billId: BILL_ID,
        paymentInstrumentId: VERIFIED_BANK_ID,
        amount: '400.00',
        deliverySpeed: 'STANDARD',
        processDate: '2026-11-05',
        remarks: 'November order',
        paymentRequestId: 'req-1',
      },
      expect.anything(),
    ]);
    const keys = api.fetchMock.mock.calls
      .filter(
        ([url, init]) =>
          new URL(String(url), 'http://x').pathname === `/api${PAYMENTS_API}` && init?.method === 'POST',
      )
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/.{8,}/);
    expect(keys[1]).toBe(keys[0]);
    expect(await screen.findByText('Payment submitted.')).toBeInTheDocument();
  });

  it('uses a new Idempotency-Key when the submission changes, and shows a server field error inline', async () => {
    const user = userEvent.setup();
    const api = setup({
      [`POST ${PAYMENTS_API}`]: fail(422, 'Amount cannot exceed the unscheduled balance of $900.00.', {
        errorCode: 'AMOUNT_ABOVE_BALANCE',
      }),
    });
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), BANK_LABEL);
    await waitFor(() => expect(payButton()).toBeEnabled());
    await payAndConfirm(user);
    expect(
      await screen.findByText('Amount cannot exceed the unscheduled balance of $900.00.'),
    ).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    const input = amountInput();
    await user.clear(input);
    await user.type(input, '900');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await payAndConfirm(user);
    await waitFor(() => expect(api.callsTo(`POST ${PAYMENTS_API}`)).toHaveLength(2));
    const keys = api.fetchMock.mock.calls
      .filter(
        ([url, init]) =>
          new URL(String(url), 'http://x').pathname === `/api${PAYMENTS_API}` && init?.method === 'POST',
      )
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('tells the payer a vendor without bank details will be emailed to accept the payment', async () => {
    setup({ [`GET ${PAY_API}/vendor/bank-accounts`]: ok({ managedByVendor: false, items: [] }) });
    renderRoutes(routes, PAGE);
    expect(
      await screen.findByText(/Blue Bottle Supply has no bank details on file yet\. We’ll email them/),
    ).toBeInTheDocument();
  });

  it('keeps Pay disabled with the access message for a member who may not pay', async () => {
    setup({}, makeTestBusiness({ role: 'Viewer', permissions: ['PAY_DUE_BILLS.view'] }));
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    expect(await screen.findByText('You don’t have access based on your assigned role.')).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
  });

  it('shows the error state when the bill cannot be loaded', async () => {
    setup({ [`GET ${PAY_API}/bills/${BILL_ID}`]: fail(404, 'Bill not found.') });
    renderRoutes(routes, PAGE);
    expect(await screen.findByText(/Bill not found\./)).toBeInTheDocument();
    expect(within(document.body).queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('reviews before paying: Back sends nothing, Confirm sends exactly one payment even when clicked twice', async () => {
    const user = userEvent.setup();
    const api = setup({
      [`GET ${CONTEXT_API}`]: ok({
        today: '2026-11-05',
        receivingBank: { bankName: 'First Harbor Bank', accountMask: '000123' },
      }),
      [`POST ${PAYMENTS_API}`]: ok(makePaymentView(), { status: 201 }),
    });
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    expect(await screen.findByText('Blue Bottle Supply · First Harbor Bank ••••0123')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), BANK_LABEL);
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    const dialog = await reviewDialog();
    for (const text of [
      'Blue Bottle Supply',
      'First Harbor Bank ••••0123',
      BANK_LABEL,
      'Standard',
      '$1,000.00',
      '$0.00',
      'Nov 10, 2026 – Nov 12, 2026',
    ]) {
      expect(within(dialog).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(within(dialog).getByText('Debit date').nextSibling).toHaveTextContent('Nov 5, 2026');
    expect(within(dialog).getByText('Total debited').nextSibling).toHaveTextContent('$1,000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Review payment' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo(`POST ${PAYMENTS_API}`)).toHaveLength(0);
    expect(amountInput()).toHaveValue('1,000.00');

    await user.click(payButton());
    const confirm = within(await reviewDialog()).getByRole('button', { name: 'Confirm and pay' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.dblClick(confirm);
    expect(
      await screen.findByRole('heading', {
        name: `Payment detail at /b/${PAY_BUSINESS_ID}/bills/payment/pppppppppppppppppppppp01/detail`,
      }),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${PAYMENTS_API}`)).toHaveLength(1);
  });

  it('defaults the process date to the server’s business today, not the browser’s', async () => {
    // The sandbox clock is on Monday, November 9, 2026; the browser says Thursday, November 5.
    const user = userEvent.setup();
    setup({
      [`GET ${CONTEXT_API}`]: ok({ today: '2026-11-09', receivingBank: null }),
    });
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    expect(await screen.findByText('Blue Bottle Supply · Vendor adds bank details')).toBeInTheDocument();
    expect(await screen.findByText('Nov 9, 2026')).toBeInTheDocument();
    expect(payButton()).toHaveTextContent('Pay');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), BANK_LABEL);
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    const dialog = await reviewDialog();
    expect(within(dialog).getByText('Receiving bank').nextSibling).toHaveTextContent(
      'Vendor adds bank details',
    );
  });
});

describe('Make payment page: payments an approval policy covers', () => {
  const MATCH_API = `${PAY_API}/approvals/policies/match`;
  const POLICY = {
    id: '0000000000000000000000a1',
    name: 'Payments over $1,000',
    stageCount: 2,
    firstApprovers: ['Grace Hopper', 'Alan Turing'],
  };
  /** The policy covers $1,000.00 and more. */
  const match: MockHandler = (call) => {
    const { amount } = call.body as { amount: string };
    return ok({ policy: Number(amount) >= 1000 ? POLICY : null });
  };
  const submitButton = () =>
    screen.getByRole('button', { name: /^(Pay|Schedule payment|Submit for approval)$/ });

  it("says 'Submit for approval', names the policy and first approvers in the review, and toasts the answer", async () => {
    const user = userEvent.setup();
    const api = setup({
      [`POST ${MATCH_API}`]: match,
      [`POST ${PAYMENTS_API}`]: ok(makePaymentView({ status: 'IN_APPROVAL' })),
    });
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    await waitFor(() => expect(submitButton()).toHaveTextContent('Submit for approval'));
    expect(api.bodiesOf(`POST ${MATCH_API}`)).toEqual([{ vendorId: VENDOR_ID, amount: '1000.00' }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), BANK_LABEL);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    const dialog = await reviewDialog();
    expect(
      within(dialog).getByText('Check the payment before it is submitted for approval.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Goes to approval: Payments over $1,000 — first approvers: Grace Hopper, Alan Turing',
      ),
    ).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Submit for approval' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    expect(await screen.findByText(APPROVAL_MESSAGES.submittedForApproval)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', {
        name: `Payment detail at /b/${PAY_BUSINESS_ID}/bills/payment/pppppppppppppppppppppp01/detail`,
      }),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${PAYMENTS_API}`)).toHaveLength(1);
  });

  it('asks again once the amount settles (debounced), and pays directly below the policy', async () => {
    const user = userEvent.setup();
    const api = setup({ [`POST ${MATCH_API}`]: match });
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    await waitFor(() => expect(submitButton()).toHaveTextContent('Submit for approval'));
    const input = amountInput();
    await user.clear(input);
    await user.type(input, '250');
    await waitFor(() => expect(submitButton()).toHaveTextContent('Pay'));
    // One call per settled amount, none per keystroke.
    expect(api.bodiesOf(`POST ${MATCH_API}`)).toEqual([
      { vendorId: VENDOR_ID, amount: '1000.00' },
      { vendorId: VENDOR_ID, amount: '250.00' },
    ]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), BANK_LABEL);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    const dialog = await reviewDialog();
    expect(within(dialog).queryByText(/Goes to approval/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm and pay' })).toBeInTheDocument();
  });

  it('keeps Confirm waiting while the policy check is on its way', async () => {
    const user = userEvent.setup();
    let answer: (reply: ReturnType<typeof ok>) => void = () => {};
    setup({ [`POST ${MATCH_API}`]: () => new Promise((resolve) => (answer = resolve)) });
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    await chooseOption(user, screen.getByRole('combobox', { name: /Pay From/ }), BANK_LABEL);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    const dialog = await reviewDialog();
    expect(within(dialog).getByText('Checking approval policies…')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm and pay' })).toBeDisabled();
    answer(ok({ policy: POLICY }));
    const confirm = await within(dialog).findByRole('button', { name: 'Submit for approval' });
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(within(dialog).queryByText('Checking approval policies…')).not.toBeInTheDocument();
  });

  it('pays as usual when the policy check fails (the server still decides)', async () => {
    setup({ [`POST ${MATCH_API}`]: fail(500, 'Something went wrong') });
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    expect(submitButton()).toHaveTextContent('Pay');
  });

  it('does not ask for a member who may not pay', async () => {
    const api = setup(
      { [`POST ${MATCH_API}`]: match },
      makeTestBusiness({ role: 'Viewer', permissions: ['PAY_DUE_BILLS.view'] }),
    );
    renderRoutes(routes, PAGE);
    await screen.findByText('Ref# BILL-0001');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Pay From/ })).toBeEnabled());
    expect(api.callsTo(`POST ${MATCH_API}`)).toHaveLength(0);
    expect(submitButton()).toHaveTextContent('Pay');
  });
});
