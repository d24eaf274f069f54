import { ACCESS_DENIED_MESSAGE, APPROVAL_MESSAGES, type PolicyView, paths } from '@ferry/domain';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconChecklist,
  IconHistory,
  IconInfoCircle,
  IconLock,
  IconPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ReadOnlyButton } from '@/components/approvers/read-only-button';
import { ErrorState } from '@/components/error-state';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { useBusinessAccess } from '@/lib/business-access';
import { useDeletePolicy } from '../api/delete-policy';
import { usePolicies } from '../api/get-policies';
import { useReorderPolicies } from '../api/reorder-policies';
import { getApprovalAccess } from '../utils/access';
import { AuditTrailDialog } from './audit-trail-dialog';
import { DeletePolicyDialog } from './delete-policy-dialog';
import { PolicyCard } from './policy-card';
import { SortablePolicyList } from './sortable-policy-list';

/** Spec 001 §2: the info box on overlapping policies. */
export const PRIORITY_INFO =
  'When policies overlap, the one with the lowest priority order number applies: a bill follows the first policy it matches.';

const ListSkeleton = () => (
  <Stack gap="md" role="status" aria-busy="true" aria-label="Loading approval policies">
    {[0, 1, 2].map((i) => (
      <Paper key={i} withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group gap="sm">
            <Skeleton height={20} width={80} radius="sm" />
            <Skeleton height={18} width="30%" />
          </Group>
          <Skeleton height={14} width="55%" />
          <Skeleton height={14} width="40%" />
          <Group gap="xs">
            {[0, 1, 2].map((j) => (
              <Skeleton key={j} height={26} circle />
            ))}
          </Group>
        </Stack>
      </Paper>
    ))}
  </Stack>
);

const CreatePolicyButton = ({
  businessId,
  canManage,
  label = 'Create Policy',
}: {
  businessId: string;
  canManage: boolean;
  label?: string;
}) =>
  canManage ? (
    <Button
      component={Link}
      to={paths.settingsApprovalPolicyCreate(businessId)}
      leftSection={<IconPlus size={16} aria-hidden />}
    >
      {label}
    </Button>
  ) : (
    <ReadOnlyButton
      reason={APPROVAL_MESSAGES.createPolicyReadOnly}
      leftSection={<IconPlus size={16} aria-hidden />}
    >
      {label}
    </ReadOnlyButton>
  );

/**
 * `/b/{id}/settings/approval-policies` (spec 001 §2, §4, §6): the policies by priority, each with its IF and
 * THEN blocks, the Default Policy last; reordering, Edit and Delete for members who manage approvals; the
 * audit trail.
 */
export function ApprovalPoliciesPage() {
  const { businessId = '' } = useParams();
  const businessQuery = useBusinessAccess(businessId);
  const access = businessQuery.data ? getApprovalAccess(businessQuery.data) : null;
  const policiesQuery = usePolicies(businessId, { enabled: access?.canRead ?? false });
  const reorder = useReorderPolicies(businessId);
  const remove = useDeletePolicy(businessId);
  const [deleting, setDeleting] = useState<PolicyView | null>(null);
  const [auditOpen, setAuditOpen] = useState(false);
  const canManage = access?.canManage ?? false;

  const onReorder = (policyIds: string[]) => {
    reorder.mutate(policyIds, {
      onSuccess: () => notifications.show({ color: 'teal', message: APPROVAL_MESSAGES.policyOrderUpdated }),
      onError: () => notifications.show({ color: 'red', message: APPROVAL_MESSAGES.policyOrderFailed }),
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notifications.show({ color: 'teal', message: APPROVAL_MESSAGES.policyDeleted });
      },
      onError: () => {
        setDeleting(null);
        notifications.show({ color: 'red', message: APPROVAL_MESSAGES.policyDeleteFailed });
      },
    });
  };

  let content: React.ReactNode;
  const failed = businessQuery.isError ? businessQuery : policiesQuery.isError ? policiesQuery : null;
  if (failed) {
    content = <ErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (access && !access.canRead) {
    content = (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} role="status">
        {ACCESS_DENIED_MESSAGE}
      </Alert>
    );
  } else if (!access || !policiesQuery.data) {
    content = <ListSkeleton />;
  } else {
    const policies = policiesQuery.data.filter((policy) => !policy.isDefault);
    const defaults = policiesQuery.data.filter((policy) => policy.isDefault);
    content = (
      <Stack gap="md">
        {policies.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Stack align="center" gap="sm" py="sm">
              <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                <IconChecklist size={26} />
              </ThemeIcon>
              <Text fw={650}>No approval policies yet</Text>
              <Text size="sm" c="dimmed" ta="center" maw={480}>
                Every bill follows the Default Policy below. Create a policy to require approval for bills
                over an amount or from chosen vendors.
              </Text>
              {canManage ? (
                <CreatePolicyButton businessId={businessId} canManage label="Create your first policy" />
              ) : null}
            </Stack>
          </Paper>
        ) : (
          <SortablePolicyList
            businessId={businessId}
            policies={policies}
            canManage={canManage}
            isSaving={reorder.isPending}
            onReorder={onReorder}
            onDelete={setDeleting}
          />
        )}
        {defaults.map((policy) => (
          <PolicyCard
            key={policy.id}
            businessId={businessId}
            policy={policy}
            priority={null}
            canManage={canManage}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="xl" maw={1120}>
      <Stack gap="sm">
        <PageBreadcrumbs trail={[{ label: 'Settings' }]} current="Approval policies" />
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={4}>
            <Title order={1} fz={30} lts="-0.02em">
              Approval policies
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              Policies decide who must approve a bill before it is paid: if a bill meets a policy’s
              conditions, its approvers approve it stage by stage.
            </Text>
          </Stack>
          {access?.canRead ? (
            <Group gap="sm">
              <Button
                component={Link}
                to={paths.settingsApprovalGroups(businessId)}
                variant="default"
                leftSection={<IconUsersGroup size={16} aria-hidden />}
              >
                Approval groups
              </Button>
              <Button
                variant="default"
                leftSection={<IconHistory size={16} aria-hidden />}
                onClick={() => setAuditOpen(true)}
              >
                Audit Trail
              </Button>
              <CreatePolicyButton businessId={businessId} canManage={canManage} />
            </Group>
          ) : null}
        </Group>
      </Stack>
      {access?.canRead ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="note">
          {PRIORITY_INFO}
        </Alert>
      ) : null}
      {content}
      <DeletePolicyDialog
        policy={deleting}
        isDeleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      {access?.canRead ? (
        <AuditTrailDialog businessId={businessId} opened={auditOpen} onClose={() => setAuditOpen(false)} />
      ) : null}
    </Stack>
  );
}
