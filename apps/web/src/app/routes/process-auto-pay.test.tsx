import {
  AUTO_PAYMENT_RESULT_TEXTS,
  type AutoPaymentMapping,
  type GuestLink,
  type GuestPaymentInfo,
  MONEY_MESSAGES,
} from '@ferry/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AutoPayBusinessPage,
  AutoPayInfoPage,
  AutoPayMappingCheckPage,
  AutoPayMethodPage,
  AutoPaySuccessPage,
} from '@/features/auto-pay';
import { methodInfoFor } from '@/features/auto-pay/utils/method-info';
import { GuestStartPage } from '@/features/guest-payment/components/guest-start-page';
import { guestLandingPath } from '@/lib/guest-landing';
import { setStored } from '@/lib/storage';
import { makeTestBank } from '@/testing/banks';
import { fail, mockApi, ok, queriesOf } from '@/testing/mock-api';
import { renderRoutes, renderWithProviders, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { AppRoutes } from '../router';
import { autoPaySlots } from './process-auto-pay-slots';

const TOKEN = 'auto-pay-token-0123456789abcdef';
const MAPPING_ID = 'mmmmmmmmmmmmmmmmmmmmmmmm';
const GUEST_BUSINESS_ID = 'cccccccccccccccccccccccc';
const PAYER_ID = 'pppppppppppppppppppppppp';
const PAYEE_ID = 'dddddddddddddddddddddddd';

const makeLink = (overrides: Partial<GuestLink> = {}): GuestLink => ({
  invitationId: 'invitation-1',
  invitationType: 'AUTO_PAYMENT',
  paymentType: 'AUTO_PAYMENT',
  email: 'dana@northwind.test',
  senderBusinessName: 'Harbor Coffee Roasters',
  amount: 0,
  firstName: 'Dana',
  isNewUser: false,
  autoPaymentMappingId: MAPPING_ID,
  autoPaymentStatus: 'REQUESTED',
  ...overrides,
});

const makeMapping = (overrides: Partial<AutoPaymentMapping> = {}): AutoPaymentMapping => ({
  autoPaymentMappingId: MAPPING_ID,
  status: 'REQUESTED',
  featureState: 'SUBMITTED',
  label: 'Pending',
  isAcceptCardPayments: false,
  payeeBusiness: { id: PAYEE_ID, name: 'Harbor Coffee Roasters', isAcceptCardPayments: false },
  payeeBusinessName: 'Harbor Coffee Roasters',
  customerId: 'customer-1',
  payerContactName: 'Dana',
  payerEmail: 'dana@northwind.test',
  payerId: null,
  payerBusinessName: null,
  payerBusinessVerificationStatus: null,
  vendorId: null,
  paymentMethod: null,
  requestedAt: '2026-11-20T10:00:00.000Z',
  authorizedAt: null,
  endedAt: null,
  endReason: null,
  lastReminderAt: null,
  side: 'PAYER',
  actions: ['DECLINE'],
  ...overrides,
});

/** The guest payment info of the link's guest: its guest business authorises (amounts are 0). */
const guestInfo = (overrides: Partial<GuestPaymentInfo> = {}): GuestPaymentInfo => ({
  ...methodInfoFor(makeMapping(), GUEST_BUSINESS_ID),
  invitationId: 'invitation-1',
  ...overrides,
});

const routes: RouteObject[] = [
  {
    path: '/process/auto-pay/info',
    element: <AutoPayInfoPage slots={{ StartPage: () => <GuestStartPage variant="auto-pay" /> }} />,
  },
  { path: '/process/auto-pay/business-mapping-check', element: <AutoPayMappingCheckPage /> },
  { path: '/process/auto-pay/business', element: <AutoPayBusinessPage /> },
  { path: '/process/auto-pay/method', element: <AutoPayMethodPage slots={autoPaySlots} /> },
  { path: '/process/auto-pay/success', element: <AutoPaySuccessPage slots={autoPaySlots} /> },
  { path: '/invalid-link', element: <Where name="Invalid link" /> },
  { path: '/unauthorized', element: <Where name="Unauthorized" /> },
  { path: '/b/:businessId/home', element: <Where name="Home" /> },
  { path: '/b/:businessId/kyb/details', element: <Where name="KYB" /> },
  { path: '/signin', element: <Where name="Sign in" /> },
];

const GUEST_BANKS = `GET /business/${GUEST_BUSINESS_ID}/bank/accounts`;
const MAPPING = `GET /auto-payment/${MAPPING_ID}`;
const PATCH = `PATCH /auto-payment/${MAPPING_ID}`;

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi({
    'POST /guest/link': ok(makeLink()),
    [MAPPING]: ok(makeMapping()),
    'GET /guest/payment-info': ok(guestInfo()),
    [GUEST_BANKS]: ok([makeTestBank()]),
  });
});

