import { addBusinessDays, addCalendarMonths, PAYMENT_MESSAGES } from '@ferry/domain';
import { describe, expect, it } from 'vitest';
import { initialRescheduleDate, validateProcessDate } from './process-date';

const TODAY = '2026-11-04'; // a Wednesday

describe('validateProcessDate', () => {
  it('accepts a business day from today to 3 months ahead', () => {
    expect(validateProcessDate(TODAY, TODAY)).toBeNull();
    expect(validateProcessDate('2027-02-04', TODAY)).toBeNull();
  });

  it('gives the spec messages for missing, past, too far and closed days', () => {
    expect(validateProcessDate(null, TODAY)).toBe(PAYMENT_MESSAGES.processDateRequired);
    expect(validateProcessDate('2026-02-30', TODAY)).toBe(PAYMENT_MESSAGES.processDateInvalid);
    expect(validateProcessDate('2026-11-03', TODAY)).toBe(PAYMENT_MESSAGES.processDatePast);
    expect(validateProcessDate('2027-02-05', TODAY)).toBe(PAYMENT_MESSAGES.processDateTooFar);
    expect(validateProcessDate('2026-11-07', TODAY)).toBe(PAYMENT_MESSAGES.processDateClosed); // Saturday
    expect(validateProcessDate('2026-11-26', TODAY)).toBe(PAYMENT_MESSAGES.processDateClosed); // Thanksgiving
  });
});

describe('initialRescheduleDate', () => {
  it('keeps an allowed process date, moves a past or closed one, and falls back to the first day', () => {
    expect(initialRescheduleDate('2026-11-10', TODAY)).toBe('2026-11-10');
    expect(initialRescheduleDate('2026-11-07', TODAY)).toBe('2026-11-09');
    expect(initialRescheduleDate('2026-10-01', TODAY)).toBe(TODAY);
    expect(initialRescheduleDate(addCalendarMonths(TODAY, 4), TODAY)).toBe(addBusinessDays(TODAY, 0));
  });
});
