import { paths } from '@ferry/domain';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMailQuestion, IconUserCheck, IconUserX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorAlert } from '@/components/error-alert';
import { getHomeHref } from '@/config/paths';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { getStoredUser, USER_QUERY_KEY, useCurrentUser } from '@/lib/session';
import { useSignOut } from '@/lib/sign-out';
import { getStored, setStored } from '@/lib/storage';
import { useActiveBusinessId, useStoredRaw } from '@/lib/use-stored-value';
import { type AcceptedInvitation, useAcceptInvitation } from '../api/accept-invitation';
import { describeInvitationType } from '../utils/invitation-types';
import {
  clearStoredInvitation,
  isInvitationFor,
  type PendingInvitation,
  readStoredInvitation,
} from '../utils/stored-invitation';

/** Only a path on this site is followed (never another origin). */
const isSafePath = (path: string | null | undefined): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

/** Where an accepted invitation leads: the server's `redirectTo`, else the business home, else onboarding. */
export const getAcceptedRedirect = (accepted: AcceptedInvitation): string => {
  if (isSafePath(accepted.redirectTo)) return accepted.redirectTo;
  if (accepted.businessId) return paths.businessHome(accepted.businessId);
  return paths.onboardAdd();
};

const DetailRow = ({ label, children }: { label: string; children: ReactNode }) => (
  <Group justify="space-between" gap="xs" wrap="nowrap">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    {children}
  </Group>
);

const InvitationDetails = ({ invitation }: { invitation: PendingInvitation }) => {
  const { label, description } = describeInvitationType(invitation.invitationType);
  const { email } = invitation.data;
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
      <Stack gap={10}>
        <DetailRow label="Invitation type">
          <Badge variant="light" radius="sm" tt="none">
            {label}
          </Badge>
        </DetailRow>
        {email ? (
          <DetailRow label="Sent to">
            <Text size="sm" fw={600} truncate>
              {email}
            </Text>
          </DetailRow>
        ) : null}
        <Text size="sm" lh={1.55}>
          {description}
        </Text>
      </Stack>
    </Paper>
  );
};

/**
 * `/accept-invitation` for a signed-in user: the stored invitation, with Accept (`POST
 * /auth/invitation/{id}/accept`) and Decline. Also covers "signed in as someone else" and "nothing to
 * accept".
 */
export const AcceptInvitationCard = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitedRaw = useStoredRaw('invitedUser');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `invitedRaw` is the change signal
  const invitation = useMemo(() => readStoredInvitation(), [invitedRaw]);
  const userRaw = useStoredRaw('user');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `userRaw` is the change signal
  const storedUser = useMemo(() => getStoredUser(), [userRaw]);
  const { data: currentUser } = useCurrentUser();
  const user = currentUser ?? storedUser;
  const activeBusinessId = useActiveBusinessId();
  const accept = useAcceptInvitation();
  const { signOut, isPending: signingOut } = useSignOut();
  const home = getHomeHref(activeBusinessId);

  if (!invitation?.invitationId) {
    return (
      <AuthLayout
        icon={<IconMailQuestion size={28} stroke={1.6} />}
        title="No invitation to accept"
        description="We couldn't find an invitation waiting in this browser. Open the link in your invitation email again."
      >
        <Button fullWidth size="md" onClick={() => void navigate(home)}>
          Go to home
        </Button>
      </AuthLayout>
    );
  }

  if (!isInvitationFor(invitation, user)) {
    const switchAccount = async () => {
      // Sign-out forgets the invitation; keep it so sign-in comes back here to accept it.
      const kept = getStored('invitedUser');
      setStored('redirectPage', paths.acceptInvitation());
      await signOut();
      if (kept) setStored('invitedUser', kept);
    };
    return (
      <AuthLayout
        icon={<IconUserX size={28} stroke={1.6} />}
        iconColor="orange"
        title="This invitation is for another account"
        description={
          <Text inherit>
            It was sent to <b>{invitation.data.email ?? 'a different email address'}</b>, but you're signed in
            as <b>{user?.email}</b>. Sign out, then sign in with the invited email address to accept it.
          </Text>
        }
      >
        <Group grow gap="sm">
          <Button variant="default" size="md" onClick={() => void navigate(home)}>
            Not now
          </Button>
          <Button size="md" onClick={() => void switchAccount()} loading={signingOut}>
            Sign out
          </Button>
        </Group>
      </AuthLayout>
    );
  }

  const invitationId = invitation.invitationId;
  const { businessName, practiceName, inviteSentByName } = invitation.data;
  const organisation = businessName || practiceName;

  const onAccept = () =>
    accept.mutate(invitationId, {
      onSuccess: async (accepted) => {
        clearStoredInvitation();
        if (accepted.businessId) setStored('activeBusiness', { id: accepted.businessId, permissions: [] });
        await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        await navigate(getAcceptedRedirect(accepted), { replace: true });
      },
      onError: (error) => {
        // Used, revoked or expired meanwhile (spec 000 §8: invalid invitation → /invalid-link).
        if (isApiError(error) && error.statusCode === 404) {
          clearStoredInvitation();
          void navigate(paths.invalidLink(), { replace: true });
        }
      },
    });

  const onDecline = () => {
    clearStoredInvitation();
    void navigate(home, { replace: true });
  };

  const showError = accept.isError && !(isApiError(accept.error) && accept.error.statusCode === 404);

  return (
    <AuthLayout
      icon={<IconUserCheck size={28} stroke={1.6} />}
      title={organisation ? `You're invited to join ${organisation}` : "You're invited to join Ferry"}
      description={
        inviteSentByName ? (
          <Text inherit>
            Invited by <b>{inviteSentByName}</b>
          </Text>
        ) : undefined
      }
    >
      <InvitationDetails invitation={invitation} />
      <ErrorAlert>{showError ? getErrorMessage(accept.error) : null}</ErrorAlert>
      <Group grow gap="sm">
        <Button variant="default" size="md" onClick={onDecline} disabled={accept.isPending}>
          Decline
        </Button>
        <Button size="md" onClick={onAccept} loading={accept.isPending}>
          Accept
        </Button>
      </Group>
    </AuthLayout>
  );
};
