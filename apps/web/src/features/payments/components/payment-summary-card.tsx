import { formatDate, type PaymentView, paths } from '@ferry/domain';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPlayerPause } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { AutoPaymentApprovalNote, AutoPaymentBadge } from '@/components/payments/auto-payment-badge';
import { PaymentStatusBadge } from '@/components/payments/payment-status-badge';
import { formatAmount, formatPaymentMethod, getPaymentDisplay } from '../utils/payment-display';

/** The in-queue notice (spec 002 §4 IN_QUEUE): the payment waits for the business's verification. */
export const IN_QUEUE_NOTICE = 'This payment is paused until your business verification is complete.';
export const IN_QUEUE_LINK_LABEL = 'Complete business profile';

export type PaymentSummaryCardProps = {
  businessId: string;
  payment: PaymentView;
  /** Read on pay payments (spec 002 §6 `canViewPayments`): shows the View button. */
  canViewPayments: boolean;
  /** Leave the View button out (on the payment's own detail page). */
  hideViewButton?: boolean;
  /** Leave the action-required note out (the detail page shows a failure in its own alert). */
  hideActionNote?: boolean;
  /** The card's heading; 'Payment' unless given. */
  title?: string;
};

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" fw={500}>
      {label}
    </Text>
    <Text size="sm" fw={500}>
      {children}
    </Text>
  </Stack>
);

/**
 * The payment summary card (spec 002 §2): status, auto-payment badge, amount, the status's date label and
 * date, the payment method, the View button (not for payments marked as paid, and only with
 * `canViewPayments`), the action-required note and the in-queue notice linking to the business profile.
 */
export const PaymentSummaryCard = ({
  businessId,
  payment,
  canViewPayments,
  hideViewButton = false,
  hideActionNote = false,
  title = 'Payment',
}: PaymentSummaryCardProps) => {
  const titleId = useId();
  const display = getPaymentDisplay(payment);
  const method = formatPaymentMethod(payment.paymentMethod);
  const showView = !hideViewButton && canViewPayments && !payment.isMarkedAsPaid;
  const inQueue = payment.status === 'IN_QUEUE';
  const actionNote = (!hideActionNote && payment.actionRequired?.trim()) || null;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6}>
            <Text id={titleId} size="sm" c="dimmed" fw={600}>
              {title}
            </Text>
            <Group gap={6}>
              <PaymentStatusBadge status={payment.status} />
              {payment.isAuto ? <AutoPaymentBadge /> : null}
            </Group>
          </Stack>
          {showView ? (
            <Button
              component={Link}
              to={paths.billPaymentDetail(businessId, payment.id)}
              variant="light"
              size="xs"
              aria-label={`View payment to ${payment.vendor.name}`}
            >
              View
            </Button>
          ) : null}
        </Group>
        <Stack gap={2}>
          <Text fz={28} fw={700} lh={1.2}>
            {formatAmount(payment.amount)}
          </Text>
          {payment.feeAmount > 0 ? (
            <Text size="xs" c="dimmed">
              {`Card fee ${formatAmount(payment.feeAmount)} · Total ${formatAmount(payment.totalAmount)}`}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xl" align="flex-start">
          <Field label={display.dateLabel}>{formatDate(payment.date) || '—'}</Field>
          <Field label="Payment method">{method || 'Not selected'}</Field>
        </Group>
        {payment.isAuto && payment.status === 'IN_APPROVAL' ? <AutoPaymentApprovalNote /> : null}
        {inQueue ? (
          <Alert
            color="red"
            variant="light"
            radius="md"
            icon={<IconPlayerPause size={18} aria-hidden />}
            title="Payment paused"
          >
            <Stack gap={4}>
              <Text size="sm">{actionNote ?? IN_QUEUE_NOTICE}</Text>
              <Anchor component={Link} to={paths.settingsBusinessProfile(businessId)} size="sm" fw={600}>
                {IN_QUEUE_LINK_LABEL}
              </Anchor>
            </Stack>
          </Alert>
        ) : actionNote ? (
          <Alert
            color="yellow"
            variant="light"
            radius="md"
            icon={<IconAlertCircle size={18} aria-hidden />}
            title="Action required"
          >
            <Text size="sm">{actionNote}</Text>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
};
