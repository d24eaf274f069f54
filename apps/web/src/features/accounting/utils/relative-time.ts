const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * How long ago `iso` was, in words for 'Last Synced {time} ago' (spec 002 §4): '5 minutes', '1 hour',
 * '3 days'; under a minute 'less than a minute'.
 */
export const formatTimeAgo = (iso: string, now: number = Date.now()): string => {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return 'less than a minute';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 30 * DAY) return plural(Math.floor(elapsed / DAY), 'day');
  if (elapsed < 365 * DAY) return plural(Math.floor(elapsed / (30 * DAY)), 'month');
  return plural(Math.floor(elapsed / (365 * DAY)), 'year');
};
