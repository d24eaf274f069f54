import { describe, expect, it } from 'vitest';
import { getBankHolidaysBetween, getUsFederalHolidays } from './holidays.js';

const observed = (year: number) => getUsFederalHolidays(year).map((h) => h.observedDate);

describe('getUsFederalHolidays', () => {
  it('lists the 2025 Federal Reserve holidays', () => {
    expect(observed(2025)).toEqual([
      '2025-01-01',
      '2025-01-20',
      '2025-02-17',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-10-13',
      '2025-11-11',
      '2025-11-27',
      '2025-12-25',
    ]);
  });

  it('moves Sunday holidays to Monday and does not observe Saturday ones', () => {
    const y2022 = getUsFederalHolidays(2022);
    expect(y2022.find((h) => h.name === 'Juneteenth National Independence Day')).toEqual({
      name: 'Juneteenth National Independence Day',
      date: '2022-06-19',
      observedDate: '2022-06-20',
    });
    expect(y2022.find((h) => h.name === 'Christmas Day')?.observedDate).toBe('2022-12-26');
    // 2022-01-01 and 2022-12-31 are Saturdays: the Federal Reserve stays open the Friday before.
    expect(y2022.find((h) => h.name === "New Year's Day")?.observedDate).toBeNull();
    expect(getUsFederalHolidays(2026).find((h) => h.name === 'Independence Day')?.observedDate).toBeNull();
    expect(getUsFederalHolidays(2027).find((h) => h.name === 'Christmas Day')?.observedDate).toBeNull();
  });

  it('computes floating holidays, including the last Monday of May', () => {
    const y2026 = getUsFederalHolidays(2026);
    expect(y2026.find((h) => h.name === 'Memorial Day')?.date).toBe('2026-05-25');
    expect(y2026.find((h) => h.name === 'Thanksgiving Day')?.date).toBe('2026-11-26');
    expect(getUsFederalHolidays(2021).find((h) => h.name === 'Memorial Day')?.date).toBe('2021-05-31');
  });

  it('includes Juneteenth only from 2022', () => {
    expect(getUsFederalHolidays(2021)).toHaveLength(10);
    expect(getUsFederalHolidays(2022)).toHaveLength(11);
  });

  it('rejects unsupported years', () => {
    expect(() => getUsFederalHolidays(2025.5)).toThrow(RangeError);
  });
});

describe('getBankHolidaysBetween', () => {
  it('lists the holidays whose date or observed date falls in the range', () => {
    expect(getBankHolidaysBetween('2022-12-20', '2023-01-03')).toEqual([
      { name: 'Christmas Day', date: '2022-12-25', observedDate: '2022-12-26' },
      { name: "New Year's Day", date: '2023-01-01', observedDate: '2023-01-02' },
    ]);
    expect(getBankHolidaysBetween('2026-07-01', '2026-07-31').map((h) => h.date)).toEqual(['2026-07-04']);
    expect(getBankHolidaysBetween('2026-07-05', '2026-07-01')).toEqual([]);
  });
});
