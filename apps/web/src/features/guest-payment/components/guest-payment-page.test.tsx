import type { CardView } from '@ferry/domain';
import { GUEST_MESSAGES } from '@ferry/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTestBank } from '@/testing/banks';
import { makeTestCard } from '@/testing/cards';
import { fail, headersOf, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  GUEST_BUSINESS_ID,
  GUEST_TOKEN,
  makeGuestInfo,
  makeGuestLink,
  REQUEST_ID,
  signInAsGuest,
} from '../testing/guest';
import { GuestPaymentPage } from './guest-payment-page';
import type { GuestPaymentSlots } from './guest-slots';

const slots: GuestPaymentSlots = {
  AddBankDialog: ({ opened, onAdded, onClose }) =>
    opened ? (
      <div role="dialog" aria-label="Add a bank account">
        <button
          type="button"
          onClick={() => {
            onAdded([NEW_BANK]);
            onClose();
          }}
        >
          Save test bank
        </button>
      </div>
    ) : null,
  VerifyBankDialog: ({ bank, onClose }) => (
    <div role="dialog" aria-label="Enter Deposited Amounts">
      <p>{`Verifying ${bank?.bankName ?? ''}`}</p>
      <button type="button" onClick={onClose}>
        Done verifying
      </button>
    </div>
  ),
  AddCardDialog: ({ opened, onAdded, onClose }) =>
    opened ? (
      <div role="dialog" aria-label="Add a New Card">
        <button
          type="button"
          onClick={() => {
            onAdded?.(NEW_CARD);
            onClose();
          }}
        >
          Save test card
        </button>
      </div>
    ) : null,
};

const NEW_BANK = makeTestBank({
  id: 'bank-new',
  paymentInstrumentId: 'bank-new',
  bankName: 'Citi',
  accountMask: '7777',
});
const NEW_CARD: CardView = makeTestCard({ id: 'card-new', cardMask: '5555', isPrimaryCard: false });

const routes: RouteObject[] = [
  { path: '/process/payment', element: <GuestPaymentPage slots={slots} /> },
  { path: '/process/payment/start', element: <Where name="Start" /> },
  { path: '/process/payment/unauthorized', element: <Where name="Unauthorized" /> },
  { path: '/process/payment/onboard', element: <Where name="Onboard" /> },
];

const BANKS = `GET /business/${GUEST_BUSINESS_ID}/bank/accounts`;
const CARDS = `GET /business/${GUEST_BUSINESS_ID}/card-payment/cards`;
const ACCEPT = 'POST /payments/guest/accept/payment';

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi({
    'POST /guest/link': ok(makeGuestLink()),
    'GET /guest/payment-info': ok(makeGuestInfo()),
    [BANKS]: ok([makeTestBank()]),
    [CARDS]: ok([]),
  });
});

const pasteCode = (code: string) =>
  fireEvent.paste(screen.getByLabelText('Verification code, digit 1 of 6'), {
    clipboardData: { getData: () => code },
  });