/** The guest of this link, signed in with the email code. */
const signInAsLinkGuest = () => {
  signInAs(null);
  setStored('guestPaymentInfo', { token: TOKEN, paymentType: 'AUTO_PAYMENT', firstName: 'Dana' });
  api.handlers['GET /user'] = ok(makeUserProfile({ activeStatus: 'GUEST_ACTIVE', firstName: 'Dana' }));
};

const signInAsActive = () => {
  signInAs();
  api.handlers['GET /user'] = ok(makeUserProfile());
};

const pasteCode = (code: string) =>
  fireEvent.paste(screen.getByLabelText('Verification code, digit 1 of 6'), {
    clipboardData: { getData: () => code },
  });

describe('the auto-pay guard', () => {
  it('sends a link of another type to /invalid-link', async () => {
    api.handlers['POST /guest/link'] = ok(makeLink({ invitationType: 'BUSINESS_PAYMENT' }));
    renderRoutes(routes, `/process/auto-pay/info?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Invalid link at /invalid-link' })).toBeInTheDocument();
  });

  it('sends an unknown link to /invalid-link and a 403 to /unauthorized', async () => {
    api.handlers['POST /guest/link'] = fail(404, 'This link is invalid or has expired.');
    const { unmount } = renderRoutes(routes, `/process/auto-pay/info?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Invalid link at /invalid-link' })).toBeInTheDocument();
    unmount();
    api.handlers['POST /guest/link'] = fail(403, 'Ferry is not available in your country yet.');
    renderRoutes(routes, `/process/auto-pay/info?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Unauthorized at /unauthorized' })).toBeInTheDocument();
  });

  it('keeps a visitor on /info: the auto-payment greeting, the locked email with Modify email, a Sign in link', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, `/process/auto-pay/info?token=${TOKEN}`);
    expect(
      await screen.findByText('Harbor Coffee Roasters requested automatic payments'),
    ).toBeInTheDocument();
    const email = screen.getByLabelText(/Email/);
    expect(email).toHaveValue('dana@northwind.test');
    expect(email).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Modify email' }));
    expect(email).not.toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/signin?redirectUrl=${encodeURIComponent('/process/auto-pay/business-mapping-check')}`,
    );
  });

  it('goes on to /method after the email code', async () => {
    api.handlers['POST /guest/start'] = ok({ requestId: 'email-1', isNewUser: false });
    api.handlers['POST /guest/verify-email'] = ok({
      token: 'guest-session-token',
      sessionId: 'guest-session-1',
      userId: 'ffffffffffffffffffffffff',
      firstName: 'Dana',
      maskedPhone: '*** 1234',
    });
    api.handlers['GET /user'] = ok(makeUserProfile({ activeStatus: 'GUEST_ACTIVE' }));
    api.handlers['GET /guest/payment-info'] = fail(403, 'Please verify your mobile number to continue.');
    const user = userEvent.setup();
    renderRoutes(routes, `/process/auto-pay/info?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Verify Your Email' });
    pasteCode('123456');
    // The method page asks for the phone first.
    expect(
      await screen.findByLabelText(/Confirm the last 4 digits of your phone number/),
    ).toBeInTheDocument();
    expect(screen.getByText('Harbor Coffee Roasters requested automatic payments')).toBeInTheDocument();

    api.handlers['POST /guest/phone/send'] = ok({ requestId: 'sms-1' });
    api.handlers['POST /guest/phone/verify'] = ok(guestInfo());
    await user.type(screen.getByLabelText(/Confirm the last 4 digits of your phone number/), '1234');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('dialog', { name: 'Enter One-Time Password' });
    pasteCode('654321');
    expect(
      await screen.findByRole('heading', { name: 'Authorize auto payments to Harbor Coffee Roasters' }),
    ).toBeInTheDocument();
  });

  it('sends a signed-in ACTIVE payer of a requested mapping to /business', async () => {
    signInAsActive();
    api.handlers[`GET /auto-payment/mapping/${MAPPING_ID}/businesses-to-map`] = ok([
      {
        businessId: PAYER_ID,
        businessName: 'Northwind Traders',
        isGuest: false,
        verificationStatus: 'FULL_VERIFIED',
        canAuthorize: true,
      },
      {
        businessId: 'qqqqqqqqqqqqqqqqqqqqqqqq',
        businessName: 'Northwind Labs',
        isGuest: false,
        verificationStatus: 'NOT_STARTED',
        canAuthorize: false,
      },
    ]);
    const user = userEvent.setup();
    renderRoutes(routes, `/process/auto-pay/info?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Choose your business' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Northwind Labs/ })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Northwind Traders' }));
    api.handlers[`GET /business/${PAYER_ID}/bank/accounts`] = ok([makeTestBank()]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { name: 'Authorize auto payments to Harbor Coffee Roasters' }),
    ).toBeInTheDocument();
    expect(
      queriesOf(api, `/auto-payment/mapping/${MAPPING_ID}/businesses-to-map`)[0]?.get('allowGuestBusiness'),
    ).toBe('false');
    expect(screen.getByText(/Every invoice from Harbor Coffee Roasters/)).toBeInTheDocument();
  });

  it('sends the guest of the link to /method, and a mapping no longer requested to /success', async () => {
    signInAsLinkGuest();
    const { unmount } = renderRoutes(routes, `/process/auto-pay/info?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Authorize auto payments to Harbor Coffee Roasters' }),
    ).toBeInTheDocument();
    unmount();
    api.handlers['POST /guest/link'] = ok(makeLink({ autoPaymentStatus: 'ACCEPTED' }));
    window.localStorage.removeItem('ferry.session');
    renderRoutes(routes, `/process/auto-pay/info?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: AUTO_PAYMENT_RESULT_TEXTS.authorized }),
    ).toBeInTheDocument();
  });

  it("sends an ACTIVE user whose business holds the accepted mapping to that business's home", async () => {
    signInAsActive();
    api.handlers['POST /guest/link'] = ok(makeLink({ autoPaymentStatus: 'ACCEPTED' }));
    api.handlers[MAPPING] = ok(makeMapping({ status: 'ACCEPTED', payerId: PAYER_ID }));
    renderRoutes(routes, `/process/auto-pay/info?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: `Home at /b/${PAYER_ID}/home` })).toBeInTheDocument();
  });

  it('the mapping check waits for the mapping id (500 ms × attempt), then goes to /business', async () => {
    signInAsActive();
    setStored('guestPaymentInfo', { token: TOKEN, paymentType: 'AUTO_PAYMENT' });
    const times: number[] = [];
    api.handlers['POST /guest/link'] = () => {
      times.push(Date.now());
      return times.length < 3 ? ok(makeLink({ autoPaymentMappingId: null })) : ok(makeLink());
    };
    api.handlers[`GET /auto-payment/mapping/${MAPPING_ID}/businesses-to-map`] = ok([]);
    renderRoutes(routes, '/process/auto-pay/business-mapping-check');
    expect(await screen.findByText('Checking your auto-payment request...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Choose your business' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(times).toHaveLength(3);
    // 500 ms after the first answer, then 1000 ms after the second (a little slack for the clock).
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(480);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(980);
  });
});

describe('/process/auto-pay/method: authorising', () => {
  beforeEach(() => signInAsLinkGuest());

  it('enables Authorize only with the tick and a method; refuses an unverified bank', async () => {
    api.handlers[GUEST_BANKS] = ok([
      makeTestBank({
        id: 'bank-unverified',
        paymentInstrumentId: 'bank-unverified',
        verificationStatus: 'PENDING',
        accountStatus: 'NOT_VERIFIED',
      }),
    ]);
    const user = userEvent.setup();
    renderRoutes(routes, `/process/auto-pay/method?token=${TOKEN}`);
    expect(
      await screen.findByText(/Every invoice from Harbor Coffee Roasters is paid on its due date/),
    ).toBeInTheDocument();
    const authorize = await screen.findByRole('button', { name: 'Authorize' });
    expect(authorize).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: /I authorize Harbor Coffee Roasters/ }));
    expect(authorize).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: /Chase/ }));
    expect(authorize).toBeEnabled();
    await user.click(authorize);
    expect(await screen.findByRole('alert')).toHaveTextContent(MONEY_MESSAGES.invalidAutoPaymentBank);
    expect(MONEY_MESSAGES.invalidAutoPaymentBank).toBe('Please select a valid and verified bank account.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('texts a code, verifies it, then PATCHes the mapping ACCEPTED and shows the result', async () => {
    api.handlers['POST /otp/phone'] = ok({ requestId: 'otp-1' });
    api.handlers['POST /otp/verify/phone'] = ok({ isEmailVerified: true, isPhoneNumberVerified: true });
    api.handlers[PATCH] = ok(
      makeMapping({
        status: 'ACCEPTED',
        payerId: GUEST_BUSINESS_ID,
        paymentMethod: { kind: 'BANK', id: 'b', label: 'Chase ••••1234' },
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/process/auto-pay/method?token=${TOKEN}`);
    await user.click(await screen.findByRole('checkbox', { name: /I authorize Harbor Coffee Roasters/ }));
    const authorize = screen.getByRole('button', { name: 'Authorize' });
    await waitFor(() => expect(authorize).toBeEnabled());
    await user.click(authorize);
    await screen.findByRole('dialog', { name: 'Enter One-Time Password' });
    pasteCode('246810');
    expect(
      await screen.findByRole('heading', { name: AUTO_PAYMENT_RESULT_TEXTS.authorized }),
    ).toBeInTheDocument();
    expect(api.bodiesOf('POST /otp/verify/phone')[0]).toMatchObject({ requestId: 'otp-1', otp: '246810' });
    expect(api.bodiesOf(PATCH)).toEqual([
      {
        businessId: GUEST_BUSINESS_ID,
        status: 'ACCEPTED',
        paymentInstrumentId: makeTestBank().paymentInstrumentId,
        otpId: 'otp-1',
        authorized: true,
        token: TOKEN,
      },
    ]);
    expect(screen.getByText(/from Chase ••••1234/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a Ferry Account' })).toBeInTheDocument();
  });

  it("shows the server's field error on the method", async () => {
    api.handlers['POST /otp/phone'] = ok({ requestId: 'otp-1' });
    api.handlers['POST /otp/verify/phone'] = ok({ isEmailVerified: true, isPhoneNumberVerified: true });
    api.handlers[PATCH] = fail(422, 'Validation failed', {
      errors: [{ field: 'paymentInstrumentId', message: MONEY_MESSAGES.invalidAutoPaymentBank }],
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/process/auto-pay/method?token=${TOKEN}`);
    await user.click(await screen.findByRole('checkbox', { name: /I authorize/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Authorize' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Authorize' }));
    await screen.findByRole('dialog', { name: 'Enter One-Time Password' });
    pasteCode('246810');
    expect(await screen.findByRole('alert')).toHaveTextContent(MONEY_MESSAGES.invalidAutoPaymentBank);
  });
});

describe('/process/auto-pay/method: an authorised mapping', () => {
  it('cancels with the optional tick through the payer action', async () => {
    signInAsLinkGuest();
    api.handlers['POST /guest/link'] = ok(makeLink({ autoPaymentStatus: 'ACCEPTED' }));
    api.handlers[MAPPING] = ok(
      makeMapping({
        status: 'ACCEPTED',
        payerId: GUEST_BUSINESS_ID,
        paymentMethod: { kind: 'BANK', id: 'b', label: 'Chase ••••1234' },
        actions: ['CANCEL', 'CHANGE_METHOD'],
      }),
    );
    const ACTION = `POST /business/${GUEST_BUSINESS_ID}/auto-payment/${MAPPING_ID}/payer-action`;
    api.handlers[ACTION] = ok(makeMapping({ status: 'PAYEE_CANCELLED', payerId: GUEST_BUSINESS_ID }));
    const user = userEvent.setup();
    renderRoutes(routes, `/process/auto-pay/method?token=${TOKEN}`);
    expect(await screen.findByText('Payment method: Chase ••••1234')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change payment method' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel auto payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel auto payments' });
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'Also cancel auto payments already scheduled or requested',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel auto payments' }));
    expect(await screen.findByRole('heading', { name: 'Auto payments are not active' })).toBeInTheDocument();
    expect(api.bodiesOf(ACTION)).toEqual([{ action: 'CANCEL', alsoCancelScheduled: true }]);
  });
});

describe('/process/auto-pay/method: disable and enable', () => {
  it('disables after the confirm dialog, then offers Enable', async () => {
    signInAsLinkGuest();
    api.handlers['POST /guest/link'] = ok(makeLink({ autoPaymentStatus: 'ACCEPTED' }));
    api.handlers[MAPPING] = ok(
      makeMapping({ status: 'ACCEPTED', payerId: GUEST_BUSINESS_ID, actions: ['DISABLE', 'CANCEL'] }),
    );
    const ACTION = `POST /business/${GUEST_BUSINESS_ID}/auto-payment/${MAPPING_ID}/payer-action`;
    api.handlers[ACTION] = ({ body }) =>
      (body as { action: string }).action === 'DISABLE'
        ? ok(
            makeMapping({
              status: 'PAYER_DISABLED',
              payerId: GUEST_BUSINESS_ID,
              actions: ['ENABLE', 'CANCEL'],
            }),
          )
        : ok(makeMapping({ status: 'ACCEPTED', payerId: GUEST_BUSINESS_ID, actions: ['DISABLE', 'CANCEL'] }));
    const user = userEvent.setup();
    renderRoutes(routes, `/process/auto-pay/method?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Disable auto payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Auto Payments' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Disable auto payments' }));
    expect(await screen.findByText('You disabled auto payments.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable auto payments' }));
    expect(await screen.findByText('Auto payments are on.')).toBeInTheDocument();
    expect(api.bodiesOf(ACTION)).toEqual([{ action: 'DISABLE' }, { action: 'ENABLE' }]);
  });
});

