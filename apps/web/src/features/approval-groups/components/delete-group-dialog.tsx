import { APPROVAL_MESSAGES, type ApprovalGroupView, paths } from '@ferry/domain';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Dialog } from '@/components/dialog';

export type DeleteGroupDialogProps = {
  businessId: string;
  /** The group to delete; the dialog is closed without one. */
  group: ApprovalGroupView | null;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Asks before a group is deleted. A group that a policy uses cannot go: the dialog says so instead, names
 * the policies and leads to them.
 */
export const DeleteGroupDialog = ({
  businessId,
  group,
  isDeleting,
  onConfirm,
  onClose,
}: DeleteGroupDialogProps) => {
  const inUse = (group?.policies.length ?? 0) > 0;
  return (
    <Dialog
      opened={group !== null}
      onClose={isDeleting ? () => undefined : onClose}
      title={inUse ? 'Group in use' : 'Delete approval group'}
    >
      {inUse && group ? (
        <Stack gap="lg">
          <Text size="sm">{APPROVAL_MESSAGES.groupInPolicy}</Text>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Policies using “{group.name}”
            </Text>
            <List size="sm">
              {group.policies.map((policy) => (
                <List.Item key={policy.id}>{policy.name}</List.Item>
              ))}
            </List>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              Close
            </Button>
            <Button component={Link} to={paths.settingsApprovalPolicies(businessId)}>
              View Policies
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="lg">
          <Text size="sm">
            Delete the approval group {group ? `“${group.name}”` : ''}? This cannot be undone. Payments
            already in approval keep their approvers.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isDeleting}>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={isDeleting} data-autofocus>
              Delete
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
};
