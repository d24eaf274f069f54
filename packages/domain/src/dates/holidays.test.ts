import { describe, expect, it } from 'vitest';
import { getUsFederalHolidays } from './holidays.js';

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
