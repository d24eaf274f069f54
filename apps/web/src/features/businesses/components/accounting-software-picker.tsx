import { paths } from '@ferry/domain';
import { Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type AccountingSoftwarePickerProps = {
  /** The business being onboarded; without one the way out is 'Skip for now (optional)'. */
  businessId?: string | null;
  /**
   * The provider cards ('Connect to QuickBooks', 'Connect to {provider}'), given by the app (the accounting
   * feature's cards start the connection flow).
   */
  providers?: ReactNode;
  /** 'Sign in with Intuit' and 'Sign in with Xero', given by the app. */
  signIn?: ReactNode;
};

/**
 * The accounting software picker (spec 000 §2, 002 §2): provider cards, the sign-in buttons, then 'Cancel'
 * (to the business's home) when a business id exists, otherwise 'Skip for now (optional)' (to /onboard/b/skip).
 */
export const AccountingSoftwarePicker = ({
  businessId,
  providers,
  signIn,
}: AccountingSoftwarePickerProps) => (
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

    {providers}

    {signIn ? (
      <Stack gap="sm">
        <Divider label="or" labelPosition="center" />
        {signIn}
      </Stack>
    ) : null}

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
