import { paths } from '@ferry/domain';
import { Button, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconBuildingStore, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { businessesQueryOptions } from '@/lib/businesses';
import { getStoredUser, useCurrentUser } from '@/lib/session';
import { useSignOut } from '@/lib/sign-out';
import { getStored } from '@/lib/storage';
import { useStoredRaw } from '@/lib/use-stored-value';

export const PRACTICE_MEMBER_WAIT_TEXT =
  "You're part of your accountant's practice. You will see client businesses here once your accountant adds you to them.";

/**
 * `/no-business` (spec 000 §2): where a practice invitee or practice member lands while no business has
 * been shared with them. A practice member is told their accountant adds them to client businesses, and
 * may look again (the first business found opens).
 */
export const NoBusinessPage = () => {
  const userRaw = useStoredRaw('user');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `userRaw` is the change signal
  const storedUser = useMemo(() => getStoredUser(), [userRaw]);
  const { data } = useCurrentUser();
  const user = data ?? storedUser;
  const { signOut, isPending } = useSignOut();
  const isPracticeMember =
    user?.userType === 'PRACTICE_MEMBER' || getStored('invitedUser')?.invitationType === 'PRACTICE';
  const businessesQuery = useQuery({ ...businessesQueryOptions(), enabled: isPracticeMember });
  const firstBusiness = isPracticeMember ? businessesQuery.data?.[0] : undefined;

  return (
    <AuthLayout
      icon={<IconBuildingStore size={28} stroke={1.6} />}
      title="You're not part of a business yet"
      description={
        isPracticeMember ? (
          <Stack gap="xs">
            <Text inherit>{PRACTICE_MEMBER_WAIT_TEXT}</Text>
            <Text inherit>You can also add your own business and start paying and getting paid.</Text>
          </Stack>
        ) : (
          <Stack gap="xs">
            <Text inherit>
              Your Ferry account is ready, but no business has been shared with you. When a practice or a
              business adds you to its team, it appears here.
            </Text>
            <Text inherit>You can also add your own business and start paying and getting paid.</Text>
          </Stack>
        )
      }
      footer={user?.email ? `Signed in as ${user.email}` : undefined}
    >
      <Stack gap="sm">
        {firstBusiness ? (
          <Button
            component={Link}
            to={paths.businessHome(firstBusiness.id)}
            size="md"
            fullWidth
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            {`Open ${firstBusiness.businessName}`}
          </Button>
        ) : null}
        {isPracticeMember && !firstBusiness ? (
          <Button
            variant="light"
            size="md"
            fullWidth
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={businessesQuery.isFetching}
            onClick={() => void businessesQuery.refetch()}
          >
            Check again
          </Button>
        ) : null}
        <Button
          component={Link}
          to={paths.onboardAdd()}
          variant={isPracticeMember ? 'default' : 'filled'}
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
