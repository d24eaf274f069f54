import { ACCESS_DENIED_MESSAGE, paths, type Role, SETTINGS_API_MESSAGES } from '@ferry/domain';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconPlus, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { getPageCount, useTableState } from '@/components/data-table';
import { ErrorState } from '@/components/error-state';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { useBusinessAccess } from '@/lib/business-access';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import type { RoleSortBy } from '../api/keys';
import { getRoleAccess } from '../utils/access';
import { classifyRoleError } from '../utils/role-errors';
import { DeleteRoleDialog } from './delete-role-dialog';
import { RoleCannotBeModifiedDialog } from './role-cannot-be-modified-dialog';
import { RolesTable } from './roles-table';

const ListSkeleton = () => (
  <Paper withBorder radius="md" p="md" role="status" aria-busy="true" aria-label="Loading roles">
    <Stack gap="md">
      {[0, 1, 2, 3].map((i) => (
        <Group key={i} gap="md" wrap="nowrap">
          <Skeleton height={16} width="22%" />
          <Skeleton height={16} width="38%" />
          <Skeleton height={16} width="8%" />
          <Skeleton height={16} width="18%" />
        </Group>
      ))}
    </Stack>
  </Paper>
);

const CreateRoleButton = ({ businessId }: { businessId: string }) => (
  <Button
    component={Link}
    to={paths.settingsRoleCreate(businessId)}
    leftSection={<IconPlus size={16} aria-hidden />}
  >
    Create Role
  </Button>
);

/**
 * `/b/{id}/settings/roles` (spec 001 §2): the business's roles, paged and sorted on the server, with
 * Create Role, View, Edit and Delete for members who manage roles. Deleting a role that users hold opens
 * 'Role cannot be modified'.
 */
export function RolesListPage() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const access = businessQuery.data ? getRoleAccess(businessQuery.data) : null;
  const table = useTableState<RoleSortBy, Record<string, never>>({
    defaultSort: { by: 'name', order: 'asc' },
    filters: {},
  });
  const rolesQuery = useRoles(businessId, table.params, { enabled: access?.canRead ?? false });
  // A page emptied by a delete (the last role of the last page) steps back to the new last page.
  const rolesPage = rolesQuery.data;
  const { page, pageSize, setPage } = table.pagination;
  if (rolesPage && rolesPage.items.length === 0 && rolesPage.total > 0 && page > 1) {
    setPage(Math.min(page - 1, getPageCount(rolesPage.total, pageSize)));
  }
  const remove = useDeleteRole(businessId);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const [blocked, setBlocked] = useState<{ role: Role; message?: string } | null>(null);

  const askDelete = (role: Role) => {
    // A role somebody holds cannot go: say so at once instead of asking first.
    if (role.userCount > 0) setBlocked({ role });
    else setDeleting(role);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const role = deleting;
    remove.mutate(role.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ color: 'teal', message: SETTINGS_API_MESSAGES.roleDeleted });
      },
      onError: (error) => {
        setDeleting(null);
        const failure = classifyRoleError(error);
        if (failure.kind === 'cannotModify') setBlocked({ role, message: failure.message });
        else
          notifications.show({
            color: 'red',
            message: failure.kind === 'fields' ? SETTINGS_API_MESSAGES.somethingWentWrong : failure.message,
          });
      },
    });
  };

  let content: React.ReactNode;
  const failed = businessQuery.isError ? businessQuery : rolesQuery.isError ? rolesQuery : null;
  if (failed) {
    content = <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (access && !access.canRead) {
    content = (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} role="status">
        {ACCESS_DENIED_MESSAGE}
      </Alert>
    );
  } else if (!access || !rolesQuery.data) {
    content = <ListSkeleton />;
  } else if (rolesQuery.data.total === 0) {
    content = (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="md">
          <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
            <IconShieldLock size={26} />
          </ThemeIcon>
          <Text fw={650}>No roles yet</Text>
          <Text size="sm" c="dimmed" ta="center" maw={420}>
            Roles decide what each member of the business can see and do.
          </Text>
          {access.canManage ? <CreateRoleButton businessId={businessId} /> : null}
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <RolesTable
        businessId={businessId}
        roles={rolesQuery.data.items}
        isLoading={rolesQuery.isPlaceholderData && rolesQuery.isFetching}
        canManage={access.canManage}
        sort={table.sort}
        onSort={table.onSort}
        pagination={{
          page: table.pagination.page,
          pageSize: table.pagination.pageSize,
          total: rolesQuery.data.total,
          onPageChange: table.pagination.setPage,
          onPageSizeChange: table.pagination.setPageSize,
        }}
        onDelete={askDelete}
      />
    );
  }

  return (
    <Stack gap="xl" maw={1120}>
      <Stack gap="sm">
        <PageBreadcrumbs trail={[{ label: 'Settings' }]} current="Roles" />
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4}>
            <Title order={1} fz={30} lts="-0.02em">
              Roles
            </Title>
            <Text size="sm" c="dimmed">
              Each member holds one role; its permissions decide what they can see and do.
            </Text>
          </Stack>
          {access?.canRead && access.canManage ? <CreateRoleButton businessId={businessId} /> : null}
        </Group>
      </Stack>
      {content}
      <DeleteRoleDialog
        role={deleting}
        isDeleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      <RoleCannotBeModifiedDialog
        businessId={businessId}
        role={blocked?.role ?? null}
        message={blocked?.message}
        onClose={() => setBlocked(null)}
      />
    </Stack>
  );
}
