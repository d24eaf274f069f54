import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIVERY_SPEEDS } from '../catalogues/payments.js';
import { isBusinessDay } from '../dates/business-days.js';
import {
  allowedSpeeds,
  cutoffPassedText,
  deliveryPlan,
  INSTANT_MAX_CENTS,
  SAME_DAY_MAX_CENTS,
  speedNotEligibleMessage,
} from './delivery.js';
import { newYorkDate } from './new-york-time.js';

const NOT_ELIGIBLE = 'This payment isn’t eligible for this delivery speed.';
const plan = (
  speed: (typeof DELIVERY_SPEEDS)[number],
  submittedAt: string,
  processDate?: string,
  amountCents = 500_00,
) =>
  deliveryPlan({
    speed,
    submittedAt: new Date(submittedAt),
    processDate: processDate ?? submittedAt.slice(0, 10),
    amountCents,
  });

describe('deliveryPlan: SAME_DAY', () => {
  it('rides the next ET window of a business day (Monday 2025-07-07, EDT)', () => {
    const early = plan('SAME_DAY', '2025-07-07T14:00:00Z'); // 10:00 ET
    expect(early).toMatchObject({
      eligible: true,
      reason: null,
      processOn: '2025-07-07',
      rolledForward: false,
      expectedDeliveryOn: { earliest: '2025-07-07', latest: '2025-07-07' },
    });
    expect(early.cutoff?.window?.at.toISOString()).toBe('2025-07-07T14:30:00.000Z');
    expect(early.cutoff?.window?.wallClock).toBe('10:30');
    expect(early.cutoff?.deadline.toISOString()).toBe('2025-07-07T20:45:00.000Z');
    expect(early.cutoff?.timeZone).toBe('America/New_York');

    expect(plan('SAME_DAY', '2025-07-07T14:30:00Z').cutoff?.window?.wallClock).toBe('14:45'); // 10:30 sharp
    expect(plan('SAME_DAY', '2025-07-07T20:44:59Z').cutoff?.window?.wallClock).toBe('16:45');
  });

  it('goes the next business day after the last window, skipping holidays and weekends', () => {
    const late = plan('SAME_DAY', '2025-07-07T20:45:00Z'); // 16:45 ET
    expect(late).toMatchObject({ processOn: '2025-07-08', rolledForward: true });
    expect(late.cutoff?.window?.at.toISOString()).toBe('2025-07-08T14:30:00.000Z');
    // Thursday 17:00 ET before the Independence Day Friday: next business day is Monday.
    expect(plan('SAME_DAY', '2025-07-03T21:00:00Z').processOn).toBe('2025-07-07');
    // A Saturday goes Monday's first window.
    const weekend = plan('SAME_DAY', '2025-07-05T14:00:00Z');
    expect(weekend.processOn).toBe('2025-07-07');
    expect(weekend.cutoff?.window?.wallClock).toBe('10:30');
  });

  it('uses EST windows in winter', () => {
    expect(plan('SAME_DAY', '2025-01-15T15:00:00Z').cutoff?.window?.at.toISOString()).toBe(
      '2025-01-15T15:30:00.000Z',
    );
  });

  it('caps same-day payments at $1,000,000', () => {
    expect(plan('SAME_DAY', '2025-07-07T14:00:00Z', undefined, SAME_DAY_MAX_CENTS).eligible).toBe(true);
    expect(plan('SAME_DAY', '2025-07-07T14:00:00Z', undefined, SAME_DAY_MAX_CENTS + 1)).toMatchObject({
      eligible: false,
      reason: 'AMOUNT_OVER_LIMIT',
      message: NOT_ELIGIBLE,
      processOn: '2025-07-07',
    });
  });
});

describe('deliveryPlan: INSTANT', () => {
  it('delivers the same calendar day, weekends included, with no cutoff', () => {
    expect(plan('INSTANT', '2025-07-05T15:00:00Z')).toMatchObject({
      eligible: true,
      processOn: '2025-07-05',
      expectedDeliveryOn: { earliest: '2025-07-05', latest: '2025-07-05' },
      cutoff: null,
    });
    // 23:00 ET on July 4th is still July 4th in New York.
    expect(plan('INSTANT', '2025-07-05T03:00:00Z', '2025-07-04').processOn).toBe('2025-07-04');
  });

  it('caps instant payments at $100,000', () => {
    expect(plan('INSTANT', '2025-07-05T15:00:00Z', undefined, INSTANT_MAX_CENTS).eligible).toBe(true);
    expect(plan('INSTANT', '2025-07-05T15:00:00Z', undefined, INSTANT_MAX_CENTS + 1)).toMatchObject({
      eligible: false,
      reason: 'AMOUNT_OVER_LIMIT',
    });
  });
});

