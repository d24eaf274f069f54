import { type BusinessUser, formatDateTime } from '@ferry/domain';
import { Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  SortHeader,
  type SortState,
} from '@/components/data-table';
import { StatusBadge } from '@/components/status-badge';
import { TruncatedText } from '@/components/truncated-text';
import type { UsersSortBy } from '../api/keys';
import { getUserName, isInvitation, MEMBER_STATUS_DISPLAY } from '../utils/display';
import { UserRowActions, type UserRowActionsProps } from './user-row-actions';

export type UsersTableProps = {
  businessId: string;
  users: readonly BusinessUser[] | undefined;
  isLoading: boolean;
  pagination: DataTablePagination;
  sort: SortState<UsersSortBy>;
  onSort: (key: UsersSortBy) => void;
  /** Row actions show only with manage on Users. */
  canManage: boolean;
} & Pick<UserRowActionsProps, 'onResend' | 'onRevoke' | 'onRemove'>;

/** 'Joined' for a member, 'Invited' for an invitation, as 'MMM DD, YYYY HH:mm' (spec 001 §9). */
const DateCell = ({ user }: { user: BusinessUser }) => {
  const invitation = isInvitation(user);
  const value = invitation ? user.invitedAt : user.joinedAt;
  if (!value) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDateTime(value)}</Text>
      <Text size="xs" c="dimmed">
        {invitation ? 'Invited' : 'Joined'}
      </Text>
    </Stack>
  );
};

/** The users of a business: name and email, role, status, joined or invited, and the row's actions. */
export const UsersTable = ({
  businessId,
  users,
  isLoading,
  pagination,
  sort,
  onSort,
  canManage,
  onResend,
  onRevoke,
  onRemove,
}: UsersTableProps) => {
  const columns: DataTableColumn<BusinessUser>[] = [
    {
      key: 'name',
      header: <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />,
      cell: (user) => (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <TruncatedText text={getUserName(user)} size="sm" fw={600} />
            {user.isCurrentUser ? (
              <Badge size="xs" variant="light" color="gray" radius="sm">
                You
              </Badge>
            ) : null}
            {user.isPracticeMember ? (
              <Badge size="xs" variant="light" color="ferry" radius="sm">
                Practice
              </Badge>
            ) : null}
          </Group>
          <TruncatedText text={user.user.email} size="xs" c="dimmed" />
        </Stack>
      ),
    },
    {
      key: 'role',
      header: <SortHeader label="Role" sortKey="role" sort={sort} onSort={onSort} />,
      cell: (user) => <TruncatedText text={user.roleDetails.name} size="sm" />,
    },
    {
      key: 'status',
      header: <SortHeader label="Status" sortKey="status" sort={sort} onSort={onSort} />,
      width: 120,
      cell: (user) => <StatusBadge {...MEMBER_STATUS_DISPLAY[user.status]} />,
    },
    {
      key: 'createdAt',
      header: <SortHeader label="Joined / invited" sortKey="createdAt" sort={sort} onSort={onSort} />,
      nowrap: true,
      cell: (user) => <DateCell user={user} />,
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      width: 56,
      align: 'right',
      cell: (user) =>
        user.isCurrentUser ? null : (
          <UserRowActions
            businessId={businessId}
            user={user}
            onResend={onResend}
            onRevoke={onRevoke}
            onRemove={onRemove}
          />
        ),
    });
  }

  return (
    <DataTable
      caption="Users"
      columns={columns}
      data={users}
      getRowKey={(user) => user.id}
      isLoading={isLoading}
      pagination={pagination}
    />
  );
};
