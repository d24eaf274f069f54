import { paths, type UserApprovalAssignments } from '@ferry/domain';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Dialog } from '@/components/dialog';
import { isAreaLive } from '@/config/areas';

export type CannotChangeRoleDialogProps = {
  opened: boolean;
  onClose: () => void;
  businessId: string;
  userName: string;
  /** Where the user approves, when known (the assignments call answered). */
  assignments?: UserApprovalAssignments | null;
};

/**
 * The Cannot-change-role dialog (spec 001 §2, §4): the user is an approver in an active approval policy or
 * approvers group, so their role stays until they are taken out of it. View Policies and View Groups lead
 * to the approval pages once that area is live; until then the dialog says where the change is made.
 */
export const CannotChangeRoleDialog = ({
  opened,
  onClose,
  businessId,
  userName,
  assignments,
}: CannotChangeRoleDialogProps) => {
  const approvalsLive = isAreaLive('approvalPolicies');
  const policies = assignments?.policies ?? [];
  const groups = assignments?.groups ?? [];
  return (
    <Dialog opened={opened} onClose={onClose} title="Cannot change role">
      <Stack gap="md">
        <Text size="sm">
          <b>{userName}</b> is an approver in an active approval policy or approvers group. Remove them from
          it first; then their role can be changed.
        </Text>
        {policies.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Approval policies
            </Text>
            <List size="sm">
              {policies.map((policy) => (
                <List.Item key={policy.id}>{policy.name}</List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {groups.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Approval groups
            </Text>
            <List size="sm">
              {groups.map((group) => (
                <List.Item key={group.id}>{group.name}</List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {approvalsLive ? null : (
          <Text size="sm" c="dimmed">
            Approval policies and approval groups are edited under Settings by a member who manages payment
            approvals.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          {approvalsLive ? (
            <>
              <Button component={Link} to={paths.settingsApprovalGroups(businessId)} variant="light">
                View Groups
              </Button>
              <Button component={Link} to={paths.settingsApprovalPolicies(businessId)}>
                View Policies
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Dialog>
  );
};
