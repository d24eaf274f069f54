import { type ErrorObject, type FieldError, MESSAGES } from '@ferry/domain';

export const DEFAULT_ERROR_MESSAGE: string = MESSAGES.somethingWentWrongTryLater;

export type ApiFieldError = FieldError;

/** The client's error object (spec 000 §8): every failed call rejects with one of these. */
export type ApiErrorObject = ErrorObject;

export class ApiError extends Error implements ApiErrorObject {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly errors: ApiFieldError[];
  readonly errorCode?: string;

  constructor({ message, statusCode, errors, errorCode }: Partial<ApiErrorObject> = {}) {
    super(message || DEFAULT_ERROR_MESSAGE);
    this.statusCode = statusCode ?? 500;
    this.errors = errors ?? [];
    if (errorCode !== undefined) this.errorCode = errorCode;
  }

  toJSON(): ApiErrorObject {
    const { message, statusCode, errors, errorCode } = this;
    return errorCode === undefined
      ? { message, statusCode, errors }
      : { message, statusCode, errors, errorCode };
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A message fit to show a person for any thrown value (internal errors never leak their text). */
export const getErrorMessage = (error: unknown): string =>
  isApiError(error) ? error.message : DEFAULT_ERROR_MESSAGE;
