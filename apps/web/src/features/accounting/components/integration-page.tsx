import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { useBusinessAccess } from '@/lib/business-access';
import { useConnection } from '../api/get-connection';
import { useProviders } from '../api/get-providers';
import { isAccountingAdmin } from '../utils/access';
import { SANDBOX_BOOKS_HREF } from '../utils/provider-text';
import { ConnectionPanel } from './connection-panel';
import { ProviderCards } from './provider-cards';
import { SyncHistory } from './sync-history';

export type IntegrationPageProps = { businessId: string };

/**
 * Settings > Integrations `/b/{id}/settings/integration` (spec 002 §4): the provider cards while no
 * accounting software is connected (or after a disconnect); once connected the connection with its
 * controls and the sync history. 'Open Sandbox Books' while the sandbox stands in for a provider.
 */
export const IntegrationPage = ({ businessId }: IntegrationPageProps) => {
  const businessQuery = useBusinessAccess(businessId);
  const connectionQuery = useConnection(businessId);
  const providers = useProviders().data ?? [];
  const connection = connectionQuery.data;
  const isAdmin = isAccountingAdmin(businessQuery.data);
  const isSandbox =
    connection?.mode === 'SANDBOX' ||
    (!connection && providers.some((provider) => provider.mode === 'SANDBOX'));

  const body = () => {
    if (connectionQuery.isPending || businessQuery.isPending)
      return <PageLoader label="Loading integrations" />;
    if (connectionQuery.isError) {
      return <ErrorState error={connectionQuery.error} onRetry={() => void connectionQuery.refetch()} />;
    }
    const offerCards = !connection || connection.status === 'DISCONNECTED';
    return (
      <>
        {connection ? (
          <ConnectionPanel businessId={businessId} connection={connection} isAdmin={isAdmin} />
        ) : null}
        {offerCards ? (
          <Stack gap="sm" component="section" aria-labelledby="connect-accounting-title">
            <Title order={2} fz="lg" id="connect-accounting-title">
              {connection ? 'Connect again' : 'Connect your accounting software'}
            </Title>
            <Text size="sm" c="dimmed">
              Keep vendors, customers, bills and invoices in step with your books, so nothing is entered
              twice.
            </Text>
            <ProviderCards businessId={businessId} from="settings" canConnect={isAdmin} />
          </Stack>
        ) : null}
        {connection ? <SyncHistory businessId={businessId} lastRun={connection.lastRun} /> : null}
      </>
    );
  };

  return (
    <Stack gap="xl" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz={30} lts="-0.02em">
            Integrations
          </Title>
          <Text size="sm" c="dimmed">
            Your accounting software: the connection, automatic syncing and what each sync did.
          </Text>
        </Stack>
        {isSandbox ? (
          <Anchor href={SANDBOX_BOOKS_HREF} target="_blank" rel="noopener" fw={600}>
            <Group gap={4} component="span">
              Open Sandbox Books
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        ) : null}
      </Group>
      {body()}
    </Stack>
  );
};
