import { formatDateTime } from '@ferry/domain';
import {
  Button,
  Center,
  Group,
  List,
  Loader,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { formatRangeText, shouldShowPager } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { ErrorState } from '@/components/error-state';
import { AUDIT_PAGE_SIZE, type AuditEntry, useAuditTrail } from '../api/get-audit-trail';
import {
  type AuditSnapshot,
  getAuditActionLabel,
  getAuditActorName,
  getAuditPolicyName,
  readAuditSnapshot,
} from '../utils/audit';
import { PolicyConditions, PolicyStages } from './policy-details';

export type AuditTrailDialogProps = {
  businessId: string;
  opened: boolean;
  onClose: () => void;
};

type Tab = 'list' | 'detail';

const EMPTY_SIDE: Record<'before' | 'after', string> = {
  before: 'Nothing before: the policy was created here.',
  after: 'Nothing after: the policy was deleted.',
};

const SnapshotView = ({ snapshot, side }: { snapshot: AuditSnapshot; side: 'before' | 'after' }) => {
  switch (snapshot.kind) {
    case 'policy':
      return (
        <Stack gap="sm">
          <Stack gap={2}>
            <Text fw={650} style={{ overflowWrap: 'anywhere' }}>
              {snapshot.policy.name}
            </Text>
            {snapshot.policy.description ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {snapshot.policy.description}
              </Text>
            ) : null}
          </Stack>
          <PolicyConditions policy={snapshot.policy} />
          <PolicyStages policy={snapshot.policy} />
        </Stack>
      );
    case 'order':
      return (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Priority order
          </Text>
          <List type="ordered" size="sm">
            {/* Active policies' names are unique. */}
            {snapshot.names.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        </Stack>
      );
    case 'named':
      return <Text fw={650}>{snapshot.name}</Text>;
    case 'none':
      return (
        <Text size="sm" c="dimmed">
          {EMPTY_SIDE[side]}
        </Text>
      );
  }
};

const EntryDetail = ({ entry }: { entry: AuditEntry | null }) => {
  if (!entry) {
    return (
      <Text size="sm" c="dimmed" py="lg" ta="center">
        Choose an entry in the list to see what changed.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={3} fz="md">
          {getAuditActionLabel(entry)} · {getAuditPolicyName(entry)}
        </Title>
        <Text size="sm" c="dimmed">
          {getAuditActorName(entry)} · {formatDateTime(entry.createdAt)}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {(['before', 'after'] as const).map((side) => (
          <Paper
            key={side}
            component="section"
            withBorder
            radius="md"
            p="md"
            aria-label={side === 'before' ? 'Before' : 'After'}
          >
            <Stack gap="sm">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
                {side === 'before' ? 'Before' : 'After'}
              </Text>
              <SnapshotView
                snapshot={readAuditSnapshot(
                  side === 'before' ? entry.metadata?.oldData : entry.metadata?.newData,
                )}
                side={side}
              />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
};

/**
 * The approval policies' audit trail (spec 001 §2, §4, §7): a list tab — who, when ('MMM DD, YYYY HH:mm'),
 * the action and the policy, 10 a page — and a detail tab showing an entry's policy before and after,
 * side by side.
 */
export const AuditTrailDialog = ({ businessId, opened, onClose }: AuditTrailDialogProps) => {
  const [tab, setTab] = useState<Tab>('list');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const query = useAuditTrail(businessId, page, { enabled: opened });
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / AUDIT_PAGE_SIZE)) : 1;

  const open = (entry: AuditEntry) => {
    setSelected(entry);
    setTab('detail');
  };

  let list: React.ReactNode;
  if (query.isError && !data) {
    list = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!data) {
    list = (
      <Center py="xl" role="status" aria-label="Loading the audit trail">
        <Loader size="sm" type="dots" aria-hidden />
      </Center>
    );
  } else if (data.total === 0) {
    list = (
      <Stack gap={4} align="center" py="lg">
        <Text fw={600}>No changes yet</Text>
        <Text size="sm" c="dimmed">
          Policies created, modified, deleted and reordered will appear here.
        </Text>
      </Stack>
    );
  } else {
    list = (
      <Stack gap="sm">
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={560} type="native">
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Audit trail"
              aria-busy={query.isFetching}
            >
              <Table.Thead bg="var(--mantine-color-gray-0)">
                <Table.Tr>
                  <Table.Th scope="col">Who</Table.Th>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                  <Table.Th scope="col">Policy</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Details</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((entry) => (
                  <Table.Tr key={entry.id} data-selected={selected?.id === entry.id || undefined}>
                    <Table.Td>
                      <Text size="sm">{getAuditActorName(entry)}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatDateTime(entry.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {getAuditActionLabel(entry)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {getAuditPolicyName(entry)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => open(entry)}
                        aria-label={`View details of ${getAuditActionLabel(entry)}, ${formatDateTime(entry.createdAt)}`}
                      >
                        View
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        {shouldShowPager(data.total) ? (
          <Group justify="space-between" component="nav" aria-label="Audit trail pagination">
            <Text size="sm" c="dimmed" aria-live="polite">
              {formatRangeText(page, AUDIT_PAGE_SIZE, data.total)}
            </Text>
            <Pagination
              total={pageCount}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
              })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        ) : null}
        {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      </Stack>
    );
  }

  return (
    <Dialog opened={opened} onClose={onClose} title="Audit Trail" size="xl">
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'list')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="list">Activity</Tabs.Tab>
          <Tabs.Tab value="detail">Details</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">{list}</Tabs.Panel>
        <Tabs.Panel value="detail">
          <EntryDetail entry={selected} />
        </Tabs.Panel>
      </Tabs>
    </Dialog>
  );
};