describe('/process/payment: the phone step', () => {
  beforeEach(() => {
    api.handlers['GET /guest/payment-info'] = fail(403, GUEST_MESSAGES.phoneNotVerified);
    api.handlers['POST /guest/phone/send'] = ({ body }) =>
      (body as { lastFour?: string }).lastFour === '1234'
        ? ok({ requestId: 'sms-1' })
        : fail(400, GUEST_MESSAGES.lastFourMismatch);
    api.handlers['POST /guest/phone/verify'] = ok(makeGuestInfo());
  });

  it('confirms the last 4 digits, then the SMS code, then shows the method screen', async () => {
    signInAsGuest();
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment');
    expect(await screen.findByRole('heading', { name: 'Hey Dana' })).toBeInTheDocument();
    expect(await screen.findByText('Harbor Coffee Roasters sent you a payment request')).toBeInTheDocument();
    const lastFour = screen.getByLabelText(/Confirm the last 4 digits of your phone number/);
    expect(lastFour).toHaveFocus();

    await user.type(lastFour, '12');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert')).toHaveTextContent(GUEST_MESSAGES.lastFourInvalid);
    expect(api.callsTo('POST /guest/phone/send')).toHaveLength(0);

    await user.type(lastFour, '99');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(GUEST_MESSAGES.lastFourMismatch)).toBeInTheDocument();

    await user.clear(lastFour);
    await user.type(lastFour, '1234');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter One-Time Password' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Trust this device for 30 days' }));
    pasteCode('654321');
    expect(await screen.findByRole('heading', { name: 'How would you like to pay?' })).toBeInTheDocument();
    expect(api.bodiesOf('POST /guest/phone/send').at(-1)).toMatchObject({ lastFour: '1234' });
    expect(api.bodiesOf('POST /guest/phone/verify')).toEqual([
      expect.objectContaining({ requestId: 'sms-1', otp: '654321', isRegisterTrustedDevice: true }),
    ]);
  });

  it('asks a person without a phone for a new number (required, already linked)', async () => {
    signInAsGuest({ maskedPhone: null });
    api.handlers['POST /guest/phone/send'] = fail(409, GUEST_MESSAGES.phoneLinked);
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment');
    expect(await screen.findByRole('heading', { name: 'Verify Your Mobile Number' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert')).toHaveTextContent(GUEST_MESSAGES.phoneRequired);
    await user.type(screen.getByLabelText(/Mobile number/), '12');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter valid phone number.');
    expect(api.callsTo('POST /guest/phone/send')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/Mobile number/));

    await user.type(screen.getByLabelText(/Mobile number/), '2015550123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(GUEST_MESSAGES.phoneLinked));
    expect(api.bodiesOf('POST /guest/phone/send')[0]).toMatchObject({
      phones: [{ phoneNumber: '2015550123', countryCode: '1', countryISOCode: 'us' }],
    });

    api.handlers['POST /guest/phone/send'] = ok({ requestId: 'sms-2' });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('dialog', { name: 'Verify Your Mobile Number' })).toBeInTheDocument();
  });

  it("sends a signed-in user whose session is not the link's guest session to the email step", async () => {
    signInAsGuest();
    api.handlers['GET /guest/payment-info'] = fail(403, GUEST_MESSAGES.scope, { errorCode: 'GUEST_SCOPE' });
    renderRoutes(routes, '/process/payment');
    expect(
      await screen.findByRole('heading', { name: `Start at /process/payment/start?token=${GUEST_TOKEN}` }),
    ).toBeInTheDocument();
  });

  it('sends a visitor without a guest session back to the start of the link', async () => {
    signInAsGuest();
    window.localStorage.removeItem('ferry.session');
    renderRoutes(routes, '/process/payment');
    expect(
      await screen.findByRole('heading', { name: `Start at /process/payment/start?token=${GUEST_TOKEN}` }),
    ).toBeInTheDocument();
  });
});

