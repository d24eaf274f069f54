import { formatDateTime } from '@ferry/domain';
import { ACCOUNTING_MESSAGES, type AccountingConnection } from '@ferry/domain/schemas';
import {
  Button,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { StatusBadge, type StatusBadgeProps } from '@/components/status-badge';
import { getErrorMessage } from '@/lib/api-error';
import { useSetAutoSync } from '../api/connection-actions';
import { useStartConnect } from '../api/start-connect';
import { ADMIN_ONLY_TEXT } from '../utils/access';
import { formatTimeAgo } from '../utils/relative-time';
import { progressText } from '../utils/sync-run-text';
import { DisconnectDialog } from './disconnect-dialog';
import { connectErrorMessage } from './provider-cards';
import { SyncButton } from './sync-button';

const STATUS_DISPLAY: Record<AccountingConnection['status'], StatusBadgeProps> = {
  CONNECTED: { label: 'Connected', colour: 'green' },
  EXPIRED: { label: 'Expired', colour: 'amber' },
  DISCONNECTED: { label: 'Disconnected', colour: 'grey' },
};

/** A small uppercase label over its value. */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="sm" fw={500} component="div">
      {children}
    </Text>
  </Stack>
);

/** A control only the Admin may use: others see it disabled, and why in a tooltip. */
const AdminOnly = ({ isAdmin, children }: { isAdmin: boolean; children: ReactElement }) =>
  isAdmin ? (
    children
  ) : (
    <Tooltip label={ADMIN_ONLY_TEXT} withArrow>
      <span>{children}</span>
    </Tooltip>
  );

export type ConnectionPanelProps = {
  businessId: string;
  connection: AccountingConnection;
  isAdmin: boolean;
};

/**
 * The connected accounting software (spec 002 §4): provider, organisation, status, who connected it and
 * when, the last sync, the auto-sync switch, 'Sync now', 'Reconnect' when expired, and 'Disconnect'.
 */
export const ConnectionPanel = ({ businessId, connection, isAdmin }: ConnectionPanelProps) => {
  const [disconnectOpen, setDisconnectOpen] = useState(false);
  const setAutoSync = useSetAutoSync(businessId);
  const startConnect = useStartConnect();
  const providerName = connection.provider.name;
  const lastSync = connection.syncDate;
  const running = connection.lastRun?.status === 'IN_PROGRESS' ? connection.lastRun : null;
  const reconnect = () =>
    startConnect.mutate(
      { providerType: connection.providerType, businessId, from: 'settings' },
      { onError: (error) => notifications.show({ color: 'red', message: connectErrorMessage(error) }) },
    );

  return (
    <Paper withBorder radius="md" p="xl" component="section" aria-labelledby="accounting-connection-title">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Group gap="md" wrap="nowrap">
            <Image src={connection.logo} alt="" w={48} h={48} fit="contain" />
            <Stack gap={2}>
              <Group gap="xs">
                <Title order={2} fz="lg" id="accounting-connection-title">
                  {providerName}
                </Title>
                <StatusBadge {...STATUS_DISPLAY[connection.status]} />
              </Group>
              <Text size="sm" c="dimmed">
                {connection.organizationName}
              </Text>
            </Stack>
          </Group>
          <Group gap="sm">
            {connection.status === 'CONNECTED' ? <SyncButton businessId={businessId} /> : null}
            {connection.status === 'EXPIRED' ? (
              <AdminOnly isAdmin={isAdmin}>
                <Button
                  color="yellow"
                  variant="light"
                  leftSection={<IconPlugConnected size={16} aria-hidden />}
                  onClick={reconnect}
                  loading={startConnect.isPending}
                  disabled={!isAdmin}
                >
                  Reconnect
                </Button>
              </AdminOnly>
            ) : null}
            {connection.status === 'DISCONNECTED' ? null : (
              <AdminOnly isAdmin={isAdmin}>
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconPlugConnectedX size={16} aria-hidden />}
                  onClick={() => setDisconnectOpen(true)}
                  disabled={!isAdmin}
                >
                  Disconnect
                </Button>
              </AdminOnly>
            )}
          </Group>
        </Group>

        {connection.status === 'EXPIRED' ? (
          <Text size="sm" c="yellow.9">
            {ACCOUNTING_MESSAGES.expired}
          </Text>
        ) : null}

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Fact label="Connected on">
            {formatDateTime(connection.connectedAt)}
            {connection.connectedBy ? ` by ${connection.connectedBy}` : ''}
          </Fact>
          <Fact label="Last sync">
            {running ? (
              <Group gap={6} wrap="nowrap" component="span">
                <Loader size={12} aria-hidden />
                {progressText(running)}
              </Group>
            ) : lastSync ? (
              <Tooltip label={formatDateTime(lastSync)} withArrow>
                <time dateTime={lastSync}>{`${formatTimeAgo(lastSync)} ago`}</time>
              </Tooltip>
            ) : (
              'Never'
            )}
          </Fact>
          <AdminOnly isAdmin={isAdmin}>
            <Switch
              label="Auto sync"
              description="Sync with your books on a schedule and when they change."
              checked={connection.autoSync}
              disabled={!isAdmin || connection.status !== 'CONNECTED' || setAutoSync.isPending}
              onChange={(event) =>
                setAutoSync.mutate(event.currentTarget.checked, {
                  onError: (error) => notifications.show({ color: 'red', message: getErrorMessage(error) }),
                })
              }
            />
          </AdminOnly>
        </SimpleGrid>
      </Stack>
      <DisconnectDialog
        businessId={businessId}
        providerName={providerName}
        opened={disconnectOpen}
        onClose={() => setDisconnectOpen(false)}
      />
    </Paper>
  );
};
