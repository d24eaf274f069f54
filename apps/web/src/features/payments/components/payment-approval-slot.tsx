import type { PaymentDetail } from '@ferry/domain';
import type { ComponentType } from 'react';

export type PaymentApprovalSlotProps = { businessId: string; payment: PaymentDetail };

/** The approval panel the app gives the payment page (features/approvals: features do not import each other). */
export type PaymentApprovalPanelComponent = ComponentType<PaymentApprovalSlotProps>;

/**
 * Where the payment's approval panel goes (approval log, approve / reject / bypass; spec 001 §2, §4): the
 * route module passes the panel in; it shows only for a payment that went through an approval policy.
 */
export const PaymentApprovalSlot = ({
  panel: Panel,
  ...props
}: PaymentApprovalSlotProps & { panel: PaymentApprovalPanelComponent | undefined }) =>
  Panel && props.payment.approval ? <Panel {...props} /> : null;
