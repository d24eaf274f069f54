import { Checkbox, Stack } from '@mantine/core';
import { FilterPopover } from '@/components/filter-popover/filter-popover';

export type StatusFilterOption = { value: string; label: string };

export type PaymentsFilterPopoverProps = {
  /** The statuses offered (the paying or the receiving side's). */
  options: readonly StatusFilterOption[];
  /** The selected option values. */
  value: readonly string[];
  onApply: (value: readonly string[]) => void;
};

/** The payments filter popover (spec 002 §2): Filter by status (checkboxes), Clear, Apply. */
export const PaymentsFilterPopover = ({ options, value, onApply }: PaymentsFilterPopoverProps) => (
  <FilterPopover
    value={value}
    emptyValue={[]}
    isActive={value.length > 0}
    count={value.length}
    onApply={onApply}
    miw={220}
  >
    {(draft, setDraft) => (
      <Checkbox.Group label="Status" value={[...draft]} onChange={setDraft}>
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Checkbox key={option.value} value={option.value} label={option.label} />
          ))}
        </Stack>
      </Checkbox.Group>
    )}
  </FilterPopover>
);
