/**
 * Calendar dates are plain 'YYYY-MM-DD' strings. A Date argument is read in UTC (its UTC year,
 * month and day), so results never depend on the runtime's time zone.
 */
export type CalendarDateInput = string | Date;

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number (days since 1970-01-01) of a calendar date; throws on an invalid date. */
export const toDayNumber = (input: CalendarDateInput): number => {
  if (input instanceof Date) {
    const time = input.getTime();
    if (Number.isNaN(time)) throw new RangeError('Invalid date');
    return Math.floor(time / 86_400_000);
  }
  const match = PATTERN.exec(input);
  if (!match) throw new RangeError(`Invalid calendar date: ${input}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  const time = check.getTime();
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Invalid calendar date: ${input}`);
  }
  return time / 86_400_000;
};

/** 'YYYY-MM-DD' of a day number. */
export const fromDayNumber = (dayNumber: number): string =>
  new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);

/** Normalises a string or Date (UTC) to 'YYYY-MM-DD'. */
export const toCalendarDate = (input: CalendarDateInput): string => fromDayNumber(toDayNumber(input));

/** 0 = Sunday … 6 = Saturday. */
export const getWeekday = (input: CalendarDateInput): number => {
  const weekday = (toDayNumber(input) + 4) % 7; // 1970-01-01 was a Thursday
  return weekday < 0 ? weekday + 7 : weekday;
};

export const isWeekend = (input: CalendarDateInput): boolean => {
  const weekday = getWeekday(input);
  return weekday === 0 || weekday === 6;
};

/**
 * The years a date sent to Ferry may have (issue 16): what the database and the date code hold with
 * room for date arithmetic, and nothing a business needs is outside it.
 */
export const MIN_CALENDAR_YEAR = 1900;
export const MAX_CALENDAR_YEAR = 2199;

/** Whether a text is a real calendar date written 'YYYY-MM-DD', in the years 1900–2199. */
export const isCalendarDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < MIN_CALENDAR_YEAR || year > MAX_CALENDAR_YEAR) return false;
  try {
    toDayNumber(value);
    return true;
  } catch {
    return false;
  }
};
