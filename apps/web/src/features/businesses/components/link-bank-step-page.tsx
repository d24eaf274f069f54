import { paths } from '@ferry/domain';
import { Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconBuildingBank, IconLock, IconReceipt } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useBusiness } from '../api/get-business';
import { BusinessLoading } from './business-loading';
import { OnboardingShell } from './onboarding-shell';

/**
 * `/onboard/b/{businessId}/link-bank` (spec 000 §2): the step after the business details when the
 * country is US or missing. Linking a bank comes with the banking work; until then the step says so and
 * 'Skip for now' goes on to the accounting software step.
 */
export function LinkBankStepPage() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusiness(businessId);
  return (
    <OnboardingShell step={1}>
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
                Link the bank account {business.businessName} pays vendors from and gets paid into. Bank
                linking comes next in Ferry: for now, skip this step and link your bank from Settings when it
                is ready.
              </Text>
            </Stack>
            <List spacing="sm" size="sm" center>
              <List.Item
                icon={
                  <ThemeIcon size={26} radius="xl" variant="light" aria-hidden>
                    <IconBolt size={15} />
                  </ThemeIcon>
                }
              >
                Send and receive instant payments around the clock
              </List.Item>
              <List.Item
                icon={
                  <ThemeIcon size={26} radius="xl" variant="light" aria-hidden>
                    <IconReceipt size={15} />
                  </ThemeIcon>
                }
              >
                Pay bills and collect invoices from one account
              </List.Item>
              <List.Item
                icon={
                  <ThemeIcon size={26} radius="xl" variant="light" aria-hidden>
                    <IconLock size={15} />
                  </ThemeIcon>
                }
              >
                Your bank credentials are never stored by Ferry
              </List.Item>
            </List>
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
          </Stack>
        )}
      </BusinessLoading>
    </OnboardingShell>
  );
}
