import type { z } from 'zod';
import { isApiError } from '@/lib/api-error';

/** The first message of each field a schema refuses. */
export const schemaFieldErrors = (schema: z.ZodType, input: unknown): Record<string, string> => {
  const result = schema.safeParse(input);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
};

/** The server's messages about the given fields (`errors[].field`), to show under them. */
export const serverFieldErrors = (error: unknown, fields: readonly string[]): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (!isApiError(error)) return errors;
  for (const { field, message } of error.errors) {
    if (fields.includes(field) && !(field in errors)) errors[field] = message;
  }
  return errors;
};
