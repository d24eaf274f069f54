import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '@/components/dialog';

export type RemoveCardDialogProps = {
  /** 'Visa •••• 4242'; the dialog is open while set. */
  cardLabel: string | null;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Confirmation before a card is removed. */
export const RemoveCardDialog = ({ cardLabel, removing, onCancel, onConfirm }: RemoveCardDialogProps) => (
  <Dialog opened={cardLabel !== null} onClose={onCancel} title="Remove card?" size="sm">
    <Stack gap="lg">
      <Text size="sm">
        {cardLabel} will be removed from this business and can no longer be used to pay. You can add it again
        later.
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={removing}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={removing}>
          Remove card
        </Button>
      </Group>
    </Stack>
  </Dialog>
);
