/**
 * Wall-clock time in New York (America/New_York, the Federal Reserve's time zone) from an instant, via
 * Intl.DateTimeFormat so it works the same in browsers and in Node, daylight saving time included.
 */
export const RAILS_TIME_ZONE = 'America/New_York';

let formatter: Intl.DateTimeFormat | undefined;
const newYorkFormatter = (): Intl.DateTimeFormat => {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: RAILS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return formatter;
};

export interface NewYorkWallTime {
  /** The New York calendar date, 'YYYY-MM-DD'. */
  date: string;
  /** Minutes since New York midnight (0–1439). */
  minutes: number;
  /** Seconds within the minute. */
  seconds: number;
}

const assertInstant = (instant: Date): void => {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
};

/** The New York date and time of an instant. Throws RangeError on an invalid Date. */
export const toNewYorkWallTime = (instant: Date): NewYorkWallTime => {
  assertInstant(instant);
  const parts: Record<string, string> = {};
  for (const part of newYorkFormatter().formatToParts(instant)) parts[part.type] = part.value;
  const hour = Number(parts.hour) % 24;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: hour * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
};

/** The New York calendar date of an instant, 'YYYY-MM-DD'. */
export const newYorkDate = (instant: Date): string => toNewYorkWallTime(instant).date;

/** New York's offset from UTC at an instant, in minutes (-300 in winter, -240 in summer). */
const offsetMinutes = (time: number): number => {
  const wall = toNewYorkWallTime(new Date(time));
  const [year, month, day] = wall.date.split('-').map(Number) as [number, number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day) + wall.minutes * 60_000 + wall.seconds * 1000;
  return Math.round((wallAsUtc - Math.floor(time / 1000) * 1000) / 60_000);
};

/**
 * The instant of a New York wall time ('YYYY-MM-DD' and minutes after midnight). Times that do not exist
 * (the spring-forward hour) resolve to the later offset; banking windows never fall there.
 */
export const newYorkInstant = (date: string, minutes: number): Date => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day) + minutes * 60_000;
  if (Number.isNaN(wallAsUtc)) throw new RangeError(`Invalid calendar date: ${date}`);
  let time = wallAsUtc - offsetMinutes(wallAsUtc) * 60_000;
  time = wallAsUtc - offsetMinutes(time) * 60_000;
  return new Date(time);
};

/** 'HH:MM' of minutes after midnight. */
export const formatWallClock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
