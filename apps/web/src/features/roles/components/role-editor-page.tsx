import { ACCESS_DENIED_MESSAGE, paths, type Role } from '@ferry/domain';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPencil } from '@tabler/icons-react';
import { Link, Navigate, useMatch, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { truncateText } from '@/components/truncated-text';
import { paths as appPaths } from '@/config/paths';
import { useBusinessAccess } from '@/lib/business-access';
import { useRole } from '../api/get-role';
import { getRoleAccess } from '../utils/access';
import type { RoleEditorMode } from '../utils/role-form';
import { BuiltInBadge } from './built-in-badge';
import { RoleForm } from './role-form';

const EditorSkeleton = () => (
  <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the role">
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Skeleton height={14} width={120} />
        <Skeleton height={36} />
        <Skeleton height={14} width={120} />
        <Skeleton height={72} />
      </Stack>
    </Paper>
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} height={20} />
        ))}
      </Stack>
    </Paper>
  </Stack>
);

const TITLES: Record<RoleEditorMode, string> = { create: 'Create Role', edit: 'Edit Role', view: 'Role' };

const Header = ({
  businessId,
  mode,
  role,
  editHref,
}: {
  businessId: string;
  mode: RoleEditorMode;
  role: Role | undefined;
  editHref: string | null;
}) => {
  const current = mode === 'create' ? TITLES.create : role ? truncateText(role.name) : TITLES[mode];
  return (
    <Stack gap="sm">
      <PageBreadcrumbs
        trail={[{ label: 'Settings' }, { label: 'Roles', href: paths.settingsRoles(businessId) }]}
        current={current}
      />
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={1} fz={30} lts="-0.02em" style={{ overflowWrap: 'anywhere' }}>
              {mode === 'view' && role ? role.name : TITLES[mode]}
            </Title>
            {mode === 'view' && role?.isBuiltIn ? <BuiltInBadge /> : null}
          </Group>
          <Text size="sm" c="dimmed">
            {mode === 'create'
              ? 'Name the role, describe it, and choose what its members can see and do.'
              : mode === 'edit'
                ? 'Change the role’s name, description or permissions.'
                : 'What members with this role can see and do.'}
          </Text>
        </Stack>
        {editHref ? (
          <Button
            component={Link}
            to={editHref}
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            Edit
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
};

/**
 * The role editor (spec 001 §2): `/settings/roles/create` (Create), `/settings/roles/{roleId}/edit`
 * (Save) and `/settings/roles/{roleId}` (view, Close). Built-in roles, and every role for a member
 * without manage on Roles, open only in view mode.
 */
export function RoleEditorPage() {
  const { businessId = '', roleId = '' } = useParams();
  const isEditPath = useMatch(appPaths.business.settingsRoleEdit.path) !== null;
  const requested: RoleEditorMode = roleId === '' ? 'create' : isEditPath ? 'edit' : 'view';
  const businessQuery = useBusinessAccess(businessId);
  const access = businessQuery.data ? getRoleAccess(businessQuery.data) : null;
  const roleQuery = useRole(businessId, roleId, {
    enabled: requested !== 'create' && (access?.canRead ?? false),
  });
  const role = roleQuery.data;
  const canEdit = (access?.canManage ?? false) && role !== undefined && !role.isBuiltIn;

  // Editing what may not be edited shows the role instead, at its own address.
  if (requested === 'edit' && access && role && !canEdit) {
    return <Navigate to={paths.settingsRole(businessId, role.id)} replace />;
  }

  let content: React.ReactNode;
  const failed = businessQuery.isError ? businessQuery : roleQuery.isError ? roleQuery : null;
  if (failed) {
    content = <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (access && (!access.canRead || (requested === 'create' && !access.canManage))) {
    content = (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} role="status">
        {ACCESS_DENIED_MESSAGE}
      </Alert>
    );
  } else if (!access || (requested !== 'create' && !role)) {
    content = <EditorSkeleton />;
  } else {
    content = (
      <RoleForm
        // Another role starts a fresh form; a refetch of the same role keeps what is being typed.
        key={role?.id ?? 'create'}
        businessId={businessId}
        mode={requested}
        role={role}
        canManage={access.canManage}
      />
    );
  }

  return (
    <Stack gap="xl" maw={880}>
      <Header
        businessId={businessId}
        mode={requested}
        role={role}
        editHref={
          requested === 'view' && canEdit && role ? paths.settingsRoleEdit(businessId, role.id) : null
        }
      />
      {content}
    </Stack>
  );
}
