import { describe, expect, it } from 'vitest';
import { findBrokenText, hasBrokenText, refIdSchema, TEXT_MESSAGES, textSchema } from './text.js';

describe('broken text', () => {
  it('finds NUL and lone surrogates, and passes real emoji and other scripts', () => {
    expect(hasBrokenText('a\u0000b')).toBe(true);
    expect(hasBrokenText('\ud800')).toBe(true);
    expect(hasBrokenText('x\udc00y')).toBe(true);
    expect(hasBrokenText('\ud83d\ude00 naïve ☃ 中文')).toBe(false);
    expect(hasBrokenText("'; DROP TABLE users; --")).toBe(false);
  });

  it('names the first broken field of a nested value, keys included', () => {
    expect(findBrokenText({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(findBrokenText({ 'k\ud800': 1 })).toBe('k\ud800');
    expect(findBrokenText({ a: 1, b: null, c: ['ok'] })).toBeUndefined();
    expect(findBrokenText('\u0000')).toBe('');
  });

  it('textSchema refuses broken text with the message, and long text', () => {
    const schema = textSchema({ max: 5 });
    expect(schema.safeParse('a\u0000').error?.issues[0]?.message).toBe(TEXT_MESSAGES.invalidCharacter);
    expect(schema.safeParse('abcdef').success).toBe(false);
    expect(schema.parse('abc')).toBe('abc');
  });

  it('refIdSchema refuses ids longer than the column, empty and broken ones', () => {
    const schema = refIdSchema('Bill is required.');
    expect(schema.parse(' 0123456789abcdef01234567 ')).toBe('0123456789abcdef01234567');
    expect(schema.safeParse('a'.repeat(25)).error?.issues[0]?.message).toBe('Bill is required.');
    expect(schema.safeParse('').success).toBe(false);
    expect(schema.safeParse('a\u0000').success).toBe(false);
  });
});
