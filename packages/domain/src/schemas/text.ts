import { z } from 'zod';
import { ID_PATTERN } from '../ids/id.js';

/**
 * Text any field may hold (issue 16): no NUL character (PostgreSQL text cannot store it) and no lone
 * UTF-16 surrogate (not Unicode; JSON columns refuse it). The server refuses such text in every body,
 * query and path with a 400 before a route runs; these helpers say the same in a schema.
 */
export const TEXT_MESSAGES = {
  invalidCharacter: 'Text cannot contain a NUL character or broken Unicode.',
  invalidId: 'Invalid id',
} as const;

// A lone high surrogate (not followed by a low one) or a lone low surrogate (not after a high one).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point.
const BROKEN_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a NUL character or a lone surrogate. */
export const hasBrokenText = (value: string): boolean => BROKEN_TEXT.test(value);

/**
 * The dotted path of the first string in a parsed JSON value (object, array, string) that holds a NUL
 * or a lone surrogate, in keys or values; undefined when all is clean. `''` is the value itself.
 */
export const findBrokenText = (value: unknown, path = '', depth = 0): string | undefined => {
  if (typeof value === 'string') return hasBrokenText(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  // Only parsed JSON and query objects: not buffers, streams or files of multipart bodies.
  // (Query parsers make objects on a prototype of their own whose prototype is null.)
  const prototype = Object.getPrototypeOf(value);
  const plain =
    prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
  if (!Array.isArray(value) && !plain) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasBrokenText(key)) return at;
    const found = findBrokenText(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
};

/** A string schema refusing NUL and lone surrogates; limits as given (default at most 10,000 characters). */
export const textSchema = (options: { max?: number; maxMessage?: string; error?: string } = {}) =>
  z
    .string({ error: options.error ?? 'Invalid value' })
    .max(options.max ?? 10_000, {
      error: options.maxMessage ?? `Text cannot exceed ${options.max ?? 10_000} characters.`,
    })
    .refine((value) => !hasBrokenText(value), { error: TEXT_MESSAGES.invalidCharacter });

/** The longest id the database holds (ids are 24 lowercase hex characters, ARCHITECTURE §2). */
export const ID_MAX_LENGTH = 24;

/**
 * A reference to a row by id, for path parameters and body fields: trimmed, required, at most the id
 * column's length. A well-formed id that is not found answers 404 from the route; one that cannot be an
 * id (too long, broken text) answers 400 here, never a database error.
 */
export const refIdSchema = (message: string = TEXT_MESSAGES.invalidId) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(ID_MAX_LENGTH, { error: message })
    .refine((value) => !hasBrokenText(value), { error: message });

/** A strict id (24 lowercase hex characters) for path parameters. */
export const idParamSchema = z.string({ error: TEXT_MESSAGES.invalidId }).regex(ID_PATTERN, {
  error: TEXT_MESSAGES.invalidId,
});
