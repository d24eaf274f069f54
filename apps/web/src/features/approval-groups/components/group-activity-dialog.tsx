import { formatDateTime } from '@ferry/domain';
import { Button, Center, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTablePager, shouldShowPager } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { ErrorState } from '@/components/error-state';
import { type GroupActivityItem, useGroupActivity } from '../api/get-group-activity';
import { describeGroupChanges, type GroupChange, getActivityActorName } from '../utils/group-activity';
import { joinNames } from '../utils/group-form';

export type GroupActivityDialogProps = {
  businessId: string;
  opened: boolean;
  onClose: () => void;
};

const changeText = (change: GroupChange): string => {
  switch (change.kind) {
    case 'renamed':
      return `Renamed from “${change.from}” to “${change.to}”`;
    case 'description':
      return change.to ? `Description: ${change.to}` : 'Description removed';
    case 'added':
      return `Added: ${joinNames(change.names)}`;
    case 'removed':
      return `Removed: ${joinNames(change.names)}`;
    case 'members':
      return `Members: ${joinNames(change.names)}`;
  }
};

const ActivityRow = ({ entry }: { entry: GroupActivityItem }) => {
  const changes = describeGroupChanges(entry);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(entry.createdAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{getActivityActorName(entry)}</Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {entry.label}
          </Text>
          {changes.map((change) => (
            <Text key={change.kind} size="xs" c="dimmed">
              {changeText(change)}
            </Text>
          ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
};

/**
 * The approval groups' activity log (spec 001 §7: user-activity-logs with entity=approval_groups): when,
 * who, what happened and what changed (members added and removed), newest first, paged on the server.
 */
export const GroupActivityDialog = ({ businessId, opened, onClose }: GroupActivityDialogProps) => {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const query = useGroupActivity(businessId, { pageNumber: page, pageSize }, { enabled: opened });
  const data = query.data;

  let body: React.ReactNode;
  if (query.isError && !data) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!data) {
    body = (
      <Center py="xl" role="status" aria-label="Loading activity">
        <Loader size="sm" type="dots" aria-hidden />
      </Center>
    );
  } else if (data.total === 0) {
    body = (
      <Stack gap={4} align="center" py="lg">
        <Text fw={600}>No activity yet</Text>
        <Text size="sm" c="dimmed">
          Groups created, modified and deleted will appear here.
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={520} type="native">
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            aria-busy={query.isFetching}
            aria-label="Approval group activity"
          >
            <Table.Thead bg="var(--mantine-color-gray-0)">
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">What</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((entry) => (
                <ActivityRow key={entry.id} entry={entry} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {shouldShowPager(data.total) ? (
          <div style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <DataTablePager
              page={page}
              pageSize={pageSize}
              total={data.total}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(1);
              }}
              label="Activity pagination"
            />
          </div>
        ) : null}
      </Paper>
    );
  }

  return (
    <Dialog opened={opened} onClose={onClose} title="Approval group activity" size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Who created, modified or deleted approval groups, and when.
        </Text>
        {body}
        {query.isError && data ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : null}
        <Group justify="flex-end">
          <Button onClick={onClose} variant="default">
            Close
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
};
