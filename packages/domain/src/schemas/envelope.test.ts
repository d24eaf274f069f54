import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  errorObjectSchema,
  getPageRangeText,
  isPagerVisible,
  pagedSchema,
  paginationQuerySchema,
  successEnvelope,
} from './envelope.js';

describe('envelopes', () => {
  it('parses a success envelope around its data', () => {
    const schema = successEnvelope(z.object({ id: z.string() }));
    expect(schema.parse({ status: true, message: 'ok', data: { id: 'a' } }).data.id).toBe('a');
    expect(schema.safeParse({ status: true, message: 'ok', data: {} }).success).toBe(false);
  });

  it('parses the error object with optional errorCode', () => {
    const err = { message: 'Role exists', statusCode: 409, errors: [{ field: 'name', message: 'x' }] };
    expect(errorObjectSchema.parse(err)).toEqual(err);
    expect(errorObjectSchema.parse({ ...err, errorCode: 'ROLE_ALREADY_EXISTS' }).errorCode).toBe(
      'ROLE_ALREADY_EXISTS',
    );
    expect(errorObjectSchema.safeParse({ message: 'x', statusCode: 500 }).success).toBe(false);
  });
});

describe('paginationQuerySchema', () => {
  it('defaults to page 1 of size 10 and coerces query strings', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ pageNumber: 1, pageSize: 10 });
    expect(
      paginationQuerySchema.parse({ pageNumber: '3', pageSize: '30', sortOrder: 'desc', sortBy: 'date' }),
    ).toEqual({
      pageNumber: 3,
      pageSize: 30,
      sortBy: 'date',
      sortOrder: 'desc',
    });
  });

  it('rejects page 0, size above 100 and other sort orders', () => {
    expect(paginationQuerySchema.safeParse({ pageNumber: 0 }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ pageSize: 100 }).success).toBe(true);
    expect(paginationQuerySchema.safeParse({ sortOrder: 'up' }).success).toBe(false);
  });
});

describe('pagedSchema and pager', () => {
  it('parses a page of items', () => {
    const page = pagedSchema(z.number()).parse({ items: [1, 2], total: 2, pageNumber: 1, pageSize: 10 });
    expect(page.items).toEqual([1, 2]);
    expect(
      pagedSchema(z.number()).safeParse({ items: ['a'], total: 1, pageNumber: 1, pageSize: 10 }).success,
    ).toBe(false);
  });

  it('shows the pager only above 10 and writes the range text', () => {
    expect(isPagerVisible(10)).toBe(false);
    expect(isPagerVisible(11)).toBe(true);
    expect(getPageRangeText(1, 10, 25)).toBe('1-10 of 25');
    expect(getPageRangeText(3, 10, 25)).toBe('21-25 of 25');
    expect(getPageRangeText(1, 10, 0)).toBe('0-0 of 0');
  });
});
