import { formatDateTime } from '@ferry/domain';
import { SYNC_KIND_LABELS, type SyncRun } from '@ferry/domain/schemas';
import { Anchor, Collapse, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ErrorState } from '@/components/error-state';
import { StatusBadge } from '@/components/status-badge';
import { useSyncRuns } from '../api/get-sync-runs';
import { accountingKeys } from '../api/keys';
import { changeLines, progressText, RUN_STATUS_DISPLAY, TRIGGER_LABELS } from '../utils/sync-run-text';

const Failures = ({ run }: { run: SyncRun }) => {
  const [open, setOpen] = useState(false);
  const count = run.failures.length;
  if (count === 0) return null;
  const listId = `sync-failures-${run.id}`;
  return (
    <Stack gap={4}>
      <Anchor
        component="button"
        type="button"
        size="sm"
        c="red.8"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {`${count} ${count === 1 ? 'record' : 'records'} not synced`}
      </Anchor>
      <Collapse expanded={open} id={listId}>
        <List size="sm" spacing={4}>
          {run.failures.map((failure) => (
            <List.Item key={`${failure.kind}-${failure.name}-${failure.message}`}>
              <Text span size="sm" fw={600}>
                {`${SYNC_KIND_LABELS[failure.kind].one} ${failure.name}`}
              </Text>
              <Text span size="sm">{`: ${failure.message}`}</Text>
            </List.Item>
          ))}
        </List>
      </Collapse>
    </Stack>
  );
};

const columns: DataTableColumn<SyncRun>[] = [
  {
    key: 'when',
    header: 'When',
    nowrap: true,
    cell: (run) => <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>,
  },
  { key: 'trigger', header: 'Trigger', nowrap: true, cell: (run) => TRIGGER_LABELS[run.trigger] },
  {
    key: 'status',
    header: 'Status',
    cell: (run) => (
      <Stack gap={4}>
        <StatusBadge {...RUN_STATUS_DISPLAY[run.status]} />
        {run.status === 'IN_PROGRESS' ? (
          <Group gap={6} wrap="nowrap">
            <Loader size={12} aria-hidden />
            <Text size="xs" c="dimmed">
              {progressText(run)}
            </Text>
          </Group>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'changes',
    header: 'What changed',
    cell: (run) => {
      const lines = changeLines(run);
      return (
        <Stack gap={4}>
          {lines.length > 0 ? (
            lines.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))
          ) : run.status === 'IN_PROGRESS' ? null : (
            <Text size="sm" c="dimmed">
              Nothing to change
            </Text>
          )}
          {run.error ? (
            <Text size="sm" c="red.8">
              {run.error}
            </Text>
          ) : null}
          <Failures run={run} />
        </Stack>
      );
    },
  },
];

/** The sync history (GET /business/{id}/accounting/sync-runs): when, trigger, status, what changed, failures. */
export const SyncHistory = ({ businessId, lastRun }: { businessId: string; lastRun: SyncRun | null }) => {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const runsQuery = useSyncRuns(businessId, page, pageSize, lastRun?.status === 'IN_PROGRESS');
  const queryClient = useQueryClient();
  const lastRunKey = lastRun ? `${lastRun.id}:${lastRun.status}` : '';
  // The connection saw a run start or end: the history reads again at once.
  useEffect(() => {
    if (lastRunKey)
      void queryClient.invalidateQueries({ queryKey: [...accountingKeys.all(businessId), 'sync-runs'] });
  }, [lastRunKey, businessId, queryClient]);
  return (
    <Stack gap="sm" component="section" aria-labelledby="sync-history-title">
      <Title order={2} fz="lg" id="sync-history-title">
        Sync history
      </Title>
      {runsQuery.isError ? (
        <ErrorState error={runsQuery.error} onRetry={() => void runsQuery.refetch()} />
      ) : (
        <DataTable
          caption="Sync history"
          columns={columns}
          data={runsQuery.data?.items}
          getRowKey={(run) => run.id}
          isLoading={runsQuery.isPending}
          pagination={{
            page,
            pageSize,
            total: runsQuery.data?.total ?? 0,
            onPageChange: setPage,
            onPageSizeChange: (size) => {
              setPageSize(size);
              setPage(1);
            },
          }}
        />
      )}
    </Stack>
  );
};
