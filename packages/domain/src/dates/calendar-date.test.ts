import { describe, expect, it } from 'vitest';
import { fromDayNumber, isCalendarDate, toCalendarDate, toDayNumber } from './calendar-date.js';

describe('calendar dates (issue 16)', () => {
  it('reads years below 100 as themselves, never as 19xx', () => {
    expect(toCalendarDate('0099-01-01')).not.toBe('1999-01-01');
    expect(toDayNumber('0099-01-01')).toBeLessThan(toDayNumber('1900-01-01'));
    expect(() => toDayNumber('0099-02-29')).toThrow(RangeError);
  });

  it('accepts only real dates in the years 1900–2199', () => {
    for (const date of ['1900-01-01', '2026-11-02', '2024-02-29', '2199-12-31']) {
      expect(isCalendarDate(date), date).toBe(true);
    }
    for (const date of [
      '0000-01-01',
      '0099-01-01',
      '1899-12-31',
      '2200-01-01',
      '9999-12-31',
      '2026-02-30',
      '2026-13-01',
      '26-11-02',
    ]) {
      expect(isCalendarDate(date), date).toBe(false);
    }
  });

  it('round-trips every accepted edge through day numbers', () => {
    for (const date of ['1900-01-01', '2199-12-31']) expect(fromDayNumber(toDayNumber(date))).toBe(date);
  });
});
