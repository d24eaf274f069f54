import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/dialog';

export type DeletePolicyDialogProps = {
  /** The policy to delete; the dialog is closed without one. */
  policy: { name: string } | null;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a policy is deleted. */
export const DeletePolicyDialog = ({ policy, isDeleting, onConfirm, onClose }: DeletePolicyDialogProps) => (
  <Dialog opened={policy !== null} onClose={isDeleting ? () => undefined : onClose} title="Delete policy">
    <Stack gap="lg">
      <Stack gap="xs">
        <Text size="sm">Delete the policy {policy ? `“${policy.name}”` : ''}?</Text>
        <Text size="sm" c="dimmed">
          Bills it covered follow the next policy that matches, or the Default Policy. Payments already in
          approval keep their approvers.
        </Text>
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isDeleting}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={isDeleting} data-autofocus>
          Delete
        </Button>
      </Group>
    </Stack>
  </Dialog>
);
