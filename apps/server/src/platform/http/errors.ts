/** Every error code the API answers with, mapped to its HTTP status in one place. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  BOT_CHECK_FAILED: 400,
  INVALID_OTP: 400,
  OTP_EXPIRED: 400,
  /** A password-reset (or other emailed) link that is unknown, used, revoked or expired. */
  INVALID_LINK: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  /** Sign-in: unknown email or wrong password (one answer for both). */
  INVALID_CREDENTIALS: 401,
  /** The sign-in code calls without a valid sign-in challenge (missing, expired, used, another user's). */
  SIGN_IN_EXPIRED: 401,
  FORBIDDEN: 403,
  ACCESS_DENIED: 403,
  CROSS_ORIGIN_REQUEST: 403,
  SIGNUP_INCOMPLETE: 403,
  /** A guest session (emailed guest link) calling outside its invitation's calls. */
  GUEST_SCOPE: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  BUSINESS_NOT_FOUND: 404,
  /** An invitation that is unknown, expired, revoked, used, or not the caller's. */
  INVALID_INVITATION: 404,
  /** A guest link that was used, cancelled or has expired. */
  LINK_GONE: 410,
  CONFLICT: 409,
  /** Cards (issue 6): the same card (fingerprint) is already on the business. */
  DUPLICATE_CARD: 409,
  /** Card acceptance needs a FULL_VERIFIED business. */
  BUSINESS_NOT_VERIFIED: 409,
  IDEMPOTENCY_REQUEST_IN_PROGRESS: 409,
  /** Payments (issue 7): the status does not allow this change (cancel, reschedule, retry…). */
  ILLEGAL_TRANSITION: 409,
  /** Payments: the payment was already retried the maximum number of times. */
  REATTEMPT_LIMIT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  UNPROCESSABLE: 422,
  /** Payments (issue 7): amount above the bill's unscheduled balance, speed, bank, process date. */
  AMOUNT_ABOVE_BALANCE: 422,
  SPEED_NOT_ALLOWED: 422,
  UNVERIFIED_BANK: 422,
  INVALID_PROCESS_DATE: 422,
  /** Card vault answers (issue 6): the card data or the card itself was refused. */
  INVALID_NUMBER: 422,
  INVALID_EXPIRY: 422,
  INVALID_CVC: 422,
  CARD_DECLINED: 422,
  ACCOUNT_LOCKED: 423,
  RATE_LIMITED: 429,
  OTP_RESEND_TOO_SOON: 429,
  OTP_DAILY_LIMIT: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  field: string;
  message: string;
}

/** The error object every failure answers with (access spec §8). */
export interface ErrorBody {
  message: string;
  statusCode: number;
  errors: FieldError[];
  errorCode: string;
}

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again later.';

/**
 * The one error type of the application. `message` is shown to people; `internal` (optional) is only
 * logged.
 */
export class AppError extends Error {
  readonly errorCode: ErrorCode;
  readonly statusCode: number;
  readonly errors: FieldError[];
  readonly headers: Record<string, string>;
  readonly internal?: string;

  constructor(
    errorCode: ErrorCode,
    message: string,
    options: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      internal?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.errorCode = errorCode;
    this.statusCode = ERROR_STATUS[errorCode];
    this.errors = options.errors ?? [];
    this.headers = options.headers ?? {};
    this.internal = options.internal;
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      statusCode: this.statusCode,
      errors: this.errors,
      errorCode: this.errorCode,
    };
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
