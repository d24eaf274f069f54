import {
  ACCESS_DENIED_MESSAGE,
  type BusinessUser,
  isId,
  type MemberStatus,
  paths,
  SETTINGS_API_MESSAGES,
  SETTINGS_SEARCH_MAX,
} from '@ferry/domain';
import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTableState } from '@/components/data-table';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { QueryStateBlock } from '@/components/query-state-block';
import { getErrorMessage } from '@/lib/api-error';
import { useBusinessAccess } from '@/lib/business-access';
import { useBusinessUsers } from '../api/get-business-users';
import { useRoleOptions } from '../api/get-role-options';
import type { UsersSortBy } from '../api/keys';
import { useRemoveBusinessUser } from '../api/remove-business-user';
import { useResendUserInvite } from '../api/resend-user-invite';
import { getUsersAccess } from '../utils/access';
import { getUserName, MEMBER_STATUS_DISPLAY } from '../utils/display';
import { ConfirmDialog } from './confirm-dialog';
import { UsersTable } from './users-table';

/** The search box follows typing after 300 ms; at most 50 characters (the API's limit). */
export const USERS_SEARCH_DEBOUNCE_MS = 300;

const ALL = 'ALL';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All' },
  // The spec's order (001 §2): Active, Pending, Expired.
  ...(['ACTIVE', 'PENDING', 'EXPIRED'] as const satisfies readonly MemberStatus[]).map((status) => ({
    value: status,
    label: MEMBER_STATUS_DISPLAY[status].label,
  })),
];

type PendingAction = { kind: 'remove' | 'revoke'; user: BusinessUser } | null;

/**
 * `/b/{id}/settings/users` (spec 001 §2, §9): the members and invitations of the business, with search,
 * status filter (Active, Pending, Expired), role filter (also from `?roleId=`, the role list's link),
 * sorting and server paging; Add User and the row actions with manage on Users.
 */
export function UsersListPage() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const access = businessQuery.data ? getUsersAccess(businessQuery.data) : null;

  return (
    <Stack gap="xl" maw={1120}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={30} lts="-0.02em">
            Users
          </Title>
          <Text size="sm" c="dimmed">
            The people who work in this business on Ferry, and what each may do by their role.
          </Text>
        </Stack>
        {access?.canManage ? (
          <Button
            component={Link}
            to={paths.settingsUserAdd(businessId)}
            leftSection={<IconUserPlus size={16} aria-hidden />}
          >
            Add User
          </Button>
        ) : null}
      </Group>
      {businessQuery.isError ? (
        <ErrorState error={businessQuery.error} onRetry={() => void businessQuery.refetch()} />
      ) : !access ? (
        <PageLoader label="Loading users..." />
      ) : !access.canRead ? (
        <Alert color="gray" variant="light" role="note">
          {ACCESS_DENIED_MESSAGE}
        </Alert>
      ) : (
        <UsersList businessId={businessId} canManage={access.canManage} />
      )}
    </Stack>
  );
}

const UsersList = ({ businessId, canManage }: { businessId: string; canManage: boolean }) => {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlRoleId = searchParams.get('roleId');
  const roleId = urlRoleId && isId(urlRoleId) ? urlRoleId : null;
  const table = useTableState<UsersSortBy, { status: MemberStatus | null }>({
    defaultSort: { by: 'name', order: 'asc' },
    filters: { status: null },
  });
  const [search, setSearch] = useState('');
  const [searchBy] = useDebouncedValue(search.trim(), USERS_SEARCH_DEBOUNCE_MS);
  // A new search or role starts from the first page (set while rendering: the old page is never asked for).
  const [pagedBy, setPagedBy] = useState({ searchBy, roleId });
  if (pagedBy.searchBy !== searchBy || pagedBy.roleId !== roleId) {
    setPagedBy({ searchBy, roleId });
    table.pagination.reset();
  }

  const usersQuery = useBusinessUsers(businessId, {
    ...table.params,
    status: table.filters.status,
    roleId,
    searchBy,
  });
  const rolesQuery = useRoleOptions(businessId);
  const resend = useResendUserInvite(businessId);
  const remove = useRemoveBusinessUser(businessId);
  const [pending, setPending] = useState<PendingAction>(null);

  const setRoleFilter = (value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set('roleId', value);
    else next.delete('roleId');
    setSearchParams(next, { replace: true });
  };

  const handleResend = async (user: BusinessUser) => {
    if (!user.mappingId) return;
    try {
      await resend.mutateAsync(user.mappingId);
      notifications.show({ color: 'teal', message: SETTINGS_API_MESSAGES.invitationResent });
    } catch (error) {
      notifications.show({ color: 'red', message: getErrorMessage(error) });
    }
  };

  const handleConfirm = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending.user.id);
      notifications.show({
        color: 'teal',
        message:
          pending.kind === 'revoke'
            ? SETTINGS_API_MESSAGES.invitationRevoked
            : SETTINGS_API_MESSAGES.userRemoved,
      });
    } catch (error) {
      notifications.show({ color: 'red', message: getErrorMessage(error) });
    } finally {
      setPending(null);
    }
  };

  const roleOptions = (rolesQuery.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  // A role from the link that the selector does not know (yet) still filters, and says so.
  if (roleId && rolesQuery.isSuccess && !roleOptions.some((option) => option.value === roleId)) {
    roleOptions.push({ value: roleId, label: 'Selected role' });
  }
  const page = usersQuery.data;
  const pendingName = pending ? getUserName(pending.user) : '';

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search users"
          placeholder="Search by name or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          maxLength={SETTINGS_SEARCH_MAX}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value.slice(0, SETTINGS_SEARCH_MAX))}
          w={300}
        />
        <Select
          aria-label="Filter by role"
          placeholder="All roles"
          data={roleOptions}
          value={roleId}
          onChange={setRoleFilter}
          clearable
          searchable
          nothingFoundMessage="No roles found"
          w={220}
        />
        <SegmentedControl
          aria-label="Filter by status"
          data={STATUS_OPTIONS}
          value={table.filters.status ?? ALL}
          onChange={(value) => table.setFilter('status', value === ALL ? null : (value as MemberStatus))}
        />
      </Group>
      <QueryStateBlock query={usersQuery} loadingLabel="Loading users" isEmpty={false} empty={null}>
        <UsersTable
          businessId={businessId}
          users={page?.items}
          isLoading={usersQuery.isPlaceholderData && usersQuery.isFetching}
          sort={table.sort}
          onSort={table.onSort}
          canManage={canManage}
          onResend={(user) => void handleResend(user)}
          onRevoke={(user) => setPending({ kind: 'revoke', user })}
          onRemove={(user) => setPending({ kind: 'remove', user })}
          pagination={{
            page: table.pagination.page,
            pageSize: table.pagination.pageSize,
            total: page?.total ?? 0,
            onPageChange: table.pagination.setPage,
            onPageSizeChange: table.pagination.setPageSize,
          }}
        />
      </QueryStateBlock>
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.kind === 'revoke' ? 'Revoke invitation?' : 'Remove user?'}
        confirmLabel={pending?.kind === 'revoke' ? 'Revoke invitation' : 'Remove user'}
        isPending={remove.isPending}
        onConfirm={() => void handleConfirm()}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'revoke' ? (
          <>
            The invitation to <b>{pending.user.user.email}</b> will stop working. You can invite them again
            later.
          </>
        ) : (
          <>
            <b>{pendingName}</b> will lose access to this business at once. You can invite them again later.
          </>
        )}
      </ConfirmDialog>
    </Stack>
  );
};
