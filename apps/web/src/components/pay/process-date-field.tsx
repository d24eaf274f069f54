import { processDateBounds } from '@ferry/domain';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { adjustPickedDate, isClosedDay, type ProcessDateRules } from './process-date';

export type ProcessDateFieldProps = {
  value: string;
  onChange: (date: string) => void;
  rules: ProcessDateRules;
  error?: string | null;
  disabled?: boolean;
  label?: string;
};

/**
 * 'Process Date' (spec 002 §2, §5): a date picker from today (or the next business day) to 3 months
 * ahead, weekends and bank holidays disabled. The value is 'YYYY-MM-DD'.
 */
export const ProcessDateField = ({
  value,
  onChange,
  rules,
  error,
  disabled = false,
  label = 'Process Date',
}: ProcessDateFieldProps) => {
  const { min, max } = processDateBounds(rules.today, { holidays: rules.holidays });
  return (
    <DatePickerInput
      label={label}
      withAsterisk
      valueFormat="MMM D, YYYY"
      value={value || null}
      onChange={(next) => {
        if (next) onChange(adjustPickedDate(String(next).slice(0, 10), rules));
      }}
      minDate={min}
      maxDate={max}
      excludeDate={(date) => isClosedDay(String(date).slice(0, 10), rules.holidays)}
      leftSection={<IconCalendar size={16} aria-hidden />}
      error={error ?? undefined}
      disabled={disabled}
      popoverProps={{ withinPortal: true }}
    />
  );
};
