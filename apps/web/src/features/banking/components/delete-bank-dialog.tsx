import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';

export const DELETE_BANK_ACKNOWLEDGEMENT =
  'I understand that payments already submitted from this bank account are not affected.';

export type DeleteBankDialogProps = {
  opened: boolean;
  bankLabel: string;
  isPending: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

const DeleteBankBody = ({
  bankLabel,
  isPending,
  onClose,
  onConfirm,
}: Omit<DeleteBankDialogProps, 'opened'>) => {
  const [acknowledged, setAcknowledged] = useState(false);
  return (
    <Stack gap="md">
      <Text size="sm">
        <Text span fw={600} inherit>
          {bankLabel}
        </Text>{' '}
        will be removed from this business. You will not be able to pay or get paid with it until you add it
        again.
      </Text>
      <Checkbox
        checked={acknowledged}
        onChange={(event) => setAcknowledged(event.currentTarget.checked)}
        label={DELETE_BANK_ACKNOWLEDGEMENT}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} disabled={!acknowledged} loading={isPending}>
          Confirm
        </Button>
      </Group>
    </Stack>
  );
};

/** The bank-removal confirmation (spec 002 §2): Confirm only after ticking that submitted payments stay. */
export const DeleteBankDialog = ({ opened, ...props }: DeleteBankDialogProps) => (
  <Dialog opened={opened} onClose={props.onClose} title="Remove bank account?">
    {opened ? <DeleteBankBody {...props} /> : null}
  </Dialog>
);
