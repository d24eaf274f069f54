import { paths } from '@ferry/domain';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { GUEST_DENIED_TEXT, toDeniedReason } from '../utils/unauthorized';

/**
 * `/process/payment/unauthorized` (spec 000 §2): the link is invalid or expired, was sent to another
 * address, or this account cannot use it. Signing in is the way on.
 */
export const GuestUnauthorizedPage = () => {
  const [searchParams] = useSearchParams();
  const reason = toDeniedReason(searchParams.get('reason'));
  return (
    <AuthLayout
      title="We can't open this payment"
      icon={<IconLock size={28} />}
      iconColor="red"
      description={
        <Stack gap={6}>
          <Text inherit role="alert">
            {GUEST_DENIED_TEXT[reason]}
          </Text>
          <Text inherit>
            Ask the business that sent it for a new link, or sign in if you already have a Ferry account.
          </Text>
        </Stack>
      }
    >
      <Button component={Link} to={paths.signin()} size="md" fullWidth>
        Sign in
      </Button>
      <Text ta="center" size="sm" c="dimmed">
        New to Ferry?{' '}
        <Anchor component={Link} to={paths.root()}>
          Learn more
        </Anchor>
      </Text>
    </AuthLayout>
  );
};
