import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idSchema, isId } from './id.js';

const valid = '0123456789abcdef01234567';

describe('isId', () => {
  it('accepts 24 lowercase hex characters', () => {
    expect(isId(valid)).toBe(true);
  });

  it('rejects upper case, wrong lengths, non-hex and non-strings', () => {
    expect(isId(valid.toUpperCase())).toBe(false);
    expect(isId(valid.slice(1))).toBe(false);
    expect(isId(`${valid}0`)).toBe(false);
    expect(isId('0123456789abcdef0123456g')).toBe(false);
    expect(isId(` ${valid.slice(1)}`)).toBe(false);
    expect(isId(`${valid}\n`)).toBe(false);
    expect(isId(123)).toBe(false);
    expect(isId(null)).toBe(false);
  });

  it('property: any 24 lowercase hex string is an id', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{24}$/), (s) => {
        expect(isId(s)).toBe(true);
      }),
    );
  });
});

describe('idSchema', () => {
  it("parses ids and says 'Invalid id' otherwise", () => {
    expect(idSchema.parse(valid)).toBe(valid);
    const result = idSchema.safeParse('ABC');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid id');
    expect(idSchema.safeParse(42).error?.issues[0]?.message).toBe('Invalid id');
  });
});
