import { DELIVERY_SPEED_DETAILS, type DeliverySpeed, formatDate, formatMoney } from '@ferry/domain';
import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
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
};

export type PaymentReviewDialogProps = {
  opened: boolean;
  review: PaymentReview | null;
  /** 'Pay' for a payment that goes today, 'Schedule payment' for a later one. */
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
 * fee, total debited, debit date and expected delivery. Confirm sends the payment (the page keeps one
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
        <Text size="sm">Check the payment before {action === 'Pay' ? 'it is sent' : 'it is scheduled'}.</Text>
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
          <Button onClick={onConfirm} loading={pending} data-autofocus>
            {action === 'Pay' ? 'Confirm and pay' : 'Confirm and schedule'}
          </Button>
        </Group>
      </Stack>
    ) : null}
  </Modal>
);
