import { paths, SETTINGS_API_MESSAGES, type TeamMember, type TeamMemberStatus } from '@ferry/domain';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePaginationState } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { QueryStateBlock } from '@/components/query-state-block';
import { getErrorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/session';
import { usePractice } from '../api/get-practice';
import { useTeamMembers } from '../api/get-team-members';
import { useRemoveTeamMember, useResendTeamInvite } from '../api/team-member-mutations';
import { getTeamMemberName, TEAM_MEMBER_STATUS_DISPLAY } from '../utils/display';
import { TeamInviteDialog } from './team-invite-dialog';
import { TeamMembersTable } from './team-members-table';

const ALL = 'ALL';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All' },
  ...(['ACTIVE', 'PENDING', 'EXPIRED'] as const satisfies readonly TeamMemberStatus[]).map((status) => ({
    value: status,
    label: TEAM_MEMBER_STATUS_DISPLAY[status].label,
  })),
];

/**
 * `/team-members` (spec 001 §2): the accountant's practice team with a status filter, Invite Team Member,
 * resend and edit of invitations, and removal. Accountants only; an accountant without a practice is
 * asked to set it up first.
 */
export function TeamMembersPage() {
  const { data: user, isError, error, refetch } = useCurrentUser();
  const isAccountant = user?.userType === 'ACCOUNTANT';
  const practiceQuery = usePractice(isAccountant);
  const [inviting, setInviting] = useState(false);
  const canInvite = isAccountant && practiceQuery.data?.isOwner === true;

  let content: React.ReactNode;
  if (isError) {
    content = <ErrorState error={error} onRetry={() => void refetch()} />;
  } else if (!user) {
    content = <PageLoader label="Loading your team..." />;
  } else if (!isAccountant) {
    content = (
      <Alert color="gray" variant="light" role="note">
        {SETTINGS_API_MESSAGES.notAccountant} The team members page belongs to an accountant's practice.
      </Alert>
    );
  } else if (practiceQuery.isError) {
    content = <ErrorState error={practiceQuery.error} onRetry={() => void practiceQuery.refetch()} />;
  } else if (practiceQuery.isPending) {
    content = <PageLoader label="Loading your team..." />;
  } else if (!practiceQuery.data?.isOwner) {
    content = (
      <Paper withBorder radius="md" p="xl">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>Set up your practice first</Text>
          <Text size="sm" c="dimmed">
            Your team belongs to your practice. Tell us its name and size, then invite your team.
          </Text>
          <Button component={Link} to={paths.onboardPractice()}>
            Set up practice
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    content = <TeamMembersList onInvite={() => setInviting(true)} />;
  }

  return (
    <Stack gap="xl" maw={1120}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={30} lts="-0.02em">
            Team Members
          </Title>
          <Text size="sm" c="dimmed">
            {practiceQuery.data?.isOwner
              ? `The team of ${practiceQuery.data.practiceFirmName}. Add them to your client businesses from each business's Users page.`
              : 'The people of your practice who work on your client businesses.'}
          </Text>
        </Stack>
        {canInvite ? (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            Invite Team Member
          </Button>
        ) : null}
      </Group>
      {content}
      <TeamInviteDialog opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

type Pending = { kind: 'remove'; member: TeamMember } | null;

const TeamMembersList = ({ onInvite }: { onInvite: () => void }) => {
  const pagination = usePaginationState();
  const [status, setStatus] = useState<TeamMemberStatus | null>(null);
  const membersQuery = useTeamMembers({ pageNumber: pagination.page, pageSize: pagination.pageSize, status });
  const resend = useResendTeamInvite();
  const remove = useRemoveTeamMember();
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const page = membersQuery.data;
  const isEmpty = page !== undefined && page.total === 0 && status === null;

  const handleResend = async (member: TeamMember) => {
    if (!member.invitationId) return;
    try {
      await resend.mutateAsync(member.invitationId);
      notifications.show({ color: 'teal', message: SETTINGS_API_MESSAGES.invitationResent });
    } catch (error) {
      notifications.show({ color: 'red', message: getErrorMessage(error) });
    }
  };

  const handleRemove = async () => {
    if (!pending) return;
    const wasActive = pending.member.status === 'ACTIVE';
    try {
      await remove.mutateAsync(pending.member.id);
      notifications.show({
        color: 'teal',
        message: wasActive
          ? SETTINGS_API_MESSAGES.teamMemberRemoved
          : SETTINGS_API_MESSAGES.invitationRevoked,
      });
    } catch (error) {
      notifications.show({ color: 'red', message: getErrorMessage(error) });
    } finally {
      setPending(null);
    }
  };

  const removing = pending?.member;
  const removingActive = removing?.status === 'ACTIVE';

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Filter by status"
        data={STATUS_OPTIONS}
        value={status ?? ALL}
        onChange={(value) => {
          setStatus(value === ALL ? null : (value as TeamMemberStatus));
          pagination.reset();
        }}
        style={{ alignSelf: 'flex-start' }}
      />
      <QueryStateBlock
        query={membersQuery}
        loadingLabel="Loading team members"
        isEmpty={isEmpty}
        empty={
          <Paper withBorder radius="md" p="xl">
            <Stack gap="sm" align="center" ta="center">
              <Text fw={600}>No team members yet</Text>
              <Text size="sm" c="dimmed" maw={460}>
                Invite the people of your practice. Once they accept, you can add them to your client
                businesses.
              </Text>
              <Button variant="light" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onInvite}>
                Invite Team Member
              </Button>
            </Stack>
          </Paper>
        }
      >
        <TeamMembersTable
          members={page?.items}
          isLoading={membersQuery.isPlaceholderData && membersQuery.isFetching}
          onResend={(member) => void handleResend(member)}
          onEdit={setEditing}
          onRemove={(member) => setPending({ kind: 'remove', member })}
          pagination={{
            page: pagination.page,
            pageSize: pagination.pageSize,
            total: page?.total ?? 0,
            onPageChange: pagination.setPage,
            onPageSizeChange: pagination.setPageSize,
          }}
        />
      </QueryStateBlock>
      <TeamInviteDialog opened={editing !== null} member={editing} onClose={() => setEditing(null)} />
      <Dialog
        opened={pending !== null}
        onClose={remove.isPending ? () => undefined : () => setPending(null)}
        title={removingActive ? 'Remove team member?' : 'Revoke invitation?'}
      >
        <Stack gap="lg">
          <Text size="sm">
            {removing && removingActive ? (
              <>
                <b>{getTeamMemberName(removing)}</b> leaves your practice and loses access to every client
                business you added them to.
              </>
            ) : removing ? (
              <>
                The invitation to <b>{removing.user.email}</b> stops working.
              </>
            ) : null}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void handleRemove()} loading={remove.isPending}>
              {removingActive ? 'Remove' : 'Revoke invitation'}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
};
