import { type CalendarDateInput, fromDayNumber, isWeekend, toDayNumber } from './calendar-date.js';
import { getBankHolidayDates } from './holidays.js';

export interface BusinessDayOptions {
  /**
   * Extra closed dates ('YYYY-MM-DD'), e.g. the server's bank-holiday list. They are added to the
   * Federal Reserve holidays.
   */
  holidays?: Iterable<string>;
}

const closedDays = (options: BusinessDayOptions): ReadonlySet<string> | undefined =>
  options.holidays ? new Set(options.holidays) : undefined;

const isOpen = (date: string, extra: ReadonlySet<string> | undefined): boolean =>
  !isWeekend(date) && !getBankHolidayDates(Number(date.slice(0, 4))).has(date) && !extra?.has(date);

/** Whether banks are open: a weekday that is not an observed Federal Reserve holiday (nor an extra holiday). */
export const isBusinessDay = (date: CalendarDateInput, options: BusinessDayOptions = {}): boolean => {
  const day = fromDayNumber(toDayNumber(date));
  return isOpen(day, closedDays(options));
};

/**
 * Moves `n` business days from `date` ('YYYY-MM-DD' result). Positive n moves forward, negative back.
 * With n = 0 the date itself is returned when it is a business day, else the next business day.
 */
export const addBusinessDays = (
  date: CalendarDateInput,
  n: number,
  options: BusinessDayOptions = {},
): string => {
  if (!Number.isInteger(n)) throw new RangeError(`Business days must be an integer, got ${n}`);
  const extra = closedDays(options);
  let day = toDayNumber(date);
  if (n === 0) {
    while (!isOpen(fromDayNumber(day), extra)) day += 1;
    return fromDayNumber(day);
  }
  const step = n > 0 ? 1 : -1;
  let remaining = Math.abs(n);
  while (remaining > 0) {
    day += step;
    if (isOpen(fromDayNumber(day), extra)) remaining -= 1;
  }
  return fromDayNumber(day);
};

/** The first business day strictly after `date`. */
export const nextBusinessDay = (date: CalendarDateInput, options: BusinessDayOptions = {}): string =>
  addBusinessDays(date, 1, options);
