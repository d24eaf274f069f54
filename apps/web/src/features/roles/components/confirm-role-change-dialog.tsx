import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/dialog';

export type ConfirmRoleChangeDialogProps = {
  opened: boolean;
  /** How many members and pending invitations hold the role. */
  userCount: number;
  isSaving: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

export const describeAffectedUsers = (count: number): string =>
  `This changes what ${count} ${count === 1 ? 'user' : 'users'} can do.`;

/** The confirmation required before saving a role that members hold (spec 001 §2). */
export const ConfirmRoleChangeDialog = ({
  opened,
  userCount,
  isSaving,
  onConfirm,
  onClose,
}: ConfirmRoleChangeDialogProps) => (
  <Dialog opened={opened} onClose={isSaving ? () => undefined : onClose} title="Confirmation required">
    <Stack gap="lg">
      <Stack gap="xs">
        <Text size="sm">{describeAffectedUsers(userCount)}</Text>
        <Text size="sm" c="dimmed">
          Everyone with this role gets the new permissions from their next action.
        </Text>
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
        <Button onClick={onConfirm} loading={isSaving}>
          Save changes
        </Button>
      </Group>
    </Stack>
  </Dialog>
);
