import { ACCOUNTING_PROVIDERS, formatDateTime } from '@ferry/domain';
import type { SandboxGrant } from '@ferry/domain/schemas';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { getErrorMessage } from '@/lib/api-error';
import { useExpireSandboxTokens, useSandboxGrants } from '../api/grants';
import { ConfirmDialog } from './confirm-dialog';

export const EXPIRE_TOKENS_TEXT =
  'Ferry’s next call to these books will be refused and the connection will show Reconnect.';

const STATUS: Record<SandboxGrant['status'], { label: string; color: string }> = {
  ACTIVE: { label: 'Active', color: 'teal' },
  EXPIRED: { label: 'Expired', color: 'yellow' },
  REVOKED: { label: 'Revoked', color: 'gray' },
};

const providerName = (type: string): string =>
  ACCOUNTING_PROVIDERS.find((provider) => provider.value === type)?.label ?? type;

/** The connections (OAuth grants) made to a company, and 'Expire tokens' to make Ferry's next call fail. */
export const ConnectionsPanel = ({ companyId }: { companyId: string }) => {
  const grants = useSandboxGrants(companyId);
  const expire = useExpireSandboxTokens(companyId);
  const [confirming, setConfirming] = useState(false);
  const list = grants.data ?? [];

  const onConfirm = () =>
    expire.mutate(undefined, {
      onSuccess: ({ expired }) => {
        setConfirming(false);
        notifications.show({
          color: 'teal',
          title: 'Tokens expired',
          message: `${expired} connection${expired === 1 ? '' : 's'} will have to reconnect.`,
        });
      },
    });

  return (
    <Paper withBorder radius="md" p="lg" bg="white" component="section" aria-labelledby="books-connections">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="books-connections">
            Connections
          </Title>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconPlugConnectedX size={14} aria-hidden />}
            disabled={!list.some((grant) => grant.status === 'ACTIVE')}
            onClick={() => {
              expire.reset();
              setConfirming(true);
            }}
          >
            Expire tokens
          </Button>
        </Group>
        {grants.isError ? (
          <ErrorState error={grants.error} onRetry={() => void grants.refetch()} />
        ) : grants.isPending ? (
          <Text size="sm" c="dimmed" role="status">
            Loading the connections…
          </Text>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No app is connected to this company yet. Connect it from Ferry’s accounting settings.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" aria-label="Connections">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Connected as</Table.Th>
                  <Table.Th scope="col">Since</Table.Th>
                  <Table.Th scope="col">Access token expires</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((grant) => (
                  <Table.Tr key={grant.id}>
                    <Table.Td>{providerName(grant.providerType)}</Table.Td>
                    <Table.Td>{formatDateTime(grant.createdAt)}</Table.Td>
                    <Table.Td>
                      {grant.accessExpiresAt ? formatDateTime(grant.accessExpiresAt) : 'No token yet'}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" radius="sm" tt="none" color={STATUS[grant.status].color}>
                        {STATUS[grant.status].label}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Expire tokens?"
        confirmLabel="Expire tokens"
        pending={expire.isPending}
        error={expire.isError ? getErrorMessage(expire.error) : null}
        onConfirm={onConfirm}
        onClose={() => setConfirming(false)}
      >
        {EXPIRE_TOKENS_TEXT}
      </ConfirmDialog>
    </Paper>
  );
};
