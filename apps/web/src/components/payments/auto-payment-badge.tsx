import { AUTO_PAYMENT_CONTACT_LABELS, type AutoPaymentMappingStatus } from '@ferry/domain';
import { Badge, type BadgeProps, Group, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { PaymentStatusBadge, type PaymentStatusBadgeProps } from './payment-status-badge';

/** The auto-payment badge of a payment made by an auto-payment authorisation (spec 002 §2). */
export const AutoPaymentBadge = (props: Omit<BadgeProps, 'children'>) => (
  <Badge
    variant="outline"
    color="indigo"
    radius="sm"
    tt="none"
    leftSection={<IconBolt size={12} aria-hidden />}
    {...props}
  >
    Auto payment
  </Badge>
);

/** A payments list's status pill, followed by the auto-payment badge on a payment an authorisation made. */
export const PaymentStatusWithAuto = ({
  isAuto,
  ...props
}: PaymentStatusBadgeProps & { isAuto: boolean }) => (
  <Group gap={4}>
    <PaymentStatusBadge {...props} />
    {isAuto ? <AutoPaymentBadge size="sm" /> : null}
  </Group>
);

/** On an auto payment waiting for approval: the payer's approval policies apply to it like any other. */
export const AUTO_PAYMENT_APPROVAL_NOTE = 'This auto payment follows your approval policies.';

export const AutoPaymentApprovalNote = () => (
  <Text size="sm" c="dimmed" role="note">
    {AUTO_PAYMENT_APPROVAL_NOTE}
  </Text>
);

/** The colours of the contact labels (and of the card's other status texts, which fall back to gray). */
export const AUTO_PAYMENT_LABEL_COLORS: Record<string, string> = {
  Pending: 'yellow',
  Enabled: 'teal',
  Blocked: 'red',
  Disabled: 'gray',
};

/**
 * A contact's auto-payment label (spec 002 §4 contact-to-network labels: Pending, Enabled, Blocked,
 * Disabled), nothing for a status without one.
 */
export const AutoPaymentLabelBadge = ({
  status,
}: {
  status: AutoPaymentMappingStatus | null | undefined;
}) => {
  const label = status ? AUTO_PAYMENT_CONTACT_LABELS[status] : undefined;
  if (!label) return null;
  return (
    <Badge
      variant="light"
      color={AUTO_PAYMENT_LABEL_COLORS[label] ?? 'gray'}
      radius="sm"
      tt="none"
      size="sm"
      leftSection={<IconBolt size={10} aria-hidden />}
      aria-label={`Auto payments: ${label}`}
    >
      {label}
    </Badge>
  );
};
