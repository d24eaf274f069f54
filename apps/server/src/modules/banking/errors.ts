import { AppError, type ErrorCode } from '../../platform/http/errors.js';
import { BankLinkError } from '../../providers/bank-link/bank-link.js';

/**
 * An error whose errorCode is more precise than the platform's status code (the micro-deposit codes of
 * spec 002 §8 and the bank-link codes of §4): the HTTP status comes from `status`, the answer's
 * errorCode is `code`.
 */
export class BankingError extends AppError {
  constructor(
    status: Extract<ErrorCode, 'UNPROCESSABLE' | 'CONFLICT' | 'BAD_REQUEST'>,
    readonly code: string,
    message: string,
  ) {
    super(status, message);
  }

  override toBody() {
    return { ...super.toBody(), errorCode: this.code };
  }
}

/** A bank-link provider failure as the API answers it: 422 with the bank-link code. */
export const fromBankLinkError = (error: unknown): unknown =>
  error instanceof BankLinkError ? new BankingError('UNPROCESSABLE', error.code, error.message) : error;
