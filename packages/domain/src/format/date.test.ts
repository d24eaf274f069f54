import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date.js';

describe('formatDate', () => {
  it("formats as 'Mon D, YYYY' without padding the day", () => {
    expect(formatDate(new Date(2026, 10, 1, 14, 5))).toBe('Nov 1, 2026');
    expect(formatDate(new Date(2024, 0, 31))).toBe('Jan 31, 2024');
  });

  it('takes a plain calendar date as that day, whatever the time zone', () => {
    expect(formatDate('2026-11-01')).toBe('Nov 1, 2026');
    expect(formatDate('2024-02-29')).toBe('Feb 29, 2024');
  });

  it('accepts epoch milliseconds and timestamps', () => {
    const date = new Date(2025, 6, 4, 9, 30);
    expect(formatDate(date.getTime())).toBe('Jul 4, 2025');
    expect(formatDate(date.toISOString())).toBe('Jul 4, 2025');
  });

  it('returns an empty string for invalid dates', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2023-02-29')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });
});

describe('formatDateTime', () => {
  it("formats as 'MMM DD, YYYY HH:mm' in 24-hour time", () => {
    expect(formatDateTime(new Date(2026, 10, 1, 14, 5))).toBe('Nov 01, 2026 14:05');
    expect(formatDateTime(new Date(2026, 11, 25, 0, 0))).toBe('Dec 25, 2026 00:00');
  });

  it('returns an empty string for invalid dates', () => {
    expect(formatDateTime('soon')).toBe('');
  });

  it('property: always matches the pattern for valid dates', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1970, 0, 1), max: new Date(2999, 11, 31), noInvalidDate: true }),
        (d) => {
          expect(formatDateTime(d)).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/);
          expect(formatDate(d)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
        },
      ),
    );
  });
});
