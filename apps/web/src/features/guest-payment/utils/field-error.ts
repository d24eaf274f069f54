import type { z } from 'zod';

/** The first message a domain schema gives for one field's value, or null when it passes. */
export const fieldError = (schema: z.ZodType, value: unknown): string | null => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  return parsed.error.issues[0]?.message ?? null;
};
