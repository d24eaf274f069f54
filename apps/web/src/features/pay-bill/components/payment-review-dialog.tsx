import {
  type ApprovalMatch,
  DELIVERY_SPEED_DETAILS,
  type DeliverySpeed,
  formatDate,
  formatMoney,
} from '@ferry/domain';
import { Alert, Button, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { receivingBankText } from '@/components/pay/pay-api';

export type PaymentReview = {
  payee: string;
  receivingBank: { bankName: string; accountMask: string } | null;
  payFrom: string;
  amountCents: number;
  feeCents: number;
  /** Why the fee is what it is (card payments only). */
  feeNote: string | null;
  deliverySpeed: DeliverySpeed;
  /** The day the money is debited and sent, 'YYYY-MM-DD'. */
  debitDate: string;
  expectedDelivery: { earliest: string; latest: string } | null;
  /** The approval policy the payment goes through (it is submitted for approval, not paid), or null. */
  approval: NonNullable<ApprovalMatch['policy']> | null;
  /** Which policy applies is still being asked: Confirm waits. */
  checkingApproval: boolean;
};

/** The action that sends a payment a policy covers (issue 18). */
export const SUBMIT_FOR_APPROVAL = 'Submit for approval';

/** 'Goes to approval: Payments over $1,000 — first approvers: Grace Hopper, Alan Turing'. */
export const approvalRouteText = (policy: NonNullable<ApprovalMatch['policy']>): string =>
  policy.firstApprovers.length > 0
    ? `Goes to approval: ${policy.name} — first approvers: ${policy.firstApprovers.join(', ')}`
    : `Goes to approval: ${policy.name}`;

const INTRO: Record<string, string> = {
  Pay: 'Check the payment before it is sent.',
  [SUBMIT_FOR_APPROVAL]: 'Check the payment before it is submitted for approval.',
};
const CONFIRM: Record<string, string> = {
  Pay: 'Confirm and pay',
  [SUBMIT_FOR_APPROVAL]: SUBMIT_FOR_APPROVAL,
};

export type PaymentReviewDialogProps = {
  opened: boolean;
  review: PaymentReview | null;
  /**
   * 'Pay' for a payment that goes today, 'Schedule payment' for a later one, 'Submit for approval' for one
   * an approval policy covers.
   */
  action: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onBack: () => void;
};

const Row = ({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) => (
  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md" component="div">
    <Text size="sm" c="dimmed" component="dt">
      {label}
    </Text>
    <Text size="sm" fw={strong ? 700 : 500} ta="right" component="dd" m={0}>
      {children}
    </Text>
  </Group>
);

const deliveryText = (window: { earliest: string; latest: string }): string =>
  window.earliest === window.latest
    ? formatDate(window.earliest)
    : `${formatDate(window.earliest)} – ${formatDate(window.latest)}`;

/**
 * The review step before money moves (issue 15): payee, the receiving bank (masked), pay from, amount,
 * fee, total debited, debit date and expected delivery; for a payment an approval policy covers, the
 * policy and its first approvers, and 'Submit for approval' (issue 18). Confirm sends the payment (the page keeps one
 * Idempotency-Key per review, and Confirm is disabled while it is sent); Back returns to the form and
 * changes nothing.
 */
export const PaymentReviewDialog = ({
  opened,
  review,
  action,
  pending,
  error,
  onConfirm,
  onBack,
}: PaymentReviewDialogProps) => (
  <Modal
    opened={opened}
    onClose={() => {
      if (!pending) onBack();
    }}
    title="Review payment"
    centered
    closeOnClickOutside={!pending}
    closeOnEscape={!pending}
    withCloseButton={!pending}
  >
    {review ? (
      <Stack gap="md">
        <Text size="sm">{INTRO[action] ?? 'Check the payment before it is scheduled.'}</Text>
        {review.checkingApproval ? (
          <Group gap="xs" role="status">
            <Loader size={14} type="dots" aria-hidden />
            <Text size="sm" c="dimmed">
              Checking approval policies…
            </Text>
          </Group>
        ) : review.approval ? (
          <Alert color="yellow" variant="light" icon={<IconUserCheck size={18} aria-hidden />}>
            <Text size="sm">{approvalRouteText(review.approval)}</Text>
          </Alert>
        ) : null}
        <Stack gap="xs" component="dl" m={0}>
          <Row label="Payee">{review.payee}</Row>
          <Row label="Receiving bank">{receivingBankText(review.receivingBank)}</Row>
          <Row label="Pay from">{review.payFrom}</Row>
          <Row label="Delivery speed">{DELIVERY_SPEED_DETAILS[review.deliverySpeed].label}</Row>
          <Divider />
          <Row label="Amount">{formatMoney(review.amountCents)}</Row>
          <Row label="Fee">{formatMoney(review.feeCents)}</Row>
          {review.feeNote ? (
            <Text size="xs" c="dimmed" ta="right">
              {review.feeNote}
            </Text>
          ) : null}
          <Row label="Total debited" strong>
            {formatMoney(review.amountCents + review.feeCents)}
          </Row>
          <Divider />
          <Row label="Debit date">{formatDate(review.debitDate)}</Row>
          <Row label="Expected delivery">
            {review.expectedDelivery
              ? deliveryText(review.expectedDelivery)
              : 'After the vendor adds bank details'}
          </Row>
        </Stack>
        <ErrorAlert>{error}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} disabled={pending}>
            Back
          </Button>
          <Button onClick={onConfirm} loading={pending} disabled={review.checkingApproval} data-autofocus>
            {CONFIRM[action] ?? 'Confirm and schedule'}
          </Button>
        </Group>
      </Stack>
    ) : null}
  </Modal>
);
