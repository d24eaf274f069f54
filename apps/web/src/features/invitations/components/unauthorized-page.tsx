import { paths } from '@ferry/domain';
import { Button, List, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { useSignOut } from '@/lib/sign-out';
import { useHasSession } from '@/lib/use-has-session';

/**
 * `/unauthorized` (spec 000 §2): people who may not go on — an account that is not active, or a business
 * in a country Ferry does not serve yet.
 */
export const UnauthorizedPage = () => {
  const signedIn = useHasSession();
  const { signOut, isPending } = useSignOut();

  return (
    <AuthLayout
      icon={<IconLock size={28} stroke={1.6} />}
      iconColor="red"
      title="You don't have access to this page"
      description="Your account can't open this page right now."
      footer="If you think this is a mistake, contact the person who invited you or Ferry support."
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          This usually means
        </Text>
        <List size="sm" spacing={6} c="dimmed">
          <List.Item>your account is not active yet, or has been deactivated, or</List.Item>
          <List.Item>Ferry is not yet available in your business's country.</List.Item>
        </List>
      </Stack>
      {signedIn ? (
        <Stack gap="xs">
          <Button fullWidth size="md" onClick={() => void signOut()} loading={isPending}>
            Sign out
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            Sign out to use a different account.
          </Text>
        </Stack>
      ) : (
        <Button component={Link} to={paths.signin()} fullWidth size="md">
          Go to sign in
        </Button>
      )}
    </AuthLayout>
  );
};
