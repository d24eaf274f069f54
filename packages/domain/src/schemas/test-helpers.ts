import type { z } from 'zod';

/** The messages a schema reports for a value (empty when valid). Test helper. */
export const messagesOf = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

/** The first message a schema reports, or undefined when valid. Test helper. */
export const firstMessage = (schema: z.ZodType, value: unknown): string | undefined =>
  messagesOf(schema, value)[0];
