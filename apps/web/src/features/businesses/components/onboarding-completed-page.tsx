import { paths } from '@ferry/domain';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useBusiness } from '../api/get-business';
import { useRememberActiveBusiness } from '../hooks/use-remember-active-business';
import { BusinessLoading } from './business-loading';
import { OnboardingShell } from './onboarding-shell';

/** `/onboard/b/{businessId}/completed` (spec 000 §2): the end of onboarding, on to the dashboard. */
export function OnboardingCompletedPage() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusiness(businessId);
  useRememberActiveBusiness(businessQuery.data);
  return (
    <OnboardingShell step={3}>
      <BusinessLoading query={businessQuery}>
        {(business) => (
          <Stack gap="lg" align="center" ta="center">
            <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
              <IconCircleCheck size={36} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={6}>
              <Title order={1} fz={28} lts="-0.02em">
                You're all set
              </Title>
              <Text size="sm" c="dimmed" maw={400}>
                {business.businessName} is ready on Ferry. Your dashboard shows what is left to set up,
                starting with verifying your business.
              </Text>
            </Stack>
            <Button component={Link} to={paths.businessHome(business.id)} size="md">
              Go to dashboard
            </Button>
          </Stack>
        )}
      </BusinessLoading>
    </OnboardingShell>
  );
}
