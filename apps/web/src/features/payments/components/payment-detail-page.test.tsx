import {
  ACCESS_DENIED_MESSAGE,
  addBusinessDays,
  addCalendarMonths,
  formatDate,
  formatDateTime,
  localCalendarDate,
  PAYMENT_MESSAGES,
} from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AUTO_PAYMENT_APPROVAL_NOTE } from '@/components/payments/auto-payment-badge';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { fail, headersOf, ok } from '@/testing/mock-api';
import { makeTestPayment } from '@/testing/payments';
import { renderRoutes, Where } from '@/testing/test-utils';
import { BUSINESS_ID, makeDetail, PAYMENT_ID, PAYMENTS_API } from '../testing/payments';
import { PAYMENT_CANCELED_MESSAGE } from './cancel-payment-dialog';
import { PaymentDetailPage, REMINDER_SENT_MESSAGE } from './payment-detail-page';
import { PAYMENT_RESCHEDULED_MESSAGE } from './reschedule-payment-dialog';
import { PAYMENT_RETRIED_MESSAGE } from './retry-payment-dialog';

const routes: RouteObject[] = [
  { path: '/b/:businessId/bills/payment/:paymentId/detail', element: <PaymentDetailPage /> },
  { path: '/b/:businessId/bills/payment/list', element: <Where name="Payments" /> },
  { path: '/b/:businessId/settings/business-profile', element: <Where name="Business profile" /> },
];
const DETAIL = `/b/${BUSINESS_ID}/bills/payment/${PAYMENT_ID}/detail`;
const DETAIL_API = `${PAYMENTS_API}/${PAYMENT_ID}`;
const CANCEL_API = `${DETAIL_API}/cancel/scheduled-payment`;
const RESCHEDULE_API = `${DETAIL_API}/reschedule/scheduled-payment`;
const REATTEMPT_API = `${PAYMENTS_API}/reattempt`;
const RESEND_API = `${DETAIL_API}/resend-accept-payment-reminder`;

const VIEWER = makeTestBusiness({ role: 'Viewer', permissions: ['PAY_PAYMENTS.view'] });

const openPage = async () => {
  renderRoutes(routes, DETAIL);
  return screen.findByRole('heading', { level: 1, name: 'Payment to Blue Bottle Supply' });
};

