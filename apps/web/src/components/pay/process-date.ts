import {
  addCalendarMonths,
  adjustProcessDate,
  isBusinessDay,
  isCalendarDate,
  newYorkDate,
  PAYMENT_MESSAGES,
  processDateBounds,
} from '@ferry/domain';

/**
 * Process date rules in the browser (spec 002 §4, §5): not before today, business days only (weekends,
 * Federal Reserve holidays and the server's bank holidays), at most 3 months ahead; the value is the
 * calendar day 'YYYY-MM-DD', held at 12:00 local time.
 */

/**
 * Today as the payment rails count it: the New York business date, the same day the server checks
 * process and payment dates against (a payer on the West Coast at 10 pm is already on tomorrow's rails
 * day; a browser on UTC just after midnight is still on yesterday's).
 */
export const localToday = (): string => newYorkDate(new Date());

/** The range of bank holidays to ask for: today to a little past the 3-month limit. */
export const holidayRange = (today: string) => ({ from: today, to: addCalendarMonths(today, 4) });

export type ProcessDateRules = { today: string; holidays: readonly string[] };

/** The first date the picker offers: today, or the next business day. */
export const defaultProcessDate = ({ today, holidays }: ProcessDateRules): string =>
  adjustProcessDate(today, { today, holidays }).date;

/** Whether the picker greys out a day: a weekend or a bank holiday. */
export const isClosedDay = (date: string, holidays: readonly string[]): boolean =>
  !isBusinessDay(date, { holidays });

/** The §5 message for a process date, or null when it is allowed. */
export const processDateMessage = (date: string, { today, holidays }: ProcessDateRules): string | null => {
  if (!date) return PAYMENT_MESSAGES.processDateRequired;
  if (!isCalendarDate(date)) return PAYMENT_MESSAGES.processDateInvalid;
  if (date < today) return PAYMENT_MESSAGES.processDatePast;
  const { max } = processDateBounds(today, { holidays });
  if (date > max) return PAYMENT_MESSAGES.processDateTooFar;
  if (isClosedDay(date, holidays)) return PAYMENT_MESSAGES.processDateClosed;
  return null;
};

/** A picked day moved to an allowed one (before today → today; closed → next business day). */
export const adjustPickedDate = (picked: string, { today, holidays }: ProcessDateRules): string =>
  adjustProcessDate(picked, { today, holidays }).date;
