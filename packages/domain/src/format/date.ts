const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface Parts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

/**
 * A plain calendar date ('2026-11-01') is taken as that day, with no time-zone shift. Any other
 * input (Date, epoch milliseconds, ISO timestamp) is shown in the runtime's local time zone.
 */
const toParts = (value: Date | string | number): Parts | undefined => {
  if (typeof value === 'string') {
    const match = CALENDAR_DATE.exec(value);
    if (match) {
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const check = new Date(Date.UTC(year, month - 1, day));
      if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
      return { year, month, day, hours: 0, minutes: 0 };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hours: date.getHours(),
    minutes: date.getMinutes(),
  };
};

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** 'Mon D, YYYY', e.g. 'Nov 1, 2026'. Returns '' for an invalid date. */
export const formatDate = (value: Date | string | number): string => {
  const p = toParts(value);
  return p ? `${MONTHS[p.month - 1]} ${p.day}, ${p.year}` : '';
};

/** 'MMM DD, YYYY HH:mm' (24-hour), e.g. 'Nov 01, 2026 14:05'. Returns '' for an invalid date. */
export const formatDateTime = (value: Date | string | number): string => {
  const p = toParts(value);
  return p ? `${MONTHS[p.month - 1]} ${pad2(p.day)}, ${p.year} ${pad2(p.hours)}:${pad2(p.minutes)}` : '';
};
