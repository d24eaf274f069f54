import { formatDateTime, getInitials, MONEY_MESSAGES } from '@ferry/domain';
import { Avatar, Badge, Center, Group, ScrollArea, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconHistory, IconRobot } from '@tabler/icons-react';
import type { ActivityActor, ActivityIcon } from './activity-log-display';

/** Spec 002 §2: the timeline scrolls past 450 px. */
export const ACTIVITY_LOG_MAX_HEIGHT = 450;

/** One entry of an activity timeline, whichever log it comes from. */
export type ActivityTimelineEntry = {
  id: string;
  action: string;
  label: string;
  /** ISO date-time. */
  at: string;
  actor: ActivityActor;
  remarks: string | null | undefined;
  icon: ActivityIcon;
};

/** Who did it: a person's initials and name, or the system (or provider) badge. */
export const ActivityActorBadge = ({ actor }: { actor: ActivityActor }) => {
  if (actor.kind === 'system') {
    return (
      <Badge
        variant="light"
        color="gray"
        radius="sm"
        tt="none"
        leftSection={<IconRobot size={12} aria-hidden />}
        data-actor="system"
      >
        {actor.label}
      </Badge>
    );
  }
  return (
    <Badge
      variant="light"
      color="blue"
      radius="xl"
      tt="none"
      pl={2}
      leftSection={
        <Avatar size={18} radius="xl" color="blue" variant="filled" aria-hidden>
          {getInitials(actor.name)}
        </Avatar>
      }
      data-actor="person"
    >
      {actor.name}
    </Badge>
  );
};

const ActivityItem = ({ entry }: { entry: ActivityTimelineEntry }) => {
  const remarks = entry.remarks?.trim();
  return (
    <Stack gap={4}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm">
          {entry.label}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </Text>
      </Group>
      <Group gap={6}>
        <ActivityActorBadge actor={entry.actor} />
      </Group>
      {remarks ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {remarks}
        </Text>
      ) : null}
    </Stack>
  );
};

export type ActivityTimelineProps = {
  entries: readonly ActivityTimelineEntry[];
  /** The list's accessible name, when it has one. */
  'aria-label'?: string;
};

/**
 * An activity timeline (spec 002 §2 activity log look): an icon per action, its label, the time
 * ('MMM DD, YYYY HH:mm'), who did it and remarks; it scrolls past 450 px.
 */
export const ActivityTimeline = ({ entries, 'aria-label': ariaLabel }: ActivityTimelineProps) => (
  <ScrollArea.Autosize mah={ACTIVITY_LOG_MAX_HEIGHT} type="auto" offsetScrollbars>
    <Timeline bulletSize={28} lineWidth={2} {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}>
      {entries.map((entry) => {
        const { icon: Icon, color } = entry.icon;
        return (
          <Timeline.Item
            key={entry.id}
            color={color}
            bullet={<Icon size={14} aria-hidden />}
            data-action={entry.action}
            styles={{ itemBody: { paddingBottom: 'var(--mantine-spacing-xs)' } }}
          >
            <ActivityItem entry={entry} />
          </Timeline.Item>
        );
      })}
    </Timeline>
  </ScrollArea.Autosize>
);

/** 'No activity yet' with its body, and a hint when given. */
export const EmptyActivity = ({ hint }: { hint?: string }) => (
  <Center py="xl">
    <Stack gap={4} align="center" ta="center">
      <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
        <IconHistory size={24} />
      </ThemeIcon>
      <Text fw={600}>{MONEY_MESSAGES.noActivityTitle}</Text>
      <Text size="sm" c="dimmed">
        {MONEY_MESSAGES.noActivityBody}
      </Text>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  </Center>
);
