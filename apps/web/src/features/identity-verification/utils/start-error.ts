import { MESSAGES } from '@ferry/domain';
import { DEFAULT_ERROR_MESSAGE, isApiError } from '@/lib/api-error';

/**
 * What a failed start says (spec 000 §8): the server's message, else 'Failed to start verification';
 * a failure that never got an answer (network, time-out, anything thrown) 'Failed to initialize
 * verification process'.
 */
export const getStartErrorMessage = (error: unknown): string => {
  if (!isApiError(error) || error.statusCode === 0 || error.statusCode === 408) {
    return MESSAGES.verificationInitFailed;
  }
  return error.message && error.message !== DEFAULT_ERROR_MESSAGE
    ? error.message
    : MESSAGES.verificationStartFailed;
};
