import { Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconBolt, IconEyeOff, IconShieldExclamation } from '@tabler/icons-react';
import { Dialog } from '@/components/dialog';

export const RECONNECT_FAILED_TITLE = 'Bank reconnect failed';

export const RECONNECT_FAILED_LOSSES = [
  {
    icon: IconEyeOff,
    text: 'No balance visibility: Ferry cannot check the balance before a payment, so payments may fail for insufficient funds (NSF).',
  },
  { icon: IconBolt, text: 'No instant payments from this account.' },
  {
    icon: IconShieldExclamation,
    text: 'Limited verification: the account is treated as a manually added bank until it is reconnected.',
  },
] as const;

export type ReconnectFailedDialogProps = {
  opened: boolean;
  onAddAnother: () => void;
  onClose: () => void;
};

/** Spec 002 §2: what is lost until the bank is reconnected; 'Add another bank account' or try later. */
export const ReconnectFailedDialog = ({ opened, onAddAnother, onClose }: ReconnectFailedDialogProps) => (
  <Dialog opened={opened} onClose={onClose} title={RECONNECT_FAILED_TITLE}>
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="yellow" variant="light" radius="xl" size={36} aria-hidden>
          <IconAlertTriangle size={20} />
        </ThemeIcon>
        <Text size="sm">
          We could not reconnect your bank. Until it is reconnected, this account works like a manually added
          bank account:
        </Text>
      </Group>
      <List spacing="xs" size="sm" center>
        {RECONNECT_FAILED_LOSSES.map(({ icon: Icon, text }) => (
          <List.Item
            key={text}
            icon={
              <ThemeIcon size={24} radius="xl" variant="light" color="gray" aria-hidden>
                <Icon size={14} />
              </ThemeIcon>
            }
          >
            {text}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Got it, try later
        </Button>
        <Button onClick={onAddAnother}>Add another bank account</Button>
      </Group>
    </Stack>
  </Dialog>
);
