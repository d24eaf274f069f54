import { GUEST_MESSAGES } from '@ferry/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile } from '@/testing/users';
import { GUEST_TOKEN, makeGuestLink, makeGuestSession } from '../testing/guest';
import { GuestStartPage } from './guest-start-page';
import { GuestUnauthorizedPage } from './guest-unauthorized-page';

const routes: RouteObject[] = [
  { path: '/process/payment/start', element: <GuestStartPage /> },
  { path: '/process/payment/unauthorized', element: <GuestUnauthorizedPage /> },
  { path: '/process/payment', element: <Where name="Guest payment" /> },
];

const START = `/process/payment/start?token=${GUEST_TOKEN}`;

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi({
    'POST /guest/link': ok(makeGuestLink()),
    'POST /guest/start': ok({ requestId: 'request-1', isNewUser: false }),
    'POST /guest/verify-email': ok(makeGuestSession()),
    'GET /user': ok(makeUserProfile({ activeStatus: 'GUEST_ACTIVE', email: 'dana@northwind.test' })),
  });
});

const pasteCode = (code: string) =>
  fireEvent.paste(screen.getByLabelText('Verification code, digit 1 of 6'), {
    clipboardData: { getData: () => code },
  });

describe('/process/payment/start (Start payment)', () => {
  it('shows what the link is about, the invited email and no name fields for a known person', async () => {
    renderRoutes(routes, START);
    expect(await screen.findByRole('heading', { name: "Let's get things rolling" })).toBeInTheDocument();
    expect(
      screen.getByText('Harbor Coffee Roasters sent you a payment request for $1,000.00'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('dana@northwind.test');
    expect(screen.getByLabelText(/Email/)).toHaveFocus();
    expect(screen.queryByLabelText(/First name/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Last name/)).not.toBeInTheDocument();
    expect(api.bodiesOf('POST /guest/link')[0]).toMatchObject({ token: GUEST_TOKEN });
    // The token is kept for the whole flow.
    expect(getStored('guestPaymentInfo')).toMatchObject({ token: GUEST_TOKEN, paymentType: 'SEND_PAYMENT' });
  });

  it('says "sent you a payment of" for a payment to accept', async () => {
    api.handlers['POST /guest/link'] = ok(
      makeGuestLink({ invitationType: 'BILL_PAYMENT', paymentType: 'RECEIVE_PAYMENT', amount: 25_050 }),
    );
    renderRoutes(routes, START);
    expect(
      await screen.findByText('Harbor Coffee Roasters sent you a payment of $250.50'),
    ).toBeInTheDocument();
  });

  it('sends the email code, verifies it, stores the session and goes on to /process/payment', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, START);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Verify Your Email' })).toBeInTheDocument();
    expect(api.bodiesOf('POST /guest/start')).toEqual([
      expect.objectContaining({ token: GUEST_TOKEN, email: 'dana@northwind.test' }),
    ]);
    expect(api.bodiesOf('POST /guest/start')[0]).not.toHaveProperty('firstName');
    pasteCode('123456');
    expect(
      await screen.findByRole('heading', { name: 'Guest payment at /process/payment' }),
    ).toBeInTheDocument();
    expect(api.bodiesOf('POST /guest/verify-email')).toEqual([
      expect.objectContaining({ token: GUEST_TOKEN, requestId: 'request-1', otp: '123456' }),
    ]);
    // The dialog's first code was the one Continue sent: no second start.
    expect(api.callsTo('POST /guest/start')).toHaveLength(1);
    expect(getStored('session')).toEqual({ token: 'guest-session-token', sessionId: 'guest-session-1' });
    expect(getStored('guestPaymentInfo')).toMatchObject({ token: GUEST_TOKEN, maskedPhone: '*** 1234' });
  });

  it('asks a new person for names with the domain rules, and sends them', async () => {
    api.handlers['POST /guest/link'] = ok(makeGuestLink({ isNewUser: true, firstName: null }));
    const user = userEvent.setup();
    renderRoutes(routes, START);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(api.callsTo('POST /guest/start')).toHaveLength(0);
    await user.type(screen.getByLabelText(/First name/), 'Dana2');
    await user.type(screen.getByLabelText(/Last name/), 'Whitfield');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(/First name can only contain letters/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/First name/));
    await user.type(screen.getByLabelText(/First name/), 'Dana');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Verify Your Email' });
    expect(api.bodiesOf('POST /guest/start')[0]).toMatchObject({ firstName: 'Dana', lastName: 'Whitfield' });
  });

  it('goes to /process/payment/unauthorized for another email than the invited one', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, START);
    const email = await screen.findByLabelText(/Email/);
    await user.clear(email);
    await user.type(email, 'someone@else.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(GUEST_MESSAGES.wrongEmail)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(api.callsTo('POST /guest/start')).toHaveLength(0);
  });

  it('goes to /process/payment/unauthorized when the server refuses the email (403)', async () => {
    api.handlers['POST /guest/start'] = fail(403, GUEST_MESSAGES.wrongEmail, {
      errorCode: 'FORBIDDEN',
      errors: [{ field: 'email', message: GUEST_MESSAGES.wrongEmail }],
    });
    const user = userEvent.setup();
    renderRoutes(routes, START);
    const email = await screen.findByLabelText(/Email/);
    // The same address in other case: the server decides.
    await user.clear(email);
    await user.type(email, 'Dana@Northwind.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(GUEST_MESSAGES.wrongEmail)).toBeInTheDocument();
    expect(api.callsTo('POST /guest/start')).toHaveLength(1);
  });

  it('shows the invalid-link page for an unknown or expired link', async () => {
    api.handlers['POST /guest/link'] = fail(404, GUEST_MESSAGES.invalidLink);
    renderRoutes(routes, START);
    expect(await screen.findByRole('alert')).toHaveTextContent(GUEST_MESSAGES.invalidLink);
  });

  it('offers a retry when the link cannot be checked (network)', async () => {
    api.handlers['POST /guest/link'] = fail(503, 'Service unavailable');
    renderRoutes(routes, START);
    const retry = await screen.findByRole('button', { name: /try again|retry/i });
    api.handlers['POST /guest/link'] = ok(makeGuestLink());
    await userEvent.setup().click(retry);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: "Let's get things rolling" })).toBeInTheDocument(),
    );
    expect(await screen.findByLabelText(/Email/)).toBeInTheDocument();
  });
});
