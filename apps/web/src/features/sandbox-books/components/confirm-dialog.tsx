import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';

/** A question before something that cannot be undone: the text, Cancel, and the action (spinning while sent). */
export const ConfirmDialog = ({
  opened,
  title,
  children,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <Dialog opened={opened} onClose={onClose} title={title}>
    <Stack gap="md">
      <Text size="sm">{children}</Text>
      <ErrorAlert>{error}</ErrorAlert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  </Dialog>
);
