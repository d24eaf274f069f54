import {
  type EnginePaymentStatus,
  getPaymentStatusDisplay,
  type PaymentSide,
  type StatusColour,
} from '@ferry/domain';
import { Badge } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconBan,
  IconCalendarEvent,
  IconCash,
  IconChecks,
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconHourglass,
  IconPlayerPause,
  IconProgress,
  IconShieldX,
  IconUserCheck,
  type TablerIcon,
} from '@tabler/icons-react';

/** Each status has its own icon (spec 002 §4). */
const STATUS_ICONS: Partial<Record<EnginePaymentStatus, TablerIcon>> = {
  PENDING: IconClockHour4,
  IN_APPROVAL: IconUserCheck,
  APPROVED: IconCircleCheck,
  REJECTED: IconCircleX,
  SCHEDULED: IconCalendarEvent,
  IN_QUEUE: IconPlayerPause,
  BANK_UNDER_VERIFICATION: IconHourglass,
  HOLD: IconHourglass,
  PROCESSING: IconProgress,
  DELIVERED: IconCircleCheck,
  FAILED: IconAlertTriangle,
  REVERSED: IconArrowBackUp,
  CANCELLED: IconBan,
  DECLINED: IconShieldX,
  MARKED_AS_PAID: IconChecks,
};

export const getPaymentStatusIcon = (status: string): TablerIcon =>
  STATUS_ICONS[status as EnginePaymentStatus] ?? IconCash;

const MANTINE_COLOR: Record<StatusColour, string> = {
  green: 'teal',
  amber: 'yellow',
  red: 'red',
  grey: 'gray',
};

export type PaymentStatusBadgeProps = {
  status: string;
  /** The paying side (bills, 'Delivered') or the receiving side (invoices, 'Received'). */
  side?: PaymentSide;
};

/** A payment's status pill: the side's label and colour (spec 002 §4) with the status's own icon. */
export const PaymentStatusBadge = ({ status, side = 'pay' }: PaymentStatusBadgeProps) => {
  const display = getPaymentStatusDisplay(status, { side });
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
