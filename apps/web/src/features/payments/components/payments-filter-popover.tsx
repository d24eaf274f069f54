import { Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { PAYMENT_STATUS_FILTER_OPTIONS } from '../utils/payment-display';

export type PaymentsFilterPopoverProps = {
  /** The selected list statuses (`PAYMENT_STATUS_FILTER_OPTIONS` values). */
  value: readonly string[];
  onApply: (value: string[]) => void;
};

/** The filter popover (spec 002 §2): Filter by status (checkboxes), Clear, Apply. */
export const PaymentsFilterPopover = ({ value, onApply }: PaymentsFilterPopoverProps) => {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<string[]>([...value]);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow
      shadow="md"
      hideDetached={false}
      onOpen={() => setDraft([...value])}
    >
      <Popover.Target>
        <Button
          variant={value.length === 0 ? 'default' : 'light'}
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
          aria-label={value.length === 0 ? 'Filter' : `Filter, ${value.length} selected`}
        >
          {value.length === 0 ? 'Filter' : `Filter (${value.length})`}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" miw={220}>
          <Text fw={600} size="sm">
            Filter by
          </Text>
          <Checkbox.Group label="Status" value={draft} onChange={setDraft}>
            <Stack gap="xs" mt="xs">
              {PAYMENT_STATUS_FILTER_OPTIONS.map((option) => (
                <Checkbox key={option.value} value={option.value} label={option.label} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end" gap="xs">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setDraft([]);
                onApply([]);
                setOpened(false);
              }}
            >
              Clear
            </Button>
            <Button
              size="xs"
              onClick={() => {
                onApply(draft);
                setOpened(false);
              }}
            >
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