describe('/process/auto-pay/success', () => {
  afterEach(() => vi.useRealTimers());

  it('says the authorisation is on hold, with Proceed to Verify', async () => {
    signInAsActive();
    api.handlers['POST /guest/link'] = ok(makeLink({ autoPaymentStatus: 'HOLD' }));
    api.handlers[MAPPING] = ok(
      makeMapping({ status: 'HOLD', payerId: PAYER_ID, payerBusinessVerificationStatus: 'NOT_STARTED' }),
    );
    renderRoutes(routes, `/process/auto-pay/success?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: AUTO_PAYMENT_RESULT_TEXTS.onHold }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proceed to Verify' })).toHaveAttribute(
      'href',
      `/b/${PAYER_ID}/kyb/details?returnUrl=auto-pay`,
    );
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', `/b/${PAYER_ID}/home`);
    expect(screen.queryByText(/Redirecting to your business/)).not.toBeInTheDocument();
  });

  it('counts down 7 seconds to the business home when the payer business is FULL_VERIFIED', async () => {
    signInAsActive();
    api.handlers['POST /guest/link'] = ok(makeLink({ autoPaymentStatus: 'ACCEPTED' }));
    api.handlers[MAPPING] = ok(
      makeMapping({
        status: 'ACCEPTED',
        payerId: PAYER_ID,
        payerBusinessVerificationStatus: 'FULL_VERIFIED',
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoutes(routes, `/process/auto-pay/success?token=${TOKEN}`);
    expect(await screen.findByText('Redirecting to your business in 7s')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Redirecting to your business in 6s')).toBeInTheDocument();
    for (let i = 0; i < 6; i += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: `Home at /b/${PAYER_ID}/home` })).toBeInTheDocument();
  });

  it('says an ended mapping is no longer active', async () => {
    api.handlers['POST /guest/link'] = ok(makeLink({ autoPaymentStatus: 'PAYEE_CANCELLED' }));
    renderRoutes(routes, `/process/auto-pay/success?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Auto payments are not active' })).toBeInTheDocument();
    expect(
      screen.getByText(/Automatic payments to Harbor Coffee Roasters are no longer active/),
    ).toBeInTheDocument();
  });
});

describe('the app router', () => {
  it('serves /process/auto-pay/info publicly with the auto-payment start page', async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={[`/process/auto-pay/info?token=${TOKEN}`]}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(
      await screen.findByText('Harbor Coffee Roasters requested automatic payments', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
  });

  it("lands a signed-in guest of an auto-payment link on the link's method screen", () => {
    setStored('guestPaymentInfo', { token: TOKEN, paymentType: 'AUTO_PAYMENT' });
    expect(guestLandingPath()).toBe(`/process/auto-pay/method?token=${TOKEN}`);
    setStored('guestPaymentInfo', { token: TOKEN, paymentType: 'SEND_PAYMENT' });
    expect(guestLandingPath()).toBe('/process/payment');
  });
});
