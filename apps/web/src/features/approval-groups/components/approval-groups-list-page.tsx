import { ACCESS_DENIED_MESSAGE, APPROVAL_MESSAGES, type ApprovalGroupView, paths } from '@ferry/domain';
import {
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconChecklist,
  IconHistory,
  IconLock,
  IconPlus,
  IconSearch,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ReadOnlyButton } from '@/components/approvers/read-only-button';
import { getPageCount, useTableState } from '@/components/data-table';
import { ErrorState } from '@/components/error-state';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { useBusinessAccess } from '@/lib/business-access';
import { useDeleteApprovalGroup } from '../api/delete-approval-group';
import { useApprovalGroups } from '../api/get-approval-groups';
import type { ApprovalGroupSortBy } from '../api/keys';
import { CREATE_GROUP_READ_ONLY, getApprovalAccess } from '../utils/access';
import { classifyGroupError } from '../utils/group-errors';
import { ApprovalGroupsTable } from './approval-groups-table';
import { DeleteGroupDialog } from './delete-group-dialog';
import { GroupActivityDialog } from './group-activity-dialog';

export const CREATE_GROUP_LABEL = 'Create a New Approval Group';

const ListSkeleton = () => (
  <Paper withBorder radius="md" p="md" role="status" aria-busy="true" aria-label="Loading approval groups">
    <Stack gap="md">
      {[0, 1, 2, 3].map((i) => (
        <Group key={i} gap="md" wrap="nowrap">
          <Skeleton height={16} width="20%" />
          <Skeleton height={16} width="30%" />
          <Skeleton height={28} width={96} radius="xl" />
          <Skeleton height={16} width="16%" />
        </Group>
      ))}
    </Stack>
  </Paper>
);

const CreateGroupButton = ({ businessId, canManage }: { businessId: string; canManage: boolean }) =>
  canManage ? (
    <Button
      component={Link}
      to={paths.settingsApprovalGroupCreate(businessId)}
      leftSection={<IconPlus size={16} aria-hidden />}
    >
      {CREATE_GROUP_LABEL}
    </Button>
  ) : (
    <ReadOnlyButton reason={CREATE_GROUP_READ_ONLY} leftSection={<IconPlus size={16} aria-hidden />}>
      {CREATE_GROUP_LABEL}
    </ReadOnlyButton>
  );

/**
 * `/b/{id}/settings/approval-groups` (spec 001 §2): the business's approval groups, paged, sorted and
 * searched on the server; Create, Modify and Delete for members who manage payment approvals; the groups'
 * activity log.
 */
export function ApprovalGroupsListPage() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const access = businessQuery.data ? getApprovalAccess(businessQuery.data) : null;
  const [search, setSearch] = useState('');
  const [searchBy] = useDebouncedValue(search.trim(), 300);
  const table = useTableState<ApprovalGroupSortBy, { searchBy: string }>({
    defaultSort: { by: 'name', order: 'asc' },
    filters: { searchBy: '' },
  });
  if (table.filters.searchBy !== searchBy) table.setFilter('searchBy', searchBy);
  const groupsQuery = useApprovalGroups(
    businessId,
    { ...table.params, searchBy: table.filters.searchBy },
    { enabled: access?.canRead ?? false },
  );
  // A page emptied by a delete (the last group of the last page) steps back to the new last page.
  const groupsPage = groupsQuery.data;
  const { page, pageSize, setPage } = table.pagination;
  if (groupsPage && groupsPage.items.length === 0 && groupsPage.total > 0 && page > 1) {
    setPage(Math.min(page - 1, getPageCount(groupsPage.total, pageSize)));
  }
  const remove = useDeleteApprovalGroup(businessId);
  const [deleting, setDeleting] = useState<ApprovalGroupView | null>(null);
  const [activityOpen, setActivityOpen] = useState(false);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ color: 'teal', message: APPROVAL_MESSAGES.groupDeleted });
      },
      onError: (error) => {
        setDeleting(null);
        const failure = classifyGroupError(error);
        const message = failure.kind === 'other' ? failure.message : (Object.values(failure.errors)[0] ?? '');
        notifications.show({ color: 'red', message });
      },
    });
  };

  const canManage = access?.canManage ?? false;
  const isSearching = table.filters.searchBy !== '';
  let content: React.ReactNode;
  const failed = businessQuery.isError ? businessQuery : groupsQuery.isError ? groupsQuery : null;
  if (failed) {
    content = <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (access && !access.canRead) {
    content = (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} role="status">
        {ACCESS_DENIED_MESSAGE}
      </Alert>
    );
  } else if (!access || !groupsQuery.data) {
    content = <ListSkeleton />;
  } else if (groupsQuery.data.total === 0 && !isSearching) {
    content = (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="sm" py="md">
          <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
            <IconUsersGroup size={26} />
          </ThemeIcon>
          <Text fw={650}>No approval groups yet</Text>
          <Text size="sm" c="dimmed" ta="center" maw={460}>
            Group the people who approve bills together, then name the group in a policy stage: any or all of
            its members approve.
          </Text>
          {canManage ? <CreateGroupButton businessId={businessId} canManage /> : null}
        </Stack>
      </Paper>
    );
  } else {
    content = (
      <ApprovalGroupsTable
        businessId={businessId}
        groups={groupsQuery.data.items}
        isLoading={groupsQuery.isPlaceholderData && groupsQuery.isFetching}
        canManage={canManage}
        sort={table.sort}
        onSort={table.onSort}
        pagination={{
          page: table.pagination.page,
          pageSize: table.pagination.pageSize,
          total: groupsQuery.data.total,
          onPageChange: table.pagination.setPage,
          onPageSizeChange: table.pagination.setPageSize,
        }}
        onDelete={setDeleting}
      />
    );
  }

  return (
    <Stack gap="xl" maw={1120}>
      <Stack gap="sm">
        <PageBreadcrumbs trail={[{ label: 'Settings' }]} current="Approval groups" />
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4}>
            <Title order={1} fz={30} lts="-0.02em">
              Approval groups
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              A group names several people who can approve bills. Changes apply only to payments submitted for
              approval afterwards.
            </Text>
          </Stack>
          {access?.canRead ? (
            <Group gap="sm">
              <Button
                component={Link}
                to={paths.settingsApprovalPolicies(businessId)}
                variant="default"
                leftSection={<IconChecklist size={16} aria-hidden />}
              >
                Approval policies
              </Button>
              <Button
                variant="default"
                leftSection={<IconHistory size={16} aria-hidden />}
                onClick={() => setActivityOpen(true)}
              >
                Activity
              </Button>
              <CreateGroupButton businessId={businessId} canManage={canManage} />
            </Group>
          ) : null}
        </Group>
      </Stack>
      {access?.canRead && (groupsQuery.data?.total !== 0 || isSearching || search !== '') ? (
        <TextInput
          aria-label="Search approval groups"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maw={360}
          maxLength={50}
        />
      ) : null}
      {content}
      <DeleteGroupDialog
        businessId={businessId}
        group={deleting}
        isDeleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      {access?.canRead ? (
        <GroupActivityDialog
          businessId={businessId}
          opened={activityOpen}
          onClose={() => setActivityOpen(false)}
        />
      ) : null}
    </Stack>
  );
}
