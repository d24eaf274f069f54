import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/dialog';

export type DeleteRoleDialogProps = {
  /** The role to delete; the dialog is closed without one. */
  role: { name: string } | null;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before a custom role is deleted. */
export const DeleteRoleDialog = ({ role, isDeleting, onConfirm, onClose }: DeleteRoleDialogProps) => (
  <Dialog opened={role !== null} onClose={isDeleting ? () => undefined : onClose} title="Delete role">
    <Stack gap="lg">
      <Text size="sm">Delete the role {role ? `“${role.name}”` : ''}? This cannot be undone.</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isDeleting}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={isDeleting}>
          Delete
        </Button>
      </Group>
    </Stack>
  </Dialog>
);
