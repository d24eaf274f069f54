import { BANK_CONSTANTS } from '@ferry/domain';
import { Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconCalendarTime,
  IconCash,
  IconCircleX,
} from '@tabler/icons-react';
import { Dialog } from '@/components/dialog';

export const MANUAL_ENTRY_WARNING_TITLE = 'Before you enter bank details manually';

const { min, max } = BANK_CONSTANTS.microDepositBusinessDays;

/** The four points of spec 002 §2: non-reversible, failure risk, extra fees, first payments take 2–3 days. */
export const MANUAL_ENTRY_POINTS = [
  {
    icon: IconArrowBackUp,
    text: 'Payments sent to manually entered bank details are non-reversible.',
  },
  {
    icon: IconCircleX,
    text: 'Incorrect bank details may cause payments to fail.',
  },
  {
    icon: IconCash,
    text: 'Failed or returned payments may result in additional fees.',
  },
  {
    icon: IconCalendarTime,
    text: `First-time payments take ${min}–${max} business days while the bank is verified.`,
  },
] as const;

export type ManualEntryWarningDialogProps = {
  opened: boolean;
  /** 'Back': leaves the flow. */
  onBack: () => void;
  /** 'Proceed': on to the Add Bank Details dialog. */
  onProceed: () => void;
};

/** The warning shown before a payer enters a vendor's bank details by hand (spec 002 §2). */
export const ManualEntryWarningDialog = ({ opened, onBack, onProceed }: ManualEntryWarningDialogProps) => (
  <Dialog opened={opened} onClose={onBack} title={MANUAL_ENTRY_WARNING_TITLE}>
    <Stack gap="lg">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="yellow" variant="light" radius="xl" size={32} aria-hidden>
          <IconAlertTriangle size={18} />
        </ThemeIcon>
        <Text size="sm">Please keep in mind when you add a vendor's bank details yourself:</Text>
      </Group>
      <List spacing="sm" size="sm" center>
        {MANUAL_ENTRY_POINTS.map(({ icon: Icon, text }) => (
          <List.Item
            key={text}
            icon={
              <ThemeIcon color="gray" variant="light" radius="xl" size={24} aria-hidden>
                <Icon size={14} />
              </ThemeIcon>
            }
          >
            {text}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onProceed}>Proceed</Button>
      </Group>
    </Stack>
  </Dialog>
);
