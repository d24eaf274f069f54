import { adjustProcessDate, isCalendarDate, processDateBounds } from '@ferry/domain';
import { localToday, processDateMessage } from '@/components/pay/process-date';

/** Today as the rails (and the server) count it ('YYYY-MM-DD', New York). */
export const todayLocal = localToday;

/**
 * Spec 002 §5 'Process date': required, a real date, not before today, at most 3 months ahead, and a
 * business day (weekends and Federal Reserve holidays are closed). Null when the date may be used.
 */
export const validateProcessDate = (value: string | null | undefined, today: string): string | null =>
  processDateMessage(value ?? '', { today, holidays: [] });

/** The date a reschedule starts from: the current process date moved to an allowed day, else the first one. */
export const initialRescheduleDate = (processDate: string, today: string): string => {
  const bounds = processDateBounds(today);
  if (!isCalendarDate(processDate)) return bounds.min;
  const { date } = adjustProcessDate(processDate, { today });
  return date > bounds.max ? bounds.min : date;
};
