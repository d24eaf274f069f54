import { paths } from '@ferry/domain';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconBuildingStore, IconPlugConnected, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LIVE_AREAS } from '@/config/areas';
import type { ContactAccess } from '../utils/access';
import type { ContactKindConfig } from '../utils/contact-kind';

export const CONNECT_ADMIN_ONLY = 'Only admins can connect accounting software.';

export type ContactsEmptyStateProps = {
  businessId: string;
  config: ContactKindConfig;
  access: ContactAccess;
};

/**
 * No contacts yet (spec 002 §2): 'Add your first vendor to send a payment' with the add button for those
 * who may manage them, and 'Connect Now' while no accounting software is connected (enabled for admins,
 * disabled for everyone else) once the integrations area is live.
 */
export const ContactsEmptyState = ({ businessId, config, access }: ContactsEmptyStateProps) => {
  const Icon = config.kind === 'vendor' ? IconBuildingStore : IconUsersGroup;
  const headingId = `no-${config.apiSegment}`;
  const offerConnect = LIVE_AREAS.integrations && !access.hasAccountingConnection;
  return (
    <Paper component="section" withBorder radius="md" p="xl" aria-labelledby={headingId}>
      <Stack align="center" gap="md" ta="center" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <Icon size={28} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={4} align="center">
          <Title order={2} fz="lg" id={headingId}>
            No {config.pluralLabel.toLowerCase()} yet
          </Title>
          <Text c="dimmed" size="sm">
            {config.emptyStateText}
          </Text>
        </Stack>
        <Group justify="center" gap="sm">
          {access.canManage ? (
            <Button
              component={Link}
              to={config.addHref(businessId)}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Add {config.label}
            </Button>
          ) : null}
          {!offerConnect ? null : access.isAdmin ? (
            <Button
              component={Link}
              to={paths.settingsIntegration(businessId)}
              variant="default"
              leftSection={<IconPlugConnected size={16} aria-hidden />}
            >
              Connect Now
            </Button>
          ) : (
            <Tooltip label={CONNECT_ADMIN_ONLY} withArrow>
              {/* Disabled the way that keeps the tooltip and the focus (a `disabled` button gets neither). */}
              <Button
                variant="default"
                data-disabled
                aria-disabled="true"
                aria-describedby={`${headingId}-connect-note`}
                onClick={(event) => event.preventDefault()}
                leftSection={<IconPlugConnected size={16} aria-hidden />}
              >
                Connect Now
              </Button>
            </Tooltip>
          )}
        </Group>
        {offerConnect ? (
          <Text size="xs" c="dimmed" id={`${headingId}-connect-note`}>
            {access.isAdmin
              ? `Connect your accounting software to bring in your ${config.pluralLabel.toLowerCase()}.`
              : CONNECT_ADMIN_ONLY}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
};
