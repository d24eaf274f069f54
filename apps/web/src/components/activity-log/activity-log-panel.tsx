import { formatDateTime, getInitials, MONEY_MESSAGES } from '@ferry/domain';
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
import { ErrorState } from '@/components/error-state';
import { LoadMoreButton, QueryStateBlock } from '@/components/query-state-block';
import { getActivityActor, getActivityIcon } from './activity-log-display';
import { type ActivityLogEntry, useActivityLogs } from './get-activity-logs';

/** Spec 002 §2: the timeline scrolls past 450 px. */
export const ACTIVITY_LOG_MAX_HEIGHT = 450;

export type ActivityLogPanelProps = {
  businessId: string;
  /** The kind of record the log belongs to (the API's `entityType` filter, e.g. 'vendor'). */
  entityType: string;
  entityId: string;
};

const ActorBadge = ({ entry }: { entry: ActivityLogEntry }) => {
  const actor = getActivityActor(entry);
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

const ActivityItem = ({ entry }: { entry: ActivityLogEntry }) => {
  const remarks = entry.remarks?.trim();
  return (
    <Stack gap={4}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm">
          {entry.label}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </Text>
      </Group>
      <Group gap={6}>
        <ActorBadge entry={entry} />
      </Group>
      {remarks ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {remarks}
        </Text>
      ) : null}
    </Stack>
  );
};

const EmptyLog = () => (
  <Center py="xl">
    <Stack gap={4} align="center" ta="center">
      <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
        <IconHistory size={24} />
      </ThemeIcon>
      <Text fw={600}>{MONEY_MESSAGES.noActivityTitle}</Text>
      <Text size="sm" c="dimmed">
        {MONEY_MESSAGES.noActivityBody}
      </Text>
      <Text size="sm" c="dimmed">
        {MONEY_MESSAGES.noActivityHint}
      </Text>
    </Stack>
  </Center>
);

/**
 * The Activity Logs panel of a record (spec 002 §2): a timeline with an icon per action, its label, the
 * time ('MMM DD, YYYY HH:mm'), who did it (a system or provider badge, or the person's name) and remarks.
 * Pages of 50 are added with 'Load more'; the list scrolls past 450 px.
 */
export const ActivityLogPanel = ({ businessId, entityType, entityId }: ActivityLogPanelProps) => {
  const query = useActivityLogs({ businessId, entityType, entityId });
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];

  const titleId = useId();
  const body = (
    <QueryStateBlock
      query={query}
      loadingLabel="Loading activity"
      loadingPy="xl"
      isEmpty={entries.length === 0}
      empty={<EmptyLog />}
      errorOnlyWhenEmpty
    >
      <Stack gap="sm">
        <ScrollArea.Autosize mah={ACTIVITY_LOG_MAX_HEIGHT} type="auto" offsetScrollbars>
          <Timeline bulletSize={28} lineWidth={2}>
            {entries.map((entry) => {
              const { icon: Icon, color } = getActivityIcon(entry.action);
              return (
                <Timeline.Item
                  key={entry.id}
                  color={color}
                  bullet={<Icon size={14} aria-hidden />}
                  styles={{ itemBody: { paddingBottom: 'var(--mantine-spacing-xs)' } }}
                >
                  <ActivityItem entry={entry} />
                </Timeline.Item>
              );
            })}
          </Timeline>
        </ScrollArea.Autosize>
        {query.isFetchNextPageError ? (
          <ErrorState error={query.error} onRetry={() => void query.fetchNextPage()} />
        ) : null}
        <LoadMoreButton query={query} />
      </Stack>
    </QueryStateBlock>
  );

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={3} fz="lg" id={titleId}>
          Activity Logs
        </Title>
        {body}
      </Stack>
    </Paper>
  );
};
