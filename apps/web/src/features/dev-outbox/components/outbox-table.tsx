import { formatDateTime } from '@ferry/domain';
import { Anchor, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTablePagination } from '@/components/data-table';
import type { OutboxMessage } from '../api/get-outbox-messages';
import { ChannelBadge } from './channel-badge';

export type OutboxTableProps = {
  messages: OutboxMessage[] | undefined;
  isLoading: boolean;
  pagination: DataTablePagination;
  selectedId: string | null;
  onSelect: (message: OutboxMessage) => void;
};

const describeMessage = (message: OutboxMessage): string =>
  message.subject?.trim() || message.text.slice(0, 80) || '(empty message)';

export const OutboxTable = ({ messages, isLoading, pagination, selectedId, onSelect }: OutboxTableProps) => {
  const columns: DataTableColumn<OutboxMessage>[] = [
    {
      key: 'createdAt',
      header: 'Sent',
      width: 150,
      cell: (message) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(message.createdAt)}
        </Text>
      ),
    },
    {
      key: 'channel',
      header: 'Channel',
      width: 124,
      cell: (message) => <ChannelBadge channel={message.channel} />,
    },
    {
      key: 'message',
      header: 'Message',
      cell: (message) => (
        <Stack gap={2}>
          <Anchor
            component="button"
            type="button"
            onClick={() => onSelect(message)}
            aria-pressed={selectedId === message.id}
            size="sm"
            fw={600}
            ta="left"
            lineClamp={1}
          >
            {describeMessage(message)}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            To {message.to}
          </Text>
        </Stack>
      ),
    },
  ];

  return (
    <DataTable
      caption="Sent messages"
      columns={columns}
      data={messages}
      getRowKey={(message) => message.id}
      isLoading={isLoading}
      pagination={pagination}
      selectedRowKey={selectedId}
    />
  );
};
