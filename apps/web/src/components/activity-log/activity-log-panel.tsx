import { MONEY_MESSAGES } from '@ferry/domain';
import { Paper, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import { ErrorState } from '@/components/error-state';
import { LoadMoreButton, QueryStateBlock } from '@/components/query-state-block';
import { getActivityActor, getActivityIcon } from './activity-log-display';
import { ActivityTimeline, type ActivityTimelineEntry, EmptyActivity } from './activity-timeline';
import { type ActivityLogEntry, useActivityLogs } from './get-activity-logs';

export type ActivityLogPanelProps = {
  businessId: string;
  /** The kind of record the log belongs to (the API's `entityType` filter, e.g. 'vendor'). */
  entityType: string;
  entityId: string;
};

const toTimelineEntry = (entry: ActivityLogEntry): ActivityTimelineEntry => ({
  id: entry.id,
  action: entry.action,
  label: entry.label,
  at: entry.createdAt,
  actor: getActivityActor(entry),
  remarks: entry.remarks,
  icon: getActivityIcon(entry.action),
});

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
      empty={<EmptyActivity hint={MONEY_MESSAGES.noActivityHint} />}
      errorOnlyWhenEmpty
    >
      <Stack gap="sm">
        <ActivityTimeline entries={entries.map(toTimelineEntry)} />
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
