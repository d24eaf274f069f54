import { formatDateTime, type TeamMember } from '@ferry/domain';
import { ActionIcon, Menu, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDots, IconEdit, IconMailForward, IconUserMinus } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTablePagination } from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import { TruncatedText } from '@/components/truncated-text';
import { getTeamMemberName, TEAM_MEMBER_STATUS_DISPLAY } from '../utils/display';

export type TeamMembersTableProps = {
  members: readonly TeamMember[] | undefined;
  isLoading: boolean;
  pagination: DataTablePagination;
  onResend: (member: TeamMember) => void;
  onEdit: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
};

const RowActions = ({
  member,
  onResend,
  onEdit,
  onRemove,
}: { member: TeamMember } & Pick<TeamMembersTableProps, 'onResend' | 'onEdit' | 'onRemove'>) => {
  const invited = member.status !== 'ACTIVE' && member.invitationId !== null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${getTeamMemberName(member)}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {invited ? (
          <Menu.Item leftSection={<IconMailForward size={16} aria-hidden />} onClick={() => onResend(member)}>
            Resend invitation
          </Menu.Item>
        ) : null}
        {member.status === 'PENDING' && member.invitationId ? (
          <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={() => onEdit(member)}>
            Edit invitation
          </Menu.Item>
        ) : null}
        <Menu.Item
          color="red"
          leftSection={<IconUserMinus size={16} aria-hidden />}
          onClick={() => onRemove(member)}
        >
          {member.status === 'ACTIVE' ? 'Remove' : 'Revoke invitation'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};

/** The practice team: name and email, status, joined or invited, and each row's actions. */
export const TeamMembersTable = ({
  members,
  isLoading,
  pagination,
  onResend,
  onEdit,
  onRemove,
}: TeamMembersTableProps) => {
  const columns: DataTableColumn<TeamMember>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (member) => (
        <Stack gap={2}>
          <TruncatedText text={getTeamMemberName(member)} size="sm" fw={600} />
          <TruncatedText text={member.user.email} size="xs" c="dimmed" />
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: 120,
      cell: (member) => <StatusBadge {...TEAM_MEMBER_STATUS_DISPLAY[member.status]} />,
    },
    {
      key: 'date',
      header: 'Joined / invited',
      nowrap: true,
      cell: (member) => {
        const joined = member.status === 'ACTIVE';
        const value = joined ? member.joinedAt : member.invitedAt;
        return value ? (
          <Stack gap={0}>
            <Text size="sm">{formatDateTime(value)}</Text>
            <Text size="xs" c="dimmed">
              {joined ? 'Joined' : 'Invited'}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        );
      },
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 56,
      align: 'right',
      cell: (member) => (
        <RowActions member={member} onResend={onResend} onEdit={onEdit} onRemove={onRemove} />
      ),
    },
  ];
  return (
    <DataTable
      caption="Team members"
      columns={columns}
      data={members}
      getRowKey={(member) => member.id}
      isLoading={isLoading}
      pagination={pagination}
    />
  );
};
