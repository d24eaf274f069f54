import { paths, SETTINGS_API_MESSAGES } from '@ferry/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Dialog } from '@/components/dialog';
import { isAreaLive } from '@/config/areas';

export type RoleCannotBeModifiedDialogProps = {
  businessId: string;
  /** The role in question; the dialog is closed without one. */
  role: { id: string; name: string } | null;
  /** The server's explanation, when it gave one. */
  message?: string | undefined;
  onClose: () => void;
};

/**
 * 'Role cannot be modified' (spec 001 §2, §8): the role is held by users (or its users approve payments);
 * unassign it first. 'View Users' opens the users list filtered by the role, 'Close' closes.
 */
export const RoleCannotBeModifiedDialog = ({
  businessId,
  role,
  message,
  onClose,
}: RoleCannotBeModifiedDialogProps) => (
  <Dialog opened={role !== null} onClose={onClose} title="Role cannot be modified">
    <Stack gap="lg">
      <Stack gap="xs">
        <Text size="sm">{message ?? SETTINGS_API_MESSAGES.roleCannotBeModified}</Text>
        <Text size="sm" c="dimmed">
          Give the users of {role ? `“${role.name}”` : 'this role'} another role, then try again.
        </Text>
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {role && isAreaLive('users') ? (
          <Button component={Link} to={paths.settingsUsers(businessId, role.id)}>
            View Users
          </Button>
        ) : null}
      </Group>
    </Stack>
  </Dialog>
);
