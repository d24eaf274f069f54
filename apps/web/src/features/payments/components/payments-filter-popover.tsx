import { Checkbox, Stack } from '@mantine/core';
import { FilterPopover } from '@/components/filter-popover/filter-popover';
import { PAYMENT_STATUS_FILTER_OPTIONS } from '../utils/payment-display';

export type PaymentsFilterPopoverProps = {
  /** The selected list statuses (`PAYMENT_STATUS_FILTER_OPTIONS` values). */
  value: readonly string[];
  onApply: (value: readonly string[]) => void;
};

/** The filter popover (spec 002 §2): Filter by status (checkboxes), Clear, Apply. */
export const PaymentsFilterPopover = ({ value, onApply }: PaymentsFilterPopoverProps) => (
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
          {PAYMENT_STATUS_FILTER_OPTIONS.map((option) => (
            <Checkbox key={option.value} value={option.value} label={option.label} />
          ))}
        </Stack>
      </Checkbox.Group>
    )}
  </FilterPopover>
);
