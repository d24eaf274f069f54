import type { StatusColour } from '@ferry/domain';
import { Badge } from '@mantine/core';
import { getPaymentDisplay, getPaymentStatusIcon } from '../utils/payment-display';

const MANTINE_COLOR: Record<StatusColour, string> = {
  green: 'teal',
  amber: 'yellow',
  red: 'red',
  grey: 'gray',
};

export type PaymentStatusBadgeProps = { status: string };

/** A payment's status pill: the pay side's label and colour (spec 002 §4) with the status's own icon. */
export const PaymentStatusBadge = ({ status }: PaymentStatusBadgeProps) => {
  const display = getPaymentDisplay({ status });
  const Icon = getPaymentStatusIcon(status);
  return (
    <Badge
      color={MANTINE_COLOR[display.colour]}
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      leftSection={<Icon size={12} aria-hidden />}
      data-status-colour={display.colour}
      c={display.colour === 'amber' ? 'yellow.9' : undefined}
    >
      {display.label}
    </Badge>
  );
};
