import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyBps,
  CARD_FEE_REASONS,
  CARD_FUNDINGS,
  type CardFeeInput,
  cardFeeExplanation,
  MAX_SURCHARGE_BPS,
  quoteCardFee,
  surchargeRateBps,
} from './card-fee.js';

const BANNED = ['CT', 'MA', 'PR'];

const input = (overrides: Partial<CardFeeInput> = {}): CardFeeInput => ({
  baseCents: 10_000,
  funding: 'credit',
  payerState: 'TX',
  surcharge: { enabled: true, costBps: 290 },
  bannedStates: BANNED,
  ...overrides,
});

/** round(base × bps / 10 000), half up, computed independently with decimals of the exact quotient. */
const roundHalfUp = (cents: number, bps: number) => {
  const exact = BigInt(cents) * BigInt(bps);
  const whole = exact / 10000n;
  return Number(exact % 10000n >= 5000n ? whole + 1n : whole);
};

const arbitraryInput = fc.record({
  baseCents: fc.integer({ min: 0, max: 1_000_000_000_00 }),
  funding: fc.constantFrom(...CARD_FUNDINGS),
  payerState: fc.option(fc.constantFrom('TX', 'CA', 'NY', 'CT', 'ma', 'PR', 'FL', ' ct '), { nil: null }),
  surcharge: fc.record({ enabled: fc.boolean(), costBps: fc.integer({ min: 0, max: 1000 }) }),
  bannedStates: fc.constantFrom(BANNED, [], ['ny'], ['CT', 'MA', 'PR', 'CO']),
});

describe('quoteCardFee examples', () => {
  it('surcharges a credit card at the cost when it is under 3%', () => {
    expect(quoteCardFee(input())).toEqual({
      feeCents: 290,
      rateBps: 290,
      surcharged: true,
      reason: 'SURCHARGE',
    });
  });

  it('caps the rate at 3% when the cost is higher', () => {
    expect(quoteCardFee(input({ surcharge: { enabled: true, costBps: 450 } }))).toEqual({
      feeCents: 300,
      rateBps: 300,
      surcharged: true,
      reason: 'SURCHARGE',
    });
  });

  it('rounds half up to whole cents', () => {
    // 50 × 2.9% = 1.45 → 1; 1724 × 2.9% = 49.996 → 50; 1 550 × 2.9% = 44.95 → 45.
    expect(quoteCardFee(input({ baseCents: 50 })).feeCents).toBe(1);
    expect(quoteCardFee(input({ baseCents: 1724 })).feeCents).toBe(50);
    expect(quoteCardFee(input({ baseCents: 1550 })).feeCents).toBe(45);
    expect(applyBps(50, 300)).toBe(2); // 1.5 → 2
    expect(applyBps(49, 300)).toBe(1); // 1.47 → 1
  });

  it.each([
    ['debit', 'DEBIT_OR_PREPAID'],
    ['prepaid', 'DEBIT_OR_PREPAID'],
    ['unknown', 'FUNDING_UNKNOWN'],
  ] as const)('never surcharges a %s card', (funding, reason) => {
    expect(quoteCardFee(input({ funding }))).toEqual({ feeCents: 0, rateBps: 0, surcharged: false, reason });
  });

  it.each(['CT', 'ma', ' PR '])('refuses a surcharge for a payer in %s (banned)', (payerState) => {
    expect(quoteCardFee(input({ payerState }))).toEqual({
      feeCents: 0,
      rateBps: 0,
      surcharged: false,
      reason: 'STATE_BANS_SURCHARGE',
    });
  });

  it('follows the configured list of banned states', () => {
    expect(quoteCardFee(input({ payerState: 'CT', bannedStates: [] })).feeCents).toBe(290);
    expect(quoteCardFee(input({ payerState: 'NY', bannedStates: ['ny'] })).reason).toBe(
      'STATE_BANS_SURCHARGE',
    );
  });

  it('does not surcharge when the payer state is unknown or the surcharge is off', () => {
    expect(quoteCardFee(input({ payerState: null })).reason).toBe('PAYER_STATE_UNKNOWN');
    expect(quoteCardFee(input({ payerState: '  ' })).reason).toBe('PAYER_STATE_UNKNOWN');
    expect(quoteCardFee(input({ surcharge: { enabled: false, costBps: 290 } }))).toEqual({
      feeCents: 0,
      rateBps: 0,
      surcharged: false,
      reason: 'SURCHARGE_OFF',
    });
  });

  it('refuses negative or fractional amounts and invalid costs', () => {
    expect(() => quoteCardFee(input({ baseCents: -1 }))).toThrow(RangeError);
    expect(() => quoteCardFee(input({ baseCents: 10.5 }))).toThrow(RangeError);
    expect(() => quoteCardFee(input({ surcharge: { enabled: true, costBps: -5 } }))).toThrow(RangeError);
    expect(() => surchargeRateBps(2.5)).toThrow(RangeError);
  });

  it('a zero cost means a zero fee', () => {
    expect(quoteCardFee(input({ surcharge: { enabled: true, costBps: 0 } }))).toMatchObject({
      feeCents: 0,
      reason: 'SURCHARGE',
      surcharged: false,
    });
  });
});