describe('deliveryPlan: NEXT_DAY and STANDARD', () => {
  it('delivers NEXT_DAY on the next business day', () => {
    expect(plan('NEXT_DAY', '2025-07-03T14:00:00Z')).toMatchObject({
      processOn: '2025-07-03',
      expectedDeliveryOn: { earliest: '2025-07-07', latest: '2025-07-07' },
    });
  });

  it('delivers STANDARD in 3 to 5 business days, after the daily cutoff from the next business day', () => {
    expect(plan('STANDARD', '2025-07-07T15:00:00Z')).toMatchObject({
      processOn: '2025-07-07',
      expectedDeliveryOn: { earliest: '2025-07-10', latest: '2025-07-14' },
    });
    // 22:00 ET Monday (already Tuesday in UTC): the cutoff passed, it processes Tuesday.
    const late = plan('STANDARD', '2025-07-08T02:00:00Z', '2025-07-07');
    expect(late).toMatchObject({
      processOn: '2025-07-08',
      rolledForward: true,
      expectedDeliveryOn: { earliest: '2025-07-11', latest: '2025-07-15' },
    });
    expect(late.cutoff?.deadline.toISOString()).toBe('2025-07-08T20:45:00.000Z');
    expect(late.cutoff?.window).toBeNull();
  });

  it('moves a future closed process date to the next business day and a past one to today', () => {
    expect(plan('STANDARD', '2025-07-01T15:00:00Z', '2025-07-04')).toMatchObject({
      processOn: '2025-07-07',
      rolledForward: true,
    });
    expect(plan('STANDARD', '2025-07-08T15:00:00Z', '2025-07-01')).toMatchObject({ processOn: '2025-07-08' });
    expect(plan('STANDARD', '2025-12-22T15:00:00Z', '2025-12-24').expectedDeliveryOn).toEqual({
      earliest: '2025-12-30',
      latest: '2026-01-02',
    });
  });

  it('honours extra holidays', () => {
    const result = deliveryPlan({
      speed: 'NEXT_DAY',
      processDate: '2025-07-07',
      submittedAt: new Date('2025-07-07T14:00:00Z'),
      amountCents: 100,
      holidays: ['2025-07-08'],
    });
    expect(result.expectedDeliveryOn.earliest).toBe('2025-07-09');
  });

  it('checks the method and payee-bank rules only when given', () => {
    const base = {
      processDate: '2025-07-07',
      submittedAt: new Date('2025-07-07T14:00:00Z'),
      amountCents: 100,
    };
    expect(deliveryPlan({ ...base, speed: 'NEXT_DAY', method: 'CARD' }).reason).toBe('CARD_STANDARD_ONLY');
    expect(deliveryPlan({ ...base, speed: 'INSTANT', payeeBankInstant: false }).reason).toBe(
      'PAYEE_BANK_NOT_INSTANT',
    );
    expect(deliveryPlan({ ...base, speed: 'INSTANT' }).eligible).toBe(true);
  });

  it('rejects invalid input', () => {
    expect(() => plan('STANDARD', '2025-07-07T15:00:00Z', '2025-02-30')).toThrow(RangeError);
    expect(() => plan('STANDARD', '2025-07-07T15:00:00Z', undefined, -1)).toThrow(RangeError);
    expect(() => plan('STANDARD', 'garbage', '2025-07-07')).toThrow(RangeError);
  });
});

