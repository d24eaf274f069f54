import { fromDayNumber, getWeekday } from './calendar-date.js';

export interface Holiday {
  name: string;
  /** The holiday itself, 'YYYY-MM-DD'. */
  date: string;
  /**
   * The weekday banks close for it: the date itself on a weekday, the following Monday when it falls
   * on a Sunday, and null when it falls on a Saturday (Federal Reserve Banks stay open the Friday before).
   */
  observedDate: string | null;
}

const dayNumber = (year: number, month: number, day: number): number =>
  Date.UTC(year, month - 1, day) / 86_400_000;

/** The n-th given weekday (0 = Sunday) of a month; n = -1 for the last one. */
const nthWeekday = (year: number, month: number, weekday: number, n: number): number => {
  if (n > 0) {
    const first = dayNumber(year, month, 1);
    const offset = (weekday - getWeekday(fromDayNumber(first)) + 7) % 7;
    return first + offset + (n - 1) * 7;
  }
  const last = dayNumber(year, month + 1, 0);
  return last - ((getWeekday(fromDayNumber(last)) - weekday + 7) % 7);
};

const MONDAY = 1;
const THURSDAY = 4;

/**
 * The Federal Reserve's bank holidays of a year (the eleven US federal holidays; Juneteenth from
 * 2022, when the Federal Reserve first observed it), with the observed-date rule of the Federal Reserve.
 */
export const getUsFederalHolidays = (year: number): Holiday[] => {
  if (!Number.isInteger(year) || year < 1971 || year > 9999)
    throw new RangeError(`Unsupported year: ${year}`);
  const entries: [string, number][] = [
    ["New Year's Day", dayNumber(year, 1, 1)],
    ['Birthday of Martin Luther King, Jr.', nthWeekday(year, 1, MONDAY, 3)],
    ["Washington's Birthday", nthWeekday(year, 2, MONDAY, 3)],
    ['Memorial Day', nthWeekday(year, 5, MONDAY, -1)],
    ...(year >= 2022
      ? ([['Juneteenth National Independence Day', dayNumber(year, 6, 19)]] as [string, number][])
      : []),
    ['Independence Day', dayNumber(year, 7, 4)],
    ['Labor Day', nthWeekday(year, 9, MONDAY, 1)],
    ['Columbus Day', nthWeekday(year, 10, MONDAY, 2)],
    ['Veterans Day', dayNumber(year, 11, 11)],
    ['Thanksgiving Day', nthWeekday(year, 11, THURSDAY, 4)],
    ['Christmas Day', dayNumber(year, 12, 25)],
  ];
  return entries.map(([name, day]) => {
    const date = fromDayNumber(day);
    const weekday = getWeekday(date);
    const observedDate = weekday === 6 ? null : weekday === 0 ? fromDayNumber(day + 1) : date;
    return { name, date, observedDate };
  });
};

const cache = new Map<number, ReadonlySet<string>>();

/** The dates banks are closed for holidays in a year (observed dates). */
export const getBankHolidayDates = (year: number): ReadonlySet<string> => {
  let dates = cache.get(year);
  if (!dates) {
    dates = new Set(
      getUsFederalHolidays(year)
        .map((h) => h.observedDate)
        .filter((d): d is string => d !== null),
    );
    cache.set(year, dates);
  }
  return dates;
};
