import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import {
  API,
  BILL_ID,
  BUSINESS_ID,
  makeDetail,
  mockPaymentRequestsApi,
  REQUEST_ID,
} from '../testing/payment-requests';
import { PaymentRequestActivity } from './payment-request-activity';

const routes: RouteObject[] = [
  {
    path: '/b/:businessId/bills/payment-request/:paymentId/make-payment',
    element: (
      <>
        <p>Payment form</p>
        <PaymentRequestActivity />
      </>
    ),
  },
];
const PAGE = `/b/${BUSINESS_ID}/bills/payment-request/${BILL_ID}/make-payment`;
const DETAIL_API = `${API}/payment-requests/${REQUEST_ID}`;

describe('payment request on the make-payment page', () => {
  it("shows the sender's invoice and the request's timeline, newest first", async () => {
    mockPaymentRequestsApi(undefined, {
      [`GET ${DETAIL_API}`]: ok({
        ...makeDetail({ billId: BILL_ID }),
        memo: 'Thank you for your business.',
        events: [
          {
            id: 'e1',
            action: 'PAYMENT_REQUESTED',
            label: 'Requested',
            actor: { type: 'USER', name: 'Dana Whitfield' },
            remarks: null,
            createdAt: '2026-11-02T15:00:00.000Z',
          },
          {
            id: 'e2',
            action: 'BILL_CREATED',
            label: 'Bill created',
            actor: { type: 'SYSTEM', name: null },
            remarks: 'Bill NW-10401',
            createdAt: '2026-11-03T15:00:00.000Z',
          },
        ],
      }),
    });
    renderRoutes(routes, `${PAGE}?paymentRequestId=${REQUEST_ID}`);
    const section = await screen.findByRole('region', { name: 'Payment request' });
    expect(await within(section).findByText('NW-10401')).toBeInTheDocument();
    expect(within(section).getByText('Northwind Supply Co.')).toBeInTheDocument();
    expect(within(section).getByText('$513.96')).toBeInTheDocument();
    expect(within(section).getByText('Thank you for your business.')).toBeInTheDocument();
    const timeline = within(section).getByLabelText('Payment request activity');
    const labels = within(timeline)
      .getAllByText(/^(Requested|Bill created)$/)
      .map((node) => node.textContent);
    expect(labels).toEqual(['Bill created', 'Requested']);
    expect(within(timeline).getByText('Dana Whitfield')).toBeInTheDocument();
    expect(within(timeline).getByText('System')).toBeInTheDocument();
  });

  it('shows nothing for a bill paid on its own', async () => {
    mockPaymentRequestsApi();
    renderRoutes(routes, PAGE);
    expect(await screen.findByText('Payment form')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment request' })).not.toBeInTheDocument();
  });

  it('says so when the request cannot be loaded', async () => {
    mockPaymentRequestsApi(undefined, { [`GET ${DETAIL_API}`]: fail(404, 'Payment request not found') });
    renderRoutes(routes, `${PAGE}?paymentRequestId=${REQUEST_ID}`);
    const section = await screen.findByRole('region', { name: 'Payment request' });
    expect(await within(section).findByRole('alert')).toBeInTheDocument();
  });
});
