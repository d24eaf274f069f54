import { type ApprovalGroupView, formatDateTime, paths } from '@ferry/domain';
import { ActionIcon, Avatar, Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApproverAvatar } from '@/components/approvers/approver-avatar';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  SortHeader,
  type SortState,
} from '@/components/data-table';
import { TruncatedText } from '@/components/truncated-text';
import type { ApprovalGroupSortBy } from '../api/keys';
import { memberNameOf } from '../utils/members';

export type ApprovalGroupsTableProps = {
  businessId: string;
  groups: readonly ApprovalGroupView[] | undefined;
  isLoading: boolean;
  canManage: boolean;
  sort: SortState<ApprovalGroupSortBy>;
  onSort: (key: ApprovalGroupSortBy) => void;
  pagination: DataTablePagination;
  onDelete: (group: ApprovalGroupView) => void;
};

/** Avatars shown before '+n'. */
const MAX_AVATARS = 4;
/** Policy names shown before '+n more'. */
const MAX_POLICIES = 2;

const MembersCell = ({ group }: { group: ApprovalGroupView }) => {
  const members = group.members.map((member) => ({ id: member.userId, name: memberNameOf(member) }));
  if (members.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No members
      </Text>
    );
  }
  const rest = members.slice(MAX_AVATARS).map((member) => member.name);
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar.Group spacing="xs">
        {members.slice(0, MAX_AVATARS).map((member, index) => (
          <ApproverAvatar key={member.id} name={member.name} colorIndex={index} size={28} />
        ))}
        {rest.length > 0 ? (
          <Tooltip label={rest.join(', ')} withArrow multiline maw={280}>
            <Avatar size={28} radius="xl" role="img" aria-label={`and ${rest.join(', ')}`}>
              +{rest.length}
            </Avatar>
          </Tooltip>
        ) : null}
      </Avatar.Group>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {members.length === 1 ? '1 member' : `${members.length} members`}
      </Text>
    </Group>
  );
};

const PoliciesCell = ({ group }: { group: ApprovalGroupView }) => {
  if (group.policies.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Not used
      </Text>
    );
  }
  const rest = group.policies.slice(MAX_POLICIES);
  return (
    <Group gap={4}>
      {group.policies.slice(0, MAX_POLICIES).map((policy) => (
        <Badge key={policy.id} variant="light" color="indigo" radius="sm" tt="none" maw={200}>
          {policy.name}
        </Badge>
      ))}
      {rest.length > 0 ? (
        <Tooltip label={rest.map((policy) => policy.name).join(', ')} withArrow multiline maw={280}>
          <Badge variant="outline" color="gray" radius="sm" tt="none" tabIndex={0}>
            +{rest.length} more
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
};

/**
 * The approval groups: name, description, members (avatars), the policies using the group, last update,
 * and Modify / Delete for members who manage payment approvals.
 */
export const ApprovalGroupsTable = ({
  businessId,
  groups,
  isLoading,
  canManage,
  sort,
  onSort,
  pagination,
  onDelete,
}: ApprovalGroupsTableProps) => {
  const columns: DataTableColumn<ApprovalGroupView>[] = [
    {
      key: 'name',
      header: <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />,
      cell: (group) => <TruncatedText text={group.name} size="sm" fw={600} />,
    },
    {
      key: 'description',
      header: 'Description',
      cell: (group) => <TruncatedText text={group.description} size="sm" c="dimmed" />,
    },
    { key: 'members', header: 'Members', cell: (group) => <MembersCell group={group} /> },
    { key: 'policies', header: 'Used in policies', cell: (group) => <PoliciesCell group={group} /> },
    {
      key: 'updatedAt',
      header: <SortHeader label="Last updated" sortKey="updatedAt" sort={sort} onSort={onSort} />,
      nowrap: true,
      cell: (group) => (
        <Text size="sm" c="dimmed">
          {formatDateTime(group.updatedAt)}
        </Text>
      ),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 96,
      cell: (group) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Modify" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              component={Link}
              to={paths.settingsApprovalGroupEdit(businessId, group.id)}
              aria-label={`Modify approval group ${group.name}`}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(group)}
              aria-label={`Delete approval group ${group.name}`}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    });
  }

  return (
    <DataTable
      caption="Approval groups"
      columns={columns}
      data={groups}
      getRowKey={(group) => group.id}
      isLoading={isLoading}
      pagination={pagination}
    />
  );
};
