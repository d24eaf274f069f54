import type { PaymentTimelineAction, PaymentTimelineEntry } from '@ferry/domain';
import { Paper, Stack, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconBan,
  IconBuildingBank,
  IconCalendarEvent,
  IconCalendarRepeat,
  IconChecks,
  IconCircleCheck,
  IconHourglass,
  IconMailForward,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconReceiptRefund,
  IconRefresh,
  IconSend,
  IconShieldX,
  IconUserCheck,
  IconUserPlus,
  type TablerIcon,
} from '@tabler/icons-react';
import { useId } from 'react';
import type { ActivityActor } from '@/components/activity-log/activity-log-display';
import {
  ActivityTimeline,
  type ActivityTimelineEntry,
  EmptyActivity,
} from '@/components/activity-log/activity-timeline';

/** Timeline icons and colours by action. */
export const TIMELINE_ICONS: Record<PaymentTimelineAction, { icon: TablerIcon; color: string }> = {
  CREATED: { icon: IconPlus, color: 'blue' },
  SCHEDULED: { icon: IconCalendarEvent, color: 'blue' },
  IN_QUEUE: { icon: IconPlayerPause, color: 'red' },
  RELEASED: { icon: IconPlayerPlay, color: 'blue' },
  HOLD: { icon: IconHourglass, color: 'yellow' },
  AWAITING_PAYEE: { icon: IconUserPlus, color: 'yellow' },
  PAYEE_ACCEPTED: { icon: IconUserCheck, color: 'teal' },
  ACCEPT_REMINDER_SENT: { icon: IconMailForward, color: 'blue' },
  SUBMITTED: { icon: IconSend, color: 'yellow' },
  FUNDS_COLLECTED: { icon: IconBuildingBank, color: 'yellow' },
  DELIVERED: { icon: IconCircleCheck, color: 'teal' },
  FAILED: { icon: IconAlertTriangle, color: 'red' },
  REVERSED: { icon: IconArrowBackUp, color: 'red' },
  DECLINED: { icon: IconShieldX, color: 'red' },
  CANCELED: { icon: IconBan, color: 'red' },
  PAYMENT_RESCHEDULED: { icon: IconCalendarRepeat, color: 'cyan' },
  PAYMENT_RETRIED: { icon: IconRefresh, color: 'cyan' },
  MARKED_AS_PAID: { icon: IconChecks, color: 'teal' },
  SUBMITTED_FOR_APPROVAL: { icon: IconSend, color: 'yellow' },
  APPROVED: { icon: IconUserCheck, color: 'teal' },
  REJECTED: { icon: IconShieldX, color: 'red' },
  BYPASSED_AND_APPROVED: { icon: IconUserCheck, color: 'teal' },
  BYPASS_AND_REJECT: { icon: IconShieldX, color: 'red' },
  APPROVED_AND_SCHEDULED: { icon: IconCalendarEvent, color: 'teal' },
  REFUND_SENT: { icon: IconReceiptRefund, color: 'yellow' },
  REFUNDED: { icon: IconReceiptRefund, color: 'teal' },
};

/** A person shows their name; the system, or an entry without a name, shows the system badge. */
const toActor = ({ type, name }: PaymentTimelineEntry['actor']): ActivityActor => {
  const trimmed = name.trim();
  return type === 'SYSTEM' || !trimmed
    ? { kind: 'system', label: trimmed || 'System' }
    : { kind: 'person', name: trimmed };
};

/** Newest first, like every activity log; entries of the same instant keep the server's order. */
const newestFirst = (entries: readonly PaymentTimelineEntry[]) =>
  entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.at.localeCompare(a.entry.at) || b.index - a.index)
    .map(({ entry }) => entry);

const toTimelineEntry = (entry: PaymentTimelineEntry): ActivityTimelineEntry => ({
  id: entry.id,
  action: entry.action,
  label: entry.label,
  at: entry.at,
  actor: toActor(entry.actor),
  remarks: entry.remarks,
  icon: TIMELINE_ICONS[entry.action] ?? TIMELINE_ICONS.CREATED,
});

export type PaymentTimelineProps = { entries: readonly PaymentTimelineEntry[] };

/**
 * A payment's activity timeline (spec 002 §2 activity log look): an icon per event, its label, the
 * time 'MMM DD, YYYY HH:mm', who did it (a person, or the system badge) and remarks. The paying side's
 * detail and the receiving side's (whose steps the server already limits to the payee's) share it.
 */
export const PaymentTimeline = ({ entries }: PaymentTimelineProps) => {
  const titleId = useId();
  const ordered = newestFirst(entries);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          Activity
        </Title>
        {ordered.length === 0 ? (
          <EmptyActivity />
        ) : (
          <ActivityTimeline entries={ordered.map(toTimelineEntry)} aria-label="Payment activity" />
        )}
      </Stack>
    </Paper>
  );
};
