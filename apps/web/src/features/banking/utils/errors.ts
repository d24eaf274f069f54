import { isApiError } from '@/lib/api-error';

/** A 4xx answer other than a time-out: the server refused this request and said why. */
export const isDefiniteRejection = (error: unknown): boolean =>
  isApiError(error) && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 408;

/** The server's message for a refused request, else the fallback (spec 002 §8 toasts). */
export const messageOr = (error: unknown, fallback: string): string =>
  isDefiniteRejection(error) && isApiError(error) && error.message ? error.message : fallback;
