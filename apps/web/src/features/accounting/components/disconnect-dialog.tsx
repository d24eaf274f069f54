import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage } from '@/lib/api-error';
import { useDisconnect } from '../api/connection-actions';

export type DisconnectDialogProps = {
  businessId: string;
  providerName: string;
  opened: boolean;
  onClose: () => void;
};

/** Confirms 'Disconnect' (POST /business/{id}/disconnect/accounting-connection). */
export const DisconnectDialog = ({ businessId, providerName, opened, onClose }: DisconnectDialogProps) => {
  const disconnect = useDisconnect(businessId);
  return (
    <Dialog opened={opened} onClose={onClose} title={`Disconnect ${providerName}?`}>
      <Stack gap="md">
        <Text size="sm">
          Ferry stops syncing with {providerName}. Records already synced stay in Ferry and in your books;
          nothing is deleted on either side. You can connect again at any time.
        </Text>
        <ErrorAlert>{disconnect.isError ? getErrorMessage(disconnect.error) : null}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={disconnect.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: `${providerName} is disconnected.` });
                  onClose();
                },
              })
            }
          >
            Disconnect
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
};
