import { APPROVAL_MESSAGES } from '@ferry/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/dialog';
import { joinNames } from '../utils/group-form';

export type ConfirmGroupChangeDialogProps = {
  opened: boolean;
  /** Names of the members joining and leaving. */
  added: readonly string[];
  removed: readonly string[];
  isSaving: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** 'Users added: Ada Lovelace and Grace Hopper.' */
export const describeAdded = (names: readonly string[]): string => `Users added: ${joinNames(names)}.`;
export const describeRemoved = (names: readonly string[]): string => `Users removed: ${joinNames(names)}.`;

/**
 * The confirmation before a group is modified (spec 001 §2): who is added and who is removed, and that
 * the change applies only to payments submitted from now on.
 */
export const ConfirmGroupChangeDialog = ({
  opened,
  added,
  removed,
  isSaving,
  onConfirm,
  onClose,
}: ConfirmGroupChangeDialogProps) => (
  <Dialog opened={opened} onClose={isSaving ? () => undefined : onClose} title="Modify Approval Group">
    <Stack gap="lg">
      <Stack gap="xs">
        {added.length > 0 ? <Text size="sm">{describeAdded(added)}</Text> : null}
        {removed.length > 0 ? <Text size="sm">{describeRemoved(removed)}</Text> : null}
        {added.length + removed.length === 0 ? (
          <Text size="sm">The group’s members stay the same.</Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {APPROVAL_MESSAGES.futureOnly}
        </Text>
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isSaving}>
          Cancel
        </Button>
        <Button onClick={onConfirm} loading={isSaving} data-autofocus>
          Confirm
        </Button>
      </Group>
    </Stack>
  </Dialog>
);
