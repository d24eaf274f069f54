import { paths } from '@ferry/domain';
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Business } from '@/lib/businesses';
import { useBusiness } from '../api/get-business';
import { useRememberActiveBusiness } from '../hooks/use-remember-active-business';
import { BusinessLoading } from './business-loading';
import { OnboardingShell } from './onboarding-shell';

export type LinkBankStepPageProps = {
  /**
   * The bank linking of the step (the banking area's chooser, added banks, 'Continue' and 'Skip for now'),
   * composed in by the route. Without it the step offers only 'Skip for now'.
   */
  children?: (business: Business) => ReactNode;
};

/**
 * `/onboard/b/{businessId}/link-bank` (spec 000 §2): the step after the business details when the
 * country is US or missing. The frame (progress, heading, the business) is the onboarding's; the bank
 * linking itself comes from the banking area through `children`.
 */
export function LinkBankStepPage({ children }: LinkBankStepPageProps) {
  const { businessId = '' } = useParams();
  const businessQuery = useBusiness(businessId);
  useRememberActiveBusiness(businessQuery.data);
  return (
    <OnboardingShell step={1} cardWidth={640}>
      <BusinessLoading query={businessQuery}>
        {(business) => (
          <Stack gap="xl">
            <Stack gap="sm">
              <ThemeIcon size={52} radius="md" variant="light" aria-hidden>
                <IconBuildingBank size={28} stroke={1.6} />
              </ThemeIcon>
              <Title order={1} fz={28} lts="-0.02em">
                Link your bank account
              </Title>
              <Text size="sm" c="dimmed">
                Link the bank account {business.businessName} pays vendors from and gets paid into. Your bank
                credentials are never stored by Ferry.
              </Text>
            </Stack>
            {children ? (
              children(business)
            ) : (
              <Group justify="flex-end">
                <Button
                  component={Link}
                  to={paths.onboardConnectAccounting(business.id)}
                  variant="default"
                  size="md"
                >
                  Skip for now
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </BusinessLoading>
    </OnboardingShell>
  );
}
