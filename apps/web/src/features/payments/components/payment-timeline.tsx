import { formatDateTime, getInitials, MONEY_MESSAGES, type PaymentTimelineEntry } from '@ferry/domain';
import {
  Avatar,
  Badge,
  Center,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { IconHistory, IconRobot } from '@tabler/icons-react';
import { useId } from 'react';
import { TIMELINE_ICONS } from '../utils/payment-display';

/** Spec 002 §2: the activity timeline scrolls past 450 px. */
const TIMELINE_MAX_HEIGHT = 450;

const ActorBadge = ({ actor }: { actor: PaymentTimelineEntry['actor'] }) => {
  const name = actor.name.trim();
  if (actor.type === 'SYSTEM' || !name) {
    return (
      <Badge
        variant="light"
        color="gray"
        radius="sm"
        tt="none"
        leftSection={<IconRobot size={12} aria-hidden />}
        data-actor="system"
      >
        {name || 'System'}
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
          {getInitials(name)}
        </Avatar>
      }
      data-actor="person"
    >
      {name}
    </Badge>
  );
};

/** Newest first, like every activity log; entries of the same instant keep the server's order. */
const newestFirst = (entries: readonly PaymentTimelineEntry[]) =>
  entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.at.localeCompare(a.entry.at) || b.index - a.index)
    .map(({ entry }) => entry);

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
          <Center py="xl">
            <Stack gap={4} align="center" ta="center">
              <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
                <IconHistory size={24} />
              </ThemeIcon>
              <Text fw={600}>{MONEY_MESSAGES.noActivityTitle}</Text>
              <Text size="sm" c="dimmed">
                {MONEY_MESSAGES.noActivityBody}
              </Text>
            </Stack>
          </Center>
        ) : (
          <ScrollArea.Autosize mah={TIMELINE_MAX_HEIGHT} type="auto" offsetScrollbars>
            <Timeline bulletSize={28} lineWidth={2} aria-label="Payment activity">
              {ordered.map((entry) => {
                const { icon: Icon, color } = TIMELINE_ICONS[entry.action] ?? TIMELINE_ICONS.CREATED;
                const remarks = entry.remarks?.trim();
                return (
                  <Timeline.Item
                    key={entry.id}
                    color={color}
                    bullet={<Icon size={14} aria-hidden />}
                    data-action={entry.action}
                    styles={{ itemBody: { paddingBottom: 'var(--mantine-spacing-xs)' } }}
                  >
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
                        <ActorBadge actor={entry.actor} />
                      </Group>
                      {remarks ? (
                        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {remarks}
                        </Text>
                      ) : null}
                    </Stack>
                  </Timeline.Item>
                );
              })}
            </Timeline>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
};
