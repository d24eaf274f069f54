import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AUTO_PAYMENT_APPROVAL_NOTE } from '@/components/payments/auto-payment-badge';
import { makeTestPayment } from '@/testing/payments';
import { renderWithProviders } from '@/testing/test-utils';
import { BUSINESS_ID } from '../testing/payments';
import { IN_QUEUE_LINK_LABEL, IN_QUEUE_NOTICE, PaymentSummaryCard } from './payment-summary-card';

const renderCard = (props: Partial<Parameters<typeof PaymentSummaryCard>[0]> = {}) =>
  renderWithProviders(
    <MemoryRouter>
      <PaymentSummaryCard businessId={BUSINESS_ID} payment={makeTestPayment()} canViewPayments {...props} />
    </MemoryRouter>,
  );

describe('PaymentSummaryCard', () => {
  it('shows status, amount, date label and date, method and View to the detail page', () => {
    renderCard({ payment: makeTestPayment({ isAuto: true }) });
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.getByText('Auto payment')).toBeInTheDocument();
    expect(screen.getByText('$1,250.50')).toBeInTheDocument();
    expect(screen.getByText('Process Date')).toBeInTheDocument();
    expect(screen.getByText('Nov 10, 2026')).toBeInTheDocument();
    expect(screen.getByText('Chase *** 6789')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View payment to Blue Bottle Supply' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/bills/payment/${makeTestPayment().id}/detail`,
    );
  });

  it('says that an auto payment waiting for approval follows the approval policies', () => {
    const { unmount } = renderCard({ payment: makeTestPayment({ isAuto: true, status: 'IN_APPROVAL' }) });
    expect(screen.getByRole('note')).toHaveTextContent(AUTO_PAYMENT_APPROVAL_NOTE);
    unmount();
    // Not on a payment in approval that no authorisation made, nor on a scheduled auto payment.
    const { unmount: unmountManual } = renderCard({ payment: makeTestPayment({ status: 'IN_APPROVAL' }) });
    expect(screen.queryByText(AUTO_PAYMENT_APPROVAL_NOTE)).not.toBeInTheDocument();
    unmountManual();
    renderCard({ payment: makeTestPayment({ isAuto: true }) });
    expect(screen.queryByText(AUTO_PAYMENT_APPROVAL_NOTE)).not.toBeInTheDocument();
  });

  it('has no View button for a payment marked as paid, nor without read on payments', () => {
    const { unmount } = renderCard({
      payment: makeTestPayment({ status: 'MARKED_AS_PAID', isMarkedAsPaid: true, date: '2026-11-01' }),
    });
    expect(screen.getByText('Marked as Paid')).toBeInTheDocument();
    expect(screen.getByText('Payment Date')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View/ })).not.toBeInTheDocument();
    unmount();
    renderCard({ canViewPayments: false });
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View/ })).not.toBeInTheDocument();
  });

  it('shows the card fee and total for a card payment with a surcharge', () => {
    renderCard({
      payment: makeTestPayment({
        amount: 100,
        feeAmount: 3,
        totalAmount: 103,
        paymentMethod: { type: 'CARD', id: 'c1', cardBrand: 'AMERICAN_EXPRESS', cardMask: '1005' },
      }),
    });
    expect(screen.getByText('Card fee $3.00 · Total $103.00')).toBeInTheDocument();
    expect(screen.getByText('American Express *** 1005')).toBeInTheDocument();
  });

  it('shows the in-queue notice linking to the business profile, and the action-required note', () => {
    const { unmount } = renderCard({ payment: makeTestPayment({ status: 'IN_QUEUE' }) });
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.getByText(IN_QUEUE_NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: IN_QUEUE_LINK_LABEL })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/settings/business-profile`,
    );
    unmount();
    renderCard({
      payment: makeTestPayment({
        status: 'FAILED',
        actionRequired: 'Retry the payment or choose another account.',
      }),
    });
    expect(screen.getByText('Action required')).toBeInTheDocument();
    expect(screen.getByText('Retry the payment or choose another account.')).toBeInTheDocument();
    expect(screen.queryByText(IN_QUEUE_NOTICE)).not.toBeInTheDocument();
  });
});
