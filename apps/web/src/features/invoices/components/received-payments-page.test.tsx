import { ACCESS_DENIED_MESSAGE } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { fail, ok, pageReply, queriesOf } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  API,
  BUSINESS_ID,
  INVOICE_ID,
  makeReceivedPayment,
  RECEIVED_PAYMENTS_API,
  RECEIVED_SUMMARY,
  RECEIVED_SUMMARY_API,
} from '../testing/invoices';
import { InvoicesArea } from './invoices-area';
import { ReceivedPaymentsPage } from './received-payments-page';

const Area = ({ children }: { children?: ReactNode }) => (
  <InvoicesArea>{children ?? <Outlet />}</InvoicesArea>
);

const routes: RouteObject[] = [
  {
    path: '/b/:businessId/invoices',
    element: <Area />,
    children: [
      { index: true, element: <Where name="Invoices list" /> },
      { path: '/b/:businessId/invoices/payment/list', element: <ReceivedPaymentsPage /> },
    ],
  },
  { path: '/b/:businessId/invoices/payment/:paymentId/detail', element: <Where name="Received detail" /> },
  { path: '/b/:businessId/invoices/:invoiceId/detail', element: <Where name="Invoice detail" /> },
];
const LIST = `/b/${BUSINESS_ID}/invoices/payment/list`;

const PAYMENTS = [
  makeReceivedPayment(),
  makeReceivedPayment({
    id: 'p-processing',
    status: 'HOLD',
    statusLabel: 'Processing',
    dateLabel: 'ETA',
    date: '2026-11-19',
    amount: 300,
    isAuto: true,
    customer: { id: 'c2', name: 'Acme Paper' },
    invoice: { id: 'i2', refNo: 'INV-0002', dueDate: '2026-11-30' },
  }),
  makeReceivedPayment({
    id: 'p-canceled',
    status: 'CANCELLED',
    statusLabel: 'Canceled',
    dateLabel: 'Cancelation Date',
    date: '2026-11-07',
    amount: 80,
    customer: { id: 'c3', name: 'Coastal Freight' },
    invoice: { id: null, refNo: 'INV-0003', dueDate: '2026-11-30' },
    message: 'This payment is canceled. For more information, please contact the customer.',
  }),
];

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const withGetPaid = (permissions: string[]) => makeTestBusiness({ permissions });

describe('Get Paid > Payments', () => {
  it('lists the payments received with the receiving side’s labels, date labels, invoice links and View', async () => {
    const api = mockBusinessApi(undefined, {
      [`GET ${RECEIVED_SUMMARY_API}`]: ok(RECEIVED_SUMMARY),
      [`GET ${RECEIVED_PAYMENTS_API}`]: pageReply(PAYMENTS),
      [`GET ${API}/invoices/summary`]: ok({
        totalOutstanding: { amount: 0, total: 0 },
        dueInNext7Days: { amount: 0, total: 0 },
        overdue: { amount: 0, total: 0 },
        today: '2026-11-16',
      }),
    });
    renderRoutes(routes, LIST);

    const received = await rowOf('Northwind Traders');
    expect(within(received).getByText('Received')).toBeInTheDocument();
    expect(within(received).getByText('Received Date: Nov 12, 2026')).toBeInTheDocument();
    expect(within(received).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(received).getByRole('link', { name: 'View invoice INV-0007' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/invoices/${INVOICE_ID}/detail`,
    );
    expect(
      within(received).getByRole('link', {
        name: 'View payment from Northwind Traders for invoice INV-0007',
      }),
    ).toHaveAttribute('href', `/b/${BUSINESS_ID}/invoices/payment/${PAYMENTS[0]?.id}/detail`);

    const processing = await rowOf('Acme Paper');
    expect(within(processing).getByText('Processing')).toBeInTheDocument();
    expect(within(processing).getByText('ETA: Nov 19, 2026')).toBeInTheDocument();
    // A payment an auto-payment authorisation made carries the badge; the others do not.
    expect(within(processing).getByText('Auto payment')).toBeInTheDocument();
    expect(within(received).queryByText('Auto payment')).not.toBeInTheDocument();
    const canceled = await rowOf('Coastal Freight');
    expect(within(canceled).getByText('Canceled')).toBeInTheDocument();
    expect(within(canceled).getByText('INV-0003')).toBeInTheDocument();
    expect(within(canceled).queryByRole('link', { name: /View invoice/ })).not.toBeInTheDocument();

    expect(
      await screen.findByRole('button', { name: 'Received this month: $1,250.50, 1 payment' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    // The business is the payee; newest first by default.
    expect(Object.fromEntries(queriesOf(api, RECEIVED_PAYMENTS_API)[0] ?? [])).toEqual({
      payeeId: BUSINESS_ID,
      pageNumber: '1',
      pageSize: '10',
      sortBy: 'processDate',
      sortOrder: 'desc',
    });
  });

  it('searches by customer, filters by card and status, sorts, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      [`GET ${RECEIVED_SUMMARY_API}`]: ok(RECEIVED_SUMMARY),
      [`GET ${RECEIVED_PAYMENTS_API}`]: pageReply(PAYMENTS),
      [`GET ${API}/invoices/summary`]: fail(500, 'down'),
    });
    renderRoutes(routes, LIST);
    await rowOf('Northwind Traders');

    await user.click(screen.getByRole('button', { name: 'Attention required: $80.00, 1 payment' }));
    await waitFor(() =>
      expect(queriesOf(api, RECEIVED_PAYMENTS_API).at(-1)?.get('filterType')).toBe('ATTENTION_REQUIRED'),
    );

    await user.click(screen.getByRole('button', { name: 'Sort by amount' }));
    await waitFor(() => expect(queriesOf(api, RECEIVED_PAYMENTS_API).at(-1)?.get('sortBy')).toBe('amount'));

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Processing' }));
    await user.click(screen.getByRole('checkbox', { name: 'Received' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(queriesOf(api, RECEIVED_PAYMENTS_API).at(-1)?.get('status')).toBe(
        'PROCESSING,HOLD,BANK_UNDER_VERIFICATION,DELIVERED',
      ),
    );

    api.handlers[`GET ${RECEIVED_PAYMENTS_API}`] = pageReply([]);
    await user.type(screen.getByRole('textbox', { name: 'Search by customer' }), 'zz');
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(queriesOf(api, RECEIVED_PAYMENTS_API).at(-1)?.get('customerName')).toBe('zz');
  });

  it('shows the Payments tab only with read on payments received, and says so without it', async () => {
    mockBusinessApi(withGetPaid(['GET_PAID_DUE_INVOICES.view']), {
      [`GET ${API}/invoices/summary`]: fail(500, 'down'),
    });
    renderRoutes(routes, LIST);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Payments' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Invoices/ })).toBeInTheDocument();
  });

  it('opens with payments received only: the Payments tab without the Invoices tab', async () => {
    const user = userEvent.setup();
    mockBusinessApi(withGetPaid(['GET_PAID_PAYMENTS_RECEIVED.view']), {
      [`GET ${RECEIVED_SUMMARY_API}`]: ok(RECEIVED_SUMMARY),
      [`GET ${RECEIVED_PAYMENTS_API}`]: pageReply([makeReceivedPayment()]),
    });
    renderRoutes(routes, LIST);
    await rowOf('Northwind Traders');
    expect(screen.queryByRole('tab', { name: /Invoices/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /View payment from Northwind Traders/ }));
    expect(
      await screen.findByRole('heading', {
        name: `Received detail at /b/${BUSINESS_ID}/invoices/payment/${makeReceivedPayment().id}/detail`,
      }),
    ).toBeInTheDocument();
  });
});
