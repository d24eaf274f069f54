import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from '@/components/dialog';

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A yes-or-no question before something that cannot be undone (remove a user, revoke an invitation). */
export const ConfirmDialog = ({
  opened,
  title,
  children,
  confirmLabel,
  isPending,
  onConfirm,
  onClose,
}: ConfirmDialogProps) => (
  <Dialog opened={opened} onClose={isPending ? () => undefined : onClose} title={title}>
    <Stack gap="lg">
      <Text size="sm" component="div">
        {children}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={isPending} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  </Dialog>
);
