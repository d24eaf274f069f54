import type { PaymentTimelineEntry } from '@ferry/domain';
import { Paper, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import type { ActivityActor } from '@/components/activity-log/activity-log-display';
import {
  ActivityTimeline,
  type ActivityTimelineEntry,
  EmptyActivity,
} from '@/components/activity-log/activity-timeline';
import { TIMELINE_ICONS } from '../utils/payment-display';

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
 * The payment's activity timeline (spec 002 §2 activity log look): an icon per event, its label, the
 * time 'MMM DD, YYYY HH:mm', who did it (a person, or the system badge) and remarks.
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
