import { Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { usePaginationState } from '@/components/data-table';
import { ErrorState } from '@/components/error-state';
import { type OutboxMessage, useOutboxMessages } from '../api/get-outbox-messages';
import { MessageDetail } from './message-detail';
import { OutboxFilter } from './outbox-filter';
import { OutboxTable } from './outbox-table';

const FILTER_DEBOUNCE_MS = 300;

/** `/dev/outbox`: what the sandbox mail and SMS providers "sent", newest first. */
export const DevOutboxPage = () => {
  const [address, setAddress] = useState('');
  const [to] = useDebouncedValue(address.trim(), FILTER_DEBOUNCE_MS);
  const { page, pageSize, setPage, setPageSize, reset } = usePaginationState();
  const [selected, setSelected] = useState<OutboxMessage | null>(null);
  const query = useOutboxMessages({ to, pageNumber: page, pageSize });

  // A new filter starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `to` is the trigger
  useEffect(() => reset(), [to, reset]);

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            Dev outbox
          </Title>
          <Text c="dimmed" size="sm">
            Emails and text messages sent through the sandbox mail and SMS providers. Not available in
            production.
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => query.refetch()}
          loading={query.isFetching && !query.isLoading}
        >
          Refresh
        </Button>
      </Group>

      <OutboxFilter value={address} onChange={setAddress} />

      {query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <OutboxTable
              messages={query.data?.items}
              isLoading={query.isLoading}
              selectedId={selected?.id ?? null}
              onSelect={setSelected}
              pagination={{
                page,
                pageSize,
                total: query.data?.total ?? 0,
                onPageChange: setPage,
                onPageSizeChange: setPageSize,
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <MessageDetail message={selected} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
};
