import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBusinessDay, nextBusinessDay } from './business-days.js';
import { getWeekday, toCalendarDate } from './calendar-date.js';

describe('isBusinessDay', () => {
  it('is false on weekends and observed holidays', () => {
    expect(isBusinessDay('2025-07-07')).toBe(true);
    expect(isBusinessDay('2025-07-05')).toBe(false);
    expect(isBusinessDay('2025-07-06')).toBe(false);
    expect(isBusinessDay('2025-07-04')).toBe(false);
    expect(isBusinessDay('2022-12-26')).toBe(false);
    expect(isBusinessDay('2026-07-03')).toBe(true);
  });

  it('reads Date values in UTC', () => {
    expect(isBusinessDay(new Date('2025-07-04T23:59:59Z'))).toBe(false);
    expect(isBusinessDay(new Date('2025-07-07T00:00:00Z'))).toBe(true);
  });

  it('honours extra holidays', () => {
    expect(isBusinessDay('2025-07-07', { holidays: ['2025-07-07'] })).toBe(false);
  });

  it('handles leap days and rejects invalid dates', () => {
    expect(isBusinessDay('2024-02-29')).toBe(true);
    expect(() => isBusinessDay('2025-02-29')).toThrow(RangeError);
    expect(() => isBusinessDay('07/04/2025')).toThrow(RangeError);
  });
});

describe('nextBusinessDay', () => {
  it('skips weekends and holidays', () => {
    expect(nextBusinessDay('2025-07-03')).toBe('2025-07-07');
    expect(nextBusinessDay('2025-12-24')).toBe('2025-12-26');
    expect(nextBusinessDay('2022-12-23')).toBe('2022-12-27');
    expect(nextBusinessDay('2024-02-28')).toBe('2024-02-29');
    expect(nextBusinessDay('2025-12-31')).toBe('2026-01-02');
    expect(nextBusinessDay('2025-11-26')).toBe('2025-11-28');
  });
});

describe('addBusinessDays', () => {
  it('moves forward and back', () => {
    expect(addBusinessDays('2025-07-01', 3)).toBe('2025-07-07');
    expect(addBusinessDays('2025-07-07', -1)).toBe('2025-07-03');
    expect(addBusinessDays('2025-07-05', 0)).toBe('2025-07-07');
    expect(addBusinessDays('2025-07-07', 0)).toBe('2025-07-07');
    expect(addBusinessDays(new Date(Date.UTC(2025, 11, 22)), 3)).toBe('2025-12-26');
  });

  it('rejects fractional counts', () => {
    expect(() => addBusinessDays('2025-07-01', 1.5)).toThrow(RangeError);
  });

  it('property: lands on a business day, later for n > 0, and round-trips', () => {
    const dateArb = fc
      .date({
        min: new Date('1990-01-01T00:00:00Z'),
        max: new Date('2090-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map(toCalendarDate);
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 1, max: 40 }), (date, n) => {
        const later = addBusinessDays(date, n);
        expect(isBusinessDay(later)).toBe(true);
        expect(later > date).toBe(true);
        expect([0, 6]).not.toContain(getWeekday(later));
        if (isBusinessDay(date)) expect(addBusinessDays(later, -n)).toBe(date);
      }),
    );
  });
});
