import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatWallClock, newYorkDate, newYorkInstant, toNewYorkWallTime } from './new-york-time.js';

describe('New York wall time', () => {
  it('reads summer (EDT) and winter (EST) instants', () => {
    expect(toNewYorkWallTime(new Date('2025-07-07T14:30:00Z'))).toEqual({
      date: '2025-07-07',
      minutes: 630,
      seconds: 0,
    });
    expect(toNewYorkWallTime(new Date('2025-01-15T15:30:05Z'))).toEqual({
      date: '2025-01-15',
      minutes: 630,
      seconds: 5,
    });
    expect(newYorkDate(new Date('2025-07-08T03:59:59Z'))).toBe('2025-07-07');
    expect(newYorkDate(new Date('2025-07-08T04:00:00Z'))).toBe('2025-07-08');
    expect(toNewYorkWallTime(new Date('2025-07-08T04:00:00Z')).minutes).toBe(0);
  });

  it('finds the instant of a wall time on both sides of the DST changes', () => {
    expect(newYorkInstant('2025-03-07', 630).toISOString()).toBe('2025-03-07T15:30:00.000Z');
    expect(newYorkInstant('2025-03-10', 630).toISOString()).toBe('2025-03-10T14:30:00.000Z');
    expect(newYorkInstant('2025-03-09', 630).toISOString()).toBe('2025-03-09T14:30:00.000Z');
    expect(newYorkInstant('2025-11-02', 630).toISOString()).toBe('2025-11-02T15:30:00.000Z');
    expect(newYorkInstant('2025-10-31', 1005).toISOString()).toBe('2025-10-31T20:45:00.000Z');
  });

  it('round-trips any wall time outside the spring-forward hour', () => {
    const dateArb = fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2090-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    const minutesArb = fc.oneof(fc.integer({ min: 0, max: 119 }), fc.integer({ min: 180, max: 1439 }));
    fc.assert(
      fc.property(dateArb, minutesArb, (date, minutes) => {
        expect(toNewYorkWallTime(newYorkInstant(date, minutes))).toMatchObject({ date, minutes });
      }),
    );
  });

  it('rejects invalid input and formats wall clocks', () => {
    expect(() => toNewYorkWallTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => newYorkInstant('nope', 0)).toThrow(RangeError);
    expect(formatWallClock(630)).toBe('10:30');
    expect(formatWallClock(5)).toBe('00:05');
  });
});