describe('Payment detail page', () => {
  it('shows breadcrumbs, the summary card, bill, vendor, delivery, remarks, Preview and the timeline', async () => {
    mockBusinessApi(undefined, {
      [`GET ${DETAIL_API}`]: ok(makeDetail({ remarks: 'November supplies', paymentRequestId: 'req-1' })),
      [`GET ${PAYMENTS_API}/pay-context`]: ok({
        today: '2026-11-05',
        receivingBank: { bankName: 'First Harbor Bank', accountMask: '0123' },
      }),
    });
    await openPage();
    // The bank the vendor is paid into, masked.
    const vendor = screen.getByRole('region', { name: 'Vendor' });
    expect(await within(vendor).findByText('First Harbor Bank ••••0123')).toBeInTheDocument();
    expect(within(vendor).getByText('Receiving bank')).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/bills`,
    );
    expect(within(crumbs).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/bills/payment/list`,
    );
    expect(within(crumbs).getByText('Details')).toHaveAttribute('aria-current', 'page');

    const card = screen.getByRole('region', { name: 'Payment' });
    expect(within(card).getByText('Scheduled')).toBeInTheDocument();
    expect(within(card).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(card).getByText('Process Date')).toBeInTheDocument();
    expect(within(card).getByText('Chase *** 6789')).toBeInTheDocument();
    // Already on the detail page: no View button.
    expect(within(card).queryByRole('link', { name: /View/ })).not.toBeInTheDocument();

    const bill = screen.getByRole('region', { name: 'Bill' });
    expect(within(bill).getByText('BILL-0001')).toBeInTheDocument();
    expect(within(bill).getByText('Nov 9, 2026')).toBeInTheDocument();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByText('Standard (3–5 business days)')).toBeInTheDocument();
    expect(within(delivery).getByText('Nov 13, 2026 – Nov 17, 2026')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Vendor' })).getByText('billing@bluebottle.test'),
    ).toBeInTheDocument();
    expect(screen.getByText('November supplies')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/bills/payment/${PAYMENT_ID}?paymentRequestId=req-1`,
    );

    const activity = screen.getByRole('region', { name: 'Activity' });
    const items = within(activity).getAllByText(/^(Created|Scheduled)$/);
    // Newest first.
    expect(items.map((item) => item.textContent)).toEqual(['Scheduled', 'Created']);
    expect(within(activity).getByText(formatDateTime('2026-11-05T14:06:00.000Z'))).toBeInTheDocument();
    expect(formatDateTime('2026-11-05T14:06:00.000Z')).toMatch(/^Nov 05, 2026 \d{2}:\d{2}$/);
    expect(within(activity).getByText('Ferry').closest('[data-actor]')).toHaveAttribute(
      'data-actor',
      'system',
    );
    expect(within(activity).getByText('Ada Lovelace').closest('[data-actor]')).toHaveAttribute(
      'data-actor',
      'person',
    );
    expect(within(activity).getByText('Process date Nov 10, 2026')).toBeInTheDocument();
    // No failure box for a scheduled payment.
    expect(screen.queryByText('Payment failed')).not.toBeInTheDocument();
  });

  it('offers Cancel and Reschedule for a scheduled payment, not Retry or Resend', async () => {
    mockBusinessApi(undefined, { [`GET ${DETAIL_API}`]: ok(makeDetail()) });
    await openPage();
    expect(screen.getByRole('button', { name: 'Cancel payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend reminder' })).not.toBeInTheDocument();
  });

  it('marks an auto payment by its header, and says on one in approval that the policies apply', async () => {
    mockBusinessApi(undefined, {
      [`GET ${DETAIL_API}`]: ok(makeDetail({ isAuto: true, status: 'IN_APPROVAL' })),
    });
    const heading = await openPage();
    expect(within(heading.parentElement as HTMLElement).getByText('Auto payment')).toBeInTheDocument();
    expect(screen.getByText(AUTO_PAYMENT_APPROVAL_NOTE)).toBeInTheDocument();
  });

  it('offers no action on a delivered payment', async () => {
    mockBusinessApi(undefined, {
      [`GET ${DETAIL_API}`]: ok(
        makeDetail({
          status: 'DELIVERED',
          date: '2026-11-14',
          deliveredAt: '2026-11-14T15:00:00.000Z',
          canCancel: false,
          canReschedule: false,
        }),
      ),
    });
    await openPage();
    expect(screen.getByText('Delivery Date')).toBeInTheDocument();
    for (const name of ['Cancel payment', 'Reschedule', 'Retry payment', 'Resend reminder']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('hides every action from a member who may only view payments', async () => {
    mockBusinessApi(VIEWER, {
      [`GET ${DETAIL_API}`]: ok(makeDetail({ awaitingPayeeDetails: true, status: 'PENDING' })),
    });
    await openPage();
    expect(screen.getByRole('link', { name: 'Preview' })).toBeInTheDocument();
    for (const name of ['Cancel payment', 'Reschedule', 'Retry payment', 'Resend reminder']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('tells a member without read on payments that they have no access', async () => {
    const api = mockBusinessApi(makeTestBusiness({ role: 'Clerk', permissions: ['PAY_DUE_BILLS.manage'] }), {
      [`GET ${DETAIL_API}`]: ok(makeDetail()),
    });
    renderRoutes(routes, DETAIL);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`GET ${DETAIL_API}`)).toHaveLength(0);
  });

  it('shows the server error when the payment cannot be read', async () => {
    mockBusinessApi(undefined, { [`GET ${DETAIL_API}`]: fail(404, PAYMENT_MESSAGES.paymentNotFound) });
    renderRoutes(routes, DETAIL);
    expect(await screen.findByText(/Payment not found\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('cancels with an optional reason, then refreshes the payment', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      [`GET ${DETAIL_API}`]: ok(makeDetail()),
      [`PATCH ${CANCEL_API}`]: ok(
        makeTestPayment({ status: 'CANCELLED', canCancel: false, canReschedule: false }),
      ),
    });
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel payment' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (optional)' }),
      'Vendor asked to wait',
    );
    api.handlers[`GET ${DETAIL_API}`] = ok(
      makeDetail({ status: 'CANCELLED', date: '2026-11-06', canCancel: false, canReschedule: false }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByText(PAYMENT_CANCELED_MESSAGE)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${CANCEL_API}`)).toEqual([{ statusReason: 'Vendor asked to wait' }]);
    expect(await screen.findByText('Canceled')).toBeInTheDocument();
    expect(screen.getByText('Cancelation Date')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancel payment' })).not.toBeInTheDocument(),
    );
  });

  it('cancels without a reason and shows the server refusal in the dialog', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      [`GET ${DETAIL_API}`]: ok(makeDetail()),
      [`PATCH ${CANCEL_API}`]: fail(409, PAYMENT_MESSAGES.cannotCancel, { errorCode: 'ILLEGAL_TRANSITION' }),
    });
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    expect(await within(dialog).findByText(PAYMENT_MESSAGES.cannotCancel)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${CANCEL_API}`)).toEqual([{}]);
  });

  it('reschedules to a business day picked in the calendar', async () => {
    const user = userEvent.setup();
    const today = localCalendarDate(new Date());
    // A business day early next month (inside the 3-month window), and the next business day after it.
    const current = addBusinessDays(`${addCalendarMonths(today, 1).slice(0, 8)}05`, 0);
    const target = addBusinessDays(current, 1);
    const api = mockBusinessApi(undefined, {
      [`GET ${DETAIL_API}`]: ok(makeDetail({ processDate: current, date: current })),
      [`PATCH ${RESCHEDULE_API}`]: ok(makeTestPayment({ processDate: target, date: target })),
    });
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule payment' });
    const picker = within(dialog).getByRole('button', { name: /Process date/ });
    expect(picker).toHaveTextContent(formatDate(current));
    await user.click(picker);
    // Weekends are closed.
    const saturday = [1, 2, 3, 4, 5, 6, 7]
      .map((n) => `${current.slice(0, 8)}${String(n).padStart(2, '0')}`)
      .find((day) => new Date(`${day}T12:00:00`).getDay() === 6) as string;
    expect(await screen.findByRole('button', { name: formatDate(saturday) })).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: formatDate(target) }));
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(PAYMENT_RESCHEDULED_MESSAGE)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${RESCHEDULE_API}`)).toEqual([{ scheduledDate: target }]);
  });

  it('shows the failure message and retries with one Idempotency-Key across attempts', async () => {
    const user = userEvent.setup();
    const failed = makeDetail({
      status: 'FAILED',
      date: '2026-11-10',
      failedAt: '2026-11-10T16:00:00.000Z',
      failureReason: 'INSUFFICIENT_BANK_BALANCE',
      returnCode: 'R01',
      canCancel: false,
      canReschedule: false,
      canReattempt: true,
    });
    const api = mockBusinessApi(undefined, {
      [`GET ${DETAIL_API}`]: ok(failed),
      [`POST ${REATTEMPT_API}`]: fail(503, 'Service unavailable. Please try again.'),
    });
    await openPage();
    const alert = screen.getByText('Payment failed').closest('[role="alert"]') as HTMLElement;
    expect(alert).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'This payment failed due to insufficient funds. Please ensure sufficient funds before retrying.',
      ),
    ).toBeInTheDocument();
    expect(within(alert).getByText('Bank return code R01')).toBeInTheDocument();
    expect(screen.getByText('Failure Date')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel payment' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry payment' }));
    expect(await within(dialog).findByText('Service unavailable. Please try again.')).toBeInTheDocument();
    api.handlers[`POST ${REATTEMPT_API}`] = ok(makeTestPayment({ status: 'SCHEDULED', reattempts: 1 }));
    await user.click(within(dialog).getByRole('button', { name: 'Retry payment' }));
    expect(await screen.findByText(PAYMENT_RETRIED_MESSAGE)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${REATTEMPT_API}`)).toEqual([
      { paymentId: PAYMENT_ID },
      { paymentId: PAYMENT_ID },
    ]);
    const keys = headersOf(api, REATTEMPT_API).map((headers) => headers.get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the server message of a declined payment', async () => {
    mockBusinessApi(undefined, {
      [`GET ${DETAIL_API}`]: ok(
        makeDetail({
          status: 'DECLINED',
          failureReason: 'COMPLIANCE',
          failureMessage: 'Declined by compliance review.',
          canCancel: false,
          canReschedule: false,
        }),
      ),
    });
    await openPage();
    expect(screen.getByText('Payment declined')).toBeInTheDocument();
    expect(screen.getByText('Declined by compliance review.')).toBeInTheDocument();
    expect(screen.getByText('Decline Date')).toBeInTheDocument();
  });

  it('shows a failure message once, in the failure alert, not again as the action-required note', async () => {
    const message = 'Declined by compliance review.';
    mockBusinessApi(undefined, {
      [`GET ${DETAIL_API}`]: ok(
        makeDetail({
          status: 'DECLINED',
          failureReason: 'COMPLIANCE',
          failureMessage: message,
          actionRequired: message,
          canCancel: false,
          canReschedule: false,
        }),
      ),
    });
    await openPage();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText('Action required')).not.toBeInTheDocument();
  });

  it('resends the reminder to a vendor who has not accepted yet', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      [`GET ${DETAIL_API}`]: ok(
        makeDetail({
          status: 'PENDING',
          awaitingPayeeDetails: true,
          actionRequired: 'Waiting for Blue Bottle Supply to accept this payment.',
        }),
      ),
      [`PATCH ${RESEND_API}`]: ok(makeTestPayment({ status: 'PENDING', awaitingPayeeDetails: true })),
    });
    await openPage();
    expect(screen.getByText('Waiting for Blue Bottle Supply to accept this payment.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend reminder' }));
    expect(await screen.findByText(REMINDER_SENT_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${RESEND_API}`)).toHaveLength(1);
  });

  it('shows the in-queue notice with a link to the business profile', async () => {
    const user = userEvent.setup();
    mockBusinessApi(undefined, { [`GET ${DETAIL_API}`]: ok(makeDetail({ status: 'IN_QUEUE' })) });
    await openPage();
    expect(screen.getByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Complete business profile' }));
    expect(
      await screen.findByRole('heading', {
        name: `Business profile at /b/${BUSINESS_ID}/settings/business-profile`,
      }),
    ).toBeInTheDocument();
  });
});
