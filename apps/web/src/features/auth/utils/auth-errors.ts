import { MESSAGES } from '@ferry/domain';
import { DEFAULT_ERROR_MESSAGE, isApiError } from '@/lib/api-error';
import { BotCheckError } from '@/lib/bot-check';

/**
 * What to tell a person about a failed sign-in step (spec 000 §8): the bot check's own message, the
 * server's message, else 'An unexpected error occurred'.
 */
export const getAuthErrorMessage = (error: unknown, fallback: string = MESSAGES.unexpectedError): string => {
  if (error instanceof BotCheckError) return error.message;
  if (isApiError(error) && error.message && error.message !== DEFAULT_ERROR_MESSAGE) return error.message;
  return fallback;
};

/** The server's message for one field, if it named one. */
export const getFieldError = (error: unknown, field: string): string | undefined =>
  isApiError(error) ? error.errors.find((e) => e.field === field)?.message : undefined;
