import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_ID, makeDetail } from '../testing/payments';
import { type PaymentApprovalPanelComponent, PaymentApprovalSlot } from './payment-approval-slot';

const Panel: PaymentApprovalPanelComponent = ({ businessId, payment }) => (
  <p>{`Panel of ${payment.id} in ${businessId}: ${payment.approval?.policyName}`}</p>
);

const APPROVAL = {
  policyId: '0000000000000000000000a1',
  policyName: 'Payments over $1,000',
  status: 'IN_PROGRESS',
  submittedBy: null,
  submittedAt: '2026-11-05T14:05:00.000Z',
  decidedAt: null,
  currentStage: 1,
  stageCount: 1,
  stages: [],
  awaiting: [],
  viewer: { state: 'NONE', isFinal: false, stageOrder: null, message: null },
} as const;

describe('PaymentApprovalSlot', () => {
  it('renders the panel the app gives it for a payment in an approval flow', () => {
    const payment = makeDetail({
      status: 'IN_APPROVAL',
      approval: { ...APPROVAL, stages: [], awaiting: [] },
    });
    render(<PaymentApprovalSlot businessId={BUSINESS_ID} payment={payment} panel={Panel} />);
    expect(
      screen.getByText(`Panel of ${payment.id} in ${BUSINESS_ID}: Payments over $1,000`),
    ).toBeInTheDocument();
  });

  it('renders nothing for a payment no policy covered, or without a panel', () => {
    const { container, rerender } = render(
      <PaymentApprovalSlot businessId={BUSINESS_ID} payment={makeDetail()} panel={Panel} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(
      <PaymentApprovalSlot
        businessId={BUSINESS_ID}
        payment={makeDetail({ approval: { ...APPROVAL, stages: [], awaiting: [] } })}
        panel={undefined}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
