import { paths } from '@ferry/domain';
import { Alert, Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type AccountingSoftwarePickerProps = {
  /** The business being onboarded; without one the way out is 'Skip for now (optional)'. */
  businessId?: string | null;
  /**
   * The provider cards ('Connect to QuickBooks', 'Connect to {provider}'). They start the accounting
   * connection flow, which arrives with its own issue: until then there are none rather than broken ones.
   */
  providers?: ReactNode[];
};

/**
 * The accounting software picker (spec 000 §2, 002 §2): provider cards, then 'Cancel' (to the business's
 * home) when a business id exists, otherwise 'Skip for now (optional)' (to /onboard/b/skip).
 */
export const AccountingSoftwarePicker = ({ businessId, providers = [] }: AccountingSoftwarePickerProps) => (
  <Stack gap="xl">
    <Stack gap={6}>
      <Title order={1} fz={28} lts="-0.02em">
        Connect your accounting software
      </Title>
      <Text size="sm" c="dimmed">
        Keep vendors, customers, bills and invoices in step with QuickBooks Online, Xero, FreshBooks or Zoho
        Books, so nothing is entered twice.
      </Text>
    </Stack>

    {providers.length > 0 ? (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {providers}
      </SimpleGrid>
    ) : (
      <Alert variant="light" color="ferry" icon={<IconInfoCircle size={18} aria-hidden />} radius="md">
        Accounting connections are not available yet. Once they are, you can connect your software from
        Settings under Integrations.
      </Alert>
    )}

    <Group justify="flex-end">
      {businessId ? (
        <Anchor component={Link} to={paths.businessHome(businessId)} fw={600}>
          Cancel
        </Anchor>
      ) : (
        <Anchor component={Link} to={paths.onboardSkip()} fw={600}>
          Skip for now (optional)
        </Anchor>
      )}
    </Group>
  </Stack>
);
