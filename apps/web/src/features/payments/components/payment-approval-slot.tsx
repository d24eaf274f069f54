import type { PaymentView } from '@ferry/domain';

export type PaymentApprovalSlotProps = { businessId: string; payment: PaymentView };

/**
 * Where the payment's approval panel goes (approval log, approve / reject / bypass; spec 001 and 002 §6).
 * The approvals issue fills it; until a payment carries approval data it renders nothing.
 */
export const PaymentApprovalSlot = (_props: PaymentApprovalSlotProps) => null;