describe('quoteCardFee properties', () => {
  it('the fee is a non-negative integer number of cents', () => {
    fc.assert(
      fc.property(arbitraryInput, (value) => {
        const quote = quoteCardFee(value);
        expect(Number.isSafeInteger(quote.feeCents)).toBe(true);
        expect(quote.feeCents).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(quote.rateBps)).toBe(true);
      }),
    );
  });

  it('never surcharges a debit or prepaid card', () => {
    fc.assert(
      fc.property(
        arbitraryInput,
        fc.constantFrom('debit', 'prepaid') as fc.Arbitrary<'debit' | 'prepaid'>,
        (value, funding) => {
          const quote = quoteCardFee({ ...value, funding });
          expect(quote).toEqual({ feeCents: 0, rateBps: 0, surcharged: false, reason: expect.any(String) });
          expect(quote.reason === 'DEBIT_OR_PREPAID' || quote.reason === 'SURCHARGE_OFF').toBe(true);
        },
      ),
    );
  });

  it('the cap holds: fee ≤ round(base × 3%) and ≤ round(base × cost)', () => {
    fc.assert(
      fc.property(arbitraryInput, (value) => {
        const quote = quoteCardFee(value);
        expect(quote.rateBps).toBeLessThanOrEqual(MAX_SURCHARGE_BPS);
        expect(quote.rateBps).toBeLessThanOrEqual(value.surcharge.costBps);
        expect(quote.feeCents).toBeLessThanOrEqual(roundHalfUp(value.baseCents, MAX_SURCHARGE_BPS));
        expect(quote.feeCents).toBeLessThanOrEqual(roundHalfUp(value.baseCents, value.surcharge.costBps));
        if (quote.reason === 'SURCHARGE') {
          expect(quote.feeCents).toBe(roundHalfUp(value.baseCents, Math.min(300, value.surcharge.costBps)));
        }
      }),
    );
  });

  it('never surcharges a payer in a banned state', () => {
    fc.assert(
      fc.property(arbitraryInput, fc.constantFrom('CT', 'MA', 'PR', 'ct'), (value, payerState) => {
        const quote = quoteCardFee({ ...value, payerState, bannedStates: BANNED });
        expect(quote.feeCents).toBe(0);
        expect(quote.surcharged).toBe(false);
      }),
    );
  });

  it('is monotonic in the base amount', () => {
    fc.assert(
      fc.property(arbitraryInput, fc.integer({ min: 0, max: 1_000_000 }), (value, more) => {
        const lower = quoteCardFee(value);
        const higher = quoteCardFee({ ...value, baseCents: value.baseCents + more });
        expect(higher.feeCents).toBeGreaterThanOrEqual(lower.feeCents);
        expect(higher.reason).toBe(lower.reason);
      }),
    );
  });
});

describe('cardFeeExplanation', () => {
  it('says who pays a fee and why a fee is $0.00', () => {
    expect(cardFeeExplanation({ rateBps: 290, reason: 'SURCHARGE' })).toBe(
      'Paid by you: the vendor adds a 2.9% card fee to card payments (at most 3%, the card networks’ cap).',
    );
    expect(cardFeeExplanation({ rateBps: 300, reason: 'SURCHARGE' })).toContain('a 3% card fee');
    expect(cardFeeExplanation({ rateBps: 0, reason: 'DEBIT_OR_PREPAID' })).toBe(
      '$0.00: debit and prepaid cards are never charged a card fee.',
    );
    expect(cardFeeExplanation({ rateBps: 0, reason: 'STATE_BANS_SURCHARGE' })).toBe(
      '$0.00: card fees aren’t allowed in your business’s state.',
    );
    expect(cardFeeExplanation(null)).toBe('$0.00: this vendor doesn’t add a card fee.');
    for (const reason of CARD_FEE_REASONS) {
      expect(cardFeeExplanation({ rateBps: 0, reason })).toMatch(/\S/);
    }
  });
});
