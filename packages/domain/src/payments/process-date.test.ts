import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  adjustProcessDate,
  atLocalNoon,
  localCalendarDate,
  processDateBounds,
} from './process-date.js';

describe('addCalendarMonths', () => {
  it('clamps to the last day of the month', () => {
    expect(addCalendarMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addCalendarMonths('2023-11-30', 3)).toBe('2024-02-29');
    expect(addCalendarMonths('2025-10-31', 3)).toBe('2026-01-31');
    expect(addCalendarMonths('2025-07-07', 3)).toBe('2025-10-07');
  });
});

describe('processDateBounds', () => {
  it('starts today or the next business day and ends on the last business day within 3 months', () => {
    expect(processDateBounds('2025-07-07')).toEqual({ min: '2025-07-07', max: '2025-10-07' });
    expect(processDateBounds('2025-07-05')).toEqual({ min: '2025-07-07', max: '2025-10-03' });
    expect(processDateBounds('2025-11-30')).toEqual({ min: '2025-12-01', max: '2026-02-27' });
    expect(processDateBounds('2025-07-07', { holidays: ['2025-07-07'] }).min).toBe('2025-07-08');
  });
});

describe('adjustProcessDate', () => {
  it('moves a closed day to the next business day at 12:00 local', () => {
    const result = adjustProcessDate('2025-07-04');
    expect(result.date).toBe('2025-07-07');
    expect(result.adjusted).toBe(true);
    expect([
      result.at.getFullYear(),
      result.at.getMonth(),
      result.at.getDate(),
      result.at.getHours(),
    ]).toEqual([2025, 6, 7, 12]);
    expect(adjustProcessDate('2025-07-08')).toMatchObject({ date: '2025-07-08', adjusted: false });
  });

  it('moves a date before today to today (or the next business day)', () => {
    expect(adjustProcessDate('2025-07-01', { today: '2025-07-08' }).date).toBe('2025-07-08');
    expect(adjustProcessDate('2025-07-01', { today: '2025-07-05' }).date).toBe('2025-07-07');
    expect(adjustProcessDate('2025-07-09', { today: '2025-07-08' }).date).toBe('2025-07-09');
  });

  it('reads a Date as its local calendar day', () => {
    expect(adjustProcessDate(new Date(2025, 6, 5, 0, 0)).date).toBe('2025-07-07');
    expect(localCalendarDate(atLocalNoon('2024-02-29'))).toBe('2024-02-29');
    expect(() => adjustProcessDate('2025-02-30')).toThrow(RangeError);
    expect(() => localCalendarDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});
