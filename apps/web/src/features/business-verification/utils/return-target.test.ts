import { describe, expect, it } from 'vitest';
import { resolveReturnTarget } from './return-target';

describe('resolveReturnTarget', () => {
  it.each([
    ['auto-pay', '/process/auto-pay/business-mapping-check'],
    ['/b/0123456789abcdef01234567/home', '/b/0123456789abcdef01234567/home'],
    ['https://evil.example/phish', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['somewhere', null],
    ['', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(resolveReturnTarget(value)).toBe(expected);
  });
});
