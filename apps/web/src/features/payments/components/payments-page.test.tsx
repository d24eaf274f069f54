import { ACCESS_DENIED_MESSAGE } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { fail, ok, pageReply, queriesOf } from '@/testing/mock-api';
import { makeTestPayment } from '@/testing/payments';
import { renderRoutes, Where } from '@/testing/test-utils';
import { BUSINESS_ID, PAYMENTS_API, SUMMARY, SUMMARY_API } from '../testing/payments';
import { NO_MATCHING_PAYMENTS, NO_PAYMENTS, PaymentsPage } from './payments-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/bills/payment/list', element: <PaymentsPage /> },
  { path: '/b/:businessId/bills/payment/:paymentId/detail', element: <Where name="Payment detail" /> },
];
const LIST = `/b/${BUSINESS_ID}/bills/payment/list`;

const PAYMENTS = [
  makeTestPayment({ id: 'p-scheduled' }),
  makeTestPayment({
    id: 'p-canceled',
    status: 'CANCELLED',
    date: '2026-11-07',
    cancelledAt: '2026-11-07T10:00:00.000Z',
    vendor: { id: 'v2', name: 'Acme Paper', email: 'ap@acme.test' },
    bill: { ...makeTestPayment().bill, id: 'b2', refNo: 'BILL-0002' },
    paymentMethod: { type: 'CARD', id: 'card-1', cardBrand: 'VISA', cardMask: '4242' },
    amount: 80,
  }),
  makeTestPayment({
    id: 'p-paused',
    status: 'IN_QUEUE',
    vendor: { id: 'v3', name: 'Coastal Freight', email: 'ar@coastal.test' },
    bill: { ...makeTestPayment().bill, id: 'b3', refNo: 'BILL-0003' },
  }),
  makeTestPayment({
    id: 'p-marked',
    status: 'MARKED_AS_PAID',
    isMarkedAsPaid: true,
    date: '2026-11-01',
    vendor: { id: 'v4', name: 'Delta Foods', email: 'ar@delta.test' },
    bill: { ...makeTestPayment().bill, id: 'b4', refNo: 'BILL-0004' },
  }),
  makeTestPayment({
    id: 'p-hold',
    status: 'HOLD',
    isAuto: true,
    vendor: { id: 'v5', name: 'Echo Studio', email: 'ar@echo.test' },
    bill: { ...makeTestPayment().bill, id: 'b5', refNo: 'BILL-0005' },
  }),
];

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('Payments tab', () => {
  it('lists payments with vendor, bill, amount, method and the status display mapping', async () => {
    const api = mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${PAYMENTS_API}`]: pageReply(PAYMENTS),
    });
    renderRoutes(routes, LIST);

    const scheduled = await rowOf('BILL-0001');
    expect(within(scheduled).getByText('Blue Bottle Supply')).toBeInTheDocument();
    expect(within(scheduled).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(scheduled).getByText('Chase *** 6789')).toBeInTheDocument();
    expect(within(scheduled).getByText('Scheduled')).toBeInTheDocument();
    expect(within(scheduled).getByText('Process Date: Nov 10, 2026')).toBeInTheDocument();
    expect(
      within(scheduled).getByRole('link', { name: /View payment to Blue Bottle Supply/ }),
    ).toHaveAttribute('href', `/b/${BUSINESS_ID}/bills/payment/p-scheduled/detail`);

    const canceled = await rowOf('BILL-0002');
    expect(within(canceled).getByText('Canceled')).toBeInTheDocument();
    expect(within(canceled).getByText('Cancelation Date: Nov 7, 2026')).toBeInTheDocument();
    expect(within(canceled).getByText('Visa *** 4242')).toBeInTheDocument();
    expect(within(canceled).getByText('$80.00')).toBeInTheDocument();

    expect(within(await rowOf('BILL-0003')).getByText('Paused')).toBeInTheDocument();
    const auto = await rowOf('BILL-0005');
    expect(within(auto).getByText('Processing')).toBeInTheDocument();
    // The auto-payment badge marks the payments an auto-payment authorisation made, and only those.
    expect(within(auto).getByText('Auto payment')).toBeInTheDocument();
    expect(within(scheduled).queryByText('Auto payment')).not.toBeInTheDocument();

    const marked = await rowOf('BILL-0004');
    expect(within(marked).getByText('Marked as Paid')).toBeInTheDocument();
    expect(within(marked).getByText('Payment Date: Nov 1, 2026')).toBeInTheDocument();
    expect(within(marked).queryByRole('link', { name: /View/ })).not.toBeInTheDocument();

    expect(
      await screen.findByRole('button', { name: 'Attention required: $300.00, 2 payments' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scheduled: $4,500.25, 3 payments' })).toBeInTheDocument();
    // Spec 002 §9 defaults: page 1, size 10, dueDate descending; no filters sent.
    expect(Object.fromEntries(queriesOf(api, PAYMENTS_API)[0] ?? [])).toEqual({
      pageNumber: '1',
      pageSize: '10',
      sortBy: 'dueDate',
      sortOrder: 'desc',
    });
  });

  it('opens the detail page from View', async () => {
    const user = userEvent.setup();
    mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${PAYMENTS_API}`]: pageReply([makeTestPayment()]),
    });
    renderRoutes(routes, LIST);
    await user.click(await screen.findByRole('link', { name: /View payment to Blue Bottle Supply/ }));
    expect(
      await screen.findByRole('heading', {
        name: `Payment detail at /b/${BUSINESS_ID}/bills/payment/${makeTestPayment().id}/detail`,
      }),
    ).toBeInTheDocument();
  });

  it('filters by a summary card (filterType), and a second click clears it', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${PAYMENTS_API}`]: pageReply([makeTestPayment()]),
    });
    renderRoutes(routes, LIST);
    const card = await screen.findByRole('button', { name: 'Attention required: $300.00, 2 payments' });
    await user.click(card);
    await waitFor(() =>
      expect(queriesOf(api, PAYMENTS_API).at(-1)?.get('filterType')).toBe('ATTENTION_REQUIRED'),
    );
    expect(card).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Processing: $1,200.00, 1 payment' }));
    await waitFor(() => expect(queriesOf(api, PAYMENTS_API).at(-1)?.get('filterType')).toBe('PROCESSING'));
    await user.click(screen.getByRole('button', { name: 'Processing: $1,200.00, 1 payment' }));
    await waitFor(() => expect(queriesOf(api, PAYMENTS_API).at(-1)?.get('filterType')).toBeNull());
  });

  it('sends the statuses chosen in the filter popover with the query mapping of §4', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${PAYMENTS_API}`]: pageReply([makeTestPayment()]),
    });
    renderRoutes(routes, LIST);
    await screen.findByText('BILL-0001');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Paid' }));
    await user.click(screen.getByRole('checkbox', { name: 'Paused' }));
    await user.click(screen.getByRole('checkbox', { name: 'Canceled' }));
    await user.click(screen.getByRole('checkbox', { name: 'Marked as Paid' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(queriesOf(api, PAYMENTS_API).at(-1)?.get('status')).toBe(
        'DELIVERED,IN_QUEUE,CANCELLED,MARKED_AS_PAID',
      ),
    );
    expect(screen.getByRole('button', { name: 'Filter, 4 selected' })).toBeInTheDocument();
    // Bill-only list statuses are not offered.
    await user.click(screen.getByRole('button', { name: 'Filter, 4 selected' }));
    expect(await screen.findByRole('checkbox', { name: 'Failed' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Partial Paid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Draft' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(queriesOf(api, PAYMENTS_API).at(-1)?.get('status')).toBeNull());
  });

  it('searches by vendor name and sorts by a column', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${PAYMENTS_API}`]: pageReply([makeTestPayment()]),
    });
    renderRoutes(routes, LIST);
    await screen.findByText('BILL-0001');
    await user.type(screen.getByRole('textbox', { name: 'Search by vendor' }), 'Blue');
    await waitFor(() => expect(queriesOf(api, PAYMENTS_API).at(-1)?.get('vendorName')).toBe('Blue'));
    await user.click(screen.getByRole('button', { name: 'Sort by amount' }));
    await waitFor(() => expect(queriesOf(api, PAYMENTS_API).at(-1)?.get('sortBy')).toBe('amount'));
    await user.click(screen.getByRole('button', { name: 'Sort by amount, descending' }));
    await waitFor(() => expect(queriesOf(api, PAYMENTS_API).at(-1)?.get('sortOrder')).toBe('asc'));
    expect(queriesOf(api, PAYMENTS_API).at(-1)?.get('vendorName')).toBe('Blue');
  });

  it('shows the empty state, and a different one when filters match nothing', async () => {
    const user = userEvent.setup();
    mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${PAYMENTS_API}`]: pageReply([]),
    });
    renderRoutes(routes, LIST);
    expect(await screen.findByText(NO_PAYMENTS)).toBeInTheDocument();
    expect(NO_PAYMENTS).toBe('No payments have been made yet.');
    await user.click(screen.getByRole('button', { name: 'Scheduled: $4,500.25, 3 payments' }));
    expect(await screen.findByText(NO_MATCHING_PAYMENTS)).toBeInTheDocument();
  });

  it('shows a list error with a retry', async () => {
    mockBusinessApi(undefined, {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${PAYMENTS_API}`]: fail(500, 'Something went wrong.'),
    });
    renderRoutes(routes, LIST);
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('tells members without read on payments that they have no access, and asks nothing', async () => {
    const api = mockBusinessApi(makeTestBusiness({ role: 'Clerk', permissions: ['PAY_DUE_BILLS.view'] }), {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${PAYMENTS_API}`]: pageReply([makeTestPayment()]),
    });
    renderRoutes(routes, LIST);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`GET ${PAYMENTS_API}`)).toHaveLength(0);
    expect(api.callsTo(`GET ${SUMMARY_API}`)).toHaveLength(0);
  });

  it('lets a member with view on payments see the list and View', async () => {
    mockBusinessApi(makeTestBusiness({ role: 'Viewer', permissions: ['PAY_PAYMENTS.view'] }), {
      [`GET ${SUMMARY_API}`]: ok(SUMMARY),
      [`GET ${PAYMENTS_API}`]: pageReply([makeTestPayment()]),
    });
    renderRoutes(routes, LIST);
    expect(
      await screen.findByRole('link', { name: /View payment to Blue Bottle Supply/ }),
    ).toBeInTheDocument();
  });
});
