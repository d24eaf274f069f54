import { paths } from '@ferry/domain';
import { Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { guestLandingPath } from '@/lib/guest-landing';
import { getGuestToken } from '../utils/guest-storage';

export const CONTINUE_ONBOARDING_TITLE = 'Continue onboarding';

const BENEFITS = [
  'Pay your own bills by bank transfer or card',
  'Send invoices and get paid online',
  'See every payment you made or received in one place',
  'Sync with your accounting software',
];

/**
 * `/process/payment/onboard` (spec 000 §2 'Continue onboarding'): what a full Ferry account gives a guest,
 * and the way to it (set a password, then the usual onboarding), or 'Maybe later'.
 */
export const GuestOnboardPage = () => {
  const later = getGuestToken() ? guestLandingPath() : paths.root();
  return (
    <AuthLayout
      title={CONTINUE_ONBOARDING_TITLE}
      icon={<IconRocket size={28} />}
      description="You are one step away from a full Ferry account for your business."
    >
      <List
        spacing="xs"
        size="sm"
        icon={
          <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        {BENEFITS.map((benefit) => (
          <List.Item key={benefit}>{benefit}</List.Item>
        ))}
      </List>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Set a password to sign in next time; we then ask a few questions about your business.
        </Text>
        <Button component={Link} to={paths.setPassword()} size="md" fullWidth>
          Set a password and continue
        </Button>
        <Button component={Link} to={later} variant="subtle" size="md" fullWidth>
          Maybe later
        </Button>
      </Stack>
    </AuthLayout>
  );
};
