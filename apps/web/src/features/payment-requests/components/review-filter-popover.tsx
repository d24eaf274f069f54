import { Button, Group, Popover, Radio, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import type { DueDateFilter } from '../api/payment-requests-api';

export const DUE_DATE_FILTER_LABELS: Record<DueDateFilter, string> = {
  DUE_TODAY: 'Due today',
  NEXT_3_DAYS: 'Due in the next 3 days',
  NEXT_7_DAYS: 'Due in the next 7 days',
  OVERDUE: 'Overdue',
};

export type ReviewFilterPopoverProps = {
  value: DueDateFilter | null;
  onApply: (value: DueDateFilter | null) => void;
};

/** The For Review filter popover (spec 002 §2): Filter by a due window, Clear, Apply. */
export const ReviewFilterPopover = ({ value, onApply }: ReviewFilterPopoverProps) => {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<DueDateFilter | null>(value);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow
      shadow="md"
      hideDetached={false}
      onOpen={() => setDraft(value)}
    >
      <Popover.Target>
        <Button
          variant={value === null ? 'default' : 'light'}
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
        >
          Filter
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" miw={240}>
          <Text fw={600} size="sm">
            Filter by
          </Text>
          <Radio.Group
            aria-label="Due date"
            value={draft ?? ''}
            onChange={(next) => setDraft(next as DueDateFilter)}
          >
            <Stack gap="xs">
              {(Object.keys(DUE_DATE_FILTER_LABELS) as DueDateFilter[]).map((key) => (
                <Radio key={key} value={key} label={DUE_DATE_FILTER_LABELS[key]} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="xs">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setDraft(null);
                onApply(null);
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
