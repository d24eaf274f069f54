import { ACCESS_DENIED_MESSAGE, DEFAULT_POLICY_NAME, paths } from '@ferry/domain';
import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { truncateText } from '@/components/truncated-text';
import { useBusinessAccess } from '@/lib/business-access';
import { usePolicy } from '../api/get-policy';
import { getApprovalAccess } from '../utils/access';
import { PolicyForm } from './policy-form';

const EditorSkeleton = () => (
  <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the policy">
    {[0, 1, 2].map((i) => (
      <Paper key={i} withBorder radius="md" p="lg">
        <Stack gap="md">
          <Skeleton height={14} width={120} />
          <Skeleton height={36} />
          <Skeleton height={14} width={160} />
        </Stack>
      </Paper>
    ))}
  </Stack>
);

/**
 * The policy editor (spec 001 §2): `/settings/approval-policies/create` and `/{policyId}/create` (edit),
 * for members who manage payment approvals.
 */
export function PolicyEditorPage() {
  const { businessId = '', policyId = '' } = useParams();
  const isEdit = policyId !== '';
  const businessQuery = useBusinessAccess(businessId);
  const access = businessQuery.data ? getApprovalAccess(businessQuery.data) : null;
  const policyQuery = usePolicy(businessId, policyId, { enabled: isEdit && (access?.canManage ?? false) });
  const policy = policyQuery.data;
  const title = !isEdit ? 'Create Policy' : policy?.isDefault ? `Edit ${DEFAULT_POLICY_NAME}` : 'Edit Policy';

  let content: React.ReactNode;
  const failed = businessQuery.isError ? businessQuery : policyQuery.isError ? policyQuery : null;
  if (failed) {
    content = <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (access && !access.canManage) {
    content = (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} role="status">
        {ACCESS_DENIED_MESSAGE}
      </Alert>
    );
  } else if (!access || (isEdit && !policy)) {
    content = <EditorSkeleton />;
  } else {
    // Another policy starts a fresh form; a refetch of the same one keeps what is being typed.
    content = <PolicyForm key={policy?.id ?? 'create'} businessId={businessId} policy={policy} />;
  }

  return (
    <Stack gap="xl" maw={880}>
      <Stack gap="sm">
        <PageBreadcrumbs
          trail={[
            { label: 'Settings' },
            { label: 'Approval policies', href: paths.settingsApprovalPolicies(businessId) },
          ]}
          current={isEdit && policy ? truncateText(policy.name) : title}
        />
        <Stack gap={4}>
          <Title order={1} fz={30} lts="-0.02em">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {policy?.isDefault
              ? 'The Default Policy applies to bills no other policy covers: choose its approval stages.'
              : 'Choose which bills the policy covers and who approves them, stage by stage.'}
          </Text>
        </Stack>
      </Stack>
      {content}
    </Stack>
  );
}
