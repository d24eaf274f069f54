import { z } from 'zod';

/** Success answer of every API call: `{ status: true, message, data }`. */
export const successEnvelope = <T extends z.ZodType>(dataSchema: T) =>
  z.object({ status: z.literal(true), message: z.string(), data: dataSchema });

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Failure answer of every API call (and the client's error object). */
export const errorObjectSchema = z.object({
  message: z.string(),
  statusCode: z.number().int(),
  errors: z.array(fieldErrorSchema),
  errorCode: z.string().optional(),
});
export type ErrorObject = z.infer<typeof errorObjectSchema>;

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZE_OPTIONS = [10, 20, 30] as const;

/** List query: pageNumber from 1 (default 1), pageSize 1–100 (default 10), sortBy, sortOrder. */
export const paginationQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortBy: z.string().min(1).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** A page of a list: `{ items, total, pageNumber, pageSize }`. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    pageNumber: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });

/** The pager shows only when the total exceeds one default page. */
export const isPagerVisible = (total: number): boolean => total > DEFAULT_PAGE_SIZE;

/** 'x-y of total' range text of the pager. */
export const getPageRangeText = (pageNumber: number, pageSize: number, total: number): string => {
  if (total <= 0) return '0-0 of 0';
  const from = Math.min((pageNumber - 1) * pageSize + 1, total);
  const to = Math.min(pageNumber * pageSize, total);
  return `${from}-${to} of ${total}`;
};
