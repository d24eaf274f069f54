import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { Dialog } from '@/components/dialog';

export const BANK_DENIED_TITLE = 'This bank is not supported';
export const BANK_DENIED_MESSAGE =
  'Accounts at prepaid card providers and neobanks cannot be linked to Ferry. Please connect a business checking or savings account at a traditional bank or credit union instead.';

export type BankDeniedDialogProps = {
  opened: boolean;
  institutionName: string | null;
  onTryAnother: () => void;
  onClose: () => void;
};

/** BANK_DENIED (spec 002 §4): a blocked institution, or the server said `bankDenied`. Nothing was stored. */
export const BankDeniedDialog = ({
  opened,
  institutionName,
  onTryAnother,
  onClose,
}: BankDeniedDialogProps) => (
  <Dialog opened={opened} onClose={onClose} title={BANK_DENIED_TITLE}>
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="red" variant="light" radius="xl" size={36} aria-hidden>
          <IconBuildingBank size={20} />
        </ThemeIcon>
        <Stack gap={6}>
          {institutionName ? (
            <Text size="sm" fw={600}>
              {institutionName} accounts can't be linked.
            </Text>
          ) : null}
          <Text size="sm" role="alert">
            {BANK_DENIED_MESSAGE}
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onTryAnother}>Choose another bank</Button>
      </Group>
    </Stack>
  </Dialog>
);
