import { ACCESS_DENIED_MESSAGE, paths } from '@ferry/domain';
import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { useBusinessAccess } from '@/lib/business-access';
import { useApprovalGroup } from '../api/get-approval-group';
import { getApprovalAccess } from '../utils/access';
import { ApprovalGroupForm } from './approval-group-form';

export const CREATE_GROUP_TITLE = 'Create a New Approval Group';
export const MODIFY_GROUP_TITLE = 'Modify Approval Group';

const FormSkeleton = () => (
  <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the approval group">
    {[0, 1].map((i) => (
      <Paper key={i} withBorder radius="md" p="lg">
        <Stack gap="md">
          <Skeleton height={14} width={120} />
          <Skeleton height={36} />
          <Skeleton height={14} width={120} />
          <Skeleton height={56} />
        </Stack>
      </Paper>
    ))}
  </Stack>
);

/**
 * `/b/{id}/settings/approval-groups/create` and `/{groupId}/edit` (spec 001 §2): the group form, for
 * members who manage payment approvals. Saving returns to the list.
 */
export function ApprovalGroupFormPage() {
  const { businessId = '', groupId = '' } = useParams();
  const isEdit = groupId !== '';
  const businessQuery = useBusinessAccess(businessId);
  const access = businessQuery.data ? getApprovalAccess(businessQuery.data) : null;
  const groupQuery = useApprovalGroup(businessId, groupId, {
    enabled: isEdit && (access?.canManage ?? false),
  });
  const group = groupQuery.data;
  const title = isEdit ? MODIFY_GROUP_TITLE : CREATE_GROUP_TITLE;

  let content: React.ReactNode;
  const failed = businessQuery.isError ? businessQuery : groupQuery.isError ? groupQuery : null;
  if (failed) {
    content = <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (access && !access.canManage) {
    content = (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} role="status">
        {ACCESS_DENIED_MESSAGE}
      </Alert>
    );
  } else if (!access || (isEdit && !group)) {
    content = <FormSkeleton />;
  } else {
    // Another group starts a fresh form; a refetch of the same group keeps what is being typed.
    content = <ApprovalGroupForm key={group?.id ?? 'create'} businessId={businessId} group={group} />;
  }

  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="sm">
        <PageBreadcrumbs
          trail={[
            { label: 'Settings' },
            { label: 'Approval groups', href: paths.settingsApprovalGroups(businessId) },
          ]}
          current={title}
        />
        <Stack gap={4}>
          <Title order={1} fz={30} lts="-0.02em">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {isEdit
              ? 'Change the group’s name, description or members.'
              : 'Name the group, describe it and choose who is in it. A policy stage can then name the group as its approvers.'}
          </Text>
        </Stack>
      </Stack>
      {content}
    </Stack>
  );
}
