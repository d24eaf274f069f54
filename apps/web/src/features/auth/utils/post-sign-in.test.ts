import { describe, expect, it } from 'vitest';
import { getSafeRedirectPath } from './post-sign-in';

describe('getSafeRedirectPath', () => {
  it.each([
    ['/b/abc/home', '/b/abc/home'],
    ['/process/payment?x=1#top', '/process/payment?x=1#top'],
    ['  /accept-invitation ', '/accept-invitation'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(getSafeRedirectPath(input)).toBe(expected);
  });

  it.each([
    null,
    '',
    'b/abc/home',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\tevil',
    '/\nevil',
  ])('refuses %s', (input) => {
    expect(getSafeRedirectPath(input)).toBeNull();
  });
});
