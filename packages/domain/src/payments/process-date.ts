import { addBusinessDays, type BusinessDayOptions, isBusinessDay } from '../dates/business-days.js';
import { toCalendarDate } from '../dates/calendar-date.js';

/**
 * Process date rules (spec 002 §4, §5, §9): not before today, business days only, at most 3 months ahead,
 * adjusted to the next business day, and held at 12:00 local time so that no time zone moves it to
 * another day.
 */
export const PROCESS_DATE_MAX_MONTHS = 3;
export const PROCESS_DATE_LOCAL_HOUR = 12;

const pad = (n: number): string => String(n).padStart(2, '0');

/** Adds calendar months, clamping to the month's last day (2025-11-30 + 3 months → 2026-02-28). */
export const addCalendarMonths = (date: string, months: number): string => {
  const day = toCalendarDate(date);
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return `${target.getUTCFullYear()}-${pad(target.getUTCMonth() + 1)}-${pad(Math.min(dayOfMonth, lastDay))}`;
};

export interface ProcessDateBounds {
  /** Today when it is a business day, else the next business day. */
  min: string;
  /** The last business day on or before today + 3 months. */
  max: string;
}

/** The dates a process date may take, from `today` ('YYYY-MM-DD', the payer's calendar day). */
export const processDateBounds = (today: string, options: BusinessDayOptions = {}): ProcessDateBounds => {
  const min = addBusinessDays(today, 0, options);
  const limit = addCalendarMonths(today, PROCESS_DATE_MAX_MONTHS);
  const max = isBusinessDay(limit, options) ? limit : addBusinessDays(limit, -1, options);
  return { min, max: max.localeCompare(min) < 0 ? min : max };
};

/** The local calendar day of a Date (what a date picker shows), 'YYYY-MM-DD'. */
export const localCalendarDate = (value: Date): string => {
  if (Number.isNaN(value.getTime())) throw new RangeError('Invalid date');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
};

/** 12:00 local time on a calendar day: the Date a date picker holds for a process date. */
export const atLocalNoon = (date: string): Date => {
  const [year, month, day] = toCalendarDate(date).split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, PROCESS_DATE_LOCAL_HOUR, 0, 0, 0);
};

export interface AdjustedProcessDate {
  /** The process date to use, 'YYYY-MM-DD'. */
  date: string;
  /** The same day at 12:00 local time. */
  at: Date;
  /** Whether the date differs from the one given. */
  adjusted: boolean;
}

/**
 * Moves a process date to an allowed one: a date before `options.today` (when given) becomes today, and
 * a closed day becomes the next business day. A Date is read as its local calendar day (a picker's
 * value), a string as 'YYYY-MM-DD'. Dates past the 3-month bound are not clamped: check them with
 * `processDateBounds`.
 */
export const adjustProcessDate = (
  value: string | Date,
  options: BusinessDayOptions & { today?: string } = {},
): AdjustedProcessDate => {
  const given = value instanceof Date ? localCalendarDate(value) : toCalendarDate(value);
  const today = options.today === undefined ? undefined : toCalendarDate(options.today);
  const floor = today !== undefined && given < today ? today : given;
  const date = addBusinessDays(floor, 0, options);
  return { date, at: atLocalNoon(date), adjusted: date !== given };
};
