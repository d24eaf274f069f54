import { ACCOUNTING_MESSAGES, type IntegrationProvider } from '@ferry/domain/schemas';
import { Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useProviders } from '../api/get-providers';
import { useStartConnect } from '../api/start-connect';
import { ADMIN_ONLY_TEXT } from '../utils/access';
import type { ConnectReturn } from '../utils/connect-return';
import { connectLabelOf } from '../utils/provider-text';

/** The server's message when it sent one, else 'Unknown error'. */
export const connectErrorMessage = (error: unknown): string =>
  isApiError(error) && error.message ? getErrorMessage(error) : ACCOUNTING_MESSAGES.unknown;

/** A long provider name wraps inside its card's button instead of being cut. */
const WRAPPING_LABEL = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal' as const, textAlign: 'center' as const },
};

export type ProviderCardProps = {
  provider: IntegrationProvider;
  onConnect: () => void;
  pending: boolean;
  /** Only the Admin may connect: others see the button disabled, with why in a tooltip. */
  canConnect: boolean;
};

export const ProviderCard = ({ provider, onConnect, pending, canConnect }: ProviderCardProps) => {
  const label = connectLabelOf(provider);
  return (
    <Paper withBorder radius="md" p="lg" component="article" aria-label={provider.name}>
      <Stack gap="md" h="100%" justify="space-between">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Image src={provider.logo} alt="" w={40} h={40} fit="contain" style={{ flexShrink: 0 }} />
          <Stack gap={4} align="flex-start">
            <Text fw={600}>{provider.name}</Text>
            {provider.mode === 'SANDBOX' ? (
              <Badge size="xs" variant="light" color="grape" tt="none" miw="max-content">
                Sandbox
              </Badge>
            ) : null}
          </Stack>
        </Group>
        {canConnect ? (
          <Button variant="light" onClick={onConnect} loading={pending} styles={WRAPPING_LABEL}>
            {label}
          </Button>
        ) : (
          <Tooltip label={ADMIN_ONLY_TEXT} withArrow>
            <Button
              variant="light"
              data-disabled
              aria-disabled="true"
              onClick={(event) => event.preventDefault()}
            >
              {label}
            </Button>
          </Tooltip>
        )}
      </Stack>
    </Paper>
  );
};

export type ProviderCardsProps = {
  /** The business to connect; none at sign-in. */
  businessId?: string;
  /** Where the return page lands afterwards. */
  from: ConnectReturn['from'];
  canConnect: boolean;
};

/**
 * The accounting picker's provider cards (GET /integration): each starts the connection — the
 * connection URL, then the provider's consent page.
 */
export const ProviderCards = ({ businessId, from, canConnect }: ProviderCardsProps) => {
  const providersQuery = useProviders();
  const startConnect = useStartConnect();
  if (providersQuery.isPending) return <PageLoader label="Loading accounting software" />;
  if (providersQuery.isError) {
    return <ErrorState error={providersQuery.error} onRetry={() => void providersQuery.refetch()} />;
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {providersQuery.data.map((provider) => (
        <ProviderCard
          key={provider.id}
          provider={provider}
          canConnect={canConnect}
          pending={startConnect.isPending && startConnect.variables?.providerType === provider.providerType}
          onConnect={() =>
            startConnect.mutate(
              { providerType: provider.providerType, ...(businessId ? { businessId } : {}), from },
              {
                onError: (error) => notifications.show({ color: 'red', message: connectErrorMessage(error) }),
              },
            )
          }
        />
      ))}
    </SimpleGrid>
  );
};
