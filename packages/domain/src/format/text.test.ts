import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTaxId, getInitials, isUsableLink, prettifyStatus } from './text.js';

describe('getInitials', () => {
  it('takes the first letters of the first and last words, upper-cased', () => {
    expect(getInitials('john smith')).toBe('JS');
    expect(getInitials('Mary Ann van Dyke')).toBe('MD');
    expect(getInitials('  cher  ')).toBe('C');
    expect(getInitials('')).toBe('');
    expect(getInitials('élodie ösel')).toBe('ÉÖ');
  });

  it('skips punctuation at the start of a word', () => {
    expect(getInitials('"Acme" (Holdings)')).toBe('AH');
  });

  it('property: at most 2 characters, all upper case', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const initials = getInitials(name);
        expect([...initials].length).toBeLessThanOrEqual(2);
        expect(initials).toBe(initials.toUpperCase());
      }),
    );
  });
});

describe('prettifyStatus', () => {
  it('title-cases words split on underscores, dashes and spaces', () => {
    expect(prettifyStatus('BANK_UNDER_VERIFICATION')).toBe('Bank Under Verification');
    expect(prettifyStatus('in-approval')).toBe('In Approval');
    expect(prettifyStatus('partial_paid')).toBe('Partial Paid');
    expect(prettifyStatus('')).toBe('');
  });
});

describe('formatTaxId', () => {
  it('keeps at most 9 digits with a dash after the first 2', () => {
    expect(formatTaxId('123456789')).toBe('12-3456789');
    expect(formatTaxId('12-345 6789 99')).toBe('12-3456789');
    expect(formatTaxId('123')).toBe('12-3');
    expect(formatTaxId('12')).toBe('12');
    expect(formatTaxId('ab')).toBe('');
  });

  it('property: never more than 9 digits and idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = formatTaxId(s);
        expect(out.replace(/-/g, '').length).toBeLessThanOrEqual(9);
        expect(formatTaxId(out)).toBe(out);
      }),
    );
  });
});

describe('isUsableLink', () => {
  it('is usable only without http:// and with a slash', () => {
    expect(isUsableLink('https://example.com/a')).toBe(true);
    expect(isUsableLink('/b/123/home')).toBe(true);
    expect(isUsableLink('http://example.com/a')).toBe(false);
    expect(isUsableLink('example.com')).toBe(false);
    expect(isUsableLink('')).toBe(false);
  });
});
