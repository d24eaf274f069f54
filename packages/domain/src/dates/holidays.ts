import * as federalHolidays from '@18f/us-federal-holidays';
import { fromDayNumber, getWeekday, toDayNumber } from './calendar-date.js';

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

/** Juneteenth became a federal holiday in June 2021; the Federal Reserve first closed for it in 2022. */
const JUNETEENTH = 'Juneteenth National Independence Day';
const FED_JUNETEENTH_FROM = 2022;

/**
 * The Federal Reserve's bank holidays of a year: the eleven US federal holidays from the maintained
 * `@18f/us-federal-holidays` list (read unshifted), with the Federal Reserve's own rules on top —
 * Juneteenth from 2022, a Sunday holiday observed the Monday after, a Saturday holiday not observed.
 */
export const getUsFederalHolidays = (year: number): Holiday[] => {
  if (!Number.isInteger(year) || year < 1971 || year > 9999)
    throw new RangeError(`Unsupported year: ${year}`);
  return federalHolidays
    .allForYear(year, { shiftSaturdayHolidays: false, shiftSundayHolidays: false })
    .filter((holiday) => holiday.name !== JUNETEENTH || year >= FED_JUNETEENTH_FROM)
    .map((holiday) => {
      const date = holiday.dateString;
      const weekday = getWeekday(date);
      const observedDate = weekday === 6 ? null : weekday === 0 ? fromDayNumber(toDayNumber(date) + 1) : date;
      return { name: holiday.name, date, observedDate };
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

/**
 * The bank holidays between two dates (inclusive, 'YYYY-MM-DD'), by holiday date, oldest first. A
 * holiday counts when either its date or its observed date is in the range.
 */
export const getBankHolidaysBetween = (from: string, to: string): Holiday[] => {
  const start = fromDayNumber(toDayNumber(from));
  const end = fromDayNumber(toDayNumber(to));
  if (start > end) return [];
  const holidays: Holiday[] = [];
  for (let year = Number(start.slice(0, 4)) - 1; year <= Number(end.slice(0, 4)); year += 1) {
    if (year < 1971 || year > 9999) continue;
    for (const holiday of getUsFederalHolidays(year)) {
      const inRange = (d: string | null) => d !== null && d >= start && d <= end;
      if (inRange(holiday.date) || inRange(holiday.observedDate)) holidays.push(holiday);
    }
  }
  return holidays;
};
