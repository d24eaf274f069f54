import { ACCESS_DENIED_MESSAGE } from '@ferry/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { fail, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  API,
  BUSINESS_ID,
  INVOICE_ID,
  makeReceivedPayment,
  RECEIVED_PAYMENT_ID,
  REQUEST_ID,
} from '../testing/invoices';
import { ReceivedPaymentDetailPage } from './received-payment-detail-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/invoices/payment/:paymentId/detail', element: <ReceivedPaymentDetailPage /> },
  { path: '/b/:businessId/invoices/payment/:paymentId', element: <Where name="Preview" /> },
  { path: '/b/:businessId/invoices/payment/list', element: <Where name="Payments" /> },
  { path: '/b/:businessId/invoices/:invoiceId/detail', element: <Where name="Invoice detail" /> },
];
const DETAIL = `/b/${BUSINESS_ID}/invoices/payment/${RECEIVED_PAYMENT_ID}/detail`;
const DETAIL_API = `GET ${API}/payments/received/${RECEIVED_PAYMENT_ID}`;

describe('Received payment detail', () => {
  it('shows the amount, customer, invoice, receiving label and dates, bank and the timeline', async () => {
    const user = userEvent.setup();
    mockBusinessApi(undefined, {
      [DETAIL_API]: ok(
        makeReceivedPayment({
          timeline: [
            {
              id: 'e1',
              action: 'SCHEDULED',
              label: 'Scheduled',
              status: 'SCHEDULED',
              at: '2026-11-09T12:00:00.000Z',
              actor: { type: 'USER', name: 'Northwind Traders' },
              remarks: null,
            },
            {
              id: 'e2',
              action: 'DELIVERED',
              label: 'Received',
              status: 'DELIVERED',
              at: '2026-11-12T15:00:00.000Z',
              actor: { type: 'SYSTEM', name: 'Ferry' },
              remarks: null,
            },
          ],
        }),
      ),
    });
    renderRoutes(routes, DETAIL);

    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByRole('heading', { name: '$1,250.50' })).toBeInTheDocument();
    expect(within(payment).getByText('From Northwind Traders')).toBeInTheDocument();
    expect(within(payment).getByText('Received')).toBeInTheDocument();
    expect(within(payment).getByText('Received Date: Nov 12, 2026')).toBeInTheDocument();
    expect(within(payment).getByText('Chase *** 4321')).toBeInTheDocument();
    expect(within(payment).getByRole('link', { name: 'View invoice INV-0007' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/invoices/${INVOICE_ID}/detail`,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(within(activity).getByText('Received')).toBeInTheDocument();
    expect(within(activity).getByText('Northwind Traders')).toBeInTheDocument();

    // Breadcrumbs: Get Paid › Payments › Details.
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(crumbs).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/invoices/payment/list`,
    );

    await user.click(screen.getByRole('link', { name: 'Preview invoice INV-0007' }));
    expect(
      await screen.findByRole('heading', {
        name: `Preview at /b/${BUSINESS_ID}/invoices/payment/${RECEIVED_PAYMENT_ID}?paymentRequestId=${REQUEST_ID}`,
      }),
    ).toBeInTheDocument();
  });

  it('marks a payment an auto-payment authorisation made', async () => {
    mockBusinessApi(undefined, { [DETAIL_API]: ok(makeReceivedPayment({ isAuto: true })) });
    renderRoutes(routes, DETAIL);
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Auto payment')).toBeInTheDocument();
  });

  it('shows the payee message of a failed payment as an alert and of a canceled one as a note', async () => {
    mockBusinessApi(undefined, {
      [DETAIL_API]: ok(
        makeReceivedPayment({
          status: 'FAILED',
          statusLabel: 'Failed',
          dateLabel: 'Failure Date',
          date: '2026-11-11',
          message: 'This payment couldn’t be completed. For more information, please contact the customer.',
        }),
      ),
    });
    const { unmount } = renderRoutes(routes, DETAIL);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment failed');
    expect(alert).toHaveTextContent(
      'This payment couldn’t be completed. For more information, please contact the customer.',
    );
    expect(screen.getByText('Failure Date: Nov 11, 2026')).toBeInTheDocument();
    unmount();

    mockBusinessApi(undefined, {
      [DETAIL_API]: ok(
        makeReceivedPayment({
          status: 'CANCELLED',
          statusLabel: 'Canceled',
          dateLabel: 'Cancelation Date',
          message: 'This payment is canceled. For more information, please contact the customer.',
        }),
      ),
    });
    renderRoutes(routes, DETAIL);
    expect(
      await screen.findByText('This payment is canceled. For more information, please contact the customer.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so without read on payments received, and offers a retry when the payment fails to load', async () => {
    mockBusinessApi(makeTestBusiness({ permissions: ['GET_PAID_DUE_INVOICES.view'] }));
    const { unmount } = renderRoutes(routes, DETAIL);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    unmount();

    mockBusinessApi(undefined, { [DETAIL_API]: fail(404, 'Payment not found.') });
    renderRoutes(routes, DETAIL);
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
