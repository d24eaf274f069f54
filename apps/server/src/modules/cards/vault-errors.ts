import { CARD_MESSAGES } from '@ferry/domain/schemas';
import { AppError } from '../../platform/http/errors.js';
import { CardVaultError } from '../../providers/card-vault/card-vault.js';

/** A card-vault failure as the API answers it. */
export function fromVaultError(error: unknown): unknown {
  if (!(error instanceof CardVaultError)) return error;
  switch (error.code) {
    case 'INVALID_NUMBER':
    case 'INVALID_EXPIRY':
    case 'INVALID_CVC':
    case 'CARD_DECLINED':
      return new AppError(error.code, error.message, { cause: error });
    case 'TOKEN_NOT_FOUND':
      return new AppError('UNPROCESSABLE', CARD_MESSAGES.tokenInvalid, { cause: error });
    case 'TOKEN_ALREADY_USED':
      return new AppError('UNPROCESSABLE', CARD_MESSAGES.tokenUsed, { cause: error });
    default:
      return new AppError('SERVICE_UNAVAILABLE', CARD_MESSAGES.vaultUnavailable, {
        cause: error,
        internal: error.message,
      });
  }
}

/** Runs a vault call, answering its failures as API errors. */
export async function vaultCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw fromVaultError(error);
  }
}
