import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

export type FilterPopoverProps<V> = {
  /** The applied filter. */
  value: V;
  /** What Clear applies. */
  emptyValue: V;
  /** A filter is applied: the button stands out. */
  isActive: boolean;
  /** How many choices are applied, when the button tells it ('Filter (2)'). */
  count?: number;
  onApply: (value: V) => void;
  /** The dropdown's least width. */
  miw: number;
  /** The choices, editing a draft that Apply applies (it starts from `value` on every opening). */
  children: (draft: V, setDraft: (next: V) => void) => ReactNode;
};

/** The filter popover of a list (spec 002 §2): 'Filter by' the choices, Clear, Apply. */
export const FilterPopover = <V,>({
  value,
  emptyValue,
  isActive,
  count,
  onApply,
  miw,
  children,
}: FilterPopoverProps<V>) => {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<V>(value);
  const counted = count !== undefined && count > 0;
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
          variant={isActive ? 'light' : 'default'}
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
          {...(count === undefined ? {} : { 'aria-label': counted ? `Filter, ${count} selected` : 'Filter' })}
        >
          {counted ? `Filter (${count})` : 'Filter'}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" miw={miw}>
          <Text fw={600} size="sm">
            Filter by
          </Text>
          {children(draft, setDraft)}
          <Group justify="flex-end" gap="xs">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setDraft(emptyValue);
                onApply(emptyValue);
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
