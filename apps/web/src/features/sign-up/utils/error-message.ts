import { DEFAULT_ERROR_MESSAGE, isApiError } from '@/lib/api-error';
import { BotCheckError } from '@/lib/bot-check';

/**
 * What to tell the person about a failed action: the server's or the bot check's message, else
 * `fallback` (also when the server gave no message of its own).
 */
export const getActionErrorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof BotCheckError && error.message) return error.message;
  if (isApiError(error) && error.message && error.message !== DEFAULT_ERROR_MESSAGE) return error.message;
  return fallback;
};

/** Server field errors (`{field, message}`) keyed by field, for forms. */
export const getFieldErrors = (error: unknown): Record<string, string> => {
  if (!isApiError(error)) return {};
  const fields: Record<string, string> = {};
  for (const { field, message } of error.errors) {
    if (field && !(field in fields)) fields[field] = message;
  }
  return fields;
};