describe('deliveryPlan (property-based)', () => {
  it('never processes before today, processes ACH on business days, and submits before the cutoff', () => {
    const instantArb = fc.date({
      min: new Date('2024-01-01T00:00:00Z'),
      max: new Date('2030-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        instantArb,
        fc.integer({ min: -5, max: 40 }),
        fc.constantFrom(...DELIVERY_SPEEDS),
        (at, offset, speed) => {
          const today = newYorkDate(at);
          const processDate = new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const result = deliveryPlan({ speed, processDate, submittedAt: at, amountCents: 100 });
          expect(result.processOn >= today).toBe(true);
          expect(result.processOn >= processDate || processDate < today).toBe(true);
          expect(result.expectedDeliveryOn.earliest <= result.expectedDeliveryOn.latest).toBe(true);
          expect(result.expectedDeliveryOn.earliest >= result.processOn).toBe(true);
          if (speed === 'INSTANT') {
            expect(result.cutoff).toBeNull();
            return;
          }
          expect(isBusinessDay(result.processOn)).toBe(true);
          expect(isBusinessDay(result.expectedDeliveryOn.latest)).toBe(true);
          expect(result.cutoff?.deadline.getTime()).toBeGreaterThan(at.getTime());
          if (speed === 'SAME_DAY') expect(result.cutoff?.window?.at.getTime()).toBeGreaterThan(at.getTime());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('allowedSpeeds', () => {
  it('allows every speed for a bank payment to a real-time bank under the caps', () => {
    const speeds = allowedSpeeds({ method: 'BANK', amountCents: 500_00, payeeBankInstant: true });
    for (const speed of DELIVERY_SPEEDS)
      expect(speeds[speed]).toEqual({ allowed: true, reason: null, message: null, reasonText: null });
  });

  it('gives cards STANDARD only', () => {
    const speeds = allowedSpeeds({ method: 'CARD', amountCents: 500_00, payeeBankInstant: true });
    expect(speeds.STANDARD.allowed).toBe(true);
    for (const speed of ['INSTANT', 'SAME_DAY', 'NEXT_DAY'] as const) {
      expect(speeds[speed]).toEqual({
        allowed: false,
        reason: 'CARD_STANDARD_ONLY',
        message: NOT_ELIGIBLE,
        reasonText: 'Card payments go by Standard delivery only.',
      });
    }
  });

  it('needs a real-time payee bank for INSTANT, and applies the caps', () => {
    expect(allowedSpeeds({ method: 'BANK', amountCents: 100, payeeBankInstant: false }).INSTANT.reason).toBe(
      'PAYEE_BANK_NOT_INSTANT',
    );
    const big = allowedSpeeds({
      method: 'BANK',
      amountCents: SAME_DAY_MAX_CENTS + 1,
      payeeBankInstant: true,
    });
    expect([big.INSTANT.reason, big.SAME_DAY.reason, big.NEXT_DAY.allowed, big.STANDARD.allowed]).toEqual([
      'AMOUNT_OVER_LIMIT',
      'AMOUNT_OVER_LIMIT',
      true,
      true,
    ]);
  });

  it('gives STANDARD only while the vendor has not added bank details', () => {
    const speeds = allowedSpeeds({
      method: 'BANK',
      amountCents: 100,
      payeeBankInstant: false,
      payeeBankOnFile: false,
    });
    expect(
      Object.entries(speeds)
        .filter(([, v]) => v.allowed)
        .map(([k]) => k),
    ).toEqual(['STANDARD']);
    expect(speeds.SAME_DAY.reason).toBe('PAYEE_BANK_PENDING');
  });

  it('rejects an invalid amount', () => {
    expect(() => allowedSpeeds({ method: 'BANK', amountCents: 1.5, payeeBankInstant: true })).toThrow(
      RangeError,
    );
  });
});

describe('why a speed is not available (issue 15)', () => {
  it('names the rule each speed breaks after the spec sentence', () => {
    const card = allowedSpeeds({ method: 'CARD', amountCents: 500_00, payeeBankInstant: true });
    expect(card.STANDARD).toMatchObject({ allowed: true, reasonText: null });
    expect(card.SAME_DAY).toMatchObject({
      allowed: false,
      reason: 'CARD_STANDARD_ONLY',
      message: NOT_ELIGIBLE,
      reasonText: 'Card payments go by Standard delivery only.',
    });
    const notInstant = allowedSpeeds({ method: 'BANK', amountCents: 500_00, payeeBankInstant: false });
    expect(notInstant.INSTANT.reasonText).toBe('The vendor’s bank can’t receive instant payments.');
    expect(notInstant.SAME_DAY.allowed).toBe(true);
    const big = allowedSpeeds({ method: 'BANK', amountCents: INSTANT_MAX_CENTS + 1, payeeBankInstant: true });
    expect(big.INSTANT.reasonText).toBe('Instant payments are limited to $100,000.00.');
    expect(big.SAME_DAY.allowed).toBe(true);
    const huge = allowedSpeeds({
      method: 'BANK',
      amountCents: SAME_DAY_MAX_CENTS + 1,
      payeeBankInstant: true,
    });
    expect(huge.SAME_DAY.reasonText).toBe('Same Day payments are limited to $1,000,000.00.');
    const pending = allowedSpeeds({
      method: 'BANK',
      amountCents: 500_00,
      payeeBankInstant: false,
      payeeBankOnFile: false,
    });
    expect(pending.NEXT_DAY.reason).toBe('PAYEE_BANK_PENDING');
    expect(speedNotEligibleMessage('NEXT_DAY', 'PAYEE_BANK_PENDING')).toBe(
      `${NOT_ELIGIBLE} The vendor hasn’t added verified bank details yet, so only Standard delivery can be promised.`,
    );
  });

  it('marks a payment asked for today that missed the cut-off, and says when it goes', () => {
    // Monday 2025-07-07 17:00 ET (EDT): past the 16:45 cut-off.
    const late = plan('STANDARD', '2025-07-07T21:00:00Z');
    expect(late).toMatchObject({ processOn: '2025-07-08', cutoffPassed: true });
    expect(cutoffPassedText('STANDARD', late.processOn)).toBe(
      'Today’s 4:45 PM ET cut-off has passed, so it is sent on Jul 8, 2025.',
    );
    expect(plan('SAME_DAY', '2025-07-07T21:00:00Z').cutoffPassed).toBe(true);
    expect(plan('STANDARD', '2025-07-07T14:00:00Z').cutoffPassed).toBe(false);
    // A later process date, a weekend or an instant payment never "missed" today's cut-off.
    expect(plan('STANDARD', '2025-07-07T21:00:00Z', '2025-07-09').cutoffPassed).toBe(false);
    expect(plan('STANDARD', '2025-07-05T21:00:00Z').cutoffPassed).toBe(false);
    expect(plan('INSTANT', '2025-07-07T21:00:00Z').cutoffPassed).toBe(false);
  });
});
