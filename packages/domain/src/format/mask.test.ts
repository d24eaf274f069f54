import { describe, expect, it } from 'vitest';
import { maskAccountLong, maskDots4, maskLast4 } from './mask.js';

describe('maskAccountLong', () => {
  it('shows the first digit and the last 4', () => {
    expect(maskAccountLong('123456781234')).toBe('1 *** *** 1234');
    expect(maskAccountLong('98765')).toBe('9 *** *** 8765');
  });

  it('falls back to the last 4 for short numbers and is empty for empty input', () => {
    expect(maskAccountLong('1234')).toBe('*** 1234');
    expect(maskAccountLong('')).toBe('');
  });
});

describe('maskLast4', () => {
  it('shows only the last 4', () => {
    expect(maskLast4('4111111111111111')).toBe('*** 1111');
    expect(maskLast4('6789')).toBe('*** 6789');
    expect(maskLast4('  ')).toBe('');
  });
});

describe('maskDots4', () => {
  it('shows the last 4 behind dots, and nothing for no mask', () => {
    expect(maskDots4('000123456789')).toBe('•••• 6789');
    expect(maskDots4(' 4242 ')).toBe('•••• 4242');
    expect(maskDots4('')).toBe('');
    expect(maskDots4(null)).toBe('');
  });
});
