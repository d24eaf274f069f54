import { paths } from '@ferry/domain';
import { Button, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { getStoredUser } from '@/lib/session';
import { useSignOut } from '@/lib/sign-out';
import { useStoredRaw } from '@/lib/use-stored-value';

/**
 * `/no-business` (spec 000 §2): where a practice invitee or practice member lands while no business has
 * been shared with them.
 */
export const NoBusinessPage = () => {
  const userRaw = useStoredRaw('user');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `userRaw` is the change signal
  const user = useMemo(() => getStoredUser(), [userRaw]);
  const { signOut, isPending } = useSignOut();

  return (
    <AuthLayout
      icon={<IconBuildingStore size={28} stroke={1.6} />}
      title="You're not part of a business yet"
      description={
        <Stack gap="xs">
          <Text inherit>
            Your Ferry account is ready, but no business has been shared with you. When a practice or a
            business adds you to its team, it appears here.
          </Text>
          <Text inherit>You can also add your own business and start paying and getting paid.</Text>
        </Stack>
      }
      footer={user?.email ? `Signed in as ${user.email}` : undefined}
    >
      <Stack gap="sm">
        <Button
          component={Link}
          to={paths.onboardAdd()}
          size="md"
          fullWidth
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          Add a business
        </Button>
        <Button variant="default" size="md" fullWidth onClick={() => void signOut()} loading={isPending}>
          Sign out
        </Button>
      </Stack>
    </AuthLayout>
  );
};
