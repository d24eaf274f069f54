import { DUE_DATE_FILTERS } from '@ferry/domain';
import { Radio, Stack, Text } from '@mantine/core';
import { FilterPopover } from './filter-popover';

/** The due windows a list of bills or payment requests is filtered by (`dateRange`). */
export type DueDateFilter = (typeof DUE_DATE_FILTERS)[number];

export const DUE_DATE_FILTER_LABELS: Record<DueDateFilter, string> = {
  DUE_TODAY: 'Due today',
  NEXT_3_DAYS: 'Due in the next 3 days',
  NEXT_7_DAYS: 'Due in the next 7 days',
  OVERDUE: 'Overdue',
};

export type DueDateFilterPopoverProps = {
  value: DueDateFilter | null;
  onApply: (value: DueDateFilter | null) => void;
};

/** The filter popover of the Bills and For Review tabs (spec 002 §2): Filter by a due window, Clear, Apply. */
export const DueDateFilterPopover = ({ value, onApply }: DueDateFilterPopoverProps) => (
  <FilterPopover value={value} emptyValue={null} isActive={value !== null} onApply={onApply} miw={240}>
    {(draft, setDraft) => (
      <Radio.Group
        aria-label="Due date"
        value={draft ?? ''}
        onChange={(next) => setDraft(next as DueDateFilter)}
      >
        <Stack gap="xs">
          {DUE_DATE_FILTERS.map((key) => (
            <Radio key={key} value={key} label={DUE_DATE_FILTER_LABELS[key]} />
          ))}
        </Stack>
      </Radio.Group>
    )}
  </FilterPopover>
);

/** The applied due window, read out when it changes ('Showing: Overdue'). */
export const DueDateFilterStatus = ({ value }: { value: DueDateFilter | null }) => (
  <Text size="sm" c="dimmed" aria-live="polite">
    {value ? `Showing: ${DUE_DATE_FILTER_LABELS[value]}` : ''}
  </Text>
);
