import { formatDateTime, paths, type Role } from '@ferry/domain';
import { ActionIcon, Anchor, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  SortHeader,
  type SortState,
} from '@/components/data-table';
import { isTruncated, TruncatedText, truncateText } from '@/components/truncated-text';
import { isAreaLive } from '@/config/areas';
import type { RoleSortBy } from '../api/keys';
import { BuiltInBadge } from './built-in-badge';

export type RolesTableProps = {
  businessId: string;
  roles: readonly Role[] | undefined;
  isLoading: boolean;
  canManage: boolean;
  sort: SortState<RoleSortBy>;
  onSort: (key: RoleSortBy) => void;
  pagination: DataTablePagination;
  onDelete: (role: Role) => void;
};

const usersLabel = (count: number): string => `${count} ${count === 1 ? 'user' : 'users'}`;

const UsersCell = ({ businessId, role }: { businessId: string; role: Role }) =>
  isAreaLive('users') ? (
    <Anchor
      component={Link}
      to={paths.settingsUsers(businessId, role.id)}
      size="sm"
      aria-label={`${usersLabel(role.userCount)} with the role ${role.name}`}
    >
      {role.userCount}
    </Anchor>
  ) : (
    <Text size="sm" aria-label={usersLabel(role.userCount)}>
      {role.userCount}
    </Text>
  );

/**
 * The roles of the business: name (the built-in ones badged), description, number of users (a link to
 * the users holding the role), last updated, and View / Edit / Delete (the last two for custom roles,
 * with manage on Roles).
 */
export const RolesTable = ({
  businessId,
  roles,
  isLoading,
  canManage,
  sort,
  onSort,
  pagination,
  onDelete,
}: RolesTableProps) => {
  const columns: DataTableColumn<Role>[] = [
    {
      key: 'name',
      header: <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />,
      cell: (role) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor
            component={Link}
            to={paths.settingsRole(businessId, role.id)}
            fw={600}
            size="sm"
            title={isTruncated(role.name) ? role.name : undefined}
          >
            {truncateText(role.name)}
          </Anchor>
          {role.isBuiltIn ? <BuiltInBadge /> : null}
        </Group>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      cell: (role) => <TruncatedText text={role.description} size="sm" c="dimmed" />,
    },
    { key: 'users', header: 'Users', cell: (role) => <UsersCell businessId={businessId} role={role} /> },
    {
      key: 'updatedAt',
      header: <SortHeader label="Last updated" sortKey="updatedAt" sort={sort} onSort={onSort} />,
      nowrap: true,
      cell: (role) => (
        <Text size="sm" c="dimmed">
          {formatDateTime(role.updatedAt)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: 132,
      cell: (role) => {
        const editable = canManage && !role.isBuiltIn;
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label="View" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                component={Link}
                to={paths.settingsRole(businessId, role.id)}
                aria-label={`View role ${role.name}`}
              >
                <IconEye size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {editable ? (
              <Tooltip label="Edit" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  component={Link}
                  to={paths.settingsRoleEdit(businessId, role.id)}
                  aria-label={`Edit role ${role.name}`}
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            {editable ? (
              <Tooltip label="Delete" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => onDelete(role)}
                  aria-label={`Delete role ${role.name}`}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        );
      },
    },
  ];

  return (
    <DataTable
      caption="Roles"
      columns={columns}
      data={roles}
      getRowKey={(role) => role.id}
      isLoading={isLoading}
      pagination={pagination}
    />
  );
};