describe('/process/payment: the payment-method screen (pay an invoice)', () => {
  beforeEach(() => signInAsGuest());

  it('shows the invoice and Step 1 of 2 without any bank or card, Step 2 of 2 with one', async () => {
    api.handlers[BANKS] = ok([]);
    const { unmount } = renderRoutes(routes, '/process/payment');
    expect(
      await screen.findByRole('heading', { name: 'Invoice from Harbor Coffee Roasters' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ref no INV-1042')).toBeInTheDocument();
    expect(screen.getByText('Espresso beans')).toBeInTheDocument();
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByText(/No bank account yet/)).toBeInTheDocument();
    unmount();
    api.handlers[BANKS] = ok([makeTestBank()]);
    renderRoutes(routes, '/process/payment');
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
  });

  it('has Bank and Card tabs, and no Card tab when the payee does not take cards', async () => {
    const { unmount } = renderRoutes(routes, '/process/payment');
    expect(await screen.findByRole('tab', { name: 'Bank' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Card' })).toBeInTheDocument();
    unmount();
    api.handlers['GET /guest/payment-info'] = ok(makeGuestInfo({ payeeAcceptCardPayment: false }));
    renderRoutes(routes, '/process/payment');
    expect(await screen.findByRole('tab', { name: 'Bank' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Card' })).not.toBeInTheDocument();
  });

  it('asks for a method, refuses an unverified bank, and checks a different amount', async () => {
    api.handlers[BANKS] = ok([
      makeTestBank({
        id: 'bank-unverified',
        paymentInstrumentId: 'bank-unverified',
        bankName: 'Wells',
        accountMask: '9999',
        verificationStatus: 'PENDING',
        accountStatus: 'NOT_VERIFIED',
      }),
    ]);
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(GUEST_MESSAGES.fillRequired);
    await user.click(await screen.findByRole('radio', { name: /Wells/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(GUEST_MESSAGES.invalidBank);

    await user.click(screen.getByRole('radio', { name: 'Pay a different amount' }));
    const amount = screen.getByLabelText(/Amount to pay/);
    await user.type(amount, '0.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Amount entered cannot be less than $1.00')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1200');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      screen.getByText('Amount entered must not exceed the invoice due of $1,000.00'),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '999.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      screen.getByText("Balance left can't be less than $1. Pay in full or leave at least $1 unpaid."),
    ).toBeInTheDocument();
    expect(api.callsTo(ACCEPT)).toHaveLength(0);
  });

  it('adds the card fee when the payee passes it on', async () => {
    api.handlers['GET /guest/payment-info'] = ok(
      makeGuestInfo({ payeeCardSurchargeEnabled: true, cardFeeBps: 300 }),
    );
    api.handlers[CARDS] = ok([makeTestCard()]);
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment');
    await user.click(await screen.findByRole('tab', { name: 'Card' }));
    expect(screen.getByLabelText('Card fee $30.00')).toBeInTheDocument();
    expect(screen.getByText('$1,030.00')).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: /Visa/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Pay $1,030.00' })).toBeInTheDocument();
  });

  it('offers to verify the deposits of a manual bank waiting for them, and lists the banks again after', async () => {
    api.handlers[BANKS] = ok([
      makeTestBank({
        id: 'bank-manual',
        paymentInstrumentId: 'bank-manual',
        bankName: 'Wells',
        accountMask: '9999',
        verificationStatus: 'PENDING',
        accountStatus: 'NOT_VERIFIED',
        shouldVerifyWithCode: true,
      }),
    ]);
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment');
    await user.click(await screen.findByRole('button', { name: 'Verify deposits for Wells 9999' }));
    expect(await screen.findByRole('dialog', { name: 'Enter Deposited Amounts' })).toHaveTextContent(
      'Verifying Wells',
    );
    const before = api.callsTo(BANKS).length;
    await user.click(screen.getByRole('button', { name: 'Done verifying' }));
    await waitFor(() => expect(api.callsTo(BANKS).length).toBeGreaterThan(before));
    expect(screen.queryByRole('dialog', { name: 'Enter Deposited Amounts' })).toBeNull();
  });

  it('adds a bank on the spot and selects it', async () => {
    api.handlers[BANKS] = ok([]);
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment');
    expect(await screen.findByText(/No bank account yet/)).toBeInTheDocument();
    api.handlers[BANKS] = ok([NEW_BANK]);
    await user.click(screen.getByRole('button', { name: 'Add a bank account' }));
    await user.click(await screen.findByRole('button', { name: 'Save test bank' }));
    expect(await screen.findByRole('radio', { name: /Citi/ })).toBeChecked();
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
  });

  it('adds a card on the spot and selects it', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment');
    await user.click(await screen.findByRole('tab', { name: 'Card' }));
    expect(await screen.findByText(/No card yet/)).toBeInTheDocument();
    api.handlers[CARDS] = ok([NEW_CARD]);
    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    await user.click(await screen.findByRole('button', { name: 'Save test card' }));
    expect(await screen.findByRole('radio', { name: /5555/ })).toBeChecked();
  });

  it('reviews, then pays with the right body and one Idempotency-Key per review, and shows the success', async () => {
    let attempts = 0;
    api.handlers[ACCEPT] = () => {
      attempts += 1;
      if (attempts === 1) return fail(503, 'Service unavailable');
      return ok(
        makeGuestInfo({
          amountToPay: 40_000,
          payments: [
            {
              id: 'payment-1',
              amount: 60_000,
              feeAmount: 0,
              method: 'BANK',
              status: 'SCHEDULED',
              statusLabel: 'Scheduled',
              processDate: '2026-11-30',
            },
          ],
        }),
      );
    };
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment');
    await user.click(await screen.findByRole('radio', { name: /Chase/ }));
    await user.click(screen.getByRole('radio', { name: 'Pay a different amount' }));
    await user.type(screen.getByLabelText(/Amount to pay/), '600');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // The new step is announced: focus moves to its heading.
    expect(await screen.findByRole('heading', { name: 'Review your payment' })).toHaveFocus();
    const reviewCard = screen.getByRole('region', { name: 'Review your payment' });
    expect(within(reviewCard).getByText('Harbor Coffee Roasters')).toBeInTheDocument();
    expect(within(reviewCard).getByText('Chase Checking *** 1234')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $600.00' }));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $600.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment scheduled' })).toBeInTheDocument();

    const bodies = api.bodiesOf(ACCEPT);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({
      token: GUEST_TOKEN,
      invitationType: 'BUSINESS_PAYMENT',
      businessId: GUEST_BUSINESS_ID,
      paymentInstrumentId: makeTestBank().paymentInstrumentId,
      paymentRequestId: REQUEST_ID,
      amount: 60_000,
      scheduledDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const keys = headersOf(api, '/payments/guest/accept/payment').map((h) => h.get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    // The retry of the same review re-uses its key.
    expect(keys[1]).toBe(keys[0]);

    expect(screen.getByText('Processing on Nov 30, 2026')).toBeInTheDocument();
    expect(screen.getByText('Remaining due: $400.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue onboarding' })).toHaveAttribute(
      'href',
      '/process/payment/onboard',
    );

    // 'Pay the rest' returns to the method screen with fresh info; a new review gets a new key.
    api.handlers['GET /guest/payment-info'] = ok(makeGuestInfo({ amountToPay: 40_000 }));
    await user.click(screen.getByRole('button', { name: 'Pay the rest' }));
    expect(await screen.findByRole('radio', { name: 'Pay in full ($400.00)' })).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: /Chase/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $400.00' }));
    await waitFor(() => expect(api.callsTo(ACCEPT)).toHaveLength(3));
    const third = headersOf(api, '/payments/guest/accept/payment')[2]?.get('Idempotency-Key');
    expect(third).toBeTruthy();
    expect(third).not.toBe(keys[0]);
  });

  it('names a new guest business before paying', async () => {
    api.handlers['GET /guest/payment-info'] = ok(makeGuestInfo({ isNewBusiness: true, contactName: '' }));
    api.handlers[ACCEPT] = ok(makeGuestInfo({ amountToPay: 0, closed: true }));
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment');
    await user.click(await screen.findByRole('radio', { name: /Chase/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Business name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Business name/), 'Northwind Traders');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $1,000.00' }));
    expect(await screen.findByRole('heading', { name: 'Payment scheduled' })).toBeInTheDocument();
    expect(api.bodiesOf(ACCEPT)[0]).toMatchObject({ businessName: 'Northwind Traders', amount: 100_000 });
    expect(screen.queryByText(/Remaining due/)).not.toBeInTheDocument();
  });
});

describe('/process/payment: accepting a payment (receive)', () => {
  beforeEach(() => {
    signInAsGuest();
    api.handlers['GET /guest/payment-info'] = ok(
      makeGuestInfo({
        invitationType: 'BILL_PAYMENT',
        paymentType: 'RECEIVE_PAYMENT',
        payerId: 'aaaaaaaaaaaaaaaaaaaaaaa9',
        payerBusinessName: 'Harbor Coffee Roasters',
        payeeBusinessName: 'Northwind Traders',
        paymentRequestId: null,
        paymentId: 'payment-9',
        amount: 25_000,
        amountToPay: 25_000,
        lines: [],
      }),
    );
    api.handlers[ACCEPT] = ok(makeGuestInfo({ paymentType: 'RECEIVE_PAYMENT', closed: true }));
  });

  it('offers banks only, then accepts into the chosen bank', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/process/payment');
    expect(
      await screen.findByRole('heading', { name: 'Where should we send your money?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Bank' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Pay a different amount' })).not.toBeInTheDocument();
    expect(api.callsTo(CARDS)).toHaveLength(0);

    await user.click(await screen.findByRole('radio', { name: /Chase/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Accept payment' }));
    expect(await screen.findByText(/^You will receive \$250\.00 in Chase ••1234 by /)).toBeInTheDocument();
    expect(api.bodiesOf(ACCEPT)[0]).toEqual({
      token: GUEST_TOKEN,
      invitationType: 'BILL_PAYMENT',
      businessId: GUEST_BUSINESS_ID,
      paymentInstrumentId: makeTestBank().paymentInstrumentId,
      paymentId: 'payment-9',
      amount: 25_000,
    });
  });
});

describe('/process/payment: a closed request or payment', () => {
  beforeEach(() => signInAsGuest());

  it('says the invoice is paid in full', async () => {
    api.handlers['GET /guest/payment-info'] = ok(
      makeGuestInfo({
        amountToPay: 0,
        closed: true,
        payments: [
          {
            id: 'p1',
            amount: 100_000,
            feeAmount: 0,
            method: 'BANK',
            status: 'COMPLETED',
            statusLabel: 'Completed',
            processDate: '2026-11-20',
          },
        ],
      }),
    );
    renderRoutes(routes, '/process/payment');
    expect(await screen.findByRole('heading', { name: 'Paid in full' })).toBeInTheDocument();
    expect(screen.getByText(GUEST_MESSAGES.alreadyPaid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue onboarding' })).toBeInTheDocument();
  });

  it('says a canceled request is no longer open, and an accepted payment is accepted', async () => {
    api.handlers['GET /guest/payment-info'] = ok(makeGuestInfo({ closed: true }));
    const { unmount } = renderRoutes(routes, '/process/payment');
    expect(await screen.findByRole('heading', { name: 'Request canceled' })).toBeInTheDocument();
    expect(screen.getByText(GUEST_MESSAGES.requestClosed)).toBeInTheDocument();
    unmount();
    api.handlers['GET /guest/payment-info'] = ok(
      makeGuestInfo({ paymentType: 'RECEIVE_PAYMENT', invitationType: 'BILL_PAYMENT', closed: true }),
    );
    renderRoutes(routes, '/process/payment');
    expect(await screen.findByRole('heading', { name: 'Payment accepted' })).toBeInTheDocument();
  });
});
