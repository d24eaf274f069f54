import type { FieldError } from '../../platform/http/errors.js';
import { AppError, type ErrorCode } from '../../platform/http/errors.js';

/**
 * An error of the users-and-roles area whose errorCode is the spec's (ROLE_ALREADY_EXISTS, LAST_ADMIN…,
 * SETTINGS_ERROR_CODES): the HTTP status comes from the platform code `status`, the answer's errorCode
 * is `code`.
 */
export class SettingsError extends AppError {
  constructor(
    status: Extract<ErrorCode, 'BAD_REQUEST' | 'FORBIDDEN' | 'CONFLICT' | 'NOT_FOUND'>,
    readonly code: string,
    message: string,
    errors: FieldError[] = [],
  ) {
    super(status, message, { errors });
  }

  override toBody() {
    return { ...super.toBody(), errorCode: this.code };
  }
}
